/**
 * HTML pages (saved web pages, exported e-mails): the text with its structure (html-text.ts),
 * one page unless the HTML has CSS page breaks. Environment-neutral.
 *
 * Decoding: sniff.ts decodes by BOM, then strict UTF-8, then windows-1252. When the bytes are not
 * UTF-8 and the page declares another charset (`<meta charset>` or `http-equiv` content type,
 * in the first 1024 bytes, as browsers prescan), that charset is used when the platform knows it.
 *
 * Title: the `<title>` element, else the first `<h1>`; junk titles ("Untitled", a file name)
 * are dropped.
 */
import { AbortedError } from '../core/errors';
import type { MarkedHeading } from '../core/types';
import type { ParsedItem, ParsedPage } from '../core/ports';
import { htmlToText, type HtmlText } from './html-text';
import { cleanPdfTitle } from './pdf';
import type { DecodedText } from './sniff';

const HTML_MEDIA_TYPE = 'text/html';

/** Labels WHATWG maps to windows-1252 (sniff.ts already decodes that correctly). */
const WINDOWS_1252_LABELS = new Set(['windows-1252', 'iso-8859-1', 'latin1', 'l1', 'ascii', 'us-ascii', 'cp1252', 'x-cp1252', 'iso_8859-1', 'iso8859-1', 'cp819', 'ibm819', 'iso-ir-100', 'csisolatin1']);

/** The charset a page declares in its first 1024 bytes, lower-case, or null. */
export function declaredCharset(bytes: Uint8Array): string | null {
  let head = '';
  for (let i = 0; i < Math.min(bytes.length, 1024); i++) head += String.fromCharCode(bytes[i]!);
  const meta = /<meta\s[^>]*?charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head);
  return meta?.[1] ? meta[1].toLowerCase() : null;
}

/**
 * The page's text: sniff.ts's decoding, unless that fell back to windows-1252 and the page
 * declares a charset the platform can decode (Shift_JIS, windows-1251, ISO-8859-2, …).
 */
export function decodeHtml(bytes: Uint8Array, decoded: DecodedText): string {
  if (decoded.bom || decoded.encoding !== 'windows-1252') return decoded.text;
  const charset = declaredCharset(bytes);
  if (!charset || charset === 'utf-8' || charset === 'utf8' || WINDOWS_1252_LABELS.has(charset)) return decoded.text;
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return decoded.text; // a label the platform does not know
  }
}

/** The title of a page: `<title>`, else the first h1, when it is not junk. */
function htmlTitle(text: HtmlText, fileName?: string): string | null {
  return cleanPdfTitle(text.title, fileName) ?? cleanPdfTitle(text.headings.find((h) => h.level === 1)?.text ?? null, fileName);
}

/** A page with the headings the HTML marked on it (none: the field is left out). */
export function withHeadings(page: ParsedPage, headings: readonly MarkedHeading[] | undefined): ParsedPage {
  return headings && headings.length > 0 ? { ...page, headings } : page;
}

/** Yields `info`, then the pages of an HTML document. */
export async function* parseHtml(html: string, fileName: string, signal?: AbortSignal, maxDepth?: number): AsyncGenerator<ParsedItem> {
  const aborted = () => new AbortedError(`parsing ${fileName}`);
  if (signal?.aborted) throw aborted();
  const text = htmlToText(html, { fileName, ...(maxDepth === undefined ? {} : { maxDepth }) });
  yield { kind: 'info', info: { pages: text.pages.length, title: htmlTitle(text, fileName), mediaType: HTML_MEDIA_TYPE } };
  for (let i = 0; i < text.pages.length; i++) {
    if (signal?.aborted) throw aborted();
    yield { kind: 'page', page: withHeadings({ page: i + 1, text: text.pages[i]!, ocr: false, confidence: null, needsOcr: false }, text.pageHeadings[i]) };
  }
}
