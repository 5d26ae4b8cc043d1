/**
 * PDF text extraction with pdf.js, one page at a time.
 *
 * The pdf.js module is injected (`PdfJsLoader`): Node uses the legacy build (pdfjs-node.ts),
 * the browser worker uses the modern build with pdf.js's worker code running in the same thread
 * (pdfjs-browser.ts). This file only imports pdf.js types, so it runs in both.
 *
 * Each page is loaded, its text laid out (pdf-layout.ts), cleaned up and yielded before the next
 * one is touched; the caller's signal is checked between pages.
 *
 * With `renderForOcr`, a page without a usable text layer is also rendered to a PNG
 * (`ParsedPage.image`) for the OCR engine: the runtime supplies the canvas (pdf.js's
 * `CanvasFactory`: OffscreenCanvas in the worker, @napi-rs/canvas in Node) and the encoder.
 *
 * Budgets (budgets.ts): the streams are measured before pdf.js opens the file (pdf-scan.ts,
 * decompression bombs), the page count right after, images over `maxImagePixels` are skipped by
 * pdf.js itself (`maxImageSize`), a page's text is read as a stream and stopped past
 * `maxPageChars`, and the parse clock is checked between every pdf.js call.
 */
import type * as PdfJs from 'pdfjs-dist';
import type { DocumentInitParameters, PDFDocumentLoadingTask, PDFDocumentProxy, PDFPageProxy, RenderParameters, TextItem } from 'pdfjs-dist/types/src/display/api';
import { AbortedError, AppError, FileError, isAbort } from '../core/errors';
import type { PageImage, ParsedInfo, ParsedItem, ParsedPage } from '../core/ports';
import { budgetError, DEFAULT_BUDGETS, formatCount, ParseClock, type ParseBudgets } from './budgets';
import { countNonSpace, layoutPage, type LayoutItem } from './pdf-layout';
import { declaredPageCount, scanPdfStreams } from './pdf-scan';

type PdfJsLib = typeof PdfJs;

/** A loaded pdf.js plus the document parameters its environment needs (asset URLs, fonts). */
export interface PdfJsRuntime {
  readonly lib: PdfJsLib;
  readonly params: Readonly<Partial<DocumentInitParameters>>;
  /**
   * Encodes a canvas made by the document's canvas factory as PNG bytes. Present when this
   * environment can render pages (needed for `renderForOcr`).
   */
  readonly encodePng?: (canvas: unknown) => Promise<ArrayBuffer>;
}

/** How to picture a page that needs OCR. */
export interface RenderForOcr {
  /** Resolution of the picture (default 300 DPI, what Tesseract reads best). */
  readonly dpi?: number;
  /** Or a pdf.js scale (1 = 72 DPI); wins over `dpi`. */
  readonly scale?: number;
  /** Upper bound on the picture's pixels; larger pages are scaled down (default 12 MP). */
  readonly maxPixels?: number;
}

const DEFAULT_OCR_DPI = 300;
export const DEFAULT_OCR_MAX_PIXELS = 12_000_000;

/** Loads pdf.js once (cache the promise) and tells how to call it in this environment. */
export type PdfJsLoader = () => Promise<PdfJsRuntime>;

export interface PdfParseOptions {
  readonly password?: string | undefined;
  readonly signal?: AbortSignal | undefined;
  /** Pages with fewer non-space characters than this are OCR candidates (default 20). */
  readonly ocrThreshold?: number;
  /** Render the pages that need OCR into `ParsedPage.image` (PNG). Off by default. */
  readonly renderForOcr?: RenderForOcr | undefined;
  /** Limits for hostile files (default budgets.ts DEFAULT_BUDGETS). */
  readonly budgets?: ParseBudgets;
  /** The parser's clock for this file (paused by the caller while it holds a page). */
  readonly clock?: ParseClock;
}

/** Names of the errors pdf.js's worker code throws (its BaseException subclasses). */
const PDFJS_ERRORS = new Set(['FormatError', 'XRefEntryException', 'XRefParseException', 'ParserEOFException', 'MissingDataException', 'InvalidPDFException', 'UnknownErrorException', 'PasswordException', 'AbortException']);

/**
 * True for an error raised inside pdf.js's worker code. pdf.js 5.6 leaves some of its own
 * promises unobserved on damaged files (Catalog.getPageDict prefetches every top-level page
 * dictionary and never awaits those it does not need), so their rejections surface as
 * "unhandled" although the document's own calls are answered; the runtimes (pdfjs-node.ts,
 * pdfjs-browser.ts) install a guard that drops exactly these.
 */
export function isPdfJsInternalError(reason: unknown): boolean {
  if (reason === null || typeof reason !== 'object') return false;
  const stack = 'stack' in reason && typeof reason.stack === 'string' ? reason.stack : '';
  // A chunk pdf.js's message handler delivers to a page stream already cancelled (a parse that
  // ran out of time under load) fails inside pdf.js, after the parse has settled.
  const lateChunk = 'code' in reason && reason.code === 'ERR_INVALID_STATE' && /pdfjs-dist/.test(stack);
  return PDFJS_ERRORS.has(errorName(reason)) || /pdf\.worker/.test(stack) || lateChunk;
}

const PDF_MEDIA_TYPE = 'application/pdf';

/** pdf.js `PasswordResponses`. */
const NEED_PASSWORD = 1;
const INCORRECT_PASSWORD = 2;

/** Titles that authoring tools write instead of a real one. */
const JUNK_TITLES = [
  /^(microsoft\s+)?(word|excel|powerpoint)\s*-\s*/i, // "Microsoft Word - contract.docx"
  /\.(docx?|dotx?|pdf|rtf|odt|txt|xlsx?|pptx?|pages|html?|tiff?|jpe?g|png)$/i, // a file name
  /^(untitled|no title|title|document\d*|doc\d*|untitled document|slide \d+|page \d+)$/i,
  /^[\W\d_]*$/, // only digits and punctuation
];

/** The document title from its metadata, or null when it is missing or junk. */
export function cleanPdfTitle(raw: unknown, fileName?: string): string | null {
  if (typeof raw !== 'string') return null;
  // eslint-disable-next-line no-control-regex
  const title = raw.replace(/[\u0000-\u001f\u007f\ufeff]/g, ' ').replace(/\s+/g, ' ').trim();
  if (title.length < 2 || title.length > 300) return null;
  if (JUNK_TITLES.some((re) => re.test(title))) return null;
  if (fileName && title.toLowerCase() === fileName.toLowerCase()) return null;
  return title;
}

function errorName(error: unknown): string {
  return error !== null && typeof error === 'object' && 'name' in error && typeof error.name === 'string' ? error.name : '';
}

function errorMessage(error: unknown): string {
  return error !== null && typeof error === 'object' && 'message' in error ? String(error.message) : String(error);
}

/**
 * Maps whatever pdf.js threw while opening a document to a FileError naming the file, or to an
 * internal AppError when pdf.js itself could not start.
 */
function pdfOpenError(fileName: string, error: unknown, passwordGiven: boolean): AppError {
  if (error instanceof AppError) return error;
  const name = errorName(error);
  if (name === 'PasswordException') {
    const code = (error as { code?: unknown }).code;
    const wrong = code === INCORRECT_PASSWORD || (code !== NEED_PASSWORD && passwordGiven);
    return new FileError(
      'file/encrypted',
      fileName,
      wrong ? 'the password is incorrect (the PDF is encrypted)' : 'the PDF is password-protected; a password is needed to open it',
      { cause: error, details: { reason: wrong ? 'incorrect-password' : 'password-required' } },
    );
  }
  const detail = errorMessage(error);
  // pdf.js itself could not start (its worker code or a required asset failed to load): not the file's fault.
  if (/^Setting up fake worker failed|^Ensure that the `\w+` API parameter is provided|Unable to load (font|CMap|wasm) data/.test(detail)) {
    return new AppError('internal', `pdf: the PDF engine failed while opening ${fileName}: ${detail}`, { cause: error });
  }
  return new FileError('file/corrupt', fileName, 'not a valid PDF (file is truncated or corrupt)', { cause: error, details: { pdfjs: name || 'Error', detail } });
}

function pageError(fileName: string, page: number, error: unknown): FileError {
  const detail = errorMessage(error);
  return new FileError('file/corrupt', fileName, `page ${page} cannot be read (file is truncated or corrupt)`, {
    cause: error,
    details: { page, pdfjs: errorName(error) || 'Error', detail },
  });
}

function isTextItem(item: unknown): item is TextItem {
  return item !== null && typeof item === 'object' && 'str' in item && 'transform' in item;
}

/** OPS codes that paint a raster image. */
function imageOps(lib: PdfJsLib): Set<number> {
  const o = lib.OPS as Record<string, number>;
  return new Set(
    ['paintImageXObject', 'paintImageXObjectRepeat', 'paintInlineImageXObject', 'paintInlineImageXObjectGroup', 'paintImageMaskXObject', 'paintImageMaskXObjectGroup', 'paintImageMaskXObjectRepeat', 'paintSolidColorImageMask', 'paintJpegXObject']
      .map((k) => o[k])
      .filter((v): v is number => typeof v === 'number'),
  );
}

/** OPS codes that put ink on the page (anything but state changes). */
function paintOps(lib: PdfJsLib): Set<number> {
  const o = lib.OPS as Record<string, number>;
  return new Set(
    ['fill', 'eoFill', 'stroke', 'fillStroke', 'eoFillStroke', 'closeStroke', 'closeFillStroke', 'closeEOFillStroke', 'shadingFill', 'showText', 'showSpacedText', 'nextLineShowText', 'nextLineSetSpacingShowText', 'constructPath']
      .map((k) => o[k])
      .filter((v): v is number => typeof v === 'number'),
  );
}

/**
 * A page's text items, read as pdf.js streams them, stopped with a budget error once they hold
 * more than `maxChars` characters (so a page of a million text runs never sits in memory whole).
 */
async function pageTextItems(page: PDFPageProxy, maxChars: number, fileName: string, n: number, clock: ParseClock): Promise<LayoutItem[]> {
  const reader = page.streamTextContent({ includeMarkedContent: false, disableNormalization: false }).getReader() as ReadableStreamDefaultReader<{ items: unknown[] }>;
  const items: LayoutItem[] = [];
  let chars = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return items;
      for (const item of value.items) {
        if (!isTextItem(item)) continue;
        chars += item.str.length;
        items.push(item);
      }
      if (chars > maxChars) {
        throw budgetError(fileName, 'maxPageChars', `page ${n} holds too much text to read (more than ${formatCount(maxChars)} characters)`, { max: maxChars, actual: chars }, { details: { page: n } });
      }
      clock.check(n);
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

interface PageContent {
  readonly hasImages: boolean;
  readonly hasInk: boolean;
}

async function pageContent(page: PDFPageProxy, images: Set<number>, ink: Set<number>): Promise<PageContent> {
  const list = await page.getOperatorList();
  let hasImages = false;
  let hasInk = false;
  for (const fn of list.fnArray) {
    if (images.has(fn)) hasImages = true;
    else if (ink.has(fn)) hasInk = true;
    if (hasImages) break;
  }
  return { hasImages, hasInk: hasInk || hasImages };
}

/** The pdf.js scale for an OCR picture of a page `width` x `height` points (at scale 1). */
export function ocrScale(width: number, height: number, render: RenderForOcr = {}): number {
  const wanted = render.scale ?? (render.dpi ?? DEFAULT_OCR_DPI) / 72;
  if (!(wanted > 0) || !Number.isFinite(wanted)) throw new AppError('input/invalid', `pdf: renderForOcr needs a positive scale or dpi, got ${JSON.stringify(render)}`);
  const maxPixels = render.maxPixels ?? DEFAULT_OCR_MAX_PIXELS;
  const pixels = width * wanted * height * wanted;
  return pixels > maxPixels ? wanted * Math.sqrt(maxPixels / pixels) : wanted;
}

interface CanvasAndContext {
  canvas: unknown;
  context: unknown;
}
interface CanvasFactoryLike {
  create(width: number, height: number): CanvasAndContext;
  destroy(canvasAndContext: CanvasAndContext): void;
}

/** Renders one page to a PNG picture for OCR (white background, annotations included). */
async function renderPageImage(doc: PDFDocumentProxy, page: PDFPageProxy, render: RenderForOcr, encodePng: (canvas: unknown) => Promise<ArrayBuffer>, signal: AbortSignal | undefined): Promise<PageImage> {
  const base = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: ocrScale(base.width, base.height, render) });
  const width = Math.max(1, Math.floor(viewport.width));
  const height = Math.max(1, Math.floor(viewport.height));
  const factory = doc.canvasFactory as CanvasFactoryLike;
  const target = factory.create(width, height);
  const task = page.render({ canvas: target.canvas, viewport, background: 'rgb(255,255,255)' } as RenderParameters);
  const onAbort = () => task.cancel();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    await task.promise;
    const data = await encodePng(target.canvas);
    return { width, height, mediaType: 'image/png', data };
  } finally {
    signal?.removeEventListener('abort', onAbort);
    factory.destroy(target); // frees the pixels now, not at the next GC
  }
}

/**
 * Parses a PDF page by page: yields `info` (page count, title), then each page.
 * Throws FileError (`file/encrypted`, `file/corrupt`) or AbortedError.
 */
function tooManyPages(fileName: string, pages: number, max: number): AppError {
  return budgetError(fileName, 'maxPages', `the document has too many pages to read (${formatCount(pages)}; the limit is ${formatCount(max)})`, { max, actual: pages });
}

export async function* parsePdf(data: Uint8Array, fileName: string, load: PdfJsLoader, options: PdfParseOptions = {}): AsyncGenerator<ParsedItem> {
  const { signal, password } = options;
  const threshold = options.ocrThreshold ?? 20;
  const budgets = options.budgets ?? DEFAULT_BUDGETS;
  const clock = options.clock ?? new ParseClock(fileName, budgets);
  clock.resume();
  const aborted = () => new AbortedError(`parsing ${fileName}`);
  if (signal?.aborted) throw aborted();
  // Before pdf.js takes the bytes: decompression bombs fail here, in bounded time and memory.
  const scan = scanPdfStreams(data, fileName, budgets);
  const declared = declaredPageCount(data);
  if (declared !== null && declared > budgets.maxPages) throw tooManyPages(fileName, declared, budgets.maxPages);
  clock.check();

  const { lib, params, encodePng } = await load();
  if (signal?.aborted) throw aborted();
  const render = options.renderForOcr;
  if (render) {
    if (!encodePng) throw new AppError('internal', `pdf: cannot render pages for OCR of ${fileName} here (the pdf.js runtime has no canvas encoder)`);
    ocrScale(1, 1, render); // rejects a bad option before any work
  }

  const task: PDFDocumentLoadingTask = lib.getDocument({
    ...params,
    data, // pdf.js takes ownership of the bytes (transfers them to its worker side)
    password,
    isEvalSupported: false,
    maxImageSize: budgets.maxImagePixels,
    stopAtErrors: false,
    verbosity: lib.VerbosityLevel.ERRORS,
  });
  // Aborting destroys the task, which rejects whatever pdf.js is doing right now.
  const onAbort = () => void task.destroy().catch(() => undefined);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    let doc: PDFDocumentProxy;
    try {
      doc = await task.promise;
    } catch (error) {
      if (signal?.aborted || isAbort(error)) throw aborted();
      throw pdfOpenError(fileName, error, password !== undefined);
    }
    if (doc.numPages > budgets.maxPages) throw tooManyPages(fileName, doc.numPages, budgets.maxPages);
    clock.check();

    let title: string | null = null;
    try {
      const meta = await doc.getMetadata();
      const info = meta.info as Record<string, unknown>;
      title = cleanPdfTitle(info['Title'], fileName) ?? cleanPdfTitle(meta.metadata?.get('dc:title'), fileName);
    } catch {
      title = null; // broken metadata is not a reason to reject the document
    }
    const info: ParsedInfo = { pages: doc.numPages, title, mediaType: PDF_MEDIA_TYPE };
    clock.pause();
    yield { kind: 'info', info };
    clock.resume();

    const images = imageOps(lib);
    const ink = paintOps(lib);
    let readable = 0;
    for (let n = 1; n <= doc.numPages; n++) {
      if (signal?.aborted) throw aborted();
      clock.check();
      let page: PDFPageProxy | null = null;
      let parsed: ParsedPage;
      try {
        page = await doc.getPage(n);
        clock.check(n);
        const items = await pageTextItems(page, budgets.maxPageChars, fileName, n, clock);
        const text = layoutPage(items);
        let needsOcr = false;
        const chars = countNonSpace(text);
        if (chars < threshold) {
          // Scanned page (an image), outlined text (paths only) or blank. A page with no ink at
          // all is really blank: nothing for OCR to read.
          const c = await pageContent(page, images, ink);
          needsOcr = c.hasImages || (chars === 0 && c.hasInk);
          clock.check(n);
        }
        let image: PageImage | undefined;
        if (needsOcr && render && encodePng) {
          try {
            image = await renderPageImage(doc, page, render, encodePng, signal);
          } catch (error) {
            if (signal?.aborted || isAbort(error)) throw error;
            // The text is still good; without a picture the page simply is not read by OCR.
            image = undefined;
          }
        }
        clock.check(n);
        parsed = image ? { page: n, text, ocr: false, confidence: null, needsOcr, image } : { page: n, text, ocr: false, confidence: null, needsOcr };
      } catch (error) {
        if (signal?.aborted || isAbort(error)) throw aborted();
        if (error instanceof AppError) throw error;
        throw pageError(fileName, n, error);
      } finally {
        page?.cleanup();
      }
      if (parsed.needsOcr || countNonSpace(parsed.text) > 0) readable++;
      clock.pause();
      yield { kind: 'page', page: parsed };
      clock.resume();
    }
    const big = scan.oversizedImages[0];
    if (readable === 0 && big) {
      // Nothing to read but images pdf.js skipped for their size: say so, not "blank".
      throw budgetError(fileName, 'maxImagePixels', `its pages hold only images too large to read (${big.width} × ${big.height} pixels; the limit is ${Math.round(budgets.maxImagePixels / 1e6)} megapixels)`, {
        max: budgets.maxImagePixels,
        actual: big.width * big.height,
      });
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await task.destroy().catch(() => undefined);
  }
}
