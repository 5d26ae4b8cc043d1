/**
 * BM25 as the lexical index scores it. The expressions are MiniSearch 7's (BM25+ with its
 * defaults, the running average of field lengths, fuzzy and prefix weights), written the same
 * way so every score is bit-identical to the index this one replaced (save the order a term's
 * fuzzy variants are added in: the last bit): the evaluation validated that ranking, and the
 * replacement had to leave it exactly as it was.
 */

export interface Bm25Params {
  readonly k: number;
  readonly b: number;
  readonly d: number;
}

export const DEFAULT_BM25: Bm25Params = { k: 1.2, b: 0.7, d: 0.5 };

export const TEXT = 0;
export const SECTION = 1;

/** Inverse document frequency of a term in `df` of `n` chunks. */
export function idf(df: number, n: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/** One term's BM25+ score in one field of one chunk (before the term and field weights). */
export function bm25(termFreq: number, invDocFreq: number, fieldLength: number, avgFieldLength: number, p: Bm25Params): number {
  const { k, b, d } = p;
  return invDocFreq * (d + termFreq * (k + 1) / (termFreq + k * (1 - b + b * fieldLength / avgFieldLength)));
}

/** The average field length after adding a chunk to `count` others (kept as a running average). */
export function averageWith(average: number, count: number, length: number): number {
  const total = average * count + length;
  return total / (count + 1);
}

/** The average field length after removing a chunk from `count` (itself included). */
export function averageWithout(average: number, count: number, length: number): number {
  if (count === 1) return 0;
  const total = average * count - length;
  return total / (count - 1);
}

/** Weight of a fuzzy match `distance` edits from its query term (`length`: the matched term's). */
export function fuzzyWeight(weight: number, length: number, distance: number): number {
  return weight * length / (length + distance);
}

/** Weight of a prefix match `extra` characters longer than its query term. */
export function prefixWeight(weight: number, length: number, extra: number): number {
  return weight * length / (length + 0.3 * extra);
}
