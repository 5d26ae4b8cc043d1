/**
 * The conversations of one workspace as the Ask view shows them: the view asking and the history
 * share (ConversationState), and the history itself (ConversationHistory): the list, opening one,
 * rename, delete with undo, export, and saving settled turns.
 *
 * - Turns are saved in order as they settle (the store creates the conversation, titled after
 *   its first question, when the first turn is saved); a reload reopens the latest conversation.
 * - Opening another conversation (or a new one) leaves the one shown: its running turn stops and
 *   is dropped, and what it would still have shown goes nowhere (a fresh Target).
 */
import type { ExportLang } from '../../export/export-strings';
import { titleFromQuestion, type ConversationRecord, type ConversationStore } from '../../core/answer/conversation';
import { previousScope } from '../../core/answer/lineage';
import type { AskScope, TurnRecord } from '../../core/answer-types';
import { describeError, StoreError } from '../../core/errors';
import { conversationFile, type ExportFile, type ExportFormat } from './conversation-files';
import { settledTurn, type KeptTurn, type TurnView } from './turn-view';

export type RestorableConversationStore = ConversationStore & { restore(conversation: ConversationRecord, turns: readonly TurnRecord[]): Promise<void> };

export interface ConversationView {
  /** The open conversation; null until its first turn is saved. */
  readonly conversation: ConversationRecord | null;
  readonly turns: readonly TurnView[];
  readonly busy: boolean;
  /** Questions settled and shown (superseded ones do not count). */
  readonly completed: number;
  /** Documents the user chose to search; null: the question decides. */
  readonly filter: readonly string[] | null;
  /** The documents a follow-up keeps (the latest turn's), null when none or cleared. */
  readonly followUp: AskScope | null;
  /** Every conversation of the workspace, most recent first. */
  readonly conversations: readonly ConversationRecord[];
  /** A conversation just deleted, which undoDelete() puts back. */
  readonly deleted: ConversationRecord | null;
  readonly notice: string | null;
}

/** The conversation turns are saved into: one per opened (or new) conversation, created with its first turn. */
export interface Target {
  conversation: ConversationRecord | null;
}

const EMPTY: ConversationView = { conversation: null, turns: [], busy: false, completed: 0, filter: null, followUp: null, conversations: [], deleted: null, notice: null };

/** The view of the open conversation and its listeners, shared by asking and the history. */
export class ConversationState {
  #view: ConversationView = EMPTY;
  readonly #listeners = new Set<() => void>();
  /** Replaced when another conversation opens: turns of the previous one are no longer shown. */
  target: Target = { conversation: null };
  /** The user cleared the follow-up scope: the next question is not a follow-up. */
  cleared = false;
  disposed = false;

  get view(): ConversationView {
    return this.#view;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The settled turns of the open conversation, oldest first (the history a new turn reads). */
  records(): TurnRecord[] {
    return this.#view.turns.flatMap((t) => (t.record ? [t.record] : []));
  }

  turn(id: string): TurnView | undefined {
    return this.#view.turns.find((t) => t.id === id);
  }

  updateTurn(id: string, update: (view: TurnView) => TurnView): void {
    if (!this.turn(id)) return;
    this.set({ turns: this.#view.turns.map((t) => (t.id === id ? update(t) : t)) });
  }

  set(patch: Partial<ConversationView>): void {
    const next = { ...this.#view, ...patch };
    const scope = this.cleared ? null : previousScope(next.turns.flatMap((t) => (t.record ? [t.record] : [])));
    this.#view = { ...next, followUp: scope && scope.documentIds.length > 0 ? scope : null };
    for (const listener of this.#listeners) listener();
  }
}

export interface ConversationHistoryDeps {
  readonly store: RestorableConversationStore;
  readonly state: ConversationState;
  /** The conversation shown is left: the running turn stops and is dropped. */
  readonly leave: () => void;
  /** How long a deleted conversation can be restored (default 10 s). */
  readonly undoMs?: number;
  readonly now: () => number;
}

export class ConversationHistory {
  readonly #deps: ConversationHistoryDeps;
  readonly #state: ConversationState;
  /** Saves, one after another (the first creates the conversation). */
  #writes: Promise<void> = Promise.resolve();
  #deleted: { readonly record: ConversationRecord; readonly turns: readonly TurnRecord[]; readonly wasOpen: boolean } | null = null;
  #undoTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(deps: ConversationHistoryDeps) {
    this.#deps = deps;
    this.#state = deps.state;
  }

  /** Lists the conversations and reopens the most recent one. */
  async start(): Promise<void> {
    const conversations = await this.#deps.store.list();
    this.#state.set({ conversations });
    const view = this.#state.view;
    if (conversations[0] && !view.conversation && view.turns.length === 0) await this.openConversation(conversations[0].id);
  }

  newConversation(): void {
    this.#switch();
    this.#state.set({ conversation: null, turns: [], filter: null, followUp: null, notice: null });
  }

  async openConversation(id: string): Promise<void> {
    const target = this.#switch();
    const [conversation, turns] = await Promise.all([this.#deps.store.get(id), this.#deps.store.turns(id).catch(() => [] as TurnRecord[])]);
    if (target !== this.#state.target) return;
    if (!conversation) {
      this.#state.set({ notice: 'That conversation no longer exists.', conversations: await this.#deps.store.list() });
      return;
    }
    target.conversation = conversation;
    this.#state.set({ conversation, turns: turns.map((t) => settledTurn(t)), filter: null, notice: null });
  }

  async renameConversation(id: string, title: string): Promise<void> {
    await this.#deps.store.rename(id, title);
    const renamed = await this.#deps.store.get(id);
    this.#state.set({ conversations: await this.#deps.store.list(), ...(renamed && this.#state.view.conversation?.id === id ? { conversation: renamed } : {}) });
  }

  /** Deletes a conversation and its turns; undoDelete() puts it back for a few seconds. */
  async deleteConversation(id: string): Promise<void> {
    await this.#writes;
    const record = await this.#deps.store.get(id);
    if (!record) return;
    const turns = await this.#deps.store.turns(id);
    await this.#deps.store.delete(id);
    const wasOpen = this.#state.view.conversation?.id === id;
    if (wasOpen) this.newConversation();
    this.#deleted = { record, turns, wasOpen };
    this.#state.set({ deleted: record, conversations: await this.#deps.store.list() });
    if (this.#undoTimer !== null) clearTimeout(this.#undoTimer);
    this.#undoTimer = setTimeout(() => this.#forgetDeleted(), this.#deps.undoMs ?? 10_000);
  }

  async undoDelete(): Promise<void> {
    const deleted = this.#deleted;
    if (!deleted) return;
    this.#forgetDeleted();
    await this.#deps.store.restore(deleted.record, deleted.turns);
    this.#state.set({ conversations: await this.#deps.store.list() });
    const view = this.#state.view;
    if (deleted.wasOpen && !view.conversation && view.turns.length === 0) await this.openConversation(deleted.record.id);
  }

  /** A conversation as a Markdown or Word file (citations as footnotes), its own words in `language`. */
  async exportConversation(id: string, format: ExportFormat, language: ExportLang = 'en'): Promise<ExportFile> {
    await this.#writes;
    const conversation = await this.#deps.store.get(id);
    if (!conversation) throw new StoreError('store/not-found', `conversations: no conversation ${id} to export`);
    return conversationFile(conversation.title, await this.#deps.store.turns(id), format, new Date(this.#deps.now()), language);
  }

  /** Saves a settled turn into its conversation, after the saves before it (the first creates the conversation). */
  save(turn: KeptTurn, target: Target): void {
    const state = this.#state;
    this.#writes = this.#writes.then(async () => {
      try {
        target.conversation ??= await this.#deps.store.create(titleFromQuestion(turn.question));
        await this.#deps.store.appendTurn(target.conversation.id, turn);
        target.conversation = (await this.#deps.store.get(target.conversation.id)) ?? target.conversation;
        const conversations = await this.#deps.store.list();
        if (state.disposed) return;
        state.set({ conversations, ...(target === state.target ? { conversation: target.conversation } : {}) });
      } catch (error) {
        if (!state.disposed) state.set({ notice: `The conversation could not be saved: ${describeError(error)}` });
      }
    });
  }

  /** Leaves the conversation shown; nothing more is shown (turns already settled are still saved: flush()). */
  dispose(): void {
    this.#switch();
    if (this.#undoTimer !== null) clearTimeout(this.#undoTimer);
  }

  /** Resolves when every settled turn is saved (tests; before the database closes). */
  flush(): Promise<void> {
    return this.#writes;
  }

  /** Another conversation opens: a running turn stops and is dropped (it belonged to the one left). */
  #switch(): Target {
    const state = this.#state;
    this.#deps.leave();
    state.target = { conversation: null };
    state.cleared = false;
    if (state.view.busy) state.set({ busy: false });
    return state.target;
  }

  #forgetDeleted(): void {
    if (this.#undoTimer !== null) clearTimeout(this.#undoTimer);
    this.#undoTimer = null;
    this.#deleted = null;
    if (this.#state.view.deleted) this.#state.set({ deleted: null });
  }
}
