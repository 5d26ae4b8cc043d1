/**
 * PDF pages drawn on the page for the source viewer: a canvas and pdf.js's text layer (one
 * transparent span per text item, over the words it draws), from the stored original.
 *
 * - pdf.js is loaded on first use (`import()`: its own chunk, not the app's main bundle) with
 *   its own worker, self-hosted (the worker file is emitted with the build and precached), so
 *   parsing and image decoding stay off the main thread. `isEvalSupported: false` and no
 *   scripting, annotations, forms or XFA: nothing that needs `unsafe-eval` under the CSP.
 * - Fonts, CMaps, wasm decoders and ICC profiles come from <base>pdfjs/ (as in the parse worker).
 * - Canvas drawing is cut into short slices by pdf.js itself; the text layer is fed a few
 *   hundred items at a time with a task boundary between batches, so a page with tens of
 *   thousands of text items never blocks the main thread for long.
 * - The canvas is capped at `MAX_CANVAS_PIXELS` (beyond that it is drawn smaller and scaled up
 *   by CSS), so zooming in cannot exhaust memory.
 */
import type { PDFDocumentProxy, PDFPageProxy, TextContent } from 'pdfjs-dist/types/src/display/api';
import type { TextItem, TextMarkedContent } from 'pdfjs-dist/types/src/display/api';
import type * as PdfJs from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { AbortedError, AppError, FileError } from '../../core/errors';

const MAX_CANVAS_PIXELS = 16_000_000;
/** Text items handed to pdf.js's text layer per task. */
const TEXT_BATCH = 400;

type PdfJsLib = typeof PdfJs;
let lib: Promise<PdfJsLib> | undefined;

/** pdf.js for the page, loaded once. */
function loadPdfJs(): Promise<PdfJsLib> {
  return (lib ??= import('pdfjs-dist').then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
    return pdfjs;
  }));
}

function assetUrl(dir: string): string {
  return new URL(`${import.meta.env.BASE_URL.replace(/^\.?\/?/, '/')}pdfjs/${dir}/`, location.origin).href;
}

/** A page's size in CSS pixels at scale 1 (72 dpi points). */
interface PageSize {
  readonly width: number;
  readonly height: number;
}

/** Where a page is drawn: a canvas, and an (empty) element that receives the text layer. */
interface PdfPageTarget {
  readonly canvas: HTMLCanvasElement;
  readonly textLayer: HTMLElement;
}

interface RenderedPdfPage {
  /** The page's size on screen, CSS pixels. */
  readonly width: number;
  readonly height: number;
  /** The text layer's spans in text-content order (the strings the stored page text came from). */
  readonly spans: HTMLElement[];
}

/** An open PDF original. */
export interface PdfOriginal {
  readonly pages: number;
  /** The size of page `n` at scale 1. */
  pageSize(n: number): Promise<PageSize>;
  /** Draws page `n` at `scale` into the target (replacing what it held). */
  render(n: number, target: PdfPageTarget, scale: number, signal?: AbortSignal): Promise<RenderedPdfPage>;
  /** Frees the document and its worker-side memory. */
  destroy(): void;
}

/** Text content as a stream pdf.js's TextLayer pulls, one batch per task. */
function batchedTextContent(content: TextContent, signal: AbortSignal | undefined): ReadableStream<{ items: (TextItem | TextMarkedContent)[]; styles: TextContent['styles']; lang: string | null }> {
  let at = 0;
  return new ReadableStream({
    async pull(controller) {
      if (at > 0) await new Promise((resolve) => setTimeout(resolve, 0)); // a task boundary between batches
      if (signal?.aborted) {
        controller.error(new AbortedError('drawing the page'));
        return;
      }
      const items = content.items.slice(at, at + TEXT_BATCH);
      controller.enqueue({ items, styles: at === 0 ? content.styles : {}, lang: content.lang ?? null });
      at += TEXT_BATCH;
      if (at >= content.items.length) controller.close();
    },
  });
}

class PdfJsOriginal implements PdfOriginal {
  readonly #pages = new Map<number, Promise<PDFPageProxy>>();

  constructor(
    readonly lib: PdfJsLib,
    readonly doc: PDFDocumentProxy,
  ) {}

  get pages(): number {
    return this.doc.numPages;
  }

  #page(n: number): Promise<PDFPageProxy> {
    let page = this.#pages.get(n);
    if (!page) {
      page = this.doc.getPage(n);
      this.#pages.set(n, page);
    }
    return page;
  }

  async pageSize(n: number): Promise<PageSize> {
    const viewport = (await this.#page(n)).getViewport({ scale: 1 });
    return { width: viewport.width, height: viewport.height };
  }

  async render(n: number, target: PdfPageTarget, scale: number, signal?: AbortSignal): Promise<RenderedPdfPage> {
    const page = await this.#page(n);
    if (signal?.aborted) throw new AbortedError('drawing the page');
    const viewport = page.getViewport({ scale });
    const ratio = Math.min(window.devicePixelRatio || 1, Math.sqrt(MAX_CANVAS_PIXELS / (viewport.width * viewport.height)));
    const { canvas, textLayer } = target;
    canvas.width = Math.max(1, Math.floor(viewport.width * ratio));
    canvas.height = Math.max(1, Math.floor(viewport.height * ratio));
    const task = page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0], background: 'rgb(255,255,255)' });
    // Both halves are awaited together; whichever fails first, the other's rejection is handled.
    const drawing = task.promise;
    drawing.catch(() => undefined);
    let layer: InstanceType<PdfJsLib['TextLayer']> | null = null;
    const onAbort = () => {
      task.cancel();
      layer?.cancel();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const content = await page.getTextContent({ includeMarkedContent: false, disableNormalization: false });
      if (signal?.aborted) throw new AbortedError('drawing the page');
      textLayer.replaceChildren();
      // pdf.js sizes text with this variable (its own viewer sets it on a parent).
      textLayer.style.setProperty('--total-scale-factor', String(scale));
      layer = new this.lib.TextLayer({ textContentSource: batchedTextContent(content, signal), container: textLayer, viewport });
      const text = layer.render();
      text.catch(() => undefined);
      await Promise.all([drawing, text]);
      const spans = layer.textDivs.filter((d) => d.isConnected);
      return { width: viewport.width, height: viewport.height, spans };
    } catch (error) {
      if (signal?.aborted || (error instanceof Error && (error.name === 'RenderingCancelledException' || error.name === 'AbortException'))) throw new AbortedError('drawing the page');
      throw new AppError('internal', `viewer: page ${n} could not be drawn: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  destroy(): void {
    this.#pages.clear();
    void this.doc.destroy();
  }
}

/**
 * Opens a PDF original for drawing. FileError `file/encrypted` for a password-protected file
 * (the viewer never has the password: it is used once at import and not kept).
 */
export async function openPdfOriginal(data: ArrayBuffer, fileName: string): Promise<PdfOriginal> {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    data: new Uint8Array(data),
    isEvalSupported: false,
    enableXfa: false,
    cMapUrl: assetUrl('cmaps'),
    cMapPacked: true,
    standardFontDataUrl: assetUrl('standard_fonts'),
    wasmUrl: assetUrl('wasm'),
    iccUrl: assetUrl('iccs'),
    useSystemFonts: false,
    // Glyphs drawn as paths built in pdf.js's worker: no FontFace to parse on the main thread
    // (a document's fonts cost 70–105 ms there, measured while paging).
    disableFontFace: true,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  try {
    return new PdfJsOriginal(pdfjs, await task.promise);
  } catch (error) {
    void task.destroy();
    const name = error instanceof Error ? error.name : '';
    if (name === 'PasswordException') throw new FileError('file/encrypted', fileName, 'the PDF is password-protected, and its password is not kept');
    throw new FileError('file/corrupt', fileName, 'the stored original cannot be opened as a PDF', { cause: error });
  }
}
