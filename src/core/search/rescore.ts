/**
 * Lexical re-scoring of the BM25 top N with evidence BM25 does not see:
 *
 *   score = (bm25 / best bm25 + proximity · P) · (1 + answerType · [passage states the expected type])
 *
 * where P is the term-proximity score (proximity.ts; query terms weighted by idf) and the answer
 * type comes from the question (answer-type.ts). Candidates below the top N keep their BM25
 * order under the re-scored ones. Pure: the caller supplies the passages' texts and the term weights.
 */
import { createAnalyzer, DEFAULT_ANALYZER, type Analyzer } from './analyzer';
import { expectedAnswerType, mentionsAnswerType } from './answer-type';
import { withinOneEdit } from './edit-distance';
import { DEFAULT_LANGUAGE } from './languages';
import { proximityScore } from './proximity';
import { termFamilies } from './word-families';
import type { SearchHit } from '../types';
import type { RescoreOptions } from '../search-types';

export { withinOneEdit };

export const DEFAULT_RESCORE: RescoreOptions = { topN: 50, proximity: 0.5, answerType: 0.2 };

export interface RescoreContext {
  /** The (reduced) query text, analysed like the index. */
  readonly query: string;
  /** The question as asked (for its answer type). */
  readonly question: string;
  readonly language: string;
  /** Query terms (as the index analyses them) with their weights, e.g. idf. */
  readonly weights: ReadonlyMap<string, number>;
  /** Texts of the candidates, in order (undefined when missing). */
  readonly texts: readonly (string | undefined)[];
}

const defaultAnalyzer = createAnalyzer(DEFAULT_ANALYZER);

/** Maps every matched index term to the query term it stands for (itself, the term a fuzzy match came from, or one of its word family). */
export function canonicalTerms(queryTerms: Iterable<string>, matched: Iterable<string>, language: string = DEFAULT_LANGUAGE, analyzer: Analyzer = defaultAnalyzer): Map<string, string> {
  const q = [...queryTerms];
  const out = new Map(q.map((t) => [t, t]));
  // "payment" matched for "pay" (word-families.ts) stands at its place in the passage.
  const families = termFamilies(analyzer, language);
  for (const t of matched) {
    if (out.has(t)) continue;
    const source = q.find((s) => withinOneEdit(s, t) || families.get(s)?.includes(t));
    if (source !== undefined) out.set(t, source);
  }
  return out;
}

export function rescore(hits: readonly SearchHit[], context: RescoreContext, options: RescoreOptions = DEFAULT_RESCORE, analyzer: Analyzer = defaultAnalyzer): SearchHit[] {
  const n = Math.min(options.topN, hits.length);
  if (n === 0) return [...hits];
  const head = hits.slice(0, n);
  const best = Math.max(...head.map((h) => h.score));
  const type = options.answerType > 0 ? expectedAnswerType(context.question, context.language) : null;
  const rescored = head.map((h, i) => {
    const text = context.texts[i] ?? '';
    let score = best > 0 ? h.score / best : 0;
    if (options.proximity > 0 && text) {
      const canonical = canonicalTerms(context.weights.keys(), h.terms, context.language, analyzer);
      score += options.proximity * proximityScore(analyzer.terms(text, context.language), canonical, context.weights);
    }
    if (type && text && mentionsAnswerType(text, type, context.language)) score *= 1 + options.answerType;
    return { hit: h, score, index: i };
  });
  // Stable: equal scores keep the BM25 order.
  rescored.sort((a, b) => b.score - a.score || a.index - b.index);
  // A head score is at least its own normalised BM25, which is at least any tail candidate's:
  // the tail, normalised the same way, stays below the head in its BM25 order.
  const tail = hits.slice(n).map((h) => ({ ...h, score: best > 0 ? h.score / best : 0 }));
  return [...rescored.map((r) => ({ ...r.hit, score: r.score })), ...tail];
}
