/**
 * The page's operations on WebLLM's browser cache (which models are downloaded, delete, import a
 * folder), asked of a WebLLM worker (workers/llm.worker.ts, src/models/chat/webllm-cache.ts
 * webLlmCacheApi) so web-llm's 6 MB never load in the page. The worker is its own, apart from
 * the one running a model (a download or an answer never waits for a cache read): spawned on the
 * first question and terminated after `idleMs` without one.
 */
import type { PickedFile } from '../../models/import-folder';
import type { WebLlmCacheApi } from '../../models/chat/webllm-cache';
import type { WebLlmSource } from '../../models/chat/webllm-catalog';
import { chatError } from '../../models/chat/failures';
import type { WorkerEndpoint } from '../../rpc/handle';
import { WorkerLifetime } from '../../rpc/lifetime';

/** What the page asks of WebLLM's cache (chat-device.ts WebLlmCacheOps). */
export interface WebLlmCacheClient {
  cached(ids: readonly string[], source: WebLlmSource | null): Promise<Set<string>>;
  delete(modelId: string, source: WebLlmSource | null): Promise<void>;
  importFolder(modelId: string, files: readonly PickedFile[], source: WebLlmSource | null): Promise<number>;
}

export function workerWebLlmCache(spawn: () => WorkerEndpoint, idleMs = 15_000): WebLlmCacheClient {
  const lifetime = new WorkerLifetime<WebLlmCacheApi>({
    name: 'WebLLM cache worker',
    spawn,
    idleMs,
    crashError: (message) => chatError('unknown', `WebLLM cache worker crashed: ${message}`, { provider: 'webllm', modelId: '' }, { details: { crashed: true } }),
  });
  return {
    cached: (ids, source) => lifetime.call('reading the WebLLM cache', undefined, (api) => api.cachedModels([...ids], source)),
    delete: (modelId, source) => lifetime.call(`deleting ${modelId}`, undefined, (api) => api.deleteModel(modelId, source)),
    importFolder: (modelId, files, source) => lifetime.call(`importing ${modelId}`, undefined, (api) => api.importFolder(modelId, files.map((f) => ({ path: f.path, blob: f.blob })), source)),
  };
}
