/**
 * WebLLM's files in the browser cache: which catalog models are downloaded (offline reuse),
 * delete, and import from a folder (the files written into web-llm's own Cache API entries under
 * the URLs it will ask for, so loading fetches nothing). web-llm (6 MB) runs only in the WebLLM
 * worker (workers/llm.worker.ts), which serves these next to the engine (webLlmCacheApi); the
 * page asks that worker (src/app/workers/webllm-cache-worker.ts), so no page chunk holds web-llm.
 */
import { InputError } from '../../core/errors';
import { webLlmAppConfig, type WebLlmRecord, type WebLlmSource } from './webllm-catalog';

type AppConfig = ReturnType<typeof webLlmAppConfig>;

/** The slice of `@mlc-ai/web-llm` the cache operations use (tests pass a scripted one). */
export interface WebLlmCacheLibrary {
  readonly prebuiltAppConfig: { readonly model_list: readonly WebLlmRecord[] };
  hasModelInCache(modelId: string, appConfig: AppConfig): Promise<boolean>;
  deleteModelAllInfoInCache(modelId: string, appConfig: AppConfig): Promise<void>;
}

/** The ids of `ids` whose files are in the browser cache. */
async function cachedWebLlmModels(lib: WebLlmCacheLibrary, ids: readonly string[], source?: WebLlmSource | null): Promise<Set<string>> {
  const appConfig = webLlmAppConfig(lib.prebuiltAppConfig.model_list, source ?? undefined, ids);
  const out = new Set<string>();
  for (const id of ids) if (await lib.hasModelInCache(id, appConfig).catch(() => false)) out.add(id);
  return out;
}

async function deleteWebLlmModel(lib: WebLlmCacheLibrary, modelId: string, source?: WebLlmSource | null): Promise<void> {
  await lib.deleteModelAllInfoInCache(modelId, webLlmAppConfig(lib.prebuiltAppConfig.model_list, source ?? undefined, [modelId]));
}

/** Imports a downloaded MLC model folder (and its model library) as `modelId`; returns the bytes written. */
async function importWebLlmFolder(lib: WebLlmCacheLibrary, modelId: string, files: readonly ImportFile[], source?: WebLlmSource | null): Promise<number> {
  const record = webLlmAppConfig(lib.prebuiltAppConfig.model_list, source ?? undefined, [modelId]).model_list[0]!;
  return writeWebLlmImport(webLlmImportEntries(files, record));
}

/**
 * What the WebLLM worker serves besides the chat host (the method names are the protocol; the
 * page side is src/app/workers/webllm-cache-worker.ts). web-llm is loaded when first asked.
 */
export function webLlmCacheApi(library: () => Promise<WebLlmCacheLibrary>) {
  return {
    async cachedModels(ids: readonly string[], source: WebLlmSource | null): Promise<Set<string>> {
      return cachedWebLlmModels(await library(), ids, source);
    },
    async deleteModel(modelId: string, source: WebLlmSource | null): Promise<void> {
      await deleteWebLlmModel(await library(), modelId, source);
    },
    async importFolder(modelId: string, files: readonly ImportFile[], source: WebLlmSource | null): Promise<number> {
      return importWebLlmFolder(await library(), modelId, files, source);
    },
  };
}

export type WebLlmCacheApi = ReturnType<typeof webLlmCacheApi>;

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
