import type { ChunkRecord } from '../core/types';

/** What pageLabel needs to know about the document: its type and how many pages or parts it has. */
export interface PagedDocument {
  readonly mediaType?: string | undefined;
  readonly pages?: number | undefined;
}

/**
 * True when the document's pages are printed pages (PDF, a scanned image). Word, HTML, text and
 * Markdown have no pages of their own: what Casefile numbers there are parts between page breaks.
 */
export function hasPrintedPages(doc: PagedDocument | undefined): boolean {
  const type = doc?.mediaType;
  return !type || type === 'application/pdf' || type.startsWith('image/');
}

/**
 * Where a passage is: "p. 5" / "pp. 5–6" on printed pages; "part 2" / "parts 2–3" in a document
 * without pages; "" in a one-part document (its section says where).
 */
export function pageLabel(chunk: Pick<ChunkRecord, 'pageStart' | 'pageEnd'>, doc?: PagedDocument): string {
  const one = chunk.pageStart === chunk.pageEnd;
  if (hasPrintedPages(doc)) return one ? `p. ${chunk.pageStart}` : `pp. ${chunk.pageStart}–${chunk.pageEnd}`;
  if ((doc?.pages ?? 2) <= 1) return '';
  return one ? `part ${chunk.pageStart}` : `parts ${chunk.pageStart}–${chunk.pageEnd}`;
}

/** "Page 3 of 7" or "Part 2 of 4" for the viewer's pager. */
export function pagerLabel(page: number, doc: PagedDocument & { readonly pages: number }): string {
  return `${hasPrintedPages(doc) ? 'Page' : 'Part'} ${page} of ${doc.pages}`;
}

export function sectionLabel(chunk: Pick<ChunkRecord, 'sectionPath'>): string {
  return chunk.sectionPath.join(' › ');
}

export function ms(n: number): string {
  return n < 10 ? `${n.toFixed(1)} ms` : `${Math.round(n)} ms`;
}
