/**
 * tesseract.js for Node (tests, the eval and bench CLIs): tesseract.js's own worker_threads
 * worker and WASM core from node_modules, English data read from the installed
 * @tesseract.js-data/eng package on disk, nothing written to the working directory.
 * Never import this from browser code.
 *
 * Node built-ins are reached through `process.getBuiltinModule` (as in pdfjs-node.ts), so this
 * file type-checks in every tsconfig of the project.
 */
import { BUNDLED_LANGUAGES, ENG_DATA_VARIANT } from './assets';
import type { OcrRuntime } from './runtime';

interface NodeBuiltins {
  module: { createRequire(from: string): { resolve(id: string): string } };
  path: { dirname(p: string): string; join(...parts: string[]): string };
}

function builtin<K extends keyof NodeBuiltins>(id: K): NodeBuiltins[K] {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const mod = proc?.getBuiltinModule?.(id);
  if (!mod) throw new Error(`ocr node-runtime: Node built-in "${id}" is unavailable (Node >= 20.16 is required)`);
  return mod as NodeBuiltins[K];
}

/** The folder holding eng.traineddata.gz in the installed @tesseract.js-data/eng. */
export function nodeEngDataDir(): string {
  const path = builtin('path');
  return path.join(path.dirname(builtin('module').createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json')), ENG_DATA_VARIANT);
}

/**
 * The Node runtime. `extraLangPath` may be a local folder of `<code>.traineddata.gz` files or a
 * URL; nothing is cached (no files appear in the working directory).
 */
export function nodeOcrRuntime(options: { extraLangPath?: string; defaultLanguages?: readonly string[] } = {}): OcrRuntime {
  return {
    bundledLangPath: nodeEngDataDir(),
    bundledLanguages: BUNDLED_LANGUAGES,
    extraLangPath: options.extraLangPath,
    cacheDownloads: false,
    defaultLanguages: options.defaultLanguages ?? ['eng'],
  };
}
