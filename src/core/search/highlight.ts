/**
 * Where the query's terms occur in a passage, as character ranges, so the UI can mark them.
 * Matching goes through the same analyzer as the index, so "terminating" is marked for a
 * query about "termination".
 */
import { createAnalyzer, DEFAULT_ANALYZER, rawTokens, type AnalyzerOptions } from './analyzer';

export interface Range {
  readonly start: number;
  readonly end: number;
}

export function highlightRanges(text: string, queryTerms: readonly string[], language?: string | null, options: AnalyzerOptions = DEFAULT_ANALYZER): Range[] {
  if (queryTerms.length === 0) return [];
  const wanted = new Set(queryTerms);
  const analyzer = createAnalyzer(options);
  const ranges: Range[] = [];
  for (const token of rawTokens(text)) {
    const term = analyzer.term(token.text, language);
    if (term !== null && wanted.has(term)) ranges.push({ start: token.start, end: token.end });
  }
  return mergeRanges(ranges);
}

/** Sorts and merges overlapping or touching ranges. */
export function mergeRanges(ranges: readonly Range[]): Range[] {
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
