/**
 * Check page for tests/e2e/ocr-page/check.ts: the real WorkerOcr (workers/ocr.worker.ts, nested
 * tesseract.js worker, assets from our origin) and a parse worker that renders scanned pages.
 * Exposes `window.ocrCheck` for the script to drive.
 */
import { WorkerOcr } from '../../../src/app/ocr-proxy';
import { WorkerParser, type ParseWorkerEndpoint } from '../../../src/app/parser-proxy';
import type { OcrResult, PageImage, SourceFile } from '../../../src/core/ports';
import { browserOcrRuntime, tesseractAssetBase } from '../../../src/ocr/runtime';
import { TesseractOcr } from '../../../src/ocr/tesseract';

function spawnRenderWorker(): ParseWorkerEndpoint {
  return new Worker(new URL('./render.worker.ts', import.meta.url), { type: 'module', name: 'parse-render' });
}

const STASH = 'ocr-check-fixtures';

/** The fixture from the check's own cache (kept for the offline run), else from the server. */
async function fetchBytes(path: string): Promise<ArrayBuffer> {
  const cached = await (await caches.open(STASH)).match(path);
  if (cached) return cached.arrayBuffer();
  const response = await fetch(path);
  if (!response.ok) throw new Error(`check page: ${path}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

function sourceFile(name: string, data: ArrayBuffer): SourceFile {
  return { name, path: name, size: data.byteLength, mediaType: 'application/pdf', lastModified: null, bytes: () => Promise.resolve(data.slice(0)) };
}

interface PageRun {
  page: number;
  needsOcr: boolean;
  width: number;
  height: number;
  pngBytes: number;
  text: string;
  confidence: number;
  ocrMs: number;
}

const api = {
  crossOriginIsolated: globalThis.crossOriginIsolated,
  controlled: () => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined,

  async registerServiceWorker(): Promise<void> {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
  },

  /** Fetches a URL and tells whether it came back (served by the network or the service worker). */
  async probe(path: string): Promise<{ ok: boolean; status: number; bytes: number }> {
    try {
      const response = await fetch(path);
      return { ok: response.ok, status: response.status, bytes: (await response.arrayBuffer()).byteLength };
    } catch {
      return { ok: false, status: 0, bytes: 0 };
    }
  },

  /** Keeps copies of the fixtures for the offline run (they are not in the precache). */
  async stash(paths: string[]): Promise<void> {
    const cache = await caches.open(STASH);
    await cache.addAll(paths);
  },

  /** Parses the PDF in the render worker, OCRs every page in the OCR worker. */
  async parseAndOcr(path: string, options: { idleMs?: number } = {}): Promise<{ pages: PageRun[]; parseMs: number; ocrMs: number; totalMs: number; spawned: number }> {
    const data = await fetchBytes(path);
    const parser = new WorkerParser({ spawn: spawnRenderWorker });
    const ocr = new WorkerOcr({ idleMs: options.idleMs ?? 10_000 });
    const pages: PageRun[] = [];
    const t0 = performance.now();
    let parseMs = 0;
    let ocrMs = 0;
    let t = performance.now();
    for await (const item of parser.parse(sourceFile(path, data))) {
      if (item.kind !== 'page') continue;
      parseMs += performance.now() - t;
      const p = item.page;
      const image = p.image;
      let result: OcrResult = { text: '', confidence: 0 };
      const s = performance.now();
      const pngBytes = image?.data.byteLength ?? 0;
      if (image) result = await ocr.recognize(image);
      const ms = performance.now() - s;
      ocrMs += ms;
      pages.push({ page: p.page, needsOcr: p.needsOcr, width: image?.width ?? 0, height: image?.height ?? 0, pngBytes, text: result.text, confidence: result.confidence, ocrMs: ms });
      t = performance.now();
    }
    parser.terminate();
    ocr.terminate();
    return { pages, parseMs, ocrMs, totalMs: performance.now() - t0, spawned: ocr.spawned };
  },

  /** OCR of an image file served by the page's origin. */
  async recognizeFile(path: string, mediaType: string, repeat = 1): Promise<{ results: OcrResult[]; ms: number[]; detached: boolean }> {
    const ocr = new WorkerOcr();
    const results: OcrResult[] = [];
    const ms: number[] = [];
    let detached = false;
    for (let i = 0; i < repeat; i++) {
      const data = await fetchBytes(path);
      const image: PageImage = { width: 0, height: 0, mediaType, data };
      const s = performance.now();
      results.push(await ocr.recognize(image));
      ms.push(performance.now() - s);
      detached = data.byteLength === 0;
    }
    ocr.terminate();
    return { results, ms, detached };
  },

  /** OCR in a language that does not ship with the app, from a download folder. */
  async recognizeLanguage(path: string, language: string, extraLangPath: string): Promise<OcrResult> {
    const ocr = new WorkerOcr({ extraLangPath });
    try {
      return await ocr.recognize({ width: 0, height: 0, mediaType: 'image/png', data: await fetchBytes(path) }, { languages: [language] });
    } finally {
      ocr.terminate();
    }
  },

  /**
   * Times one core variant (tesseract.js in a worker spawned by this page, corePath pinned to
   * one file instead of the folder it chooses from).
   */
  async benchCore(file: string, path: string, repeat: number): Promise<{ ms: number[]; confidence: number }> {
    const base = tesseractAssetBase(location.origin, '/'); // the check page is built with base '/'
    const ocr = new TesseractOcr({ runtime: { ...browserOcrRuntime(base), corePath: new URL(`core/${file}`, base).href } });
    const data = await fetchBytes(path);
    const ms: number[] = [];
    let confidence = 0;
    try {
      await ocr.prepare();
      for (let i = 0; i < repeat; i++) {
        const s = performance.now();
        confidence = (await ocr.recognize({ width: 0, height: 0, mediaType: 'image/png', data })).confidence;
        ms.push(performance.now() - s);
      }
    } finally {
      await ocr.terminate();
    }
    return { ms, confidence };
  },

  /** Like benchCore, for several variants at once, alternating page by page (fair under load). */
  async benchCoresInterleaved(files: string[], path: string, rounds: number): Promise<Record<string, number[]>> {
    const base = tesseractAssetBase(location.origin, '/');
    const engines = files.map((file) => new TesseractOcr({ runtime: { ...browserOcrRuntime(base), corePath: new URL(`core/${file}`, base).href } }));
    const data = await fetchBytes(path);
    const ms: Record<string, number[]> = Object.fromEntries(files.map((f) => [f, []]));
    try {
      for (const engine of engines) await engine.prepare();
      for (let r = 0; r < rounds; r++) {
        for (const [i, engine] of engines.entries()) {
          const s = performance.now();
          await engine.recognize({ width: 0, height: 0, mediaType: 'image/png', data });
          ms[files[i]!]!.push(performance.now() - s);
        }
      }
    } finally {
      for (const engine of engines) await engine.terminate();
    }
    return ms;
  },

  /** Abort while reading, then read again with the same engine; then the idle close. */
  async abortAndIdle(path: string): Promise<{ abortedAs: string; abortMs: number; after: OcrResult; runningAfterIdle: boolean; spawned: number }> {
    const ocr = new WorkerOcr({ idleMs: 1_000 });
    await ocr.prepare();
    const controller = new AbortController();
    const first = ocr.recognize({ width: 0, height: 0, mediaType: 'image/png', data: await fetchBytes(path) }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 150);
    const s = performance.now();
    const abortedAs = await first.then(
      () => 'resolved',
      (e: unknown) => (e instanceof Error ? e.name : String(e)),
    );
    const abortMs = performance.now() - s;
    const after = await ocr.recognize({ width: 0, height: 0, mediaType: 'image/png', data: await fetchBytes(path) });
    await new Promise((r) => setTimeout(r, 1_500));
    return { abortedAs, abortMs, after, runningAfterIdle: ocr.running, spawned: ocr.spawned };
  },
};

declare global {
  interface Window {
    ocrCheck: typeof api;
  }
}
window.ocrCheck = api;
document.getElementById('status')!.textContent = 'ready';
