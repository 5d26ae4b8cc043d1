/**
 * WebLLM's cache asked of the WebLLM worker (src/app/workers/webllm-cache-worker.ts over
 * src/models/chat/webllm-cache.ts webLlmCacheApi), as the page does it, over a Node
 * MessageChannel and a scripted web-llm: which models are cached (with the mirror's config),
 * delete, errors across the boundary, one worker for consecutive questions, terminated when idle.
 */
import { describe, expect, it } from 'vitest';
import { workerWebLlmCache } from '../../../src/app/workers/webllm-cache-worker';
import { webLlmCacheApi, type WebLlmCacheLibrary } from '../../../src/models/chat/webllm-cache';
import { WEBLLM_MODELS, type WebLlmRecord } from '../../../src/models/chat/webllm-catalog';
import { channelWorker } from '../../helpers/channel-worker';

const [first, second] = WEBLLM_MODELS.map((m) => m.id);
const record = (id: string): WebLlmRecord => ({ model: `https://huggingface.co/mlc-ai/${id}`, model_id: id, model_lib: `https://raw.githubusercontent.com/mlc-ai/binary-mlc-llm-libs/main/web-llm-models/v0_2_80/${id}.wasm` });

function scripted(cached: Set<string>) {
  const configs: string[] = [];
  const lib: WebLlmCacheLibrary = {
    prebuiltAppConfig: { model_list: WEBLLM_MODELS.map((m) => record(m.id)) },
    hasModelInCache: async (id, appConfig) => {
      configs.push(appConfig.model_list.find((r) => r.model_id === id)!.model);
      return cached.has(id);
    },
    deleteModelAllInfoInCache: async (id) => void cached.delete(id),
  };
  return { lib, configs };
}

function client(cached: Set<string>, idleMs = 1_000) {
  const { lib, configs } = scripted(cached);
  const counts = { spawned: 0, terminated: 0 };
  const ops = workerWebLlmCache(() => {
    counts.spawned++;
    return channelWorker(webLlmCacheApi(async () => lib), () => counts.terminated++);
  }, idleMs);
  return { ops, counts, configs };
}

describe('WebLLM cache through the WebLLM worker', () => {
  it('lists the cached models, with the mirror in the config, and deletes one', async () => {
    const { ops, counts, configs } = client(new Set([first!]));
    expect(await ops.cached([first!, second!], null)).toEqual(new Set([first]));
    expect(await ops.cached([first!], { modelHost: 'https://hf.internal.example/', libraryHost: 'https://libs.internal.example/webllm' })).toEqual(new Set([first]));
    expect(configs.at(-1)).toMatch(/^https:\/\/hf\.internal\.example\//);
    await ops.delete(first!, null);
    expect(await ops.cached([first!, second!], null)).toEqual(new Set());
    expect(counts.spawned).toBe(1);
  });

  it('an unknown model is an error from the worker; the worker ends when idle', async () => {
    const { ops, counts } = client(new Set(), 20);
    await expect(ops.delete('not-a-model', null)).rejects.toThrow();
    await expect.poll(() => counts.terminated).toBe(1);
    expect(await ops.cached([second!], null)).toEqual(new Set());
    expect(counts.spawned).toBe(2);
  });
});
