/**
 * The answer layer's data: the plan a turn follows, the numbered sources an answer may cite,
 * the answer with its checked citations and quotes, the scope and sufficiency the ask path
 * found, the process trace, and the turn record a conversation keeps. Plain, structured-clone
 * friendly records: they cross worker boundaries, go into IndexedDB and into exports unchanged.
 * On the ground floor of the core (with types.ts, search-types.ts, ports.ts, events.ts) so the
 * event stream and every layer speak them without importing answer/ or ask/.
 */
import type { TypedValue } from './values/types';
import type { SerializedError } from './errors';
import type { JobOptions, ModelRef } from './ports';
import type { NamedDocument } from './search-types';

// ---- plans ------------------------------------------------------------------------------------
/** What kind of work a message asks for (Phase A of the plan). */
export type TaskFamily =
  | 'metadata_fact'
  | 'inventory'
  | 'capability'
  | 'single_doc_retrieval'
  | 'multi_doc_retrieval'
  | 'workspace_retrieval'
  | 'scan_request'
  | 'import_request'
  | 'needs_clarification';

export const TASK_FAMILIES: readonly TaskFamily[] = [
  'metadata_fact',
  'inventory',
  'capability',
  'single_doc_retrieval',
  'multi_doc_retrieval',
  'workspace_retrieval',
  'scan_request',
  'import_request',
  'needs_clarification',
];

/** Families whose plan needs Phase B (which documents, which section, what shape). */
export const DOCUMENT_SCOPED: ReadonlySet<TaskFamily> = new Set(['metadata_fact', 'single_doc_retrieval', 'multi_doc_retrieval', 'workspace_retrieval', 'scan_request']);

/**
 * Evidence regimes (the AIBS meaning): `grounded` — every factual claim needs the user's
 * documents, and insufficient evidence ends the turn without a model call; `creative` — the
 * model may reason or draft beyond the evidence, citing whatever evidence it uses; `auto` —
 * the plan chooses (grounded unless the model reads the request as drafting or opinion).
 */
export type Regime = 'auto' | 'grounded' | 'creative';
export type ResolvedRegime = Exclude<Regime, 'auto'>;

export type AnswerShape = 'short' | 'list' | 'table' | 'quote' | 'summary';
export const ANSWER_SHAPES: readonly AnswerShape[] = ['short', 'list', 'table', 'quote', 'summary'];

/** How a plan was made. */
type PlanSource =
  /** A deterministic fast path (greeting, thanks, empty input, capability). */
  | 'router'
  /** The language model (Phase A, and Phase B for document-scoped families). */
  | 'model'
  /** No model: the workspace router and ask()'s own scope resolution decide. */
  | 'deterministic'
  /** The model failed (error, timeout): as `deterministic`, and the trace says why. */
  | 'fallback';

export type FastPath = 'greeting' | 'thanks' | 'empty' | 'capability';

export interface AnswerPlan {
  readonly family: TaskFamily;
  readonly source: PlanSource;
  readonly fastPath: FastPath | null;
  /** ISO 639-1 of the reply, null when unknown (the ask result's detected language then decides). */
  readonly replyLanguage: string | null;
  readonly regimeHint: ResolvedRegime | null;
  /** The message continues the previous turn ("and the renewal term?"). */
  readonly followUp: boolean;
  /** Documents the plan resolved (Phase B), as workspace document ids; empty when none. */
  readonly documentIds: readonly string[];
  readonly sectionOrdinal: string | null;
  readonly answerShape: AnswerShape | null;
  /** metadata_fact: which fact (title, parties, pages, language, added, source, ocr_quality...). */
  readonly factKind: string | null;
  /** needs_clarification: the question to ask the user. */
  readonly clarification: string | null;
  /** Why a model plan was rejected or not used (schema errors, unknown ids, model failure). */
  readonly problems: readonly string[];
}

// ---- sources and answers --------------------------------------------------------------------------
/** One numbered source of an answer: a retrieved passage as the model (or the composer) saw it. */
export interface AnswerSource {
  /** 1-based number cited as [n]. */
  readonly n: number;
  readonly chunkId: string;
  readonly documentId: string;
  readonly file: string;
  readonly path: string;
  readonly title: string | null;
  readonly pageStart: number;
  readonly pageEnd: number;
  /** The document's media type and page (or part) count, for "p. 5" vs "part 2" (absent on older turns). */
  readonly mediaType?: string | undefined;
  readonly pages?: number | undefined;
  readonly sectionPath: readonly string[];
  /** The document's language (ISO 639-1), null when unknown. */
  readonly language: string | null;
  /** The passage itself (the chunk text, verbatim; its most relevant part when it was too long). */
  readonly text: string;
  /** Same-section neighbours shown with it as context (verbatim), in document order. */
  readonly before: readonly string[];
  readonly after: readonly string[];
  /** The retrieval score of the passage (null for a passage the user pointed at). */
  readonly score: number | null;
  /** The user referred to it ("the second passage"): it leads the sources whatever the retrieval. */
  readonly pinned: boolean;
  /** The document's effective date (YYYY-MM-DD) when its identity states it: "5 years after the Effective Date" resolves with it. */
  readonly effectiveDate?: string | null;
  /** Its parties as shown beside the title, when known (absent on older turns). */
  readonly parties?: readonly string[] | undefined;
}

/** A typed value an answer states first (values/), with the source it was read from ([n]) and the span there. */
export interface AnswerValue extends TypedValue {
  readonly source: number;
}

/** A `[n]` in the answer: resolved by the code to a source, or marked when it resolves to none. */
export interface CitationMark {
  /** [start, end) in the answer text, brackets included. */
  readonly start: number;
  readonly end: number;
  readonly n: number;
  /** The chunk cited; null when n is no source (an invented citation). */
  readonly chunkId: string | null;
}

export type QuoteStatus =
  /** Found verbatim (after whitespace/quote normalisation) in a cited source (or, uncited, in one). */
  | 'verbatim'
  /** Verbatim in another source than the one cited. */
  | 'wrong_source'
  /** In no source: a paraphrase presented as a quote, or an invention. */
  | 'not_found';

export interface QuoteMark {
  /** [start, end) in the answer text, quotation marks (or the "> " of a block quote) included. */
  readonly start: number;
  readonly end: number;
  /** The quoted words as written. */
  readonly text: string;
  readonly status: QuoteStatus;
  /** The sources the answer attributes it to (citations in its sentence). */
  readonly cited: readonly number[];
  /** The source it was found in, null when none. */
  readonly foundIn: number | null;
}

export interface Verification {
  readonly citations: number;
  /** Citations whose number is no source. */
  readonly unresolvedCitations: number;
  readonly quotes: number;
  /** Quotes not verbatim in their cited source (wrong_source + not_found). */
  readonly unverifiedQuotes: number;
  /** Sentences of the answer that cite nothing (headings and lead-ins included). */
  readonly uncitedSentences: number;
  readonly sentences: number;
  /** No unresolved citation and no unverified quote. */
  readonly ok: boolean;
}

export interface CheckedAnswer {
  /** The answer as written (Markdown-ish text: paragraphs, lists, "> " block quotes, [n]). */
  readonly text: string;
  readonly citations: readonly CitationMark[];
  readonly quotes: readonly QuoteMark[];
  readonly verification: Verification;
}

// ---- scope and sufficiency (the ask path's, ask/, kept with the turn) ------------------------------
/** How the documents searched were chosen. */
type ScopeSource =
  /** The question names them (title, parties, aliases, file name, defined short names). */
  | 'question'
  /** A follow-up ("this agreement", "and the renewal term?") kept the previous turn's scope. */
  | 'follow_up'
  /** The user picked them (document filter, "Search in this document", a scope chip). */
  | 'user'
  /** Nothing named: the whole workspace. */
  | 'workspace'
  /** Nothing named, in a workspace mixing languages: the documents in the question's language (language-preference.ts). */
  | 'language';

export interface AskScope {
  readonly source: ScopeSource;
  /** Empty for the whole workspace. */
  readonly documentIds: readonly string[];
  /** The words of the question that named the documents, as written there. */
  readonly matched: readonly string[];
  /** source 'language': the question's language (ISO 639-1). */
  readonly language?: string;
}

/** Why the ask function asks the user which document they mean instead of searching. */
export interface Clarification {
  /**
   * ambiguous: the name fits several documents equally; not_found: the question names a document
   * ("the Acme outsourcing agreement") that no document here matches, so nothing is searched
   * rather than the whole workspace without saying so.
   */
  readonly kind: 'ambiguous' | 'not_found';
  /** The words of the question that name the document, as written there. */
  readonly phrase: string;
}

export interface Sufficiency {
  /** 0..1; under the threshold the evidence does not answer the question. */
  readonly score: number;
  readonly threshold: number;
  /** Human-readable reasons, e.g. "no passage in ‹doc› is a cap-on-liability clause". */
  readonly reasons: readonly string[];
  /** The signals the score is the mean of, each 0..1 with 0.5 where it stops supporting an answer (retrieval, clause, answer_type). */
  readonly signals?: Readonly<Record<string, number>>;
}

// ---- turns ------------------------------------------------------------------------------------------
/** How a turn ended; each is rendered distinctly. */
export type TurnState =
  /** An answer grounded in cited sources (by the model, or extractive). */
  | 'answered'
  /** Grounded regime, evidence insufficient: no model call; the closest passages are shown. */
  | 'insufficient'
  /** Creative regime: the model wrote beyond the evidence (citing what it used). */
  | 'creative'
  /** Workspace inventory or a document's metadata, answered without retrieval. */
  | 'inventory'
  /** What Casefile can do, which model answers; also greetings and thanks. */
  | 'capability'
  /** The question must be made precise (ambiguous document, unusable plan, empty input). */
  | 'clarification'
  /** A long or state-changing action (a playbook scan) proposed; nothing runs until the user approves. */
  | 'action'
  | 'error';

export interface StageTiming {
  readonly stage: string;
  readonly ms: number;
}

/** The process trace: what ran, how long it took, which model, how fast it wrote. */
export interface TurnTrace {
  readonly stages: readonly StageTiming[];
  readonly totalMs: number;
  /** The model that planned and wrote, null for deterministic / extractive turns. */
  readonly model: ModelRef | null;
  readonly timeToFirstTokenMs: number | null;
  readonly tokens: number;
  readonly tokensPerSecond: number | null;
  /** Things a person should know about how the turn ran ("the model timed out: extractive answer"). */
  readonly notes: readonly string[];
}

export interface ProposedAction {
  /** scan: a playbook review; flow: a broad question asked of each document; import: a folder import asked for in the chat (issue 11). */
  readonly kind: 'scan' | 'flow' | 'import';
  readonly documentIds: readonly string[];
  /** The recorded proposal to approve or deny (WorkspaceAnswers.propose); absent when none was recorded. */
  readonly flowId?: string;
  /** The estimate shown with it (ms); null: no basis on this device yet. */
  readonly estimateMs?: number | null;
}

export interface TurnRecord {
  readonly id: string;
  readonly conversationId: string | null;
  readonly createdAt: number;
  /** The question exactly as typed. */
  readonly question: string;
  readonly state: TurnState;
  /** ISO 639-1 the reply was written in (null when unknown: English texts). */
  readonly language: string | null;
  readonly regime: { readonly requested: Regime; readonly resolved: ResolvedRegime };
  readonly plan: AnswerPlan;
  /** The scope retrieval ran in (null when no retrieval ran). */
  readonly scope: AskScope | null;
  readonly retrievalQuery: string | null;
  readonly sufficiency: Sufficiency | null;
  /** answered / creative: what the answer may cite; insufficient: the closest passages. */
  readonly sources: readonly AnswerSource[];
  /** The reply (model, extractive, or a message of the app), checked; null on error. */
  readonly answer: CheckedAnswer | null;
  /** How the reply was written: a model, the extractive composer, or a fixed message of the app. */
  readonly writer: 'model' | 'extractive' | 'app';
  /** clarification: the documents the question could mean. */
  readonly candidates: readonly NamedDocument[];
  /**
   * clarification: why it asks — several documents fit the name, or none does ("No document here
   * matches “the Acme outsourcing agreement”"); absent on turns recorded before it was kept.
   */
  readonly clarification?: Clarification | null;
  /** insufficient on a follow-up's documents: other documents that answer it (AskResult.elsewhere). */
  readonly elsewhere?: readonly string[];
  /** inventory: the structured answer (tables, counts) of the workspace answers. */
  readonly workspace: WorkspaceAnswer | null;
  readonly action: ProposedAction | null;
  /** The model failed and the extractive composer answered instead: why. */
  readonly fallback: string | null;
  /** The user stopped generation; the answer is what was written until then. */
  readonly stopped: boolean;
  readonly error: SerializedError | null;
  readonly trace: TurnTrace;
  /** The value the question asked for, as the answer states it first (absent on older turns and when none is asked or found). */
  readonly value?: AnswerValue | null;
}

// ---- the workspace answers port (issue 11 implements it) ------------------------------------------
type WorkspaceFamily = 'inventory' | 'metadata_fact';

export interface WorkspaceQuestion {
  readonly family: WorkspaceFamily;
  readonly question: string;
  readonly language: string | null;
  /** metadata_fact: the document(s) asked about. */
  readonly documentIds: readonly string[];
  readonly factKind: string | null;
}

export interface WorkspaceAnswer {
  /** The reply (counts, "Showing 1–25 of 930 documents", a fact), as text. */
  readonly text: string;
  /** Structured form for the UI (tables, pagination), as plain data. */
  readonly data?: Readonly<Record<string, unknown>>;
}

/** What the deterministic router makes of a question (no model). */
export interface WorkspaceRoute {
  /** multi_doc_retrieval: a broad question (which contracts…, every contract…), proposed as a flow. */
  readonly family: WorkspaceFamily | 'multi_doc_retrieval' | 'scan_request' | 'import_request';
  readonly documentIds: readonly string[];
  readonly factKind: string | null;
  /** The language the question was read in (ISO 639-1), when the router tells. */
  readonly language?: string | null;
}

/** Long or state-changing work the turn proposes instead of running (issue 11). */
export interface ProposalRequest {
  /** flow: a broad question; scan: a playbook scan of the documents; import: a folder the user will choose. */
  readonly kind: 'flow' | 'scan' | 'import';
  readonly question: string;
  readonly language: string | null;
  readonly family: TaskFamily;
  /** The plan's documents (empty: the workspace, as the question filters it). */
  readonly documentIds: readonly string[];
  readonly conversationId: string | null;
  readonly turnId: string | null;
}

export interface Proposal {
  readonly flowId: string;
  readonly kind: ProposedAction['kind'];
  readonly documentIds: readonly string[];
  /** null: no basis on this device yet. */
  readonly estimateMs: number | null;
  /** The message asking for approval (what will run, the estimate). */
  readonly text: string;
  readonly data?: Readonly<Record<string, unknown>>;
}

/**
 * Inventory and metadata answers without retrieval (counts, document tables, one document's
 * facts). `route` is the deterministic router used when no model plans: it says whether a
 * question asks about the workspace itself (or is broad). `propose`, when present, records long
 * work for the user's approval and returns the proposal; null means the question is not such
 * work and the turn goes on (retrieval).
 */
export interface WorkspaceAnswers {
  route(question: string): WorkspaceRoute | null | Promise<WorkspaceRoute | null>;
  answer(question: WorkspaceQuestion, options?: JobOptions): Promise<WorkspaceAnswer>;
  propose?(request: ProposalRequest, options?: JobOptions): Promise<Proposal | null>;
}
