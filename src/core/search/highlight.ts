/**
 * Where the query's terms occur in a passage, as character ranges, so the UI can mark them.
 * Matching goes through the same analyzer as the index, so "terminating" is marked for a
 * query about "termination".
 *
 * A stemmer also folds together words of different families: Snowball's English stemmer makes
 * "compete" and "competent", "consist" and "consistent" one stem. Given the query's own words,
 * a word of the passage is marked only when it ends like one of the query's words of the same
 * stem in the way that matters — an adjective or noun in -ent/-ence/-ant/-ance (competent,
 * competence) or not (compete, competing) — so "non-compete" no longer marks "competent".
 */
import { createAnalyzer, DEFAULT_ANALYZER, rawTokens, type AnalyzerOptions } from './analyzer';

export interface Range {
  readonly start: number;
  readonly end: number;
}

/** English endings that make another word of the same stem ("competent" from "compete"). */
const OTHER_FAMILY = /^(?:ent|ents|ently|ence|ences|ency|encies|ant|ants|antly|ance|ances|ancy)$/;

/** The family of an English word by what follows its stem: 'ent' (competent, competence) or 'base'. */
function family(word: string, stem: string): 'ent' | 'base' {
  return word.startsWith(stem) && OTHER_FAMILY.test(word.slice(stem.length)) ? 'ent' : 'base';
}

/**
 * `query`: the query as typed; when given (and the passage is in English), a word is marked
 * only when its family matches one of the query's words of that stem.
 */
export function highlightRanges(text: string, queryTerms: readonly string[], language?: string | null, options: AnalyzerOptions = DEFAULT_ANALYZER, query?: string): Range[] {
  if (queryTerms.length === 0) return [];
  const wanted = new Set(queryTerms);
  const analyzer = createAnalyzer(options);
  const english = (language ?? 'en') === 'en';
  const families = new Map<string, Set<string>>();
  if (query && english) {
    // "non-compete" is one token; its parts are the words that can match.
    for (const word of rawTokens(query).flatMap((t) => [t.text, ...t.text.split(/[-‐‑/]/)])) {
      const term = analyzer.term(word, 'en');
      if (term === null || !wanted.has(term)) continue;
      const set = families.get(term) ?? new Set<string>();
      set.add(family(word, term));
      families.set(term, set);
    }
  }
  const ranges: Range[] = [];
  for (const token of rawTokens(text)) {
    const term = analyzer.term(token.text, language);
    if (term === null || !wanted.has(term)) continue;
    const allowed = families.get(term);
    if (allowed && !allowed.has(family(token.text, term))) continue;
    ranges.push({ start: token.start, end: token.end });
  }
  return mergeRanges(ranges);
}

/** Sorts and merges overlapping or touching ranges. */
function mergeRanges(ranges: readonly Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start || a.end - b.end);
  const out: Range[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.start <= last.end) out[out.length - 1] = { start: last.start, end: Math.max(last.end, r.end) };
    else out.push(r);
  }
  return out;
}

/** Splits text into plain and marked segments for rendering (no HTML involved). */
export function segment(text: string, ranges: readonly Range[]): { text: string; mark: boolean }[] {
  const out: { text: string; mark: boolean }[] = [];
  let at = 0;
  for (const r of mergeRanges(ranges)) {
    const start = Math.max(at, Math.min(r.start, text.length));
    const end = Math.min(r.end, text.length);
    if (start > at) out.push({ text: text.slice(at, start), mark: false });
    if (end > start) out.push({ text: text.slice(start, end), mark: true });
    at = Math.max(at, end);
  }
  if (at < text.length) out.push({ text: text.slice(at), mark: false });
  return out;
}
