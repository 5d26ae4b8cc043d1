/**
 * The Ask experience of one workspace: questions become conversation turns (the core runTurn:
 * routing, plan, ask() in the index worker, the answer with checked citations), rendered live
 * and kept per workspace.
 *
 * - One turn runs at a time. A newer question supersedes the running one: it is aborted, and
 *   dropped unless it had already written part of an answer (then it is kept, marked stopped).
 *   The Stop button aborts the running turn, which is kept and marked stopped.
 * - Turns are saved in order as they settle (the store creates the conversation, titled after
 *   its first question, when the first turn is saved); a reload reopens the latest conversation.
 * - Scope: a document filter ("Search in this document", the filter) applies to every question
 *   until changed; otherwise the question decides, and a follow-up keeps the previous turn's
 *   documents until the user clears them. Re-asking without a document widens a turn's scope;
 *   choosing a candidate document answers a question that was ambiguous.
 * - Imports do not re-run anything: an answer is a record of what was said from the documents
 *   of the time (exported, cited), so a turn is marked "documents changed since" instead
 *   (turn-view.ts) and the user asks again when they want the new documents searched.
 * - Mode "Passages only" asks without a model and shows the passages; "Language model only"
 *   needs a model (creative regime), and says so when there is none.
 */
import type { ExportLang } from '../../export/export-strings';
import { titleFromQuestion, type ConversationRecord, type ConversationStore } from '../../core/answer/conversation';
import { previousScope } from '../../core/answer/lineage';
import type { ModelTimeouts } from '../../core/answer/model-calls';
import { runTurn } from '../../core/answer/turn';
import type { AskScope, TurnRecord, WorkspaceAnswers } from '../../core/answer-types';
import type { AskDeps, AskFunction } from '../../core/ask/types';
import { AbortedError, describeError, isAbort, StoreError } from '../../core/errors';
import type { ChatModel, JobOptions } from '../../core/ports';
import type { Passage, PipelineSettings } from '../../core/search-types';
import { resolve, type PassageLookup } from '../../core/search/retrieve';
import type { AnswerSettings } from '../../store/workspace-settings';
import { conversationFile, type ExportFile, type ExportFormat } from './conversation-files';
import { applyEvent, retrievalInfo, runningTurn, settledTurn, type KeptTurn, type TurnView } from './turn-view';

export type RestorableConversationStore = ConversationStore & { restore(conversation: ConversationRecord, turns: readonly TurnRecord[]): Promise<void> };

export interface ConversationServiceDeps {
  readonly store: RestorableConversationStore;
  /** The core ask() (in the app: in the index worker). */
  readonly ask: AskFunction;
  readonly askDeps: AskDeps;
  readonly settings: () => Promise<{ readonly pipeline: PipelineSettings; readonly answer: AnswerSettings }>;
  /** The workspace's language model, loaded when needed; null: extractive answers. */
  readonly model: (options: JobOptions) => Promise<ChatModel | null>;
  /** Chunks and documents, to open a cited passage. */
  readonly lookup: PassageLookup;
  readonly workspace?: WorkspaceAnswers | null;
  readonly timeouts?: Partial<ModelTimeouts>;
  /** How long a deleted conversation can be restored (default 10 s). */
  readonly undoMs?: number;
  readonly now?: () => number;
  readonly newId?: () => string;
}

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

export interface AskOptions {
  /** Search these documents for this question only (a widened scope, a chosen candidate). */
  readonly userScope?: readonly string[];
}

export const DIRECT_MODE_NOTICE =
  '“Language model only” mode needs a language model, and none is set up on this device. Choose “Answer from documents” in Settings → Search, or set up a model in Settings → Models.';

/** The conversation turns are saved into: one per opened (or new) conversation, created with its first turn. */
interface Target {
  conversation: ConversationRecord | null;
}

interface Running {
  readonly id: string;
  readonly controller: AbortController;
  readonly target: Target;
  reason: 'user' | 'superseded' | null;
}

const EMPTY: ConversationView = { conversation: null, turns: [], busy: false, completed: 0, filter: null, followUp: null, conversations: [], deleted: null, notice: null };

export class ConversationService {
  #view: ConversationView = EMPTY;
  readonly #deps: ConversationServiceDeps;
  readonly #listeners = new Set<() => void>();
  readonly #now: () => number;
  readonly #newId: () => string;
  #running: Running | null = null;
  /** Replaced when another conversation opens: turns of the previous one are no longer shown. */
  #target: Target = { conversation: null };
  /** The user cleared the follow-up scope: the next question is not a follow-up. */
  #cleared = false;
  /** Saves, one after another (the first creates the conversation). */
  #writes: Promise<void> = Promise.resolve();
  #deleted: { readonly record: ConversationRecord; readonly turns: readonly TurnRecord[]; readonly wasOpen: boolean } | null = null;
  #undoTimer: ReturnType<typeof setTimeout> | null = null;
  #disposed = false;

  constructor(deps: ConversationServiceDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? Date.now;
    this.#newId = deps.newId ?? (() => crypto.randomUUID());
  }

  get view(): ConversationView {
    return this.#view;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Lists the conversations and reopens the most recent one. */
  async start(): Promise<void> {
    const conversations = await this.#deps.store.list();
    this.#set({ conversations });
    if (conversations[0] && !this.#view.conversation && this.#view.turns.length === 0) await this.openConversation(conversations[0].id);
  }

  /** Asks a question in the open conversation. Resolves when its turn has settled. */
  async ask(question: string, options: AskOptions = {}): Promise<void> {
    if (this.#disposed || !question.trim()) return;
    this.#supersede();
    const run: Running = { id: this.#newId(), controller: new AbortController(), target: this.#target, reason: null };
    this.#running = run;
    const { signal } = run.controller;
    const history = this.#records();
    const userScope = options.userScope ?? this.#view.filter;
    this.#set({ busy: true, notice: null, turns: [...this.#view.turns, runningTurn(run.id, question, this.#now(), false)] });
    let failure: unknown = null;
    let modelProblem: string | null = null;
    try {
      const { pipeline, answer } = await this.#deps.settings();
      const passagesOnly = pipeline.mode === 'retrieval_only';
      this.#updateTurn(run.id, (v) => ({ ...v, passagesOnly }));
      let model: ChatModel | null = null;
      if (!passagesOnly) {
        try {
          model = await this.#deps.model({ signal });
        } catch (error) {
          if (signal.aborted) throw error;
          modelProblem = describeError(error);
        }
      }
      if (pipeline.mode === 'direct' && !model) {
        this.#set({ notice: modelProblem ?? DIRECT_MODE_NOTICE });
        return;
      }
      const lineage = await this.#lineage(history);
      // The ask() result's retrieval explanation is kept with the turn ("How this was found").
      const ask: AskFunction = async (request, deps, o) => {
        const result = await this.#deps.ask(request, deps, o);
        this.#updateTurn(run.id, (v) => ({ ...v, retrieval: retrievalInfo(result) }));
        return result;
      };
      const events = runTurn(
        {
          question,
          history,
          regime: pipeline.mode === 'direct' ? 'creative' : answer.regime,
          userScope: userScope ?? null,
          ...(lineage !== undefined ? { previousScope: lineage } : {}),
          settings: pipeline,
          conversationId: this.#view.conversation?.id ?? null,
          turnId: run.id,
        },
        { ask, askDeps: this.#deps.askDeps, model, workspace: this.#deps.workspace ?? null, ...(this.#deps.timeouts ? { timeouts: this.#deps.timeouts } : {}), now: this.#now },
        { signal },
      );
      for await (const event of events) {
        if (run.target !== this.#target) continue; // another conversation is open: drain quietly
        this.#updateTurn(run.id, (v) => applyEvent(v, event));
      }
    } catch (error) {
      failure = error;
    } finally {
      this.#settle(run, failure, modelProblem);
    }
  }

  /** Stops the running turn; what it wrote so far is kept, marked stopped. */
  stop(): void {
    const run = this.#running;
    if (!run) return;
    run.reason = 'user';
    run.controller.abort(new AbortedError('the question (stopped)'));
  }

  /**
   * Search only these documents from now on (null: the questions decide again). A changed filter
   * is a new scope: the next question does not follow up the documents searched before.
   */
  setFilter(documentIds: readonly string[] | null): void {
    this.#cleared = true;
    this.#set({ filter: documentIds && documentIds.length > 0 ? [...new Set(documentIds)] : null });
  }

  /** The next question is not a follow-up of the documents asked about before. */
  clearFollowUp(): void {
    this.#cleared = true;
    this.#set({ followUp: null });
  }

  /** Asks a turn's question again without one of the documents it searched (none left: every document). */
  async askWithout(turnId: string, documentId: string): Promise<void> {
    const record = this.#turn(turnId)?.record;
    if (!record?.scope) return;
    const remaining = record.scope.documentIds.filter((id) => id !== documentId);
    const userScope = remaining.length > 0 ? remaining : (await this.#deps.askDeps.documents()).map((d) => d.id);
    await this.ask(record.question, { userScope });
  }

  /** Answers a question that named several documents (or none here), for the one the user chose. */
  async chooseDocument(turnId: string, documentId: string): Promise<void> {
    const record = this.#turn(turnId)?.record;
    if (record) await this.ask(record.question, { userScope: [documentId] });
  }

  /** Asks a turn's question over every document, as the user chose after "No document here matches …". */
  async searchEverywhere(turnId: string): Promise<void> {
    const record = this.#turn(turnId)?.record;
    if (!record) return;
    // Every document is no scope to keep: the filter and the follow-up scope go, so the next question is free too.
    this.setFilter(null);
    this.clearFollowUp();
    await this.ask(record.question, { userScope: (await this.#deps.askDeps.documents()).map((d) => d.id) });
  }

  /** The cited passage with its chunk and document, to open in the viewer (null when deleted since). */
  async passage(chunkId: string, documentId: string): Promise<Passage | null> {
    const [passage] = await resolve(this.#deps.lookup, [{ chunkId, documentId, score: 0, terms: [], foundBy: [] }]);
    return passage ?? null;
  }

  newConversation(): void {
    this.#switch();
    this.#set({ conversation: null, turns: [], filter: null, followUp: null, notice: null });
  }

  async openConversation(id: string): Promise<void> {
    const target = this.#switch();
    const [conversation, turns] = await Promise.all([this.#deps.store.get(id), this.#deps.store.turns(id).catch(() => [] as TurnRecord[])]);
    if (target !== this.#target) return;
    if (!conversation) {
      this.#set({ notice: 'That conversation no longer exists.', conversations: await this.#deps.store.list() });
      return;
    }
    target.conversation = conversation;
    this.#set({ conversation, turns: turns.map((t) => settledTurn(t)), filter: null, notice: null });
  }

  async renameConversation(id: string, title: string): Promise<void> {
    await this.#deps.store.rename(id, title);
    const renamed = await this.#deps.store.get(id);
    this.#set({ conversations: await this.#deps.store.list(), ...(renamed && this.#view.conversation?.id === id ? { conversation: renamed } : {}) });
  }

  /** Deletes a conversation and its turns; undoDelete() puts it back for a few seconds. */
  async deleteConversation(id: string): Promise<void> {
    await this.#writes;
    const record = await this.#deps.store.get(id);
    if (!record) return;
    const turns = await this.#deps.store.turns(id);
    await this.#deps.store.delete(id);
    const wasOpen = this.#view.conversation?.id === id;
    if (wasOpen) this.newConversation();
    this.#deleted = { record, turns, wasOpen };
    this.#set({ deleted: record, conversations: await this.#deps.store.list() });
    if (this.#undoTimer !== null) clearTimeout(this.#undoTimer);
    this.#undoTimer = setTimeout(() => this.#forgetDeleted(), this.#deps.undoMs ?? 10_000);
  }

  async undoDelete(): Promise<void> {
    const deleted = this.#deleted;
    if (!deleted) return;
    this.#forgetDeleted();
    await this.#deps.store.restore(deleted.record, deleted.turns);
    this.#set({ conversations: await this.#deps.store.list() });
    if (deleted.wasOpen && !this.#view.conversation && this.#view.turns.length === 0) await this.openConversation(deleted.record.id);
  }

  /** A conversation as a Markdown or Word file (citations as footnotes), its own words in `language`. */
  async exportConversation(id: string, format: ExportFormat, language: ExportLang = 'en'): Promise<ExportFile> {
    await this.#writes;
    const conversation = await this.#deps.store.get(id);
    if (!conversation) throw new StoreError('store/not-found', `conversations: no conversation ${id} to export`);
    return conversationFile(conversation.title, await this.#deps.store.turns(id), format, new Date(this.#now()), language);
  }

  /** Stops the running turn; nothing more is shown (turns already settled are still saved: flush()). */
  dispose(): void {
    this.#disposed = true;
    this.#switch();
    if (this.#undoTimer !== null) clearTimeout(this.#undoTimer);
  }

  /** Resolves when every settled turn is saved (tests; before the database closes). */
  flush(): Promise<void> {
    return this.#writes;
  }

  #settle(run: Running, failure: unknown, modelProblem: string | null): void {
    const current = this.#running === run;
    if (current) this.#running = null;
    if (run.target === this.#target) {
      const view = this.#turn(run.id);
      const wrote = !!view && (view.draft.trim() !== '' || (view.record?.stopped === true && !!view.record.answer?.text.trim()));
      let record = view?.record ?? null;
      // The abort reached the turn (it may have finished just before it).
      const interrupted = !!record && (record.stopped || record.error?.code === 'job/aborted');
      if (!record || (run.reason === 'superseded' && interrupted && !wrote)) {
        // Nothing to keep: superseded before it wrote anything, or it failed before it began.
        this.#set({ turns: this.#view.turns.filter((t) => t.id !== run.id), ...(failure && !isAbort(failure) ? { notice: describeError(failure) } : {}) });
      } else {
        if (run.reason !== null && interrupted) record = { ...record, stopped: true };
        if (modelProblem && !record.fallback) record = { ...record, fallback: `the language model could not be loaded (${modelProblem})` };
        const kept: KeptTurn = { ...record, retrieval: view!.retrieval, passagesOnly: view!.passagesOnly };
        this.#cleared = false; // this turn's own scope is what the next follow-up keeps
        this.#updateTurn(run.id, () => ({ ...settledTurn(kept), createdAt: view!.createdAt }));
        this.#save(kept, run.target);
      }
    }
    if (current) this.#set({ busy: false, completed: this.#view.completed + 1 });
  }

  #save(turn: KeptTurn, target: Target): void {
    this.#writes = this.#writes.then(async () => {
      try {
        target.conversation ??= await this.#deps.store.create(titleFromQuestion(turn.question));
        await this.#deps.store.appendTurn(target.conversation.id, turn);
        target.conversation = (await this.#deps.store.get(target.conversation.id)) ?? target.conversation;
        const conversations = await this.#deps.store.list();
        if (this.#disposed) return;
        this.#set({ conversations, ...(target === this.#target ? { conversation: target.conversation } : {}) });
      } catch (error) {
        if (!this.#disposed) this.#set({ notice: `The conversation could not be saved: ${describeError(error)}` });
      }
    });
  }

  /** A newer question replaces the running one. */
  #supersede(): void {
    const run = this.#running;
    if (!run) return;
    run.reason ??= 'superseded';
    run.controller.abort(new AbortedError('the question (superseded)'));
  }

  /** Another conversation opens: a running turn stops and is dropped (it belonged to the one left). */
  #switch(): Target {
    this.#supersede();
    this.#running = null;
    this.#target = { conversation: null };
    this.#cleared = false;
    if (this.#view.busy) this.#set({ busy: false });
    return this.#target;
  }

  #forgetDeleted(): void {
    if (this.#undoTimer !== null) clearTimeout(this.#undoTimer);
    this.#undoTimer = null;
    this.#deleted = null;
    if (this.#view.deleted) this.#set({ deleted: null });
  }

  /**
   * The scope a follow-up keeps, when it is not simply the latest turn's (undefined): none when
   * the user cleared it, or when the latest turn searched every document (a widened turn), which
   * is no scope to stay in and must not settle which of two documents a name means.
   */
  async #lineage(history: readonly TurnRecord[]): Promise<AskScope | null | undefined> {
    if (this.#cleared) return null;
    const previous = previousScope(history);
    if (!previous || previous.source !== 'user' || previous.documentIds.length < 2) return undefined;
    const searchable = await this.#deps.askDeps.documents();
    return searchable.every((d) => previous.documentIds.includes(d.id)) ? null : undefined;
  }

  /** The settled turns of the open conversation, oldest first (the history a new turn reads). */
  #records(): TurnRecord[] {
    return this.#view.turns.flatMap((t) => (t.record ? [t.record] : []));
  }

  #turn(id: string): TurnView | undefined {
    return this.#view.turns.find((t) => t.id === id);
  }

  #updateTurn(id: string, update: (view: TurnView) => TurnView): void {
    if (!this.#turn(id)) return;
    this.#set({ turns: this.#view.turns.map((t) => (t.id === id ? update(t) : t)) });
  }

  #set(patch: Partial<ConversationView>): void {
    const next = { ...this.#view, ...patch };
    const scope = this.#cleared ? null : previousScope(next.turns.flatMap((t) => (t.record ? [t.record] : [])));
    this.#view = { ...next, followUp: scope && scope.documentIds.length > 0 ? scope : null };
    for (const listener of this.#listeners) listener();
  }
}
