import { highlightRanges, segment, type Range } from '../../core/search/highlight';

/**
 * Text with the query's terms marked (`query`, the question as typed, keeps words of another
 * family of the same stem unmarked: core/search/highlight.ts). Renders text nodes only: no
 * HTML from documents.
 */
export function Highlighted({ text, terms, language, extra, query }: { text: string; terms: readonly string[]; language?: string | null; extra?: readonly Range[]; query?: string | undefined }) {
  const ranges = [...highlightRanges(text, terms, language, undefined, query), ...(extra ?? [])];
  return (
    <>
      {segment(text, ranges).map((s, i) => (s.mark ? <mark key={i}>{s.text}</mark> : <span key={i}>{s.text}</span>))}
    </>
  );
}
