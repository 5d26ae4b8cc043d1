/**
 * pdf.js for the browser, loaded inside our own parse worker: the modern build, with pdf.js's
 * worker code run in the same thread (`globalThis.pdfjsWorker`), so no nested worker is spawned.
 * CMaps, standard fonts, wasm decoders and ICC profiles come from our own origin (`assetBase`,
 * e.g. "https://app.example/pdfjs/"), never from a CDN.
 *
 * There is no DOM in a worker: pages are rendered (for OCR) on OffscreenCanvas through our own
 * canvas factory, and pdf.js's SVG filter factory is replaced by one that applies no filters.
 */
import { isPdfJsInternalError, type PdfJsLoader, type PdfJsRuntime } from './pdf';

export interface BrowserPdfJsOptions {
  /** Absolute URL of the folder holding cmaps/, standard_fonts/, wasm/ and iccs/ (trailing slash optional). */
  readonly assetBase: string | URL;
}

interface CanvasAndContext {
  canvas: OffscreenCanvas | null;
  context: OffscreenCanvasRenderingContext2D | null;
}

/** pdf.js's CanvasFactory contract (create/reset/destroy) on OffscreenCanvas. */
class OffscreenCanvasFactory {
  create(width: number, height: number): CanvasAndContext {
    if (width <= 0 || height <= 0) throw new Error('Invalid canvas size');
    const canvas = new OffscreenCanvas(width, height);
    return { canvas, context: canvas.getContext('2d', { willReadFrequently: true }) };
  }

  reset(target: CanvasAndContext, width: number, height: number): void {
    if (!target.canvas) throw new Error('Canvas is not specified');
    if (width <= 0 || height <= 0) throw new Error('Invalid canvas size');
    target.canvas.width = width;
    target.canvas.height = height;
  }

  destroy(target: CanvasAndContext): void {
    if (!target.canvas) throw new Error('Canvas is not specified');
    target.canvas.width = target.canvas.height = 0; // releases the pixels now
    target.canvas = null;
    target.context = null;
  }
}

/**
 * pdf.js's FilterFactory contract without a DOM: no SVG filters (transfer functions and
 * high-contrast colours are skipped; they do not change what text a page holds).
 */
class NoFilterFactory {
  addFilter(): string {
    return 'none';
  }
  addHCMFilter(): string {
    return 'none';
  }
  addAlphaFilter(): string {
    return 'none';
  }
  addLuminosityFilter(): string {
    return 'none';
  }
  addHighlightHCMFilter(): string {
    return 'none';
  }
  destroy(): void {}
}

/** PNG bytes of an OffscreenCanvas. */
async function encodePng(canvas: unknown): Promise<ArrayBuffer> {
  const blob = await (canvas as OffscreenCanvas).convertToBlob({ type: 'image/png' });
  return blob.arrayBuffer();
}

export function browserPdfJsLoader(options: BrowserPdfJsOptions): PdfJsLoader {
  const base = new URL(String(options.assetBase).replace(/\/?$/, '/'));
  let runtime: Promise<PdfJsRuntime> | undefined;
  return () =>
    (runtime ??= (async () => {
      // pdf.js's worker code runs in this thread and leaves some of its own rejections
      // unobserved on damaged files (see isPdfJsInternalError); they are not the app's errors.
      globalThis.addEventListener?.('unhandledrejection', (event: PromiseRejectionEvent) => {
        if (isPdfJsInternalError(event.reason)) event.preventDefault();
      });
      const [lib, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs')]);
      (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker ??= worker;
      const url = (dir: string) => new URL(`${dir}/`, base).href;
      const canRender = typeof OffscreenCanvas !== 'undefined';
      return {
        lib,
        ...(canRender ? { encodePng } : {}),
        params: {
          ...(canRender ? { CanvasFactory: OffscreenCanvasFactory, FilterFactory: NoFilterFactory } : {}),
          cMapUrl: url('cmaps'),
          cMapPacked: true,
          standardFontDataUrl: url('standard_fonts'),
          wasmUrl: url('wasm'),
          iccUrl: url('iccs'),
          useWorkerFetch: true,
          // No document here to install fonts into: glyphs are drawn as paths when rendering.
          disableFontFace: true,
          useSystemFonts: false,
        },
      };
    })());
}
