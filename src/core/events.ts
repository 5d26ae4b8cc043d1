/**
 * The one typed event stream. Every long operation (ingest, a question, a scan) emits these,
 * each tagged with the job it belongs to. The UI renders progress and the process trace from
 * them; tests assert their invariants (progress never goes backwards, every job ends with a
 * terminal event).
 */
import type { AnswerSource, CheckedAnswer, TurnRecord } from './answer-types';
import type { SerializedError } from './errors';
import type { DocStatus } from './types';

interface Base {
  readonly jobId: string;
  /** Milliseconds since the epoch. */
  readonly at: number;
}

// ---- ingest ---------------------------------------------------------------------------------
interface FileStarted extends Base { readonly type: 'file_started'; readonly documentId: string; readonly name: string; readonly size: number }
interface PageParsed extends Base {
  readonly type: 'page_parsed';
  readonly documentId: string;
  readonly page: number;
  readonly pages: number;
  /** The page has no text layer and OCR reads it next (its ocr_page event ends it). */
  readonly needsOcr?: boolean;
}
interface OcrPage extends Base { readonly type: 'ocr_page'; readonly documentId: string; readonly page: number; readonly pages: number; readonly confidence: number }
interface Chunked extends Base { readonly type: 'chunked'; readonly documentId: string; readonly chunks: number }
interface Embedded extends Base { readonly type: 'embedded'; readonly documentId: string; readonly done: number; readonly total: number }
interface Indexed extends Base { readonly type: 'indexed'; readonly documentId: string }
interface FileDone extends Base { readonly type: 'file_done'; readonly documentId: string; readonly name: string; readonly status: DocStatus }
interface FileFailed extends Base { readonly type: 'file_failed'; readonly documentId: string | null; readonly name: string; readonly error: SerializedError }

// ---- progress of any job ----------------------------------------------------------------------
interface Progress extends Base {
  readonly type: 'progress';
  /** What is being counted: 'files', 'pages', 'chunks', 'bytes'. */
  readonly unit: string;
  readonly done: number;
  readonly total: number;
  /** Estimated milliseconds left, when it can be estimated. */
  readonly etaMs: number | null;
}
interface JobDone extends Base { readonly type: 'job_done'; readonly summary: Readonly<Record<string, number>> }
interface JobFailed extends Base { readonly type: 'job_failed'; readonly error: SerializedError }
interface JobCancelled extends Base { readonly type: 'job_cancelled' }

// ---- a conversation turn ------------------------------------------------------------------------
interface TurnStatus extends Base { readonly type: 'status'; readonly stage: string; readonly message: string }
interface TurnPlan extends Base { readonly type: 'plan'; readonly plan: Readonly<Record<string, unknown>> }
interface ToolCall extends Base { readonly type: 'tool_call'; readonly tool: string; readonly input: Readonly<Record<string, unknown>> }
interface ToolResult extends Base { readonly type: 'tool_result'; readonly tool: string; readonly output: Readonly<Record<string, unknown>> }
/** The numbered sources an answer may cite (insufficient: the closest passages). */
interface Sources extends Base { readonly type: 'sources'; readonly chunkIds: readonly string[]; readonly sources?: readonly AnswerSource[] }
/** Provisional answer text as the model writes it; the `answer` event that follows is final. */
interface Token extends Base { readonly type: 'token'; readonly text: string }
/** The final reply with its citations and quotes checked (supersedes the streamed tokens). */
interface TurnAnswer extends Base { readonly type: 'answer'; readonly answer: CheckedAnswer; readonly writer: TurnRecord['writer'] }
/** `outcome` is the turn's state; `turn` the record to keep. */
interface TurnDone extends Base { readonly type: 'done'; readonly outcome: string; readonly turn?: TurnRecord }
interface TurnError extends Base { readonly type: 'error'; readonly error: SerializedError; readonly turn?: TurnRecord }

// ---- a compliance scan --------------------------------------------------------------------------
interface ChunkClassified extends Base { readonly type: 'chunk_classified'; readonly chunkId: string; readonly labels: readonly string[] }
interface RuleChecked extends Base { readonly type: 'rule_checked'; readonly ruleId: string; readonly outcome: string }
interface FlagRaised extends Base { readonly type: 'flag'; readonly ruleId: string; readonly severity: string; readonly chunkId: string | null; readonly flagId?: string }
/** `cached`: an identical scan (same document content, playbook id, version and content) was reused. */
interface ScanDone extends Base { readonly type: 'scan_done'; readonly flags: number; readonly scanKey?: string; readonly documentId?: string; readonly cached?: boolean }

// ---- a multi-document flow (issue 11; jobId is the flow id) -----------------------------------------
/** Proposed for the user's approval: nothing runs before `flow_decided` approves it. */
/** `estimateMs` null: this device has no basis yet ("estimating…"). */
interface FlowProposed extends Base { readonly type: 'flow_proposed'; readonly kind: string; readonly items: number; readonly estimateMs: number | null }
/** The user's answer to a proposal (a denial then ends the flow with job_cancelled). */
interface FlowDecided extends Base { readonly type: 'flow_decided'; readonly approved: boolean; readonly reason: string | null }
/** Waiting for the device: its place in line (1 = next), when it should start and when finish (ms from now). */
interface FlowQueued extends Base { readonly type: 'flow_queued'; readonly position: number; readonly startsInMs: number | null; readonly etaMs: number | null }
interface FlowStarted extends Base { readonly type: 'flow_started'; readonly items: number; readonly done: number; readonly etaMs: number | null }
/** One work item finished (its document's row is in the flow record). */
interface FlowItemDone extends Base {
  readonly type: 'flow_item';
  readonly itemId: string;
  readonly documentId: string | null;
  readonly label: string;
  readonly status: string;
  readonly done: number;
  readonly total: number;
  readonly ms: number;
}

// ---- a workspace's session -------------------------------------------------------------------------
/**
 * Part of the session's background start failed (jobId: the workspace id); the rest works. The
 * UI says which part, why, and that a reload tries again.
 */
interface SessionProblem extends Base {
  readonly type: 'session_problem';
  readonly part: 'conversations' | 'flows' | 'embeddings' | 'sweep' | 'imports' | 'folder';
  readonly error: SerializedError;
}

type IngestEvent = FileStarted | PageParsed | OcrPage | Chunked | Embedded | Indexed | FileDone | FileFailed;
type JobEvent = Progress | JobDone | JobFailed | JobCancelled;
export type TurnEvent = TurnStatus | TurnPlan | ToolCall | ToolResult | Sources | Token | TurnAnswer | TurnDone | TurnError;
type ScanEvent = ChunkClassified | RuleChecked | FlagRaised | ScanDone;
type FlowEvent = FlowProposed | FlowDecided | FlowQueued | FlowStarted | FlowItemDone;

export type CasefileEvent = IngestEvent | JobEvent | TurnEvent | ScanEvent | FlowEvent | SessionProblem;
export type SessionPart = SessionProblem['part'];
export type EventType = CasefileEvent['type'];

/** Distributes Omit over the union so each member keeps its own fields. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type EventInput = DistributiveOmit<CasefileEvent, 'jobId' | 'at'>;

export type EventSink = (event: CasefileEvent) => void;

export const TERMINAL_EVENTS: ReadonlySet<EventType> = new Set(['job_done', 'job_failed', 'job_cancelled', 'done', 'error', 'scan_done']);

/** Binds a job id and a clock to a sink, so producers write `emit({type: ..., ...})`. */
export function jobEmitter(jobId: string, sink: EventSink, now: () => number = Date.now): (event: EventInput) => void {
  return (event) => sink({ ...event, jobId, at: now() });
}

/**
 * Tracks done/total for a job and emits `progress` events that never go backwards, with an
 * ETA from the observed rate.
 */
export class ProgressTracker {
  private done = 0;
  private total: number;
  private readonly started: number;

  constructor(
    private readonly emit: (event: EventInput) => void,
    private readonly unit: string,
    total: number,
    private readonly now: () => number = Date.now,
  ) {
    this.total = Math.max(0, total);
    this.started = now();
  }

  get value(): { done: number; total: number } {
    return { done: this.done, total: this.total };
  }

  /** Grows the total (more work was discovered); the total never shrinks. */
  addTotal(n: number): void {
    if (n > 0) this.total += n;
    this.report();
  }

  advance(n = 1): void {
    this.done = Math.min(this.total, this.done + Math.max(0, n));
    this.report();
  }

  /** Sets done to at least `done` (a monotone update). */
  reach(done: number): void {
    this.done = Math.min(this.total, Math.max(this.done, done));
    this.report();
  }

  private report(): void {
    const elapsed = this.now() - this.started;
    const etaMs = this.done > 0 && this.done < this.total ? Math.round((elapsed / this.done) * (this.total - this.done)) : this.done >= this.total ? 0 : null;
    this.emit({ type: 'progress', unit: this.unit, done: this.done, total: this.total, etaMs });
  }
}
