/**
 * The Ask experience of one workspace, as the UI reaches it: asking in the open conversation
 * (conversation-asking.ts: questions become turns, the running turn, supersede and stop, the
 * scope of the next question) and the conversations kept per workspace (conversation-history.ts:
 * the list, rename, delete with undo, export, saving turns), over one shared view.
 *
 * Imports do not re-run anything: an answer is a record of what was said from the documents of
 * the time (exported, cited), so a turn is marked "documents changed since" instead
 * (turn-view.ts) and the user asks again when they want the new documents searched.
 */
import type { ExportLang } from '../../export/export-strings';
import type { Passage } from '../../core/search-types';
import type { ExportFile, ExportFormat } from './conversation-files';
import { ConversationAsking, type AskOptions, type ConversationAskingDeps } from './conversation-asking';
import { ConversationHistory, ConversationState, type ConversationView, type RestorableConversationStore } from './conversation-history';

export { DIRECT_MODE_NOTICE, type AskOptions } from './conversation-asking';
export type { ConversationView } from './conversation-history';

/** What asking needs (the bound ask, settings, model, lookup…), the store, and the clock and ids. */
export interface ConversationServiceDeps extends Omit<ConversationAskingDeps, 'state' | 'save' | 'now' | 'newId'> {
  readonly store: RestorableConversationStore;
  /** How long a deleted conversation can be restored (default 10 s). */
  readonly undoMs?: number;
  readonly now?: () => number;
  readonly newId?: () => string;
}

export class ConversationService {
  readonly #state = new ConversationState();
  readonly #asking: ConversationAsking;
  readonly #history: ConversationHistory;

  constructor(deps: ConversationServiceDeps) {
    const now = deps.now ?? Date.now;
    this.#history = new ConversationHistory({ store: deps.store, state: this.#state, leave: () => this.#asking.leave(), now, ...(deps.undoMs !== undefined ? { undoMs: deps.undoMs } : {}) });
    const { store: _store, undoMs: _undoMs, ...asking } = deps;
    this.#asking = new ConversationAsking({
      ...asking,
      state: this.#state,
      save: (turn, target) => this.#history.save(turn, target),
      now,
      newId: deps.newId ?? (() => crypto.randomUUID()),
    });
  }

  get view(): ConversationView {
    return this.#state.view;
  }

  subscribe(listener: () => void): () => void {
    return this.#state.subscribe(listener);
  }

  /** Lists the conversations and reopens the most recent one. */
  start(): Promise<void> {
    return this.#history.start();
  }

  /** Asks a question in the open conversation. Resolves when its turn has settled. */
  ask(question: string, options: AskOptions = {}): Promise<void> {
    return this.#asking.ask(question, options);
  }

  /** Stops the running turn; what it wrote so far is kept, marked stopped. */
  stop(): void {
    this.#asking.stop();
  }

  /** Search only these documents from now on (null: the questions decide again). */
  setFilter(documentIds: readonly string[] | null): void {
    this.#asking.setFilter(documentIds);
  }

  /** The next question is not a follow-up of the documents asked about before. */
  clearFollowUp(): void {
    this.#asking.clearFollowUp();
  }

  /** Asks a turn's question again without one of the documents it searched (none left: every document). */
  askWithout(turnId: string, documentId: string): Promise<void> {
    return this.#asking.askWithout(turnId, documentId);
  }

  /** Answers a question that named several documents (or none here), for the one the user chose. */
  chooseDocument(turnId: string, documentId: string): Promise<void> {
    return this.#asking.chooseDocument(turnId, documentId);
  }

  /** Asks a turn's question over every document. */
  searchEverywhere(turnId: string): Promise<void> {
    return this.#asking.searchEverywhere(turnId);
  }

  /** The cited passage with its chunk and document, to open in the viewer (null when deleted since). */
  passage(chunkId: string, documentId: string): Promise<Passage | null> {
    return this.#asking.passage(chunkId, documentId);
  }

  newConversation(): void {
    this.#history.newConversation();
  }

  openConversation(id: string): Promise<void> {
    return this.#history.openConversation(id);
  }

  renameConversation(id: string, title: string): Promise<void> {
    return this.#history.renameConversation(id, title);
  }

  /** Deletes a conversation and its turns; undoDelete() puts it back for a few seconds. */
  deleteConversation(id: string): Promise<void> {
    return this.#history.deleteConversation(id);
  }

  undoDelete(): Promise<void> {
    return this.#history.undoDelete();
  }

  /** A conversation as a Markdown or Word file (citations as footnotes), its own words in `language`. */
  exportConversation(id: string, format: ExportFormat, language: ExportLang = 'en'): Promise<ExportFile> {
    return this.#history.exportConversation(id, format, language);
  }

  /** Stops the running turn; nothing more is shown (turns already settled are still saved: flush()). */
  dispose(): void {
    this.#state.disposed = true;
    this.#history.dispose();
  }

  /** Resolves when every settled turn is saved (tests; before the database closes). */
  flush(): Promise<void> {
    return this.#history.flush();
  }
}
