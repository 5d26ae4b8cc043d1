/**
 * The device's language models for Node tests: LanguageModels with its three workers' APIs over
 * MessageChannels (tests/helpers/channel-worker.ts) — the endpoint worker as the app builds it,
 * the CPU-model worker on the fixture folder (tests/fixtures/models), and a WebLLM worker over a
 * scripted web-llm library — and WebLLM's browser cache as a set the test controls.
 */
import { fileURLToPath } from 'node:url';
import type { ModelService } from '../../src/app/models/model-service';
import { LanguageModels, type LlmProvider, type WebLlmCacheOps } from '../../src/app/models/chat-device';
import type { EventSink } from '../../src/core/events';
import { createChatHost } from '../../src/models/chat/chat-host';
import { endpointLoader } from '../../src/models/chat/endpoint-chat';
import { createGeneratorLoader } from '../../src/models/chat/generator-host';
import { createWebLlmLoader, type WebLlmLibrary } from '../../src/models/chat/webllm-host';
import type { BlobStore } from '../../src/models/model-cache';
import type { RegistryDb } from '../../src/store/db';
import { channelWorker } from './channel-worker';

export const MODELS_DIR = fileURLToPath(new URL('../fixtures/models/', import.meta.url));

export interface TestLlm {
  readonly llm: LanguageModels;
  /** Workers spawned and terminated per provider. */
  readonly spawned: Record<LlmProvider, number>;
  readonly terminated: Record<LlmProvider, number>;
  /** WebLLM model ids "in the browser cache". */
  readonly webllmCache: Set<string>;
}

export function testLanguageModels(deps: { registry: RegistryDb; models: ModelService; store: BlobStore; events?: EventSink; webllm?: () => Promise<WebLlmLibrary>; webllmCache?: Set<string>; localModels?: boolean; fetch?: (input: string | URL, init?: RequestInit) => Promise<Response> }): TestLlm {
  const spawned: Record<LlmProvider, number> = { webllm: 0, transformers: 0, endpoint: 0 };
  const terminated: Record<LlmProvider, number> = { webllm: 0, transformers: 0, endpoint: 0 };
  const webllmCache = deps.webllmCache ?? new Set<string>();
  const worker = (provider: LlmProvider, api: () => object) => () => {
    spawned[provider]++;
    return channelWorker(api(), () => terminated[provider]++);
  };
  const cacheOps: WebLlmCacheOps = {
    cached: async (ids) => new Set(ids.filter((id) => webllmCache.has(id))),
    delete: async (id) => void webllmCache.delete(id),
    importFolder: async (id, files) => {
      webllmCache.add(id);
      return files.reduce((s, f) => s + f.blob.size, 0);
    },
  };
  const noLibrary = async (): Promise<WebLlmLibrary> => {
    throw new Error('WebGPUNotAvailableError: no WebGPU in Node');
  };
  const llm = new LanguageModels({
    registry: deps.registry,
    models: deps.models,
    store: deps.store,
    events: deps.events ?? (() => undefined),
    spawn: {
      webllm: worker('webllm', () => createChatHost('llm worker', createWebLlmLoader(deps.webllm ?? noLibrary))),
      transformers: worker('transformers', () => createChatHost('generate worker', createGeneratorLoader({ store: deps.store, localModelPath: deps.localModels === false ? null : MODELS_DIR, ...(deps.fetch ? { fetch: deps.fetch } : {}) }))),
      endpoint: worker('endpoint', () => createChatHost('endpoint worker', endpointLoader)),
    },
    webllm: cacheOps,
    cpuDevice: 'cpu', // onnxruntime-node
  });
  return { llm, spawned, terminated, webllmCache };
}
