/**
 * Every runtime knob of transformers.js / ONNX Runtime in one place (CONVENTIONS #13).
 *
 * - No network unless asked: transformers.js may fetch only through `env.fetch`, which is a
 *   gate that lets a request through only for a model id currently being downloaded at the
 *   user's request (`NetworkGate.allow(id)`); everything else gets a 404 and becomes
 *   "model not downloaded". Local model folders are off in the browser.
 * - Cache: `env.customCache` = ModelCache (Cache API in browsers), keyed by model id and file,
 *   checked before any fetch; the browser's own transformers-cache and the FS cache are off.
 * - ONNX Runtime's wasm/mjs come from our own origin (`wasmPaths`), never a CDN; transformers.js's
 *   wasm pre-cache (which turns the .mjs into a blob: URL) is off.
 */
import { env } from '@huggingface/transformers';
import { fileKeyResolver, type HubSource } from './hub';
import type { ModelCache } from './model-cache';

type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>;

/** Lets transformers.js reach the Hub (or mirror) only for the models being downloaded. */
export class NetworkGate {
  readonly #allowed = new Map<string, number>();
  /** URLs refused since start (diagnostics and tests). */
  readonly refused: string[] = [];
  #resolve: ReturnType<typeof fileKeyResolver>;

  constructor(
    source: HubSource,
    private readonly base: FetchLike = (input, init) => fetch(input, init),
  ) {
    this.#resolve = fileKeyResolver(source, null);
  }

  setSource(source: HubSource): void {
    this.#resolve = fileKeyResolver(source, null);
  }

  /** Opens the network for model `id` until the returned function is called. */
  allow(id: string): () => void {
    this.#allowed.set(id, (this.#allowed.get(id) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const n = (this.#allowed.get(id) ?? 1) - 1;
      if (n <= 0) this.#allowed.delete(id);
      else this.#allowed.set(id, n);
    };
  }

  isAllowed(url: string): boolean {
    const key = this.#resolve(url);
    return key !== null && this.#allowed.has(key.id);
  }

  readonly fetch: FetchLike = (input, init) => {
    const url = String(input);
    if (this.isAllowed(url)) return this.base(url, init);
    this.refused.push(url);
    return Promise.resolve(new Response(null, { status: 404, statusText: 'Not downloaded (Casefile makes no request the user did not ask for)' }));
  };
}

export interface RuntimeOptions {
  readonly source: HubSource;
  /**
   * A folder of model folders (Node: a path, e.g. the test fixtures) loaded directly with no
   * cache and no network; null in the browser, where imported folders go through the cache.
   */
  readonly localModelPath: string | null;
  readonly cache: ModelCache | null;
  /** Required for any remote access; without a gate remote models are off. */
  readonly gate: NetworkGate | null;
  /** ONNX Runtime's wasm and its JS factory, on our origin (browser only). */
  readonly wasmPaths?: { readonly wasm: string; readonly mjs: string } | null;
  /** WASM threads; default ONNX Runtime's choice (half the cores, at most 4) when cross-origin isolated. */
  readonly numThreads?: number;
}

/** Applies `options` to transformers.js's global `env`. Call before each load (cheap). */
export function configureRuntime(options: RuntimeOptions): void {
  env.remoteHost = options.source.remoteHost;
  env.remotePathTemplate = options.source.remotePathTemplate;
  env.allowLocalModels = options.localModelPath !== null;
  if (options.localModelPath !== null) env.localModelPath = options.localModelPath;
  env.allowRemoteModels = options.gate !== null;
  if (options.gate) {
    options.gate.setSource(options.source);
    env.fetch = options.gate.fetch;
  }
  env.useBrowserCache = false;
  env.useFSCache = false;
  env.useWasmCache = false;
  env.useCustomCache = options.cache !== null;
  env.customCache = options.cache;
  options.cache?.setResolver(fileKeyResolver(options.source, env.localModelPath));
  const wasm = env.backends.onnx.wasm;
  if (wasm) {
    if (options.wasmPaths) wasm.wasmPaths = { wasm: options.wasmPaths.wasm, mjs: options.wasmPaths.mjs };
    if (options.numThreads !== undefined) wasm.numThreads = options.numThreads;
  }
}
