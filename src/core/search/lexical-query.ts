/**
 * How a keyword query meets the lexical index before any scoring: the documents it may match,
 * the query's function words dropped for documents of another language, and the very common
 * terms left out when rarer ones are there.
 */
import type { LexicalQuery } from '../ports';
import { rawTokens, type Analyzer } from './analyzer';

/** Below this many chunks, no term counts as common (a share of chunks says little, and speed is no issue). */
const COMMON_TERMS_MIN_CHUNKS = 200;

/** Which document numbers a query may match (null: all of them). */
export function documentFilter(
  documents: Iterable<{ readonly id: string; readonly no: number; readonly language: string | null }>,
  numbers: number,
  query: LexicalQuery,
  group: string | null,
  restrictToGroup: boolean,
): Uint8Array | null {
  if (!query.documentIds && query.language === undefined && !restrictToGroup) return null;
  const allowed = new Uint8Array(numbers);
  const ids = query.documentIds ? new Set(query.documentIds) : null;
  for (const d of documents) {
    if (ids && !ids.has(d.id)) continue;
    if (query.language !== undefined && d.language !== query.language) continue;
    if (restrictToGroup && d.language !== group) continue;
    allowed[d.no] = 1;
  }
  return allowed;
}

/** The text without the stop words of `language` (its words as written, space-separated). */
export function withoutStopWords(analyzer: Analyzer, text: string, language: string): string {
  return rawTokens(text)
    .filter((t) => analyzer.term(t.text, language) !== null)
    .map((t) => t.text)
    .join(' ');
}

/**
 * The query terms without those in more than `cutoff` of the `chunks` chunks, when a rarer term
 * that occurs is left (as Lucene's common-terms query does).
 */
export function withoutCommonTerms(terms: readonly string[], chunks: number, cutoff: number, documentFrequency: (term: string) => number): string[] {
  if (cutoff >= 1 || chunks < COMMON_TERMS_MIN_CHUNKS) return [...terms];
  const df = new Map(terms.map((t) => [t, documentFrequency(t)]));
  const isCommon = (t: string) => df.get(t)! > cutoff * chunks;
  const rareFound = terms.some((t) => df.get(t)! > 0 && !isCommon(t));
  return rareFound ? terms.filter((t) => !isCommon(t)) : [...terms];
}
