/**
 * From the ask result to the checked answer — the part of a turn after retrieval, shared by the
 * turn runner (turn.ts) and the evaluation (`turnFromAsk`), so the evaluation measures what
 * users get:
 *
 *   clarification (ask could not tell the documents apart) → the candidates, no model call;
 *   numbered sources within the context budget (a passage the user pointed at leads);
 *   insufficient evidence in the grounded regime (or without a model) → the closest passages,
 *   no model call;
 *   otherwise the model streams the answer (creative: it may go beyond the evidence), or — with
 *   no model, or when it fails — the extractive composer answers;
 *   then every citation and quote is checked (citations.ts), and each quoted source is labelled
 *   with the section its quote sits in (sources.ts, labelQuotedSources).
 */
import type { AskPart, AskResult } from '../ask/types';
import { strongestKindSentence, type KindSentences } from '../ask/kind-sentences';
import { toSerialized, type SerializedError } from '../errors';
import type { ChatModel, JobOptions } from '../ports';
import { checkAnswer } from './citations';
import { extractiveAnswer, NOT_OF_KIND, type FurtherAsks, type SentenceKind } from './extractive';
import { answerPrompt, generate, type HistoryTurn } from './generate';
import { messages } from './messages';
import { DEFAULT_TIMEOUTS, type ModelTimeouts } from './model-calls';
import { deterministicPlan, failureReason } from './plan';
import { buildSources, fromPassage, labelQuotedSources, type SourceCandidate } from './sources';
import { extractValue, valueContext } from '../values/extract';
import type { ValueKind } from '../values/types';
import type { Span } from '../text/sentences';
import { TraceRecorder } from './trace';
import type { AnswerPlan, AnswerShape, AnswerSource, AnswerValue, CheckedAnswer, ProposedAction, Regime, ResolvedRegime, TurnRecord, TurnState, WorkspaceAnswer } from '../answer-types';
import type { NamedDocument } from '../search-types';

export interface AnswerInput {
  readonly question: string;
  readonly ask: AskResult;
  /** A source of an earlier answer the question points at ("the second passage"). */
  readonly pinned: AnswerSource | null;
  readonly regime: ResolvedRegime;
  /** The reply language (the plan's, else the ask result's detected language). */
  readonly language: string | null;
  /** null: extractive. */
  readonly model: ChatModel | null;
  readonly history: readonly HistoryTurn[];
  readonly shape: AnswerShape | null;
  readonly timeouts: ModelTimeouts;
}

export interface AnswerHooks {
  readonly status: (stage: string, message: string) => void;
  readonly sources: (sources: readonly AnswerSource[]) => void;
  readonly token: (text: string) => void;
}

export interface AnswerPart {
  readonly state: TurnState;
  readonly sources: readonly AnswerSource[];
  readonly answer: CheckedAnswer;
  readonly writer: TurnRecord['writer'];
  readonly candidates: readonly NamedDocument[];
  readonly fallback: string | null;
  readonly stopped: boolean;
  /** The value the extractive answer states first. */
  readonly value?: AnswerValue | null;
}

const NO_HOOKS: AnswerHooks = { status: () => undefined, sources: () => undefined, token: () => undefined };

/**
 * A reply of the app itself (no model), checked like any other so its record has the same shape;
 * what it puts in quotation marks are the user's own words ("No document here matches “Acme
 * distribution agreement”"), never a quotation of a source, so there is no quote to verify.
 */
export function appReply(text: string, sources: readonly AnswerSource[] = []): CheckedAnswer {
  const checked = checkAnswer(text, sources);
  const { verification } = checked;
  return { ...checked, quotes: [], verification: { ...verification, quotes: 0, unverifiedQuotes: 0, ok: verification.unresolvedCitations === 0 } };
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
/** Shorter sentence parts than this are not matched by containment (a cut passage's edge). */
const MIN_PART = 40;

/** The asked kind's score of a source's sentence, from the ask path's sentences of the kind (matched by text: a source may be its passage cut short). */
function sentenceKind(found: KindSentences): SentenceKind {
  return (source, sentence) => {
    const list = found[source.chunkId];
    if (!list?.length) return NOT_OF_KIND;
    const s = squash(sentence);
    let score = 0;
    let sure = false;
    for (const k of list) {
      const t = squash(k.text);
      if (t === s || (s.length >= MIN_PART && t.includes(s)) || (t.length >= MIN_PART && s.includes(t))) {
        score = Math.max(score, k.score);
        sure ||= k.sure;
      }
    }
    return { score, sure };
  };
}

/** The span of a candidate's sentence that reads most as the asked kind (a sure one first), when it has one. */
function kindSentenceSpan(found: KindSentences): (c: SourceCandidate) => Span | null {
  return (c) => {
    const best = strongestKindSentence(found, c.chunkId, c.text);
    const start = best ? c.text.indexOf(best.text) : -1;
    return best && start >= 0 ? { start, end: start + best.text.length } : null;
  };
}

export async function answerAsk(input: AnswerInput, trace: TraceRecorder, hooks: AnswerHooks = NO_HOOKS, signal?: AbortSignal): Promise<AnswerPart> {
  const { ask, pinned, language } = input;
  const m = messages(language);
  const base = { candidates: [] as NamedDocument[], fallback: null, stopped: false };
  if (ask.outcome === 'needs_clarification' && !pinned) {
    const names = ask.candidates.map((d) => d.title ?? d.name);
    // A name no document here has: say so, with the closest documents; never search everything unasked.
    const text = ask.clarification?.kind === 'not_found' ? m.noDocumentMatches(ask.clarification.phrase, names.length > 0) : names.length > 0 ? m.clarifyDocuments(names) : m.clarify;
    return { ...base, state: 'clarification', sources: [], answer: appReply(text), writer: 'app', candidates: ask.candidates };
  }

  // Passages are cut and sentences picked by what the question asks, not by the words that named
  // the document ("In the Distribution Agreement, …" would favour sentences saying "Agreement").
  const asked = ask.retrievalQuery.trim() ? ask.retrievalQuery : input.question;
  // A passage cut to fit keeps the sentence stating the value asked for ("continue for twenty (20)
  // years" of a long term-and-termination section), not only the sentences sharing the question's words.
  const valueKinds = ask.asks ? [...new Set(ask.asks.map((a) => a.value))].filter((v): v is ValueKind => v !== null) : ask.askedValue ? [ask.askedValue] : [];
  const valueSpan =
    valueKinds.length > 0
      ? (c: SourceCandidate) => valueKinds.map((kind) => extractValue(kind, c.text, valueContext(c))?.span).find((span) => span !== undefined) ?? null
      : undefined;
  // Else it keeps the sentence that reads most as the clause asked about ("hereby irrevocably
  // assigns to Company all right, title and interest" for "who owns the work product?"), which
  // may share no word with the question.
  const kindSpan = ask.kindSentences ? kindSentenceSpan(ask.kindSentences) : undefined;
  const keep = valueSpan || kindSpan ? (c: SourceCandidate) => valueSpan?.(c) ?? kindSpan?.(c) ?? null : undefined;
  const sources = buildSources(asked, [...(pinned ? [pinned] : []), ...ask.passages.map(fromPassage)], undefined, keep);
  hooks.sources(sources);
  // A passage the user pointed at is evidence the user chose: the turn answers from it.
  const insufficient = (ask.outcome === 'insufficient' && !pinned) || sources.length === 0;
  const model = input.model;
  if (insufficient && (input.regime === 'grounded' || !model)) {
    return { ...base, state: 'insufficient', sources, answer: appReply(sources.length > 0 ? m.insufficient : m.noPassages, sources), writer: 'app' };
  }

  let fallback: string | null = null;
  if (model) {
    hooks.status('generate', 'Writing the answer');
    trace.usedModel(model.model);
    const request = answerPrompt({ question: input.question, language, regime: input.regime, sources, history: input.history, shape: input.shape });
    const g = await trace.time('generate', () => generate(model, request, input.timeouts, signal, hooks.token));
    trace.generated(g);
    if (g.stopped) {
      trace.note('Stopped by the user.');
      hooks.status('verify', 'Checking citations and quotes');
      const answer = await trace.time('verify', () => checkAnswer(g.text, sources));
      return { ...base, state: input.regime === 'creative' ? 'creative' : 'answered', sources: labelQuotedSources(sources, answer), answer, writer: 'model', stopped: true };
    }
    if (g.error === null && g.text.trim()) {
      hooks.status('verify', 'Checking citations and quotes');
      const answer = await trace.time('verify', () => checkAnswer(g.text, sources));
      return { ...base, state: input.regime === 'creative' ? 'creative' : 'answered', sources: labelQuotedSources(sources, answer), answer, writer: 'model' };
    }
    fallback = g.error === null ? 'the model wrote nothing' : failureReason(g.error);
    trace.note(`${fallback}: extractive answer instead.`);
    hooks.status('fallback', `The model failed (${fallback}); answering with verbatim passages`);
    if (insufficient) return { ...base, state: 'insufficient', sources, answer: appReply(m.insufficient, sources), writer: 'app', fallback };
  }
  const composed = await trace.time('compose', () => extractiveAnswer(asked, sources, language, ask.kindSentences ? sentenceKind(ask.kindSentences) : undefined, ask.askedValue, {
      ...(ask.asks ? furtherAsks(ask.asks, valueKinds) : {}),
    }),
  );
  if (composed.empty) return { ...base, state: 'insufficient', sources, answer: appReply(composed.text, sources), writer: 'app', fallback };
  hooks.status('verify', 'Checking citations and quotes');
  const answer = await trace.time('verify', () => checkAnswer(composed.text, sources));
  return { ...base, state: 'answered', sources: labelQuotedSources(sources, answer), answer, writer: 'extractive', fallback, value: composed.value };
}

export interface TurnBase {
  readonly id: string;
  readonly conversationId: string | null;
  readonly createdAt: number;
  readonly question: string;
  readonly requestedRegime: Regime;
  readonly resolvedRegime: ResolvedRegime;
  readonly plan: AnswerPlan;
}

export interface TurnOutcome {
  readonly state: TurnState;
  readonly language: string | null;
  readonly answer: CheckedAnswer | null;
  readonly writer: TurnRecord['writer'];
  readonly ask?: AskResult | null;
  readonly sources?: readonly AnswerSource[];
  readonly candidates?: readonly NamedDocument[];
  readonly workspace?: WorkspaceAnswer | null;
  readonly action?: ProposedAction | null;
  readonly fallback?: string | null;
  readonly stopped?: boolean;
  readonly error?: SerializedError | null;
  readonly value?: AnswerValue | null;
}

export function turnRecord(base: TurnBase, outcome: TurnOutcome, trace: TraceRecorder): TurnRecord {
  return {
    id: base.id,
    conversationId: base.conversationId,
    createdAt: base.createdAt,
    question: base.question,
    state: outcome.state,
    language: outcome.language,
    regime: { requested: base.requestedRegime, resolved: base.resolvedRegime },
    plan: base.plan,
    scope: outcome.ask?.scope ?? null,
    retrievalQuery: outcome.ask?.retrievalQuery ?? null,
    sufficiency: outcome.ask?.sufficiency ?? null,
    sources: outcome.sources ?? [],
    answer: outcome.answer,
    writer: outcome.writer,
    candidates: outcome.candidates ?? [],
    clarification: outcome.ask?.clarification ?? null,
    ...(outcome.ask?.elsewhere?.length ? { elsewhere: outcome.ask.elsewhere } : {}),
    workspace: outcome.workspace ?? null,
    action: outcome.action ?? null,
    fallback: outcome.fallback ?? null,
    stopped: outcome.stopped ?? false,
    error: outcome.error ?? null,
    trace: trace.finish(),
    ...(outcome.value ? { value: outcome.value } : {}),
  };
}

export interface TurnFromAskOptions extends JobOptions {
  /** null or absent: extractive. */
  readonly model?: ChatModel | null;
  /** `auto` resolves to grounded here (no plan ran). */
  readonly regime?: Regime;
  readonly timeouts?: Partial<ModelTimeouts>;
  readonly id?: string;
  readonly now?: () => number;
}

/**
 * The turn for an ask result, without routing or planning: the evaluation's entry point
 * (`npm run eval -- --scopes app --answer extractive|endpoint`). Same answer step as the app.
 */
export async function turnFromAsk(ask: AskResult, options: TurnFromAskOptions = {}): Promise<TurnRecord> {
  const trace = new TraceRecorder();
  const requested = options.regime ?? 'auto';
  const resolved: ResolvedRegime = requested === 'creative' ? 'creative' : 'grounded';
  const base: TurnBase = {
    id: options.id ?? crypto.randomUUID(),
    conversationId: null,
    createdAt: (options.now ?? Date.now)(),
    question: ask.question,
    requestedRegime: requested,
    resolvedRegime: resolved,
    plan: { ...deterministicPlan(null, null), replyLanguage: ask.language },
  };
  try {
    const part = await answerAsk(
      { question: ask.question, ask, pinned: null, regime: resolved, language: ask.language, model: options.model ?? null, history: [], shape: null, timeouts: { ...DEFAULT_TIMEOUTS, ...options.timeouts } },
      trace,
      NO_HOOKS,
      options.signal,
    );
    return turnRecord(base, { ...part, language: ask.language, ask }, trace);
  } catch (error) {
    return turnRecord(base, { state: 'error', language: ask.language, answer: null, writer: 'app', ask, error: toSerialized(error) }, trace);
  }
}

/** What the extractive answer says of a question's further asks: the values after the first, why an ask is not answered, whether one asks for a clause and no value. */
function furtherAsks(asks: readonly AskPart[], values: readonly ValueKind[]): FurtherAsks {
  return {
    values: values.slice(1),
    unanswered: asks.map((a) => a.unanswered).filter((u): u is string => u !== null),
    clauses: asks.some((a) => a.clause && a.value === null && a.unanswered === null),
  };
}
