/**
 * A conversation turn as the UI renders it: built up live from the turn's events (status,
 * sources, streamed tokens, the checked answer), then settled on the turn record. Also what the
 * app keeps beside the core record — how retrieval found the passages (the pipeline's
 * explanation), so "How this was found" still reads the same after a reload — and whether the
 * workspace's documents changed since the turn was answered.
 */
import type { AnswerPlan, AnswerSource, CheckedAnswer, TurnRecord } from '../../core/answer-types';
import type { AskResult } from '../../core/ask/types';
import type { TurnEvent } from '../../core/events';
import type { PipelineExplanation, ResultScores } from '../../core/search-types';
import type { DocumentRecord } from '../../core/types';

/** How the passages of a turn were found (from the retrieval round trip of its ask()). */
export interface RetrievalInfo {
  /** Index terms of the keyword query (they are highlighted in the passages). */
  readonly terms: readonly string[];
  readonly explanation: PipelineExplanation;
  /** Per passage shown: what found it and its scores. */
  readonly passages: readonly { readonly chunkId: string; readonly documentName: string; readonly foundBy: readonly string[]; readonly scores: ResultScores }[];
}

/** A turn as the app keeps it: the core record, how retrieval found its passages, and its mode. */
export type KeptTurn = TurnRecord & {
  readonly retrieval?: RetrievalInfo | null;
  /** Asked in "Passages only" mode: the passages are the answer, the composed text is not shown. */
  readonly passagesOnly?: boolean;
};

export interface TurnView {
  readonly id: string;
  readonly question: string;
  readonly createdAt: number;
  /** Events still arriving (the Stop button applies). */
  readonly running: boolean;
  /** What the turn is doing now ("Searching the documents"), while running. */
  readonly status: string | null;
  readonly plan: AnswerPlan | null;
  /** The numbered sources (or closest passages) as soon as they are known. */
  readonly sources: readonly AnswerSource[];
  /** The answer streamed so far; the checked answer replaces it. */
  readonly draft: string;
  readonly answer: CheckedAnswer | null;
  readonly retrieval: RetrievalInfo | null;
  readonly passagesOnly: boolean;
  /** The settled record (null while running). */
  readonly record: KeptTurn | null;
}

export function runningTurn(id: string, question: string, createdAt: number, passagesOnly: boolean): TurnView {
  return { id, question, createdAt, running: true, status: null, plan: null, sources: [], draft: '', answer: null, retrieval: null, passagesOnly, record: null };
}

export function settledTurn(record: KeptTurn): TurnView {
  return {
    id: record.id,
    question: record.question,
    createdAt: record.createdAt,
    running: false,
    status: null,
    plan: record.plan,
    sources: record.sources,
    draft: '',
    answer: record.answer,
    retrieval: record.retrieval ?? null,
    passagesOnly: record.passagesOnly ?? false,
    record,
  };
}

/** The view after one more event of the turn. */
export function applyEvent(view: TurnView, event: TurnEvent): TurnView {
  switch (event.type) {
    case 'status':
      return { ...view, status: event.message };
    case 'plan':
      return { ...view, plan: event.plan as unknown as AnswerPlan };
    case 'sources':
      return event.sources ? { ...view, sources: event.sources } : view;
    case 'token':
      return { ...view, draft: view.draft + event.text };
    case 'answer':
      return { ...view, answer: event.answer, draft: '' };
    case 'done':
    case 'error':
      return event.turn ? { ...settledTurn({ ...event.turn, retrieval: view.retrieval, passagesOnly: view.passagesOnly }), createdAt: view.createdAt } : { ...view, running: false, status: null };
    default:
      return view;
  }
}

export function retrievalInfo(result: AskResult): RetrievalInfo | null {
  const response = result.response;
  if (!response) return null;
  return {
    terms: response.terms,
    explanation: response.explanation,
    passages: result.passages.map((p) => ({ chunkId: p.chunkId, documentName: p.document.name, foundBy: p.foundBy, scores: p.scores })),
  };
}

/** What changed in the workspace since a turn was answered (so its answer may be out of date). */
export interface Staleness {
  /** Documents added, replaced or re-read after the turn. */
  readonly changed: number;
  /** Documents the turn's sources come from that are gone. */
  readonly removed: number;
}

export function staleness(turn: TurnRecord, documents: readonly DocumentRecord[]): Staleness | null {
  if (turn.scope === null) return null; // no retrieval ran: nothing in it depends on the documents
  const ids = new Set(documents.map((d) => d.id));
  const removed = new Set(turn.sources.map((s) => s.documentId).filter((id) => !ids.has(id))).size;
  const changed = documents.filter((d) => (d.status === 'ready' || d.status === 'degraded') && d.updatedAt > turn.createdAt).length;
  return removed + changed > 0 ? { changed, removed } : null;
}
