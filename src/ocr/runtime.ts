/**
 * Offline knobs for tesseract.js in one place: where its worker script, WASM core and language
 * data come from, and whether downloaded language data is cached. The browser runtime points at
 * our own origin only (assets.ts lists the files); node-runtime.ts points at node_modules.
 *
 * Languages: the bundled ones (eng) come from `bundledLangPath`. Any other language comes from
 * `extraLangPath`, a folder the user chose that holds `<code>.traineddata.gz` files (for example
 * a self-hosted copy of https://tessdata.projectnaptha.com/4.0.0_best_int/). One tesseract
 * worker reads all its languages from one folder, so a request mixing a bundled and a downloaded
 * language (["deu", "eng"]) reads both from `extraLangPath`. Downloaded data is cached by
 * tesseract.js in IndexedDB (under `cachePath`, per folder), so it is fetched once. The folder's
 * host must be allowed by the CSP's connect-src.
 */
import { InputError } from '../core/errors';
import { BUNDLED_LANGUAGES, TESSERACT_ASSET_DIR } from './assets';

export interface OcrRuntime {
  /** tesseract.js worker script URL (browser); undefined uses tesseract.js's own (Node). */
  readonly workerPath?: string | undefined;
  /**
   * The tesseract-core*.wasm.js file to load (browser), chosen by `coreFileFor`; undefined in Node
   * (tesseract.js picks from node_modules).
   */
  readonly corePath?: string | undefined;
  /** Folder (URL, or a path in Node) holding the bundled languages' `<code>.traineddata.gz`. */
  readonly bundledLangPath: string;
  /** Languages found in `bundledLangPath`. */
  readonly bundledLanguages: readonly string[];
  /** Folder (URL or path) for every other language; undefined: only bundled languages. */
  readonly extraLangPath?: string | undefined;
  /** Cache downloaded (non-bundled) language data (tesseract.js's IndexedDB cache in the browser). */
  readonly cacheDownloads: boolean;
  /** Languages used when a request names none. */
  readonly defaultLanguages: readonly string[];
}

/** Where a set of languages is read from, and how tesseract.js should cache it. */
export interface LanguagePlan {
  /** Sorted, de-duplicated codes, e.g. ["deu", "eng"]. */
  readonly languages: readonly string[];
  readonly langPath: string;
  /** tesseract.js `cacheMethod`. */
  readonly cacheMethod: 'none' | 'write';
  /** tesseract.js `cachePath`: one namespace per folder, so two folders never share a cached file. */
  readonly cachePath: string;
  /** Identifies a tesseract worker set up for this plan (reuse it for the same key). */
  readonly key: string;
}

const LANGUAGE_CODE = /^[a-z]{3}(_[a-z]+)?$/i; // tesseract codes: eng, deu, chi_sim, deu_latf

/** Validates and orders the requested languages, and picks the folder that serves them. */
export function planLanguages(runtime: OcrRuntime, requested: readonly string[] | undefined, extraLangPath = runtime.extraLangPath): LanguagePlan {
  const list = requested && requested.length > 0 ? requested : runtime.defaultLanguages;
  for (const code of list) {
    if (!LANGUAGE_CODE.test(code)) throw new InputError(`ocr: not a Tesseract language code: ${JSON.stringify(code)} (expected e.g. "eng", "deu", "chi_sim")`, { language: code });
  }
  const languages = [...new Set(list)].sort();
  const bundled = languages.every((code) => runtime.bundledLanguages.includes(code));
  let langPath: string;
  if (bundled) langPath = runtime.bundledLangPath;
  else if (extraLangPath) langPath = extraLangPath;
  else {
    const missing = languages.filter((code) => !runtime.bundledLanguages.includes(code));
    throw new InputError(`ocr: no language data for ${missing.join(', ')}: only ${runtime.bundledLanguages.join(', ')} ship with the app; set a download folder (extraLangPath) for others`, { languages: missing });
  }
  const cacheMethod = !bundled && runtime.cacheDownloads ? 'write' : 'none';
  return { languages, langPath, cacheMethod, cachePath: `casefile-ocr:${langPath}`, key: `${languages.join('+')}@${langPath}` };
}

/** wasm-feature-detect's SIMD probe (i8x16.splat, i8x16.popcnt), inlined. */
const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);

export function wasmSimdSupported(): boolean {
  try {
    return typeof WebAssembly === 'object' && WebAssembly.validate(SIMD_PROBE);
  } catch {
    return false;
  }
}

/**
 * The core file to load: LSTM-only, with WASM SIMD where the browser has it (every browser that
 * can render pages in a worker does), else the plain build. We choose instead of letting
 * tesseract.js choose from the folder, which would also want the relaxed-SIMD build: measured no
 * faster (Chromium 1.31 s vs 1.26 s a page), 3.9 MB more to ship, and relaxed SIMD may round
 * differently per CPU, so the same scan could read differently on two machines.
 */
export function coreFileFor(simd = wasmSimdSupported()): string {
  return simd ? 'tesseract-core-simd-lstm.wasm.js' : 'tesseract-core-lstm.wasm.js';
}

/**
 * The browser runtime: everything from our own origin under `<assetBase>` (e.g.
 * "https://app.example/tesseract/"), nothing from a CDN.
 */
export function browserOcrRuntime(assetBase: string | URL, options: { extraLangPath?: string; defaultLanguages?: readonly string[]; simd?: boolean } = {}): OcrRuntime {
  const base = new URL(String(assetBase).replace(/\/?$/, '/'));
  return {
    workerPath: new URL('worker.min.js', base).href,
    corePath: new URL(`core/${coreFileFor(options.simd)}`, base).href,
    bundledLangPath: new URL('lang/', base).href,
    bundledLanguages: BUNDLED_LANGUAGES,
    extraLangPath: options.extraLangPath,
    cacheDownloads: true,
    defaultLanguages: options.defaultLanguages ?? ['eng'],
  };
}

/** `<origin><base>tesseract/` for an app served under `baseUrl` (Vite's BASE_URL). */
export function tesseractAssetBase(origin: string, baseUrl: string): URL {
  return new URL(`${baseUrl.replace(/^\.?\/?/, '/').replace(/\/?$/, '/')}${TESSERACT_ASSET_DIR}/`, origin);
}
