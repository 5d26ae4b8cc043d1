/**
 * Asking in the open conversation: questions become turns (the core runTurn: routing, plan,
 * ask() in the index worker, the answer with checked citations), rendered live into the shared
 * view (ConversationState) and handed to the history to be saved when they settle.
 *
 * - One turn runs at a time. A newer question supersedes the running one: it is aborted, and
 *   dropped unless it had already written part of an answer (then it is kept, marked stopped).
 *   The Stop button aborts the running turn, which is kept and marked stopped.
 * - Scope: a document filter ("Search in this document", the filter) applies to every question
 *   until changed; otherwise the question decides, and a follow-up keeps the previous turn's
 *   documents until the user clears them. Re-asking without a document widens a turn's scope;
 *   choosing a candidate document answers a question that was ambiguous.
 * - Mode "Passages only" asks without a model and shows the passages; "Language model only"
 *   needs a model (creative regime), and says so when there is none.
 */
import { previousScope } from '../../core/answer/lineage';
import type { ModelTimeouts } from '../../core/answer/model-calls';
import { runTurn } from '../../core/answer/turn';
import type { AskScope, TurnRecord, WorkspaceAnswers } from '../../core/answer-types';
import type { Asker } from '../../core/ask/types';
import { AbortedError, describeError, isAbort } from '../../core/errors';
import type { ChatModel, JobOptions } from '../../core/ports';
import type { Passage, PipelineSettings } from '../../core/search-types';
import { resolve, type PassageLookup } from '../../core/search/retrieve';
import type { AnswerSettings } from '../../store/workspace-settings';
import type { ConversationState, Target } from './conversation-history';
import { applyEvent, retrievalInfo, runningTurn, settledTurn, type KeptTurn } from './turn-view';

export interface ConversationAskingDeps {
  readonly state: ConversationState;
  /** The core ask() bound where it is made (in the app: in the index worker), and the workspace's documents. */
  readonly asker: Asker;
  readonly settings: () => Promise<{ readonly pipeline: PipelineSettings; readonly answer: AnswerSettings }>;
  /** The workspace's language model, loaded when needed; null: extractive answers. */
  readonly model: (options: JobOptions) => Promise<ChatModel | null>;
  /** Keeps a settled turn in its conversation (ConversationHistory.save). */
  readonly save: (turn: KeptTurn, target: Target) => void;
  /** Chunks and documents, to open a cited passage. */
  readonly lookup: PassageLookup;
  readonly workspace?: WorkspaceAnswers | null;
  readonly timeouts?: Partial<ModelTimeouts>;
  readonly now: () => number;
  readonly newId: () => string;
}

export interface AskOptions {
  /** Search these documents for this question only (a widened scope, a chosen candidate). */
  readonly userScope?: readonly string[];
}

export const DIRECT_MODE_NOTICE =
  '“Language model only” mode needs a language model, and none is set up on this device. Choose “Answer from documents” in Settings → Search, or set up a model in Settings → Models.';

interface Running {
  readonly id: string;
  readonly controller: AbortController;
  readonly target: Target;
  reason: 'user' | 'superseded' | null;
}

export class ConversationAsking {
  readonly #deps: ConversationAskingDeps;
  readonly #state: ConversationState;
  #running: Running | null = null;

  constructor(deps: ConversationAskingDeps) {
    this.#deps = deps;
    this.#state = deps.state;
  }

  /** Asks a question in the open conversation. Resolves when its turn has settled. */
  async ask(question: string, options: AskOptions = {}): Promise<void> {
    const state = this.#state;
    if (state.disposed || !question.trim()) return;
    this.#supersede();
    const run: Running = { id: this.#deps.newId(), controller: new AbortController(), target: state.target, reason: null };
    this.#running = run;
    const { signal } = run.controller;
    const history = state.records();
    const userScope = options.userScope ?? state.view.filter;
    state.set({ busy: true, notice: null, turns: [...state.view.turns, runningTurn(run.id, question, this.#deps.now(), false)] });
    let failure: unknown = null;
    let modelProblem: string | null = null;
    try {
      const { pipeline, answer } = await this.#deps.settings();
      const passagesOnly = pipeline.mode === 'retrieval_only';
      state.updateTurn(run.id, (v) => ({ ...v, passagesOnly }));
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
        state.set({ notice: modelProblem ?? DIRECT_MODE_NOTICE });
        return;
      }
      const lineage = await this.#lineage(history);
      // The ask() result's retrieval explanation is kept with the turn ("How this was found").
      const asker: Asker = {
        ask: async (request, o) => {
          const result = await this.#deps.asker.ask(request, o);
          state.updateTurn(run.id, (v) => ({ ...v, retrieval: retrievalInfo(result) }));
          return result;
        },
        documents: () => this.#deps.asker.documents(),
      };
      const events = runTurn(
        {
          question,
          history,
          regime: pipeline.mode === 'direct' ? 'creative' : answer.regime,
          userScope: userScope ?? null,
          ...(lineage !== undefined ? { previousScope: lineage } : {}),
          settings: pipeline,
          conversationId: state.view.conversation?.id ?? null,
          turnId: run.id,
        },
        { asker, model, workspace: this.#deps.workspace ?? null, ...(this.#deps.timeouts ? { timeouts: this.#deps.timeouts } : {}), now: this.#deps.now },
        { signal },
      );
      for await (const event of events) {
        if (run.target !== state.target) continue; // another conversation is open: drain quietly
        state.updateTurn(run.id, (v) => applyEvent(v, event));
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
    this.#state.cleared = true;
    this.#state.set({ filter: documentIds && documentIds.length > 0 ? [...new Set(documentIds)] : null });
  }

  /** The next question is not a follow-up of the documents asked about before. */
  clearFollowUp(): void {
    this.#state.cleared = true;
    this.#state.set({ followUp: null });
  }

  /** Asks a turn's question again without one of the documents it searched (none left: every document). */
  async askWithout(turnId: string, documentId: string): Promise<void> {
    const record = this.#state.turn(turnId)?.record;
    if (!record?.scope) return;
    const remaining = record.scope.documentIds.filter((id) => id !== documentId);
    const userScope = remaining.length > 0 ? remaining : (await this.#deps.asker.documents()).map((d) => d.id);
    await this.ask(record.question, { userScope });
  }

  /** Answers a question that named several documents (or none here), for the one the user chose. */
  async chooseDocument(turnId: string, documentId: string): Promise<void> {
    const record = this.#state.turn(turnId)?.record;
    if (record) await this.ask(record.question, { userScope: [documentId] });
  }

  /** Asks a turn's question over every document, as the user chose after "No document here matches …". */
  async searchEverywhere(turnId: string): Promise<void> {
    const record = this.#state.turn(turnId)?.record;
    if (!record) return;
    // Every document is no scope to keep: the filter and the follow-up scope go, so the next question is free too.
    this.setFilter(null);
    this.clearFollowUp();
    await this.ask(record.question, { userScope: (await this.#deps.asker.documents()).map((d) => d.id) });
  }

  /** The cited passage with its chunk and document, to open in the viewer (null when deleted since). */
  async passage(chunkId: string, documentId: string): Promise<Passage | null> {
    const [passage] = await resolve(this.#deps.lookup, [{ chunkId, documentId, score: 0, terms: [], foundBy: [] }]);
    return passage ?? null;
  }

  /** The conversation shown is left (another opens): the running turn stops and is dropped. */
  leave(): void {
    this.#supersede();
    this.#running = null;
  }

  #settle(run: Running, failure: unknown, modelProblem: string | null): void {
    const state = this.#state;
    const current = this.#running === run;
    if (current) this.#running = null;
    if (run.target === state.target) {
      const view = state.turn(run.id);
      const wrote = !!view && (view.draft.trim() !== '' || (view.record?.stopped === true && !!view.record.answer?.text.trim()));
      let record = view?.record ?? null;
      // The abort reached the turn (it may have finished just before it).
      const interrupted = !!record && (record.stopped || record.error?.code === 'job/aborted');
      if (!record || (run.reason === 'superseded' && interrupted && !wrote)) {
        // Nothing to keep: superseded before it wrote anything, or it failed before it began.
        state.set({ turns: state.view.turns.filter((t) => t.id !== run.id), ...(failure && !isAbort(failure) ? { notice: describeError(failure) } : {}) });
      } else {
        if (run.reason !== null && interrupted) record = { ...record, stopped: true };
        if (modelProblem && !record.fallback) record = { ...record, fallback: `the language model could not be loaded (${modelProblem})` };
        const kept: KeptTurn = { ...record, retrieval: view!.retrieval, passagesOnly: view!.passagesOnly };
        state.cleared = false; // this turn's own scope is what the next follow-up keeps
        state.updateTurn(run.id, () => ({ ...settledTurn(kept), createdAt: view!.createdAt }));
        this.#deps.save(kept, run.target);
      }
    }
    if (current) state.set({ busy: false, completed: state.view.completed + 1 });
  }

  /** A newer question replaces the running one. */
  #supersede(): void {
    const run = this.#running;
    if (!run) return;
    run.reason ??= 'superseded';
    run.controller.abort(new AbortedError('the question (superseded)'));
  }

  /**
   * The scope a follow-up keeps, when it is not simply the latest turn's (undefined): none when
   * the user cleared it, or when the latest turn searched every document (a widened turn), which
   * is no scope to stay in and must not settle which of two documents a name means.
   */
  async #lineage(history: readonly TurnRecord[]): Promise<AskScope | null | undefined> {
    if (this.#state.cleared) return null;
    const previous = previousScope(history);
    if (!previous || previous.source !== 'user' || previous.documentIds.length < 2) return undefined;
    const searchable = await this.#deps.asker.documents();
    return searchable.every((d) => previous.documentIds.includes(d.id)) ? null : undefined;
  }
}
