/**
 * tesseract.js for Node (tests, the eval and bench CLIs): tesseract.js's own worker_threads
 * worker and WASM core from node_modules, language data read from the installed
 * @tesseract.js-data/{eng,fra,deu} packages on disk, nothing written to the working directory.
 * tesseract.js reads every language of a worker from one folder, so the three packages' files
 * are linked into one folder under the system's temporary directory. Never import this from
 * browser code.
 *
 * Node built-ins are reached through `process.getBuiltinModule` (as in pdfjs-node.ts), so this
 * file type-checks in every tsconfig of the project.
 */
import { BUNDLED_LANGUAGES, DATA_VARIANT } from './assets';
import type { OcrRuntime } from './runtime';

interface NodeBuiltins {
  module: { createRequire(from: string): { resolve(id: string): string } };
  path: { dirname(p: string): string; join(...parts: string[]): string };
  fs: {
    mkdirSync(p: string, o: { recursive: true }): void;
    existsSync(p: string): boolean;
    symlinkSync(target: string, p: string): void;
    copyFileSync(from: string, to: string): void;
    renameSync(from: string, to: string): void;
  };
  os: { tmpdir(): string };
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
  return path.join(path.dirname(builtin('module').createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json')), DATA_VARIANT);
}

/** The installed package's data file for one language. */
function packageDataFile(code: string): string {
  const path = builtin('path');
  return path.join(path.dirname(builtin('module').createRequire(import.meta.url).resolve(`@tesseract.js-data/${code}/package.json`)), DATA_VARIANT, `${code}.traineddata.gz`);
}

let langDir: string | undefined;
/** One folder holding every bundled language's data (links to the installed packages' files). */
export function nodeLangDir(): string {
  if (langDir) return langDir;
  const { path, fs } = { path: builtin('path'), fs: builtin('fs') };
  const dir = path.join(builtin('os').tmpdir(), `casefile-tessdata-${DATA_VARIANT}`);
  fs.mkdirSync(dir, { recursive: true });
  for (const code of BUNDLED_LANGUAGES) {
    const target = path.join(dir, `${code}.traineddata.gz`);
    if (fs.existsSync(target)) continue;
    // Built beside and renamed, so two processes starting at once never see half a file.
    const temp = `${target}.${Math.random().toString(36).slice(2)}`;
    try {
      fs.symlinkSync(packageDataFile(code), temp);
    } catch {
      fs.copyFileSync(packageDataFile(code), temp);
    }
    fs.renameSync(temp, target);
  }
  return (langDir = dir);
}

/**
 * The Node runtime. `extraLangPath` may be a local folder of `<code>.traineddata.gz` files or a
 * URL; nothing is cached (no files appear in the working directory).
 */
export function nodeOcrRuntime(options: { extraLangPath?: string; defaultLanguages?: readonly string[] } = {}): OcrRuntime {
  return {
    bundledLangPath: nodeLangDir(),
    bundledLanguages: BUNDLED_LANGUAGES,
    extraLangPath: options.extraLangPath,
    cacheDownloads: false,
    defaultLanguages: options.defaultLanguages ?? ['eng'],
  };
}
