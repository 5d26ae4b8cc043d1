/**
 * The search pipeline's contracts: the settings and filters a search runs with, the stage
 * options they hold, the candidates and passages it ranks and the response it answers with,
 * and a document as a question may name it. Declarations only, on the ground floor of the
 * core, so the ports and every layer can speak them without importing the implementations
 * (search/pipeline.ts, fusion.ts, select.ts, retrieve.ts, resolve-doc.ts).
 */
import type { DocumentIdentity } from './ingest/identity/types';
import type { ChunkRecord, SearchHit } from './types';

export type FusionStrategy = 'combine_and_dedup' | 'rrf' | 'boost_only';

export interface FusionOptions {
  readonly strategy: FusionStrategy;
  readonly rrfK: number;
  readonly denseWeight: number;
  readonly lexicalWeight: number;
  /** boost_only: multiplier added for a chunk found by both (score × (1 + boost)). */
  readonly boost: number;
}

export type Retriever = 'lexical' | 'dense';

export interface Candidate {
  readonly chunkId: string;
  readonly documentId: string;
  /** The fused score (higher is better); replaced by later stages (phrase boost, rerank). */
  readonly score: number;
  readonly lexicalScore: number | null;
  readonly lexicalRank: number | null;
  readonly denseScore: number | null;
  readonly denseRank: number | null;
  readonly terms: readonly string[];
  readonly foundBy: readonly Retriever[];
}

export interface QuestionOptions {
  /** Drop question stop words from natural-language queries before keyword search. */
  readonly stopWords: boolean;
  /** Queries with fewer words are keyword queries and are left as they are. */
  readonly minWords: number;
}

export interface RescoreOptions {
  /** How many of the best BM25 candidates are re-scored (0 = stage off). */
  readonly topN: number;
  /** Weight of the proximity score against the normalised BM25 score. */
  readonly proximity: number;
  /** Relative boost of a passage stating the answer type the question asks for. */
  readonly answerType: number;
}

export interface SelectionOptions {
  readonly topK: number;
  /** Maximum results per document; 0 means no limit. */
  readonly perFile: number;
  readonly minScore: number;
}

interface PassageDocument {
  readonly id: string;
  readonly name: string;
  readonly path: string;
  readonly title: string | null;
  readonly language: string | null;
  readonly pages: number;
  /** What the file is (application/pdf, text/html, …): tells printed pages from a text's parts. */
  readonly mediaType?: string;
  /** When the document takes effect (YYYY-MM-DD), as its identity states it. */
  readonly effectiveDate?: string | null;
  /** Its parties as shown beside the title ("Dialog Semiconductor", "Energous"), when known. */
  readonly parties?: readonly string[];
}

export interface Passage extends SearchHit {
  readonly rank: number;
  readonly chunk: ChunkRecord;
  readonly document: PassageDocument;
}

export type RetrievalMode = 'rag' | 'retrieval_only' | 'direct';

export interface PipelineSettings {
  readonly mode: RetrievalMode;
  /** Query analysis for keyword search (question stop words). */
  readonly question: QuestionOptions;
  readonly lexicalTopK: number;
  /** Re-scoring of the BM25 candidates (proximity, answer type). */
  readonly rescore: RescoreOptions;
  readonly denseTopK: number;
  readonly fusion: FusionOptions;
  /** Score multiplier bonus for a chunk containing a quoted phrase or the whole query verbatim. */
  readonly phraseBoost: number;
  readonly rerank: boolean;
  /** How many fused candidates the cross-encoder rescores. */
  readonly rerankTopN: number;
  /** Reranked passages under this logit are not shown (the cross-encoder judged them irrelevant). */
  readonly minRerankScore: number;
  readonly selection: SelectionOptions;
  /** Same-section neighbours added on each side of a result as context. */
  readonly neighbours: number;
}

export interface SearchFilters {
  readonly documentIds?: readonly string[] | undefined;
  readonly sectionOrdinal?: string | undefined;
  readonly language?: string | undefined;
}

export interface ResultScores {
  readonly final: number;
  readonly fused: number;
  readonly lexical: number | null;
  readonly dense: number | null;
  readonly rerank: number | null;
  readonly phrase: boolean;
}

export interface PipelinePassage extends Passage {
  readonly scores: ResultScores;
  readonly context: { readonly before: readonly ChunkRecord[]; readonly after: readonly ChunkRecord[] };
}

/** 'loading': the stage's data is still being read (dense search while a workspace's vectors load). */
export type StageState = 'on' | 'off' | 'unavailable' | 'loading';

export interface PipelineExplanation {
  readonly timings: Readonly<Record<string, number>>;
  readonly candidates: Readonly<Record<string, number>>;
  readonly fusion: FusionOptions['strategy'];
  readonly dense: StageState;
  readonly rerank: StageState;
  readonly filters: SearchFilters;
  readonly phrases: readonly string[];
  /** The text keyword search ran with, and the question words dropped from it. */
  readonly lexicalQuery: string;
  readonly dropped: readonly string[];
  /** The language the query was analysed in (null: each document's own). */
  readonly queryLanguage?: string | null;
  readonly notes: readonly string[];
}

/**
 * What the evidence sufficiency needs from the index, computed where the index is (the index
 * worker in the app), so the page can judge from the response alone.
 */
interface PipelineEvidence {
  /** Share of the keyword query's idf mass the best lexical candidates cover (see sufficiency.ts). */
  readonly coverage: number;
  /** idf of each query term (`terms`), over the whole index. */
  readonly weights: Readonly<Record<string, number>>;
}

export interface PipelineResponse {
  readonly query: string;
  /** Index terms of the keyword query (after query analysis). */
  readonly terms: readonly string[];
  readonly passages: readonly PipelinePassage[];
  /** All fused candidates in final order (before selection), for evaluation and diagnostics. */
  readonly ranked: readonly RankedCandidate[];
  readonly explanation: PipelineExplanation;
  readonly evidence?: PipelineEvidence;
}

export interface RankedCandidate extends Candidate {
  readonly rerankScore: number | null;
  readonly phrase: boolean;
}

export interface NamedDocument {
  readonly id: string;
  readonly name: string;
  readonly title: string | null;
  readonly aliases: readonly string[];
  /** ISO 639-1, when known (the ask path prefers the question's language). */
  readonly language?: string | null;
  /** Pages, and pages read by OCR (a scan: all of them), when known. */
  readonly pages?: number;
  readonly ocrPages?: number;
  /** Party names, long form (the document record's `parties`). */
  readonly parties?: readonly string[] | undefined;
  /** Title, parties with short names and roles, brands, kind (ingest/identity), when known. */
  readonly identity?: DocumentIdentity | undefined;
  /** Where the file came from and what it is, when known (a document record has them). */
  readonly path?: string;
  readonly mediaType?: string;
}
