/**
 * The tesseract.js files the app serves from its own origin, as data: the build copies them
 * (vite.config.ts, `tesseractAssets()`), the browser runtime (runtime.ts) points tesseract.js at
 * them. Environment-neutral; no imports.
 *
 *   <base>tesseract/worker.min.js                          tesseract.js's worker script (classic)
 *   <base>tesseract/core/tesseract-core-*-lstm.wasm.js     the WASM engine, one file per CPU feature set
 *   <base>tesseract/lang/eng.traineddata.gz                English, LSTM-only integer model (precached)
 *   <base>tesseract/lang/{fra,deu}.traineddata.gz          French and German, the same kind of model (precached)
 */

/** Folder under the app's base URL. */
export const TESSERACT_ASSET_DIR = 'tesseract';

/**
 * The model variant shipped for every language: `4.0.0_best_int` (LSTM only, 2.95 MB) rather than
 * `4.0.0` (10.9 MB, the same LSTM network plus the legacy engine we never run). It is also what
 * tesseract.js itself downloads for LSTM-only workers. Measured: identical text and confidence
 * on the clean and degraded scans of tests/fixtures/scanned.ts.
 */
export const DATA_VARIANT = '4.0.0_best_int';

/**
 * Languages whose data ships with the app (served from our origin), all three in the first-visit
 * precache (English 2.8 MB, French 0.7 MB, German 1.3 MB): a scan in any of them is read offline
 * after one visit.
 */
export const BUNDLED_LANGUAGES: readonly string[] = ['eng', 'fra', 'deu'];

export interface TesseractAsset {
  /** Package-relative source, resolved from node_modules at build time. */
  readonly from: string;
  /** Destination under `<base>tesseract/`. */
  readonly to: string;
  /** Precache with the app shell (the service worker); the others are fetched when first needed. */
  readonly precache: boolean;
}

/**
 * The WASM cores, LSTM-only (we never run the legacy engine); runtime.ts `coreFileFor` picks one.
 * The SIMD build covers every browser that can render pages in a worker (OffscreenCanvas:
 * Chrome 69, Firefox 105, Safari 16.4 — all with WASM SIMD), so the plain build is shipped for
 * the odd exception but not precached. The relaxed-SIMD build is not shipped (see runtime.ts).
 */
export const TESSERACT_ASSETS: readonly TesseractAsset[] = [
  { from: 'tesseract.js/dist/worker.min.js', to: 'worker.min.js', precache: true },
  { from: 'tesseract.js-core/tesseract-core-simd-lstm.wasm.js', to: 'core/tesseract-core-simd-lstm.wasm.js', precache: true },
  { from: 'tesseract.js-core/tesseract-core-lstm.wasm.js', to: 'core/tesseract-core-lstm.wasm.js', precache: false },
  { from: `@tesseract.js-data/eng/${DATA_VARIANT}/eng.traineddata.gz`, to: 'lang/eng.traineddata.gz', precache: true },
  { from: `@tesseract.js-data/fra/${DATA_VARIANT}/fra.traineddata.gz`, to: 'lang/fra.traineddata.gz', precache: true },
  { from: `@tesseract.js-data/deu/${DATA_VARIANT}/deu.traineddata.gz`, to: 'lang/deu.traineddata.gz', precache: true },
];
