/**
 * How a place in a document is named for people. PDF pages and scanned images are printed pages
 * ("p. 5"); Word, HTML, text and Markdown have no pages of their own — what Casefile numbers
 * there are parts between page breaks ("part 2"), and a one-part document needs no number (its
 * section says where). One rule for results, citations, the viewer, answers and exports.
 */

/** What the label needs to know about the document: its type and how many pages or parts it has. */
export interface PagedDocument {
  readonly mediaType?: string | undefined;
  readonly pages?: number | undefined;
}

export interface PageRange {
  readonly pageStart: number;
  readonly pageEnd: number;
}

/** True when the document's pages are printed pages (PDF, a scanned image; unknown types too). */
export function hasPrintedPages(doc: PagedDocument | undefined): boolean {
  const type = doc?.mediaType;
  return !type || type === 'application/pdf' || type.startsWith('image/');
}

interface PageWords {
  readonly p: string;
  readonly pp: string;
  readonly part: string;
  readonly parts: string;
  readonly pager: (printed: boolean, page: number, of: number) => string;
}

/** The words per language (English for any other): "p. 5", "S. 5"; "part 2", "partie 2", "Teil 2". */
const WORDS: Readonly<Record<string, PageWords>> = {
  en: { p: 'p.', pp: 'pp.', part: 'part', parts: 'parts', pager: (printed, page, of) => `${printed ? 'Page' : 'Part'} ${page} of ${of}` },
  fr: { p: 'p.', pp: 'p.', part: 'partie', parts: 'parties', pager: (printed, page, of) => `${printed ? 'Page' : 'Partie'} ${page} sur ${of}` },
  de: { p: 'S.', pp: 'S.', part: 'Teil', parts: 'Teile', pager: (printed, page, of) => `${printed ? 'Seite' : 'Teil'} ${page} von ${of}` },
};
const words = (language: string | null | undefined): PageWords => WORDS[language ?? 'en'] ?? WORDS['en']!;

/** "p. 5" / "pp. 5–6" on printed pages; "part 2" / "parts 2–3" otherwise; "" in a one-part document. */
export function pageLabel(range: PageRange, doc?: PagedDocument, language?: string | null): string {
  const w = words(language);
  const one = range.pageStart === range.pageEnd;
  if (hasPrintedPages(doc)) return one ? `${w.p} ${range.pageStart}` : `${w.pp} ${range.pageStart}–${range.pageEnd}`;
  if ((doc?.pages ?? 2) <= 1) return '';
  return one ? `${w.part} ${range.pageStart}` : `${w.parts} ${range.pageStart}–${range.pageEnd}`;
}

/** "Page 3 of 7" or "Part 2 of 4" for a pager. */
export function pagerLabel(page: number, doc: PagedDocument & { readonly pages: number }, language?: string | null): string {
  return words(language).pager(hasPrintedPages(doc), page, doc.pages);
}
