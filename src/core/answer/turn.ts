/**
 * One conversation turn as a stream of events the UI renders as it pulls them:
 *
 *   route (greeting, thanks, empty, capability: answered at once, no model, no retrieval)
 *   → plan (the model's two phases; without a model — or when it fails — the workspace router
 *     and ask()'s own scope resolution)
 *   → by family: capability; inventory / metadata (WorkspaceAnswers); clarification; a proposed
 *     scan, or a broad question proposed as a per-document flow (WorkspaceAnswers.propose;
 *     nothing runs before the user approves); or retrieval through ask() with the user's exact
 *     question, the previous scope (follow-ups) and the plan's documents and section
 *   → the answer step (answer.ts): sources, abstention, streamed or extractive answer, checks.
 *
 * Events: status (stage, message), plan, tool_call / tool_result (ask, workspace), sources,
 * token (provisional text), answer (final, checked), then exactly one terminal event: `done`
 * (outcome = the turn state) or `error`, each carrying the turn record to keep. The user's Stop
 * is the signal in `options`; a consumer that stops pulling stops the turn too.
 */
import type { Asker, AskRequest } from '../ask/types';
import { AbortedError, isAbort, throwIfAborted, toSerialized } from '../errors';
import type { EventInput, TurnEvent } from '../events';
import type { ChatModel, JobOptions } from '../ports';
import type { NamedDocument, PipelineSettings } from '../search-types';
import { answerAsk, appReply, turnRecord, type AnswerHooks, type TurnOutcome } from './answer';
import { pushStream } from './channel';
import { previousScope, recentTurns, referencedSource } from './lineage';
import { capabilityText, messages } from './messages';
import { DEFAULT_TIMEOUTS, type ModelTimeouts } from './model-calls';
import { deterministicPlan, failureReason, planWithModel, routerPlan } from './plan';
import { routeFastPath } from './router';
import { TraceRecorder } from './trace';
import type { AnswerPlan, AskScope, Regime, ResolvedRegime, TurnRecord, WorkspaceAnswers } from '../answer-types';

export interface TurnRequest {
  /** Exactly as typed; retrieval and the model get it unchanged. */
  readonly question: string;
  /** The conversation's earlier turns, oldest first. */
  readonly history?: readonly TurnRecord[];
  readonly regime?: Regime;
  /** Documents the user pinned (filter, chips); they override the plan's. */
  readonly userScope?: readonly string[] | null;
  /**
   * The scope a follow-up keeps. Absent: the latest scope in `history`; null: none (the user
   * cleared it, so the question is not read as a follow-up of the earlier documents).
   */
  readonly previousScope?: AskScope | null;
  readonly settings?: PipelineSettings;
  /** The UI language (replies with no detected language use it). */
  readonly locale?: string | null;
  readonly conversationId?: string | null;
  readonly turnId?: string;
}

export interface TurnDeps {
  /** ask() bound to its dependencies, and the workspace's documents. */
  readonly asker: Asker;
  /** null or absent: no model (extractive answers, deterministic routing). */
  readonly model?: ChatModel | null;
  /** Inventory and metadata answers (issue 11); absent: such questions say they are not available. */
  readonly workspace?: WorkspaceAnswers | null;
  readonly timeouts?: Partial<ModelTimeouts>;
  readonly now?: () => number;
}

type TurnEventInput = Extract<EventInput, { type: TurnEvent['type'] }>;

export function runTurn(request: TurnRequest, deps: TurnDeps, options: JobOptions = {}): AsyncIterable<TurnEvent> {
  return pushStream<TurnEvent>(async (push, stopped) => {
    const signal = options.signal ? AbortSignal.any([options.signal, stopped]) : stopped;
    const now = deps.now ?? Date.now;
    const id = request.turnId ?? crypto.randomUUID();
    const emit = (event: TurnEventInput) => push({ ...event, jobId: id, at: now() });
    const runner = new TurnRunner(request, deps, signal, emit, id);
    const turn = await runner.run(id, now());
    if (turn.answer) emit({ type: 'answer', answer: turn.answer, writer: turn.writer });
    if (turn.state === 'error') emit({ type: 'error', error: turn.error!, turn });
    else emit({ type: 'done', outcome: turn.state, turn });
  });
}

/** Drains a turn's events; resolves with them and the turn record of the terminal event. */
export async function collectTurn(events: AsyncIterable<TurnEvent>): Promise<{ events: TurnEvent[]; turn: TurnRecord }> {
  const all: TurnEvent[] = [];
  for await (const e of events) all.push(e);
  const last = all[all.length - 1];
  if (!last || (last.type !== 'done' && last.type !== 'error') || !last.turn) throw new Error('answer: the turn ended without a terminal event');
  return { events: all, turn: last.turn };
}

class TurnRunner {
  private readonly trace = new TraceRecorder();
  private readonly history: readonly TurnRecord[];
  private readonly locale: string | null;
  private model: ChatModel | null;
  private plan: AnswerPlan = deterministicPlan(null, null);
  private fallback: string | null = null;
  private documents: readonly NamedDocument[] | null = null;

  constructor(
    private readonly request: TurnRequest,
    private readonly deps: TurnDeps,
    private readonly signal: AbortSignal,
    private readonly emit: (event: TurnEventInput) => void,
    private readonly turnId: string,
  ) {
    this.history = request.history ?? [];
    this.locale = request.locale ?? null;
    this.model = deps.model ?? null;
  }

  async run(id: string, createdAt: number): Promise<TurnRecord> {
    let outcome: TurnOutcome;
    try {
      outcome = await this.steps();
    } catch (error) {
      const aborted = isAbort(error) || this.signal.aborted;
      outcome = { state: 'error', language: this.plan.replyLanguage ?? this.locale, answer: null, writer: 'app', error: toSerialized(aborted ? new AbortedError('the question') : error) };
    }
    const base = { id, conversationId: this.request.conversationId ?? null, createdAt, question: this.request.question, requestedRegime: this.request.regime ?? 'auto', resolvedRegime: this.regime(), plan: this.plan };
    return turnRecord(base, { ...outcome, fallback: outcome.fallback ?? this.fallback }, this.trace);
  }

  /** `auto` follows the plan's hint: grounded unless the model read a request for drafting or opinion. */
  private regime(): ResolvedRegime {
    const requested = this.request.regime ?? 'auto';
    return requested === 'auto' ? (this.plan.regimeHint ?? 'grounded') : requested;
  }

  /** The scope a follow-up keeps (see TurnRequest.previousScope). */
  private previousScope(): AskScope | null {
    return this.request.previousScope !== undefined ? this.request.previousScope : previousScope(this.history);
  }

  private status(stage: string, message: string): void {
    this.emit({ type: 'status', stage, message });
  }

  private async workspaceDocuments(): Promise<readonly NamedDocument[]> {
    this.documents ??= await this.deps.asker.documents();
    return this.documents;
  }

  private async steps(): Promise<TurnOutcome> {
    const { question } = this.request;
    const fast = await this.trace.time('route', () => routeFastPath(question, this.locale));
    if (fast) {
      const language = fast.language ?? this.locale;
      this.plan = routerPlan(fast.fastPath, language);
      this.emit({ type: 'plan', plan: { ...this.plan } });
      const m = messages(language);
      const text = fast.fastPath === 'greeting' ? m.greeting : fast.fastPath === 'thanks' ? m.thanks : fast.fastPath === 'empty' ? m.empty : capabilityText(language, this.model?.model.id ?? null);
      return { state: fast.fastPath === 'empty' ? 'clarification' : 'capability', language, answer: appReply(text), writer: 'app' };
    }

    await this.makePlan();
    this.emit({ type: 'plan', plan: { ...this.plan } });
    const language = this.plan.replyLanguage ?? this.locale;
    const m = messages(language);
    switch (this.plan.family) {
      case 'capability':
        return { state: 'capability', language, answer: appReply(capabilityText(language, this.model?.model.id ?? null)), writer: 'app' };
      case 'needs_clarification':
        return { state: 'clarification', language, answer: appReply(this.plan.clarification ?? m.clarify), writer: 'app' };
      case 'scan_request': {
        const proposed = await this.propose('scan', language);
        if (proposed) return proposed;
        const docs = await this.workspaceDocuments();
        const names = this.plan.documentIds.map((d) => docs.find((x) => x.id === d)).map((d) => d?.title ?? d?.name ?? '');
        return { state: 'action', language, answer: appReply(m.scanProposal(names)), writer: 'app', action: { kind: 'scan', documentIds: this.plan.documentIds } };
      }
      case 'import_request':
        return (await this.propose('import', language)) ?? { state: 'action', language, answer: appReply(m.importUnavailable), writer: 'app' };
      case 'inventory':
      case 'metadata_fact':
        return this.workspaceAnswer(this.plan.family, language);
      case 'multi_doc_retrieval':
      case 'workspace_retrieval':
        return (await this.propose('flow', language)) ?? this.retrieve();
      default:
        return this.retrieve();
    }
  }

  /**
   * Long work (a broad question asked of every document, a scan) is proposed, never run: the
   * workspace answers record it for approval. Null when they have no proposal for it.
   */
  private async propose(kind: 'flow' | 'scan' | 'import', language: string | null): Promise<TurnOutcome | null> {
    const workspace = this.deps.workspace;
    if (!workspace?.propose) return null;
    const documentIds = this.request.userScope?.length ? this.request.userScope : this.plan.documentIds;
    const request = { kind, question: this.request.question, language, family: this.plan.family, documentIds, conversationId: this.request.conversationId ?? null, turnId: this.turnId };
    const proposal = await workspace.propose(request, { signal: this.signal });
    if (!proposal) return null;
    this.emit({ type: 'tool_call', tool: 'workspace', input: { ...request } });
    this.emit({ type: 'tool_result', tool: 'workspace', output: { flowId: proposal.flowId, kind: proposal.kind, documents: proposal.documentIds.length, estimateMs: proposal.estimateMs } });
    return {
      state: 'action',
      language,
      answer: appReply(proposal.text),
      writer: 'app',
      action: { kind: proposal.kind, documentIds: proposal.documentIds, flowId: proposal.flowId, estimateMs: proposal.estimateMs },
      workspace: { text: proposal.text, ...(proposal.data ? { data: proposal.data } : {}) },
    };
  }

  private async makePlan(): Promise<void> {
    const { question } = this.request;
    const model = this.model;
    if (!model) {
      this.plan = deterministicPlan((await this.deps.workspace?.route(question)) ?? null, null);
      return;
    }
    this.status('plan', 'Planning');
    this.trace.usedModel(model.model);
    const previous = this.previousScope();
    const documents = await this.workspaceDocuments();
    const outcome = await this.trace.time('plan', () =>
      planWithModel({ question, history: recentTurns(this.history), documents, previousDocumentIds: previous?.documentIds ?? [] }, model, { ...DEFAULT_TIMEOUTS, ...this.deps.timeouts }, this.signal),
    );
    if (outcome.kind === 'plan') {
      this.plan = outcome.plan;
      return;
    }
    // The model failed: it is not asked again in this turn; the deterministic path answers.
    this.fallback = failureReason(outcome.error);
    this.trace.note(`${this.fallback}: deterministic routing and extractive answer instead.`);
    this.status('fallback', `The model failed (${this.fallback}); continuing without it`);
    this.model = null;
    this.plan = deterministicPlan((await this.deps.workspace?.route(question)) ?? null, this.fallback);
  }

  private async workspaceAnswer(family: 'inventory' | 'metadata_fact', language: string | null): Promise<TurnOutcome> {
    const workspace = this.deps.workspace;
    if (!workspace) return { state: 'inventory', language, answer: appReply(messages(language).workspaceUnavailable), writer: 'app' };
    const question = { family, question: this.request.question, language, documentIds: this.plan.documentIds, factKind: this.plan.factKind };
    this.emit({ type: 'tool_call', tool: 'workspace', input: { ...question } });
    const answer = await this.trace.time('workspace', () => workspace.answer(question, { signal: this.signal }));
    this.emit({ type: 'tool_result', tool: 'workspace', output: { text: answer.text } });
    return { state: 'inventory', language, answer: appReply(answer.text), writer: 'app', workspace: answer };
  }

  private async retrieve(): Promise<TurnOutcome> {
    const { question } = this.request;
    const pinned = referencedSource(question, this.history);
    const planned = this.plan.documentIds.length > 0 ? this.plan.documentIds : null;
    const userScope = this.request.userScope?.length ? this.request.userScope : (planned ?? (pinned ? [pinned.documentId] : null));
    const askRequest: AskRequest = {
      question,
      context: { previousScope: this.previousScope(), userScope, sectionOrdinal: this.plan.sectionOrdinal },
      ...(this.request.settings ? { settings: this.request.settings } : {}),
    };
    this.status('retrieve', 'Searching the documents');
    this.emit({ type: 'tool_call', tool: 'ask', input: { question, previousScope: askRequest.context?.previousScope ?? null, userScope, sectionOrdinal: this.plan.sectionOrdinal, pinned: pinned?.chunkId ?? null } });
    const ask = await this.trace.time('retrieve', () => this.deps.asker.ask(askRequest, { signal: this.signal }));
    throwIfAborted(this.signal, 'the question');
    this.emit({
      type: 'tool_result',
      tool: 'ask',
      output: { outcome: ask.outcome, scope: ask.scope, retrievalQuery: ask.retrievalQuery, passages: ask.passages.length, sufficiency: ask.sufficiency?.score ?? null },
    });
    const language = this.plan.replyLanguage ?? ask.language ?? this.locale;
    const regime = this.regime();
    const hooks: AnswerHooks = {
      status: (stage, message) => this.status(stage, message),
      sources: (sources) => this.emit({ type: 'sources', chunkIds: sources.map((s) => s.chunkId), sources }),
      token: (text) => this.emit({ type: 'token', text }),
    };
    const part = await answerAsk(
      { question, ask, pinned, regime, language, model: this.model, history: recentTurns(this.history), shape: this.plan.answerShape, timeouts: { ...DEFAULT_TIMEOUTS, ...this.deps.timeouts } },
      this.trace,
      hooks,
      this.signal,
    );
    return { ...part, language, ask };
  }
}
