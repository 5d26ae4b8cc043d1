/**
 * The in-process Parser: sniffs what a file really is and hands it to the parser for that kind.
 * Used directly by Node (tests, CLI) and inside the parse worker (the app's WorkerParser proxies
 * to it). Environment-neutral: the pdf.js loader is injected.
 */
import { AbortedError, FileError } from '../core/errors';
import { ParseClock, resolveBudgets, type ParseBudgets } from './budgets';
import type { ParsedItem, ParseOptions, Parser, SourceFile } from '../core/ports';
import { compoundFileError } from './cfb';
import { parseDocx } from './docx';
import { decodeHtml, parseHtml } from './html';
import { parseImage, type ImageConverter } from './image';
import { parsePdf, type PdfJsLoader, type RenderForOcr } from './pdf';
import { countNonSpace } from './pdf-layout';
import { extensionOf, isTextExtension, sniff, type FileKind, type SniffResult } from './sniff';
import { parseText } from './text';
import { zipEntryNames, type ZipLimits } from './zip-guard';

export const DEFAULT_MAX_BYTES = 200 * 1024 * 1024;

/** What a format handler gets: the bytes (it may take ownership), the file and what it is. */
export interface FormatInput {
  readonly bytes: Uint8Array;
  readonly file: SourceFile;
  readonly sniffed: SniffResult;
  readonly options: ParseOptions;
  /** The parser's time on this file so far; `check()` it between units of work. */
  readonly clock: ParseClock;
}

/** Parses one kind of file: yields `info` first, then the pages in order. */
export type FormatHandler = (input: FormatInput) => AsyncIterable<ParsedItem>;

export interface InProcessParserOptions {
  /** Loads pdf.js (pdfjs-node.ts in Node, pdfjs-browser.ts in the worker). Without it PDFs fail. */
  readonly pdfjs?: PdfJsLoader;
  /** Files above this size fail as `file/too-large` (default 200 MB). */
  readonly maxBytes?: number;
  /** PDF pages with fewer non-space characters are OCR candidates (default 20). */
  readonly ocrThreshold?: number;
  /** Render OCR candidate pages to images (ParsedPage.image) so the OCR engine can read them. */
  readonly renderForOcr?: RenderForOcr;
  /**
   * Decodes TIFF (and EXIF-rotated JPEG) into an upright PNG. Default: the platform's
   * (createImageBitmap + OffscreenCanvas) where there is one; null: none (TIFF is unsupported).
   */
  readonly imageConverter?: ImageConverter | null;
  /** Zip limits for DOCX (default: zip-guard.ts DEFAULT_ZIP_LIMITS). */
  readonly zipLimits?: ZipLimits;
  /** Limits for hostile files: pages, decoded streams, paragraphs, depth, time (default budgets.ts). */
  readonly budgets?: Partial<ParseBudgets>;
  /**
   * Extension point: handlers for more kinds or replacements for the built-in ones (pdf, text,
   * markdown, html, docx, ole, png, jpeg, tiff). Kinds without a handler fail as `file/unsupported`.
   */
  readonly handlers?: Partial<Record<FileKind, FormatHandler>>;
}

/** Kinds we will parse later; until a handler is registered they fail with "not supported yet". */
const PLANNED: ReadonlySet<FileKind> = new Set(['gif', 'webp', 'bmp']);

/** Extensions that match a kind whose name is not its extension (no "named .jpg, but a JPEG"). */
const EXTENSIONS: Partial<Record<FileKind, readonly string[]>> = {
  jpeg: ['jpg', 'jpeg', 'jfif'],
  tiff: ['tif', 'tiff'],
  html: ['html', 'htm', 'xhtml'],
  ole: ['doc', 'xls', 'ppt', 'msg'],
  odf: ['odt', 'ods', 'odp'],
  docx: ['docx', 'docm', 'dotx'],
};

function formatSize(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 10 ? `${Math.round(mb)} MB` : `${mb.toFixed(1)} MB`;
}

/** The FileError for a kind nobody handles, naming the type (and the mismatch with the name). */
function unsupported(file: { readonly name: string; readonly bytesView: Uint8Array }, s: SniffResult): FileError {
  const ext = extensionOf(file.name);
  if (s.kind === 'binary') {
    if (ext === 'pdf') return new FileError('file/corrupt', file.name, 'not a valid PDF (there is no PDF header; the content is unreadable binary data)', { details: { kind: s.kind } });
    if (isTextExtension(file.name)) return new FileError('file/unsupported', file.name, `not a text file: the content is binary data, not text (declared as .${ext})`, { details: { kind: s.kind } });
    return new FileError('file/unsupported', file.name, 'unrecognised file format (the content is binary data)', { details: { kind: s.kind } });
  }
  if (s.kind === 'zip' && zipEntryNames(file.bytesView) === null) {
    // No readable directory: a damaged or cut-off archive (most often a .docx), not "a zip".
    const what = ext === 'docx' || ext === 'docm' || ext === 'dotx' ? 'the Word document' : ext === 'xlsx' ? 'the Excel workbook' : ext === 'pptx' ? 'the PowerPoint presentation' : 'the file';
    return new FileError('file/corrupt', file.name, `${what} is damaged or truncated (its zip directory is missing or unreadable)`, { details: { kind: s.kind } });
  }
  const expected = EXTENSIONS[s.kind] ?? [s.kind];
  const declared = ext && !expected.includes(ext) ? ` (named .${ext}, but the content is ${s.article} ${s.label})` : '';
  const reason = `${s.plural} ${PLANNED.has(s.kind) ? 'are not supported yet' : 'are not supported'}${declared}`;
  return new FileError('file/unsupported', file.name, reason, { details: { kind: s.kind, mediaType: s.mediaType } });
}

export class InProcessParser implements Parser {
  readonly maxBytes: number;
  readonly budgets: ParseBudgets;
  readonly #handlers: Partial<Record<FileKind, FormatHandler>>;

  constructor(options: InProcessParserOptions = {}) {
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    const budgets = resolveBudgets(options.budgets);
    this.budgets = budgets;
    const pdfjs = options.pdfjs;
    const ocrThreshold = options.ocrThreshold;
    const renderForOcr = options.renderForOcr;
    const text: FormatHandler = ({ sniffed: s, file, options: o }) => {
      const flavour = s.kind === 'markdown' ? 'markdown' : 'text';
      if (!s.decoded || s.decoded.text.trim() === '') throw new FileError('file/empty', file.name, 'the file contains no text (only whitespace)');
      return parseText(s.decoded.text, flavour, file.name, o.signal, budgets.maxPages);
    };
    const image: FormatHandler = ({ bytes, file, sniffed: s, options: o }) =>
      parseImage(bytes, file.name, s.kind === 'png' ? 'png' : s.kind === 'jpeg' ? 'jpeg' : 'tiff', {
        signal: o.signal,
        maxPixels: budgets.maxImagePixels,
        maxDecodedBytes: budgets.maxImageBytes,
        ...(options.imageConverter === undefined ? {} : { convert: options.imageConverter }),
      });
    this.#handlers = {
      pdf: ({ bytes, file, options: o, clock }) => {
        if (!pdfjs) throw new FileError('file/unsupported', file.name, 'PDF files cannot be read here (no PDF engine was configured)');
        return parsePdf(bytes, file.name, pdfjs, {
          password: o.password,
          signal: o.signal,
          budgets,
          clock,
          ...(ocrThreshold === undefined ? {} : { ocrThreshold }),
          ...(renderForOcr ? { renderForOcr } : {}),
        });
      },
      text,
      markdown: text,
      html: ({ bytes, sniffed: s, file, options: o }) => {
        if (!s.decoded) throw new FileError('file/corrupt', file.name, 'the HTML page cannot be decoded as text');
        return parseHtml(decodeHtml(bytes, s.decoded), file.name, o.signal, budgets.maxHtmlDepth);
      },
      docx: ({ bytes, file, options: o }) => parseDocx(bytes, file.name, { signal: o.signal, budgets, ...(options.zipLimits ? { zipLimits: options.zipLimits } : {}) }),
      ole: ({ bytes, file }) => {
        throw compoundFileError(bytes, file.name);
      },
      png: image,
      jpeg: image,
      tiff: image,
      ...options.handlers,
    };
  }

  async *parse(file: SourceFile, options: ParseOptions = {}): AsyncGenerator<ParsedItem> {
    const { signal } = options;
    const aborted = () => new AbortedError(`parsing ${file.name}`);
    if (signal?.aborted) throw aborted();
    if (file.size > this.maxBytes) throw this.#tooLarge(file.name, file.size);

    const buffer = await file.bytes();
    if (signal?.aborted) throw aborted();
    if (buffer.byteLength > this.maxBytes) throw this.#tooLarge(file.name, buffer.byteLength);
    if (buffer.byteLength === 0) throw new FileError('file/empty', file.name, 'the file is empty (0 bytes)');

    const bytes = new Uint8Array(buffer);
    const sniffed = sniff(bytes, file.name);
    const handler = this.#handlers[sniffed.kind];
    if (!handler) throw unsupported({ name: file.name, bytesView: bytes }, sniffed);

    // The parser's own time on this file: paused while the consumer holds an item.
    const clock = new ParseClock(file.name, this.budgets);
    clock.resume();
    // A document that yields no text and no page worth OCR-ing is empty.
    let chars = 0;
    let ocrPages = 0;
    let pages = 0;
    for await (const item of handler({ bytes, file, sniffed, options, clock })) {
      clock.pause();
      if (item.kind === 'page') {
        pages++;
        chars += countNonSpace(item.page.text);
        if (item.page.needsOcr) ocrPages++;
      }
      yield item;
      clock.resume();
      clock.check();
    }
    if (chars === 0 && ocrPages === 0) {
      throw new FileError('file/empty', file.name, pages > 0 ? `the document contains no text (all ${pages} pages are blank)` : 'the document has no pages');
    }
  }

  #tooLarge(name: string, size: number): FileError {
    return new FileError('file/too-large', name, `the file is too large (${formatSize(size)}; the limit is ${formatSize(this.maxBytes)})`, { details: { size, maxBytes: this.maxBytes } });
  }
}
