/**
 * Evidence sufficiency: a score in [0, 1] saying how likely the retrieved passages hold the
 * answer, and a threshold under which the answer step abstains without calling a model.
 *
 * - With a cross-encoder, its top logit through a sigmoid (the reranker is trained for it).
 * - Otherwise, from the lexical and dense evidence: the share of the query's information
 *   (sum of term idf, over the terms left after query analysis) that the best lexical passage
 *   covers, blended with the best dense cosine when vectors exist. A raw BM25 score does not
 *   separate answerable from unanswerable questions (it grows with query length and term
 *   rarity); coverage does better.
 *
 * Coverage is mapped so that the one threshold (0.5) means the same on both paths: a coverage of
 * LEXICAL_COVERAGE_MIDPOINT becomes 0.5 (piecewise linear, monotone, so AUROC is unchanged).
 * On the CUAD dev set (98 answerable, 12 unanswerable, doc-scoped) a coverage cut at 0.2 / 0.25 /
 * 0.3 / 0.4 / 0.5 keeps 97 / 97 / 94 / 77 / 67 % of the answerable questions and abstains on
 * 25 / 33 / 33 / 50 / 75 % of the unanswerable ones. Abstaining on a question whose clause exists hides it from a
 * lawyer, while answering an unanswerable one still goes through a model that can say "not
 * found": the midpoint favours recall.
 */
import type { PipelineResponse } from '../search-types';

export const DEFAULT_SUFFICIENCY_THRESHOLD = 0.5;

/** The lexical coverage that maps to the threshold (see above). */
export const LEXICAL_COVERAGE_MIDPOINT = 0.25;

/** Maps a coverage in [0, 1] so that LEXICAL_COVERAGE_MIDPOINT lands on 0.5. */
export function calibratedCoverage(coverage: number, midpoint = LEXICAL_COVERAGE_MIDPOINT): number {
  const c = Math.min(1, Math.max(0, coverage));
  return c < midpoint ? (0.5 * c) / midpoint : 0.5 + (0.5 * (c - midpoint)) / (1 - midpoint);
}

export interface IdfSource {
  queryTerms(text: string): string[];
  idf(term: string): number;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** Share of the query's idf mass matched by the best lexical candidates' terms. */
export function lexicalCoverage(response: Pick<PipelineResponse, 'query' | 'terms' | 'ranked'>, idf: IdfSource, top = 3): number {
  const terms = [...new Set(response.terms.length > 0 ? response.terms : idf.queryTerms(response.query))];
  const weights = new Map(terms.map((t) => [t, idf.idf(t)]));
  const total = [...weights.values()].reduce((a, b) => a + b, 0);
  if (total <= 0) return 0;
  let best = 0;
  for (const c of response.ranked.filter((r) => r.lexicalRank !== null).slice(0, top)) {
    const matched = new Set(c.terms);
    let covered = 0;
    for (const [t, w] of weights) if (matched.has(t)) covered += w;
    best = Math.max(best, covered / total);
  }
  return best;
}

/**
 * The retrieval evidence alone, in [0, 1] (0.5 = the default threshold): the one function the ask
 * path (as one signal of its sufficiency) and the evaluation's other scopes use. The coverage is
 * the one the index computed (`response.evidence`) when there, else computed here with `idf`
 * (or the evidence's term weights).
 */
export function retrievalScore(response: Pick<PipelineResponse, 'query' | 'terms' | 'ranked' | 'evidence'>, idf?: IdfSource): number {
  const reranked = response.ranked.filter((c) => c.rerankScore !== null);
  if (reranked.length > 0) return sigmoid(Math.max(...reranked.map((c) => c.rerankScore!)));
  const weights = response.evidence?.weights ?? {};
  const source = idf ?? { queryTerms: () => [...response.terms], idf: (t: string) => weights[t] ?? 0 };
  const coverage = calibratedCoverage(response.evidence?.coverage ?? lexicalCoverage(response, source));
  const dense = response.ranked.filter((c) => c.denseScore !== null).map((c) => c.denseScore!);
  if (dense.length === 0) return coverage;
  // Cosines of unrelated text sit well above 0 for most embedders: rescale around a midpoint.
  return 0.5 * coverage + 0.5 * sigmoid((Math.max(...dense) - 0.5) * 10);
}
