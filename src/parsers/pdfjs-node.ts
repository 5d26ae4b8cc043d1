/**
 * pdf.js for Node (tests, the eval CLI, headless ingest): the legacy build, no worker thread
 * (pdf.js's worker code runs in this thread through its "fake worker"), fonts and CMaps read
 * from the installed pdfjs-dist on disk. Never import this from browser code. Pages are rendered
 * (for OCR) on @napi-rs/canvas, which pdf.js's own NodeCanvasFactory loads.
 *
 * Node built-ins are reached through `process.getBuiltinModule` (as pdf.js itself does) rather
 * than `import 'node:…'`, so this file type-checks in every tsconfig of the project.
 */
import { isPdfJsInternalError, type PdfJsLoader, type PdfJsRuntime } from './pdf';

interface NodeBuiltins {
  module: { createRequire(from: string): { resolve(id: string): string } };
  path: { dirname(p: string): string; join(...parts: string[]): string; sep: string };
}

function builtin<K extends keyof NodeBuiltins>(id: K): NodeBuiltins[K] {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const mod = proc?.getBuiltinModule?.(id);
  if (!mod) throw new Error(`pdfjs-node: Node built-in "${id}" is unavailable (Node >= 20.16 is required)`);
  return mod as NodeBuiltins[K];
}

let runtime: Promise<PdfJsRuntime> | undefined;

/** What pdf.js's NodeCanvasFactory makes: an @napi-rs/canvas Canvas (typed here, not imported). */
interface NapiCanvas {
  encode(format: 'png'): Promise<Uint8Array>;
}

/** PNG bytes of an @napi-rs/canvas canvas, as a standalone ArrayBuffer (encoded off the main thread). */
async function encodePng(canvas: unknown): Promise<ArrayBuffer> {
  const bytes = await (canvas as NapiCanvas).encode('png');
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** The installed pdfjs-dist folder (holds cmaps/, standard_fonts/, wasm/, iccs/). */
export function pdfjsDistRoot(): string {
  return builtin('path').dirname(builtin('module').createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
}

interface NodeProcess {
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): void;
  listenerCount(event: string): number;
}

/**
 * pdf.js's worker code runs in this thread and leaves some of its own rejected promises
 * unobserved on damaged files (see isPdfJsInternalError): drop exactly those. Any other
 * unhandled rejection is rethrown, as Node does by default, unless someone else listens.
 */
function guardPdfJsRejections(): void {
  const proc = (globalThis as { process?: NodeProcess }).process;
  proc?.on('unhandledRejection', (reason) => {
    if (isPdfJsInternalError(reason)) return;
    if (proc.listenerCount('unhandledRejection') === 1) throw reason;
  });
}

/** Loads pdf.js once per process (concurrent first calls share the load). */
export const loadPdfJsNode: PdfJsLoader = () =>
  (runtime ??= (async () => {
    guardPdfJsRejections();
    const [lib, worker] = await Promise.all([import('pdfjs-dist/legacy/build/pdf.mjs'), import('pdfjs-dist/legacy/build/pdf.worker.mjs')]);
    // Hand pdf.js its worker code so it runs in this thread instead of importing it by path.
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker ??= worker;
    const path = builtin('path');
    const root = pdfjsDistRoot();
    // In Node pdf.js reads these with fs.readFile(base + name): plain paths with a trailing separator.
    const dir = (name: string) => path.join(root, name) + path.sep;
    return {
      lib,
      encodePng,
      params: {
        standardFontDataUrl: dir('standard_fonts'),
        cMapUrl: dir('cmaps'),
        cMapPacked: true,
        wasmUrl: dir('wasm'),
        iccUrl: dir('iccs'),
        useSystemFonts: false,
        disableFontFace: true,
      },
    };
  })());
