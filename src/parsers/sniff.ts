/**
 * What a file really is, from its bytes (magic numbers) and, for text formats, its extension.
 *
 * The platform's media type and the extension are hints only: `report.pdf` whose bytes are a
 * zip is a zip, `notes.txt` whose bytes are a PDF is a PDF. Plain text has no magic number, so
 * text is recognised by content (it decodes and has no binary control bytes) and the extension
 * only decides between plain text and Markdown. Environment-neutral: no DOM, no Node.
 */
import { zipEntryNames } from './zip-guard';

export type FileKind =
  | 'pdf'
  | 'text'
  | 'markdown'
  | 'html'
  | 'docx'
  | 'xlsx'
  | 'pptx'
  | 'odf'
  | 'zip'
  | 'ole'
  | 'rtf'
  | 'png'
  | 'jpeg'
  | 'tiff'
  | 'gif'
  | 'webp'
  | 'bmp'
  | 'binary'
  | 'empty';

interface Sniffed {
  readonly kind: FileKind;
  /** The media type of the real content. */
  readonly mediaType: string;
  /** For people: "PDF", "Word document (DOCX)", "PNG image"... */
  readonly label: string;
  /** The indefinite article that goes before the label ("a PDF", "an Excel workbook"). */
  readonly article: 'a' | 'an';
  /** The same in the plural, for "… are not supported": "PDFs", "Word documents (DOCX)". */
  readonly plural: string;
}

const KINDS: Readonly<Record<FileKind, Omit<Sniffed, 'kind' | 'article'>>> = {
  pdf: { mediaType: 'application/pdf', label: 'PDF', plural: 'PDFs' },
  text: { mediaType: 'text/plain', label: 'plain text', plural: 'plain text files' },
  markdown: { mediaType: 'text/markdown', label: 'Markdown', plural: 'Markdown files' },
  html: { mediaType: 'text/html', label: 'HTML page', plural: 'HTML pages' },
  docx: { mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', label: 'Word document (DOCX)', plural: 'Word documents (DOCX)' },
  xlsx: { mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', label: 'Excel workbook (XLSX)', plural: 'Excel workbooks (XLSX)' },
  pptx: { mediaType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', label: 'PowerPoint presentation (PPTX)', plural: 'PowerPoint presentations (PPTX)' },
  odf: { mediaType: 'application/vnd.oasis.opendocument', label: 'OpenDocument file', plural: 'OpenDocument files' },
  zip: { mediaType: 'application/zip', label: 'zip archive', plural: 'zip archives' },
  ole: { mediaType: 'application/x-ole-storage', label: 'encrypted Office document or legacy .doc/.xls/.ppt file', plural: 'encrypted Office documents and legacy .doc/.xls/.ppt files' },
  rtf: { mediaType: 'application/rtf', label: 'RTF document', plural: 'RTF documents' },
  png: { mediaType: 'image/png', label: 'PNG image', plural: 'PNG images' },
  jpeg: { mediaType: 'image/jpeg', label: 'JPEG image', plural: 'JPEG images' },
  tiff: { mediaType: 'image/tiff', label: 'TIFF image', plural: 'TIFF images' },
  gif: { mediaType: 'image/gif', label: 'GIF image', plural: 'GIF images' },
  webp: { mediaType: 'image/webp', label: 'WebP image', plural: 'WebP images' },
  bmp: { mediaType: 'image/bmp', label: 'BMP image', plural: 'BMP images' },
  binary: { mediaType: 'application/octet-stream', label: 'binary data', plural: 'binary files' },
  empty: { mediaType: 'application/octet-stream', label: 'empty file', plural: 'empty files' },
};

/** Labels said with a leading vowel sound ("an HTML page", "an RTF document"). */
const AN = new Set<FileKind>(['html', 'xlsx', 'odf', 'ole', 'rtf', 'empty']);

function sniffed(kind: FileKind): Sniffed {
  return { kind, ...KINDS[kind], article: AN.has(kind) ? 'an' : 'a' };
}

const MARKDOWN_EXTENSIONS = new Set(['md', 'markdown', 'mdown', 'mkd']);
const TEXT_EXTENSIONS = new Set(['txt', 'text', ...MARKDOWN_EXTENSIONS]);
const HTML_EXTENSIONS = new Set(['html', 'htm', 'xhtml']);

/** Lower-case extension without the dot ("" when there is none). */
export function extensionOf(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** True when the name says "text" (.txt, .md, .markdown, .text). */
export function isTextExtension(name: string): boolean {
  return TEXT_EXTENSIONS.has(extensionOf(name));
}

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  if (bytes.length < at + signature.length) return false;
  return signature.every((b, i) => bytes[at + i] === b);
}

/** Latin-1 view of a byte range, for searching ASCII markers. */
function ascii(bytes: Uint8Array, start: number, end: number): string {
  let s = '';
  const stop = Math.min(end, bytes.length);
  for (let i = Math.max(0, start); i < stop; i++) s += String.fromCharCode(bytes[i]!);
  return s;
}

/** Offset of `%PDF-` in the first KB (the spec allows junk before the header), or -1. */
function pdfHeaderOffset(bytes: Uint8Array): number {
  return ascii(bytes, 0, 1024).indexOf('%PDF-');
}

/**
 * Entry names from the local file headers, walked from the start of the archive (works on a
 * truncated zip; stops at the first entry whose size is only in a trailing data descriptor).
 */
function localHeaderNames(bytes: Uint8Array, max = 64): string[] {
  const names: string[] = [];
  let at = 0;
  while (names.length < max && at + 30 <= bytes.length && startsWith(bytes, [0x50, 0x4b, 0x03, 0x04], at)) {
    const u16 = (o: number) => bytes[at + o]! | (bytes[at + o + 1]! << 8);
    const u32 = (o: number) => (u16(o) | (u16(o + 2) << 16)) >>> 0;
    const nameLength = u16(26);
    names.push(ascii(bytes, at + 30, at + 30 + nameLength));
    const size = u32(18);
    if (u16(6) & 0x08 && size === 0) break;
    at += 30 + nameLength + u16(28) + size;
  }
  return names;
}

/**
 * Which Office/OpenDocument format a zip is, from its entry names: the central directory when
 * it is readable, else the local headers, else the entry names anywhere near the start or end.
 */
function zipKind(bytes: Uint8Array): FileKind {
  const names = zipEntryNames(bytes) ?? localHeaderNames(bytes);
  const has = (name: string) => names.includes(name);
  const prefixed = (prefix: string) => names.some((n) => n.startsWith(prefix));
  if (has('word/document.xml')) return 'docx';
  if (has('xl/workbook.xml')) return 'xlsx';
  if (has('ppt/presentation.xml')) return 'pptx';
  const head = ascii(bytes, 0, 4096);
  if (head.startsWith('mimetype', 30) && head.includes('application/vnd.oasis.opendocument')) return 'odf';
  if (has('mimetype') && (has('content.xml') || has('META-INF/manifest.xml'))) return 'odf';
  if (prefixed('word/')) return 'docx';
  if (prefixed('xl/')) return 'xlsx';
  if (prefixed('ppt/')) return 'pptx';
  if (names.length > 0 && has('[Content_Types].xml')) return 'zip';
  // Damaged archives: the entry names as text near the start (local headers) or end (directory).
  const tail = ascii(bytes, bytes.length - 65536, bytes.length);
  const near = (marker: string) => head.includes(marker) || tail.includes(marker);
  if (near('word/document.xml') || near('word/')) return 'docx';
  if (near('xl/workbook.xml') || near('xl/')) return 'xlsx';
  if (near('ppt/presentation.xml') || near('ppt/')) return 'pptx';
  return 'zip';
}

/** Magic numbers only; null when the bytes have none we know (text, or unknown binary). */
function sniffMagic(bytes: Uint8Array): FileKind | null {
  if (bytes.length === 0) return 'empty';
  if (pdfHeaderOffset(bytes) >= 0) return 'pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return zipKind(bytes);
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (ascii(bytes, 0, 5) === '{\\rtf') return 'rtf';
  if (ascii(bytes, 0, 2) === 'BM' && bytes.length > 26 && bytes[14] !== undefined && [12, 40, 52, 56, 108, 124].includes(bytes[14])) return 'bmp';
  return null;
}

function looksLikeHtml(text: string, name: string): boolean {
  const head = text.slice(0, 2048).replace(/^\uFEFF/, '').trimStart().toLowerCase();
  if (head.startsWith('<!doctype html') || /^<(html|head|body)[\s>]/.test(head)) return true;
  // Exported e-mails and fragments often start with the head's elements.
  if (/^<(meta|title)[\s>]/.test(head) && /<\/?(body|div|p|table|br|title)[\s>/]/.test(head.slice(5))) return true;
  // Leading comments or an XML declaration before the <html> element.
  if ((head.startsWith('<!--') || head.startsWith('<?xml')) && /<html[\s>]/.test(head)) return true;
  return HTML_EXTENSIONS.has(extensionOf(name)) && head.startsWith('<') && /<(head|body|html|div|p|title)[\s>]/.test(head);
}

/**
 * Detects the real type of a file. Text is recognised by content (`decodeText` succeeds and
 * the result has no binary control bytes); the extension decides text vs Markdown.
 */
export function sniff(bytes: Uint8Array, name: string): SniffResult {
  const magic = sniffMagic(bytes);
  if (magic) return { ...sniffed(magic), decoded: null };
  const decoded = tryDecodeText(bytes);
  if (!decoded) return { ...sniffed('binary'), decoded: null };
  if (looksLikeHtml(decoded.text, name)) return { ...sniffed('html'), decoded };
  return { ...sniffed(MARKDOWN_EXTENSIONS.has(extensionOf(name)) ? 'markdown' : 'text'), decoded };
}

export interface SniffResult extends Sniffed {
  /** The decoded text for text kinds (text, markdown, html), so it is decoded once. */
  readonly decoded: DecodedText | null;
}

// ---- text decoding ------------------------------------------------------------------------------

type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DecodedText {
  readonly text: string;
  readonly encoding: TextEncodingName;
  readonly bom: boolean;
}

/** windows-1252 0x80..0x9F (WHATWG table; the five unassigned bytes map to C1 controls). */
const CP1252_HIGH = [
  0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008d, 0x017d, 0x008f,
  0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x009d, 0x017e, 0x0178,
];

/**
 * windows-1252 by table. Not `new TextDecoder('windows-1252')`: Node 20 decodes that label as
 * ISO-8859-1 (0x93 stays U+0093 instead of “), so the result would differ from browsers.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const CHUNK = 8192;
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const end = Math.min(bytes.length, start + CHUNK);
    const codes = new Array<number>(end - start);
    for (let i = start; i < end; i++) {
      const b = bytes[i]!;
      codes[i - start] = b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80]! : b;
    }
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join('');
}

/** UTF-16 without a BOM: NUL in most odd (LE) or even (BE) positions of the first KB. */
function guessBomlessUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(bytes.length, 1024) & ~1;
  if (n < 4) return null;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZero++;
    if (bytes[i + 1] === 0) oddZero++;
  }
  const pairs = n / 2;
  if (oddZero / pairs > 0.6 && evenZero / pairs < 0.05) return 'utf-16le';
  if (evenZero / pairs > 0.6 && oddZero / pairs < 0.05) return 'utf-16be';
  return null;
}

function decodeWith(encoding: 'utf-8' | 'utf-16le' | 'utf-16be', bytes: Uint8Array): string | null {
  try {
    // fatal: invalid sequences throw instead of turning into U+FFFD; the BOM is stripped.
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Share of characters that never occur in text: C0 controls other than tab, LF, VT, FF, CR and
 * ESC, plus DEL. Binary data scores high; every real text scores ~0. (U+FFFD, the replacement
 * character, is text: it only appears here when the file itself holds it, since every decoding
 * is strict, and a text that went through a lossy conversion once is still text.)
 */
function binaryScore(text: string): number {
  const n = Math.min(text.length, 16384);
  if (n === 0) return 0;
  let bad = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0b && c !== 0x0c && c !== 0x0d && c !== 0x1b) || c === 0x7f) bad++;
  }
  return bad / n;
}

/** Share of U+FFFD in the first 16,384 characters. */
function replacementShare(text: string): number {
  const n = Math.min(text.length, 16384);
  let bad = 0;
  for (let i = 0; i < n; i++) if (text.charCodeAt(i) === 0xfffd) bad++;
  return n === 0 ? 0 : bad / n;
}

/** Above this share of control characters the content is binary, not text. */
const BINARY_THRESHOLD = 0.01;
/** Above this share of replacement characters the text is unreadable. */
const REPLACEMENT_THRESHOLD = 0.1;

/**
 * UTF-8 with a few damaged sequences (a byte lost in a copy): decoded leniently when the text
 * is clearly UTF-8 (more well-formed non-ASCII characters than damaged ones, which a
 * windows-1252 text never has) and the damage is rare (under 1% of the characters).
 */
function lenientUtf8(bytes: Uint8Array): string | null {
  const text = new TextDecoder('utf-8').decode(bytes);
  let bad = 0;
  let good = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0xfffd) bad++;
    else if (c > 0x7f) good++;
  }
  return good > bad && bad <= text.length * 0.01 ? text : null;
}

/**
 * Decodes text: a BOM wins (UTF-8, UTF-16 LE/BE); then strict UTF-8; then BOM-less UTF-16 by
 * its NUL pattern; then windows-1252. Returns null when the result is not text (binary data).
 */
export function tryDecodeText(bytes: Uint8Array): DecodedText | null {
  let result: DecodedText | null;
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) {
    const text = decodeWith('utf-8', bytes);
    result = text === null ? null : { text, encoding: 'utf-8', bom: true };
  } else if (startsWith(bytes, [0xff, 0xfe]) && !startsWith(bytes, [0xff, 0xfe, 0x00, 0x00])) {
    const text = decodeWith('utf-16le', bytes);
    result = text === null ? null : { text, encoding: 'utf-16le', bom: true };
  } else if (startsWith(bytes, [0xfe, 0xff])) {
    const text = decodeWith('utf-16be', bytes);
    result = text === null ? null : { text, encoding: 'utf-16be', bom: true };
  } else {
    const utf8 = decodeWith('utf-8', bytes) ?? (guessBomlessUtf16(bytes) ? null : lenientUtf8(bytes));
    if (utf8 !== null) {
      result = { text: utf8, encoding: 'utf-8', bom: false };
    } else {
      const utf16 = guessBomlessUtf16(bytes);
      const text = utf16 ? decodeWith(utf16, bytes) : null;
      result = text !== null && utf16 ? { text, encoding: utf16, bom: false } : { text: decodeWindows1252(bytes), encoding: 'windows-1252', bom: false };
    }
    // Valid UTF-8 full of NULs is UTF-16 without a BOM (or binary).
    if (result.encoding === 'utf-8' && binaryScore(result.text) > BINARY_THRESHOLD) {
      const utf16 = guessBomlessUtf16(bytes);
      const text = utf16 ? decodeWith(utf16, bytes) : null;
      if (text !== null && utf16) result = { text, encoding: utf16, bom: false };
    }
  }
  if (result === null || binaryScore(result.text) > BINARY_THRESHOLD || replacementShare(result.text) > REPLACEMENT_THRESHOLD) return null;
  return result;
}
