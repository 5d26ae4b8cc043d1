import { highlightRanges, segment, type Range } from '../core/search/highlight';

/** Text with the query's terms marked. Renders text nodes only: no HTML from documents. */
export function Highlighted({ text, terms, language, extra }: { text: string; terms: readonly string[]; language?: string | null; extra?: readonly Range[] }) {
  const ranges = [...highlightRanges(text, terms, language), ...(extra ?? [])];
  return (
    <>
      {segment(text, ranges).map((s, i) => (s.mark ? <mark key={i}>{s.text}</mark> : <span key={i}>{s.text}</span>))}
    </>
  );
}
