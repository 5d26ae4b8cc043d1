/**
 * Multi-document work as data (the AIBS document work items and flow admission): a flow is what
 * the user approves — per-document work items with an estimate — and then the rows they
 * produce, one per item, and the composed result. A flow is persisted after every item (the
 * FlowStore port: Dexie in the app, MemoryFlowStore here), so a reload resumes it from its
 * finished items or reports what it finished. Kinds: `question` (a broad question asked of each
 * document: map, then reduce), `scan` (a playbook scan of several documents), `import` (a
 * folder import asked for in the chat; its executor and proposal come with the app's import
 * service). All plain, structured-clone friendly records.
 */
import type { AnswerSource, CheckedAnswer } from '../answer-types';
import type { SerializedError } from '../errors';
import type { DurationRecord } from './durations';
import type { TypedValue } from '../values/types';

export type FlowKind = 'question' | 'scan' | 'import';

export type FlowStatus =
  /** Waiting for the user's approval: nothing has run. */
  | 'proposed'
  /** The user said no (recorded, never runs). */
  | 'denied'
  /** Approved, waiting for the device (another flow runs). */
  | 'queued'
  | 'running'
  | 'done'
  | 'cancelled'
  | 'failed'
  /** Stopped by a reload or crash and not resumed: its rows are what it finished. */
  | 'interrupted';

export const ACTIVE_STATUSES: ReadonlySet<FlowStatus> = new Set(['queued', 'running']);

/** One unit of a flow: one document (or one folder), what to find there and how much evidence to keep. */
export interface WorkItem {
  /** `${flowId}:${index}`. */
  readonly id: string;
  readonly index: number;
  /** What kind of work it is, for the ETA (durations are learnt per kind): 'ask', 'scan', 'import'. */
  readonly kind: string;
  /** The document it works in (null for an import). */
  readonly documentId: string | null;
  /** What people call it: the document's title or file name, or the folder. */
  readonly label: string;
  /** What is asked of the document (question flows), or the folder path (imports). */
  readonly query: string;
  /** Clause types asked about (ClauseClassifier ids), strongest first. */
  readonly subjects: readonly string[];
  /** The content words asked about. */
  readonly fields: readonly string[];
  /** Passages retrieval keeps in the document. */
  readonly evidenceBudget: number;
  /** Same-section neighbours added around each passage. */
  readonly neighbourDepth: number;
  /** Fact-seeking (the asked subjects drive retrieval) or a summary of the document. */
  readonly operation: 'fact' | 'summary';
  /** The document's size in passages, for the estimate (durations.ts `workUnits`); absent: unknown. */
  readonly size?: number;
}

type RowStatus = 'found' | 'not_found' | 'failed';

/** What one item found: a row of the flow's table. Evidence is verbatim document text. */
export interface FlowRow {
  readonly itemId: string;
  readonly documentId: string | null;
  /** File name (or folder). */
  readonly document: string;
  readonly title: string | null;
  /** The document's parties as shown beside its title (absent when unknown, and on older rows). */
  readonly parties?: readonly string[];
  readonly status: RowStatus;
  /** The best sentence of the best passage (verbatim); '' when nothing was found. */
  readonly finding: string;
  /** The best passage (verbatim); '' when nothing was found. */
  readonly evidence: string;
  readonly chunkId: string | null;
  readonly pageStart: number | null;
  readonly pageEnd: number | null;
  /** The document's media type and page (or part) count, for "p. 5" vs "part 2" (absent on older rows). */
  readonly mediaType?: string | undefined;
  readonly pages?: number | undefined;
  /** The section path of the finding: the section it sits in within its passage, outermost first. */
  readonly section: readonly string[];
  readonly language: string | null;
  /** The sufficiency score of the evidence (question flows). */
  readonly score: number | null;
  /**
   * How strongly the document has the clause kind the question asks about, read from all its
   * passages (the ask path's clause signal: 0.5 at the kind's contract threshold); absent when no
   * kind was asked or on older rows. "Which agreements have no cap on liability?" is judged on it.
   */
  readonly clause?: number;
  /** Not found or failed: why, for people. */
  readonly reason: string | null;
  readonly ms: number;
  /** The value the question asks for, read from the evidence (values/), when one is asked and stated; the finding is the sentence stating it. */
  readonly value?: RowValue | null;
  /** Whether the document meets the question's condition (conditions.ts); absent: found = yes, not found = no (verdict.ts). */
  readonly verdict?: 'yes' | 'no' | 'unclear';
}

/** A row's typed value: what a table's value column shows. */
export interface RowValue {
  readonly kind: TypedValue['kind'];
  readonly value: TypedValue['value'];
  /** The value as written for people, in the question's language when it is told, else the document's. */
  readonly display: string;
}

interface FlowDecision {
  readonly approved: boolean;
  readonly at: number;
  readonly reason: string | null;
}

/** The reduce step's output: the answer composed from the rows, checked like any answer. */
export interface FlowResult {
  readonly answer: CheckedAnswer;
  /** The numbered sources the answer cites (one per found row it used). */
  readonly sources: readonly AnswerSource[];
  readonly writer: 'model' | 'extractive' | 'app';
  /** The model failed and the extractive composer answered: why. */
  readonly fallback: string | null;
}

export interface FlowRecord {
  readonly id: string;
  readonly kind: FlowKind;
  /** The question exactly as typed (or the directive). */
  readonly question: string;
  /** Reply language (ISO 639-1), null when unknown. */
  readonly language: string | null;
  readonly conversationId: string | null;
  readonly turnId: string | null;
  readonly createdAt: number;
  readonly status: FlowStatus;
  readonly items: readonly WorkItem[];
  /** One per finished item, in the order they finished. */
  readonly rows: readonly FlowRow[];
  /** The estimate shown when it was proposed (ms); null: no basis on this device then. */
  readonly estimateMs: number | null;
  readonly decision: FlowDecision | null;
  readonly queuedAt: number | null;
  readonly startedAt: number | null;
  readonly finishedAt: number | null;
  readonly result: FlowResult | null;
  readonly error: SerializedError | null;
  /** What the proposal was made from (the parsed subject, the filter, whether it counted). */
  readonly meta: Readonly<Record<string, unknown>>;
}

/** The items not finished yet, in order. */
export function pendingItems(flow: Pick<FlowRecord, 'items' | 'rows'>): WorkItem[] {
  const done = new Set(flow.rows.map((r) => r.itemId));
  return flow.items.filter((i) => !done.has(i.id));
}

/** The rows in item order (the table as shown and exported). */
export function rowsInOrder(flow: Pick<FlowRecord, 'items' | 'rows'>): FlowRow[] {
  const byItem = new Map(flow.rows.map((r) => [r.itemId, r]));
  return flow.items.map((i) => byItem.get(i.id)).filter((r): r is FlowRow => r !== undefined);
}

/** Where flows and the learnt durations are kept. */
export interface FlowStore {
  get(id: string): Promise<FlowRecord | undefined>;
  put(flow: FlowRecord): Promise<void>;
  /** Every flow, oldest first. */
  list(): Promise<FlowRecord[]>;
  loadDurations(): Promise<DurationRecord | null>;
  saveDurations(record: DurationRecord): Promise<void>;
}

/** Flows in memory, copied on the way in and out as a database would. */
export class MemoryFlowStore implements FlowStore {
  private readonly flows = new Map<string, FlowRecord>();
  private durations: DurationRecord | null = null;
  /** Writes so far (tests: a flow is saved after every item). */
  puts = 0;

  async get(id: string): Promise<FlowRecord | undefined> {
    const f = this.flows.get(id);
    return f ? structuredClone(f) : undefined;
  }

  async put(flow: FlowRecord): Promise<void> {
    this.puts++;
    this.flows.set(flow.id, structuredClone(flow));
  }

  async list(): Promise<FlowRecord[]> {
    return [...this.flows.values()].sort((a, b) => a.createdAt - b.createdAt).map((f) => structuredClone(f));
  }

  async loadDurations(): Promise<DurationRecord | null> {
    return this.durations ? structuredClone(this.durations) : null;
  }

  async saveDurations(record: DurationRecord): Promise<void> {
    this.durations = structuredClone(record);
  }
}
