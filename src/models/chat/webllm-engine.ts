/**
 * WebLLM on the page: starts the engine in workers/llm.worker.ts and manages its cache. web-llm
 * (6.8 MB) is reached only through `import('@mlc-ai/web-llm')` here and in the worker, so it stays
 * out of the main bundle. Download = loading a model that is not cached (byte progress from
 * web-llm's reports); cancel = abort (the engine unloads; terminate the worker to free the GPU);
 * offline reuse = `hasModelInCache`; delete = `deleteModelAllInfoInCache`; mirror = the
 * appConfig's URLs (webllm-catalog.ts). Import from a folder writes the files into web-llm's own
 * Cache API entries under the URLs it will ask for (so loading fetches nothing).
 */
import { AbortedError, InputError } from '../../core/errors';
import type { JobOptions } from '../../core/ports';
import { WEBLLM_MODELS, webLlmAppConfig, type WebLlmSource } from './webllm-catalog';
import { mapWebLlmError, WebLlmChatModel, WebLlmProgressTracker, type WebLlmEngineLike, type WebLlmProgress } from './webllm-chat';

const webllm = () => import('@mlc-ai/web-llm');

export interface WebLlmLoadOptions extends JobOptions {
  readonly source?: WebLlmSource;
  readonly onProgress?: (progress: WebLlmProgress) => void;
}

/** Loads (downloading when not cached) `modelId` in `worker` and returns the ChatModel over it. */
export async function loadWebLlm(worker: Worker, modelId: string, options: WebLlmLoadOptions = {}): Promise<WebLlmChatModel> {
  if (options.signal?.aborted) throw new AbortedError(`loading ${modelId}`);
  const lib = await webllm();
  const appConfig = webLlmAppConfig(lib.prebuiltAppConfig.model_list, options.source);
  const expected = (WEBLLM_MODELS.find((m) => m.id === modelId)?.vramMB ?? 0) * 1e6;
  const tracker = new WebLlmProgressTracker(modelId, expected);
  const engine = new lib.WebWorkerMLCEngine(worker, {
    appConfig,
    initProgressCallback: (report) => {
      try {
        options.onProgress?.(tracker.update(report));
      } catch {
        // a failing listener must not break the load
      }
    },
  });
  const onAbort = () => void engine.unload().catch(() => undefined);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    await engine.reload(modelId);
  } catch (error) {
    if (options.signal?.aborted) throw new AbortedError(`loading ${modelId}`);
    throw mapWebLlmError(error, modelId, 'load');
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
  return new WebLlmChatModel(engine as unknown as WebLlmEngineLike, modelId);
}

export async function webLlmCached(modelId: string, source?: WebLlmSource): Promise<boolean> {
  const lib = await webllm();
  return lib.hasModelInCache(modelId, webLlmAppConfig(lib.prebuiltAppConfig.model_list, source));
}

export async function deleteWebLlmModel(modelId: string, source?: WebLlmSource): Promise<void> {
  const lib = await webllm();
  await lib.deleteModelAllInfoInCache(modelId, webLlmAppConfig(lib.prebuiltAppConfig.model_list, source));
}

// ---- import from a folder -----------------------------------------------------------------------

export interface ImportFile {
  /** Path relative to the picked folder (with or without the folder's own name first). */
  readonly path: string;
  readonly blob: Blob;
}

export interface CacheEntry {
  readonly cache: 'webllm/model' | 'webllm/config' | 'webllm/wasm';
  readonly url: string;
  readonly blob: Blob;
}

/**
 * Where each file of a downloaded MLC model folder (mlc-chat-config.json, tensor-cache.json,
 * params_shard_*.bin, tokenizer files) and of its model library (the `.wasm` named by the
 * record's model_lib) goes in web-llm's caches, under the URLs web-llm requests.
 */
export function webLlmImportEntries(files: readonly ImportFile[], record: { model: string; model_id: string; model_lib: string }): CacheEntry[] {
  const clean = files.map((f) => ({ path: f.path.replace(/\\/g, '/').replace(/^\.?\//, ''), blob: f.blob }));
  const base = clean.find((f) => f.path.endsWith('mlc-chat-config.json'))?.path.slice(0, -'mlc-chat-config.json'.length);
  if (base === undefined) throw new InputError(`webllm: the folder for ${record.model_id} has no mlc-chat-config.json (pick the downloaded MLC model folder)`);
  if (!clean.some((f) => f.path === `${base}tensor-cache.json`)) throw new InputError(`webllm: the folder for ${record.model_id} has no tensor-cache.json next to mlc-chat-config.json`);
  const libName = record.model_lib.slice(record.model_lib.lastIndexOf('/') + 1);
  const lib = clean.find((f) => f.path.endsWith(`/${libName}`) || f.path === libName);
  if (!lib) throw new InputError(`webllm: the folder for ${record.model_id} lacks its model library ${libName} (download it next to the model files)`);
  const modelUrl = new URL(record.model.endsWith('/') ? record.model : `${record.model}/`);
  if (!/\/resolve\/[^/]+\/$/.test(modelUrl.pathname)) modelUrl.pathname += 'resolve/main/';
  const entries: CacheEntry[] = [{ cache: 'webllm/wasm', url: record.model_lib, blob: lib.blob }];
  for (const f of clean) {
    if (f === lib || !f.path.startsWith(base)) continue;
    const rel = f.path.slice(base.length);
    if (rel.includes('/') || rel.startsWith('.')) continue;
    entries.push({ cache: rel === 'mlc-chat-config.json' ? 'webllm/config' : 'webllm/model', url: new URL(rel, modelUrl).href, blob: f.blob });
  }
  return entries;
}

interface CacheStorageLike {
  open(name: string): Promise<{ put(request: string, response: Response): Promise<void> }>;
}

/** Writes the entries into the Cache API; returns the bytes written. */
export async function writeWebLlmImport(entries: readonly CacheEntry[], storage: CacheStorageLike = caches): Promise<number> {
  let bytes = 0;
  for (const e of entries) {
    const cache = await storage.open(e.cache);
    await cache.put(e.url, new Response(e.blob, { headers: { 'content-length': String(e.blob.size) } }));
    bytes += e.blob.size;
  }
  return bytes;
}
