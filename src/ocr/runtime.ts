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
  /** Folder URL holding the tesseract-core*.wasm.js variants (browser); undefined in Node. */
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

/**
 * The browser runtime: everything from our own origin under `<assetBase>` (e.g.
 * "https://app.example/tesseract/"), nothing from a CDN.
 */
export function browserOcrRuntime(assetBase: string | URL, options: { extraLangPath?: string; defaultLanguages?: readonly string[] } = {}): OcrRuntime {
  const base = new URL(String(assetBase).replace(/\/?$/, '/'));
  return {
    workerPath: new URL('worker.min.js', base).href,
    corePath: new URL('core/', base).href,
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
