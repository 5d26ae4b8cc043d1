/**
 * The interfaces the core needs from the outside world. Each has an in-process implementation
 * (Node tests, fallbacks) and a worker proxy (the app); the same interface on both sides.
 */
import type { PipelineResponse, PipelineSettings, SearchFilters } from './search-types';
import type { ChunkRecord, DocumentRecord, MarkedHeading, OcrWord, PageLayout, PageRecord, SearchHit } from './types';

export interface JobOptions {
  readonly signal?: AbortSignal | undefined;
}

/** How to read a question: with `language`, the language it is written in, known from a longer text (a flow asks each document the question's content only: „ordentlich gekündigt“). */
export interface QuestionOptions extends JobOptions {
  readonly language?: string | null | undefined;
}

// ---- models -----------------------------------------------------------------------------------
export type Device = 'webgpu' | 'wasm' | 'cpu';
export type Dtype = 'fp32' | 'fp16' | 'q8' | 'q4' | 'q4f16';

export interface ModelRef {
  /** Hub id or local folder id, e.g. "Xenova/bge-m3". */
  readonly id: string;
  readonly dtype: Dtype;
  readonly device: Device;
  /** Output dimension for embedders. */
  readonly dim?: number | undefined;
  /** Language models: which ChatModel provider runs it ('webllm' | 'transformers' | 'endpoint'). */
  readonly provider?: string | undefined;
}

export interface Embedder {
  readonly model: ModelRef;
  /** L2-normalised vectors, one per text, in order. */
  embed(texts: readonly string[], options?: JobOptions): Promise<Float32Array[]>;
}

export interface Reranker {
  readonly model: ModelRef;
  /** One relevance score per passage (higher is more relevant), in order. */
  score(query: string, passages: readonly string[], options?: JobOptions): Promise<number[]>;
}

export interface ChatMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
}
export interface ChatRequest {
  readonly messages: readonly ChatMessage[];
  readonly temperature?: number;
  readonly maxTokens?: number;
  /** Generation ends before the first of these strings (which is not part of the output). */
  readonly stop?: readonly string[];
}
/** Token counts of one call, when the provider reports them. */
interface ChatUsage {
  readonly promptTokens?: number;
  readonly completionTokens?: number;
}
export interface ChatDelta {
  readonly text: string;
  /** Sent with the last delta by providers that count tokens (else the answer layer counts deltas). */
  readonly usage?: ChatUsage;
  /** With the last delta: why generation ended ('length' = maxTokens reached). */
  readonly finishReason?: 'stop' | 'length';
}
export type JsonSchema = Readonly<Record<string, unknown>>;

/**
 * A language model. Failures of the provider itself (unreachable, not loaded, device lost) are
 * ModelError; the answer layer then falls back to extractive answers. `json` resolves to the
 * parsed output (the caller validates it against the schema, constrained or not) and rejects
 * with any other error (SyntaxError, InputError) when the output is not JSON at all.
 */
export interface ChatModel {
  readonly model: ModelRef;
  chat(request: ChatRequest, options?: JobOptions): AsyncIterable<ChatDelta>;
  json<T>(request: ChatRequest, schema: JsonSchema, options?: JobOptions): Promise<T>;
}

// ---- parsing ----------------------------------------------------------------------------------
/** A file to ingest, wherever it lives (upload, folder handle, Node file system). */
export interface SourceFile {
  readonly name: string;
  /** Path relative to the opened folder, or the name for uploads. */
  readonly path: string;
  readonly size: number;
  /** As reported by the platform; may be empty. The parser sniffs the bytes anyway. */
  readonly mediaType: string;
  readonly lastModified: number | null;
  bytes(): Promise<ArrayBuffer>;
}

export interface ParsedInfo {
  readonly pages: number;
  readonly title: string | null;
  /** The detected media type (from the bytes, not the extension). */
  readonly mediaType: string;
}

export interface ParsedPage {
  /** 1-based. */
  readonly page: number;
  readonly text: string;
  readonly ocr: boolean;
  /** OCR confidence 0..100, null for a text layer. */
  readonly confidence: number | null;
  /** The page has no usable text layer: OCR it when OCR is available. */
  readonly needsOcr: boolean;
  /** When needsOcr: the page rendered as an encoded image (PNG/JPEG), ready for OCR. */
  readonly image?: PageImage | undefined;
  /** Headings the format marks (Word heading styles, HTML h1–h6): their lines and levels. */
  readonly headings?: readonly MarkedHeading[] | undefined;
  /** Where OCR read each word (set when the page was read by OCR). */
  readonly layout?: PageLayout | undefined;
}

/** An encoded page image (transferable between workers). */
export interface PageImage {
  readonly width: number;
  readonly height: number;
  /** 'image/png' or 'image/jpeg'. */
  readonly mediaType: string;
  readonly data: ArrayBuffer;
}

export interface OcrResult {
  readonly text: string;
  /** Mean word confidence 0..100. */
  readonly confidence: number;
  /** The words read, in reading order, with their boxes in the image's pixels (engines that report them). */
  readonly words?: readonly OcrWord[];
  /** The Tesseract languages the text was read with (after `detect` chose one, that one). */
  readonly languages?: readonly string[];
}

export interface OcrOptions extends JobOptions {
  /** Tesseract language codes, e.g. ["eng"], ["deu", "eng"]. Default ["eng"]. */
  readonly languages?: readonly string[];
  /**
   * Languages the page may be written in (Tesseract codes, e.g. ["eng", "fra", "deu"]): the text
   * read with `languages` is identified and, when it is another of these, the page is read again
   * in that language (accents, ligatures and umlauts need the right model).
   */
  readonly detect?: readonly string[];
}

/** Optical character recognition of one page image (tesseract.js in ocr.worker.ts, or in-process in Node). */
export interface OcrEngine {
  recognize(image: PageImage, options?: OcrOptions): Promise<OcrResult>;
}

export type ParsedItem = { readonly kind: 'info'; readonly info: ParsedInfo } | { readonly kind: 'page'; readonly page: ParsedPage };

export interface ParseOptions extends JobOptions {
  readonly password?: string | undefined;
}

export interface Parser {
  /** Yields `info` first, then the pages in order. Throws FileError for a bad file. */
  parse(file: SourceFile, options?: ParseOptions): AsyncIterable<ParsedItem>;
}

// ---- storage ----------------------------------------------------------------------------------
/** What ingestion needs from the workspace database. */
export interface IngestStore {
  findBySha256(sha256: string): Promise<DocumentRecord | undefined>;
  getDocument(id: string): Promise<DocumentRecord | undefined>;
  putDocument(doc: DocumentRecord): Promise<void>;
  updateDocument(id: string, patch: Partial<DocumentRecord>): Promise<void>;
  /**
   * Writes a document's pages and chunks and its final record in one transaction, replacing
   * whatever the document had before. Either all of it lands or none.
   */
  commitDocument(doc: DocumentRecord, pages: readonly PageRecord[], chunks: readonly ChunkRecord[], vectors?: DocumentVectors | null): Promise<void>;
  /** Stores (replaces) a document's vectors and marks it embedded, in one transaction. */
  saveVectors(documentId: string, vectors: DocumentVectors): Promise<void>;
  /** Removes the document and every row that belongs to it, in one transaction. */
  deleteDocument(id: string): Promise<void>;
}

// ---- search -----------------------------------------------------------------------------------
export interface IndexedDocument {
  readonly id: string;
  readonly name: string;
  readonly language: string | null;
}

export interface LexicalQuery {
  readonly text: string;
  readonly limit?: number;
  /** Restrict to these documents. */
  readonly documentIds?: readonly string[];
  /** Restrict to chunks of this top-level section ("7"). */
  readonly sectionOrdinal?: string;
  /** Restrict to documents in this language (ISO 639-1). */
  readonly language?: string;
  /**
   * The query's own language, when known: documents of that language are matched with its
   * analysis; documents of other languages only on what is left without its stop words, and
   * ranked below equal matches in the query's language.
   */
  readonly queryLanguage?: string | null;
}

/** The embedding vectors of one document's chunks (one row per chunk, in seq order). */
export interface DocumentVectors {
  readonly documentId: string;
  readonly modelId: string;
  readonly dim: number;
  readonly seqs: Uint32Array;
  readonly data: Float32Array;
  readonly language?: string | null;
}

/** What ingestion needs from the index: keep it in step with the store. */
/** What the lexical index reads of a chunk (the app sends only this to its index worker). */
export type IndexChunk = Pick<ChunkRecord, 'id' | 'seq' | 'text' | 'sectionPath' | 'sectionOrdinal'>;

export interface IndexWriter {
  addDocument(doc: IndexedDocument, chunks: readonly IndexChunk[], vectors?: DocumentVectors | null): Promise<void>;
  removeDocument(documentId: string): Promise<void>;
}

/** The index the app keeps per workspace (in the index worker) and the core uses in Node. */
export interface SearchIndex extends IndexWriter {
  searchLexical(query: LexicalQuery): Promise<SearchHit[]>;
}

// ---- retrieval ----------------------------------------------------------------------------------
/** One retrieval round trip: the text keyword and dense search run with, filters and settings. */
export interface SearchRequest {
  readonly text: string;
  readonly filters?: SearchFilters;
  /** The workspace's pipeline settings when absent. */
  readonly settings?: PipelineSettings;
  /** The query's language (ISO 639-1); detected from the text when absent; null: unknown. */
  readonly language?: string | null;
}

/**
 * The retrieval pipeline of one workspace (lexical + dense → fusion → rerank → selection).
 * In the app it runs in the index worker (IndexClient); in Node tests and the evaluation,
 * in-process over a SearchEngine. Same interface on both sides.
 */
export interface Retriever {
  search(request: SearchRequest, options?: JobOptions): Promise<PipelineResponse>;
}

// ---- clause classification ----------------------------------------------------------------------
/** A clause type a text is (or a question asks about), by playbook clause-type id, scored 0..1. */
export interface ClauseLabel {
  readonly type: string;
  readonly score: number;
  /** The kind's name as the playbooks write it ("Cap on liability"), when the classifier knows it (questionTypes). */
  readonly name?: string;
  /** Its name in other languages (the first of the playbook's keywords in each: "non-concurrence", "Wettbewerbsverbot"). */
  readonly names?: Readonly<Record<string, string>>;
  /**
   * How strongly this passage makes its document have the kind, 0..1 with 0.5 at the
   * classifier's contract-level threshold (a learned model's presence head); absent: `score`
   * on the same scale.
   */
  readonly presence?: number;
  /** questionTypes: read by a learned question head, whose kinds the ask path's sufficiency was calibrated on. */
  readonly learned?: boolean;
}

export interface ClausePassage {
  readonly text: string;
  readonly sectionPath?: readonly string[];
  readonly sectionTitle?: string | null;
  /**
   * The language it is written in (its document's, ISO 639-1), when known: a classifier that reads
   * one language scores a passage in another by what it can read there (the learned model's kinds
   * by their playbook titles and keywords in every language).
   */
  readonly language?: string | null;
}

/** The time accounting a scan hands its classifier (core/scan/budget.ts `ScanClock`). */
export interface ClassifyBudget {
  /** Runs `work`, charging its time to `key` ("type:<clause type id>"). */
  time<T>(key: string, work: () => T): T;
  /** Why the clause type is no longer classified (its time ran out), or null. */
  typeStopped(typeId: string): string | null;
}

export interface ClassifyOptions extends JobOptions {
  /** A scan's time budget: a clause type past it is no longer classified. */
  readonly budget?: ClassifyBudget | undefined;
}

/**
 * Tells which kinds of clause a passage is (scanner) and which kinds a question asks about
 * (the ask path's "is there such a clause in scope" sufficiency signal). One classifier serves both.
 */
export interface ClauseClassifier {
  classify(passages: readonly ClausePassage[], options?: ClassifyOptions): Promise<ClauseLabel[][]>;
  /**
   * Where in the passage it reads most as `kind` ([start, end) offsets in its text), when the
   * classifier reads passages window by window (a learned model); absent or null: it cannot tell.
   */
  kindWindow?(passage: ClausePassage, kind: string): { readonly start: number; readonly end: number } | null;
  /** The kinds a question asks about, surest first: each one returned counts as asked (its score is how sure, not a further threshold). */
  questionTypes(question: string, options?: QuestionOptions): Promise<ClauseLabel[]>;
  /** The ask path's sufficiency threshold calibrated with this classifier (a learned model's); absent: the default. */
  readonly sufficiencyThreshold?: number;
  /** How the ask path weighs its sufficiency signals, learned with this classifier (absent: their mean). */
  readonly sufficiencyWeights?: SufficiencyWeights;
  /**
   * Logits a passage's presence gains when a scan looks for a clause a playbook prohibits (a
   * review leans to finding it: a wrong flag is dismissed in seconds, a missed clause is missed),
   * chosen with a learned model on its training contracts; absent: none.
   */
  readonly reviewPresenceOffset?: number;
  /**
   * Which model decides the labels (the learned model's content hash): a scan stored under
   * another identity was read by another model and is scanned again. Absent: the labels depend
   * on the playbook alone.
   */
  readonly identity?: string;
}

/**
 * A logistic combination of the ask path's sufficiency signals for questions about a clause kind
 * the model knows (core/ask/sufficiency.ts): the score is sigmoid(bias + Σ weight · feature), the
 * features being the retrieval, clause and answer-type signals and whether the answer type is
 * absent; `threshold` is its own calibrated threshold.
 */
export interface SufficiencyWeights {
  readonly bias: number;
  readonly retrieval: number;
  readonly clause: number;
  readonly answerType: number;
  readonly noAnswerType: number;
  readonly threshold: number;
}
