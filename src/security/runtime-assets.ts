/**
 * The model runtimes the app serves from its own origin but leaves out of the first-visit
 * precache: ONNX Runtime's wasm and its JS factory (the embed, rerank and CPU-model workers load
 * them when a model session starts) and the WebLLM worker bundle (web-llm itself). The service
 * worker (workers/sw.ts) keeps each in RUNTIME_CACHE the first time the app loads it, so a model
 * once downloaded or used keeps working offline; vite.config.ts keeps them out of the precache.
 * Kept with worker-policy.ts: both say how the service worker serves the app's own files.
 * Environment-neutral; no imports.
 */

/** The Cache API cache holding the runtimes fetched so far. */
export const RUNTIME_CACHE = 'casefile-runtimes';

/** Globs (relative to the build output) the precache leaves out: the files isRuntimeAsset matches. */
export const RUNTIME_ASSET_GLOBS: readonly string[] = ['assets/ort-wasm-*.wasm', 'assets/ort-wasm-*.mjs', 'assets/llm.worker-*.js'];

/** Vite's names for those files: `ort-wasm-simd-threaded.asyncify-<hash>.{wasm,mjs}`, `llm.worker-<hash>.js`. */
const RUNTIME_FILE = /\/assets\/(?:ort-wasm-[^/]+\.(?:wasm|mjs)|llm\.worker-[^/]+\.js)$/;

/** True for the path of a model runtime (`/assets/…`, under any base path). */
export function isRuntimeAsset(pathname: string): boolean {
  return RUNTIME_FILE.test(pathname);
}
