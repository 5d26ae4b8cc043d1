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

/** "p. 5" / "pp. 5–6" on printed pages; "part 2" / "parts 2–3" otherwise; "" in a one-part document. */
export function pageLabel(range: PageRange, doc?: PagedDocument): string {
  const one = range.pageStart === range.pageEnd;
  if (hasPrintedPages(doc)) return one ? `p. ${range.pageStart}` : `pp. ${range.pageStart}–${range.pageEnd}`;
  if ((doc?.pages ?? 2) <= 1) return '';
  return one ? `part ${range.pageStart}` : `parts ${range.pageStart}–${range.pageEnd}`;
}

/** "Page 3 of 7" or "Part 2 of 4" for a pager. */
export function pagerLabel(page: number, doc: PagedDocument & { readonly pages: number }): string {
  return `${hasPrintedPages(doc) ? 'Page' : 'Part'} ${page} of ${doc.pages}`;
}
