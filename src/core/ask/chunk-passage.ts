/**
 * A stored chunk made into a passage of the response, for passages the ask path adds beside what
 * retrieval found (the documents' passages of the asked kind, the passage that states a value
 * ingest read): no retrieval terms, the score given, the neighbouring chunks as context.
 */
import type { PipelinePassage } from '../search-types';
import type { ChunkRecord } from '../types';

export interface ChunkPassageOptions {
  /** Retrieval-like score the passage is ranked by. */
  readonly score: number;
  readonly rank: number;
  /** Chunks of context taken before the passage (one after it always). */
  readonly before: number;
}

/** `chunks[i]` of `documentId`, with `chunks` in reading order. */
export function chunkPassage(
  chunks: readonly ChunkRecord[],
  i: number,
  document: PipelinePassage['document'],
  { score, rank, before }: ChunkPassageOptions,
): PipelinePassage {
  const chunk = chunks[i]!;
  return {
    chunkId: chunk.id,
    documentId: chunk.documentId,
    score,
    terms: [],
    foundBy: [],
    rank,
    chunk,
    document,
    scores: { final: score, fused: score, lexical: null, dense: null, rerank: null, phrase: false },
    context: { before: chunks.slice(Math.max(0, i - before), i), after: chunks.slice(i + 1, i + 2) },
  };
}
