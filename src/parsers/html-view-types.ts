/**
 * What the document viewer shows of an HTML or Word file: its pages as blocks of sanitized
 * HTML with the offsets to find a passage's block. Declarations only, shared by the view
 * builder (html-view.ts) and its writer (html-view-writer.ts).
 */
export interface HtmlViewPage {
  /** The page's blocks, concatenated: each `html.slice(blockEnds[i - 1] ?? 0, blockEnds[i])` is a well-formed fragment. */
  readonly html: string;
  readonly blockEnds: Uint32Array;
  /** Characters of text up to the end of each block (cumulative), to find a passage's block quickly. */
  readonly textEnds: Uint32Array;
}

export interface HtmlView {
  readonly pages: HtmlViewPage[];
}
