/**
 * Formatted views of stored originals, built in the parse worker when the source viewer opens
 * a Word or HTML document: the original is read again (nothing formatted is stored; a 50-page
 * DOCX takes about as long as its import's parse step) and reduced to the inert, paginated
 * HTML of html-view.ts. Other kinds have no formatted view here (PDFs and images are drawn on
 * the page from the original itself). Environment-neutral.
 */
import { FileError } from '../core/errors';
import { docxToHtml, type DocxParseOptions } from './docx';
import { decodeHtml } from './html';
import { htmlToView } from './html-view';
import type { HtmlView } from './html-view-types';
import { sniff } from './sniff';

export type { HtmlView, HtmlViewPage } from './html-view-types';

/** The formatted view of a DOCX or HTML file; FileError for any other kind or a damaged file. */
export async function documentView(bytes: Uint8Array, fileName: string, options: DocxParseOptions = {}): Promise<HtmlView> {
  const s = sniff(bytes, fileName);
  if (s.kind === 'docx') return htmlToView((await docxToHtml(bytes, fileName, options)).html);
  if (s.kind === 'html' && s.decoded) return htmlToView(decodeHtml(bytes, s.decoded));
  throw new FileError('file/unsupported', fileName, `there is no formatted view of ${s.plural}`, { details: { kind: s.kind } });
}

/** The typed arrays of a view, to transfer rather than copy across the worker boundary. */
export function viewTransferables(view: HtmlView): ArrayBuffer[] {
  return view.pages.flatMap((p) => [p.blockEnds.buffer as ArrayBuffer, p.textEnds.buffer as ArrayBuffer]);
}
