/**
 * What the language-model settings screen hands its panels (ChatPanels, LocalServerPanel):
 * `Run` starts an action and shows its failure on the screen.
 */
export type Run = (work: Promise<unknown>) => void;
