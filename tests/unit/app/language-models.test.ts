/**
 * The device's language models (LanguageModels) with the workers' APIs over MessageChannels:
 * a CPU-model download from a (fake) Hub mirror with byte progress on the event stream, the model
 * then loaded and reused offline; cancel; a failed download saying what to do; delete; a folder
 * import and its removal; WebLLM downloads and deletes over a scripted web-llm; the WebLLM mirror
 * validated and kept; the endpoint origins stored only when they change.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { downloadKey, LLM_ORIGINS_KEY } from '../../../src/app/models/chat-device';
import { ModelService } from '../../../src/app/models/model-service';
import type { CasefileEvent } from '../../../src/core/events';
import { GENERATORS } from '../../../src/models/chat/generators';
import { LLM_PREFS_KEY, readLlmPrefs } from '../../../src/models/chat/llm-prefs';
import type { Capabilities } from '../../../src/models/capabilities';
import { HUB_PATH_TEMPLATE } from '../../../src/models/hub';
import { ModelSettingsRepository } from '../../../src/models/settings';
import { MemoryStore } from '../../../src/models/stores';
import { registerRpcErrors } from '../../../src/rpc/errors';
import { WorkspaceRegistry } from '../../../src/store/workspaces';
import { fakeHub } from '../models/fake-hub';
import { freshIdb } from '../../helpers/idb';
import { testLanguageModels } from '../../helpers/llm';
import { scriptedWebLlm } from '../../helpers/scripted-webllm';

registerRpcErrors();

const QWEN = GENERATORS[0]!;
const MIRROR = { remoteHost: 'https://hf-mirror.example/', remotePathTemplate: HUB_PATH_TEMPLATE };
const GPU: Capabilities = {
  webgpu: { vendor: 'test', architecture: '', description: '', isFallbackAdapter: false, shaderF16: true, maxBufferSize: 2 ** 32 - 1, maxStorageBufferBindingSize: 2 ** 31 - 4 },
  webgpuError: null,
  crossOriginIsolated: false,
  cores: 2,
  memoryGb: 8,
};
const SMALL = 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC';

const frees: (() => void)[] = [];
afterEach(() => {
  for (const f of frees.splice(0)) f();
});

async function setup(options: { fetch?: (input: string | URL, init?: RequestInit) => Promise<Response>; failWebLlm?: string } = {}) {
  const registry = new WorkspaceRegistry(freshIdb());
  const models = new ModelService({
    settings: new ModelSettingsRepository(registry.db),
    store: new MemoryStore(),
    capabilities: async () => GPU,
    spawn: {
      embedder: () => {
        throw new Error('no embedder here');
      },
      reranker: () => {
        throw new Error('no reranker here');
      },
    },
  });
  await models.start();
  await models.setSource(MIRROR);
  const events: CasefileEvent[] = [];
  const webllmCache = new Set<string>();
  const store = new MemoryStore();
  const t = testLanguageModels({
    registry: registry.db,
    models,
    store,
    events: (e) => events.push(e),
    localModels: false,
    webllmCache,
    webllm: async () => scriptedWebLlm({ cached: webllmCache, failReload: options.failWebLlm }),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  await t.llm.start();
  frees.push(() => t.llm.freeMemory());
  return { ...t, registry, events, store };
}

describe('LanguageModels', () => {
  it('downloads a CPU model from the mirror with byte progress, keeps it loaded, and reuses it offline', async () => {
    const hub = fakeHub(MIRROR, () => 'casefile/tiny-qwen2-chat');
    let online = true;
    const t = await setup({ fetch: (input, init) => (online ? hub.fetch(input, init) : Promise.reject(new TypeError('Failed to fetch'))) });
    await t.llm.downloadGenerator(QWEN.key, 'q8', 'cpu');
    expect(hub.downloads.every((u) => u.startsWith('https://hf-mirror.example/onnx-community/Qwen2.5-0.5B-Instruct/resolve/main/'))).toBe(true);
    expect(hub.downloads.some((u) => u.endsWith('onnx/model_quantized.onnx'))).toBe(true);
    expect(t.llm.state.generatorsCached.has(`${QWEN.id}@q8`)).toBe(true);
    expect(t.llm.state.loaded.transformers).toMatchObject({ id: QWEN.id, dtype: 'q8' });
    const job = t.events.filter((e) => e.jobId.startsWith('llm-download-'));
    const progress = job.filter((e) => e.type === 'progress');
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.every((e, i) => i === 0 || e.done >= progress[i - 1]!.done)).toBe(true);
    expect(job.at(-1)?.type).toBe('job_done');
    expect(t.llm.state.downloads).toEqual({});
    // Offline: memory freed, the model loads from the cache with no request.
    online = false;
    t.llm.freeMemory();
    const before = hub.requests.length;
    const model = await t.llm.loadGenerator({ spec: QWEN, device: 'cpu', dtype: 'q8' });
    expect(model.model.id).toBe(QWEN.id);
    expect(hub.requests.length).toBe(before);
    // Delete: the files go, and so does "downloaded".
    await t.llm.deleteGenerator(QWEN.key, 'q8');
    expect(t.llm.state.generatorsCached.size).toBe(0);
    expect(t.llm.state.loaded.transformers).toBeNull();
  });

  it('Cancel stops a download: no failure, the download gone, job_cancelled', async () => {
    const hanging = (_: string | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const t = await setup({ fetch: hanging });
    const download = t.llm.downloadGenerator(QWEN.key, 'q8', 'cpu');
    const key = downloadKey('transformers', QWEN.id, 'q8');
    await expect.poll(() => t.llm.state.downloads[key]).toBeDefined();
    t.llm.cancelDownload(key);
    await download;
    expect(t.llm.state.downloads).toEqual({});
    expect(t.llm.state.failures).toEqual({});
    expect(t.events.filter((e) => e.jobId.startsWith('llm-download-')).at(-1)?.type).toBe('job_cancelled');
  });

  it('a worker downloading one model is not taken over to load another', async () => {
    const hanging = (_: string | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const t = await setup({ fetch: hanging });
    const download = t.llm.downloadGenerator(QWEN.key, 'q8', 'cpu');
    const key = downloadKey('transformers', QWEN.id, 'q8');
    await expect.poll(() => t.llm.state.downloads[key]).toBeDefined();
    const other = await t.llm.loadGenerator({ spec: GENERATORS[1]!, device: 'cpu', dtype: 'q8' }).catch((e: unknown) => e);
    expect((other as Error).message).toMatch(/waits until the download of onnx-community\/Qwen2\.5-0\.5B-Instruct ends/);
    expect(t.llm.state.downloads[key]).toBeDefined();
    t.llm.cancelDownload(key);
    await download;
  });

  it('a failed download says what to do and is retried by Download again', async () => {
    const t = await setup({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    await t.llm.downloadGenerator(QWEN.key, 'q8', 'cpu');
    const failure = t.llm.state.failures[downloadKey('transformers', QWEN.id, 'q8')];
    expect(failure).toMatch(/^Downloading Qwen2\.5 0\.5B Instruct \(q8\) failed: the files could not be fetched .*press Retry, set a mirror under "Download source", or use "Import folder…"/);
    const failed = t.events.find((e) => e.type === 'job_failed');
    expect(failed?.type === 'job_failed' && failed.error.code).toBe('model/download-failed');
  });

  it('imports a text-generation folder as local/<name>, kept in the preferences until its last file is deleted', async () => {
    const t = await setup();
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const { join, relative } = await import('node:path');
    const { MODELS_DIR } = await import('../../helpers/llm');
    const root = join(MODELS_DIR, 'casefile', 'tiny-qwen2-chat');
    const walk = (dir: string): string[] => readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)]));
    const files = walk(root).map((f) => ({ path: `my-chat/${relative(root, f)}`, blob: new Blob([readFileSync(f)]) }));
    const spec = await t.llm.importGeneratorFolder(files, 'my-chat');
    expect(spec).toMatchObject({ id: 'local/my-chat', custom: true });
    expect(readLlmPrefs((await t.registry.db.kv.get(LLM_PREFS_KEY))?.value).custom.map((s) => s.id)).toEqual(['local/my-chat']);
    expect([...t.llm.state.generatorsCached].sort()).toEqual(['local/my-chat@fp32', 'local/my-chat@q8']);
    await t.llm.deleteGenerator(spec.key, 'q8');
    expect(t.llm.state.generators.some((g) => g.id === 'local/my-chat')).toBe(true);
    await t.llm.deleteGenerator(spec.key, 'fp32');
    expect(t.llm.state.generators.some((g) => g.id === 'local/my-chat')).toBe(false);
    await expect(t.llm.importGeneratorFolder([{ path: 'x/config.json', blob: new Blob(['{"architectures":["BertModel"]}']) }], 'x')).rejects.toThrow(/not a model folder|not a text-generation model/);
  });

  it('WebLLM: a download leaves the model loaded; a failure says what to do; delete', async () => {
    const t = await setup();
    await t.llm.readWebLlmCache();
    await t.llm.downloadWebLlm(SMALL);
    expect(t.llm.state.webllmCached.has(SMALL)).toBe(true);
    expect(t.llm.state.loaded.webllm?.id).toBe(SMALL);
    expect(t.events.filter((e) => e.jobId.startsWith('llm-download-')).at(-1)?.type).toBe('job_done');
    await t.llm.deleteWebLlm(SMALL);
    expect(t.llm.state.webllmCached.has(SMALL)).toBe(false);
    expect(t.llm.state.loaded.webllm).toBeNull();

    const offline = await setup({ failWebLlm: "TypeError: Failed to execute 'add' on 'Cache': Request failed" });
    await offline.llm.downloadWebLlm(SMALL);
    expect(offline.llm.state.failures[downloadKey('webllm', SMALL)]).toMatch(/^Downloading Qwen2\.5 0\.5B Instruct failed: the files could not be fetched .*Details: webllm: /);
    const html = await setup({ failWebLlm: `SyntaxError: Unexpected token '<', "<!doctype "... is not valid JSON` });
    await html.llm.downloadWebLlm(SMALL);
    expect(html.llm.state.failures[downloadKey('webllm', SMALL)]).toMatch(/failed: the server sent a web page instead of the model's files \(check the mirror address\)/);
  });

  it("WebLLM's mirror is validated and kept for the device", async () => {
    const t = await setup();
    await expect(t.llm.setWebLlmSource({ modelHost: 'http://mirror.example/', libraryHost: null })).rejects.toThrow(/must use https/);
    await t.llm.setWebLlmSource({ modelHost: 'https://mirror.example/hf/', libraryHost: null });
    expect(t.llm.state.webllmSource).toEqual({ modelHost: 'https://mirror.example/hf/', libraryHost: null });
    expect(readLlmPrefs((await t.registry.db.kv.get(LLM_PREFS_KEY))?.value).webllmSource).toEqual({ modelHost: 'https://mirror.example/hf/', libraryHost: null });
    expect(readLlmPrefs({ version: 1, custom: [{ id: 'evil', key: 'x', label: 'y', dtypes: {} }], webllmSource: { modelHost: 'javascript:alert(1)' } })).toEqual({ version: 1, custom: [], webllmSource: null });
  });

  it('stores the endpoint origins and restarts the endpoint worker only when they change', async () => {
    const t = await setup();
    await t.llm.loadEndpoint({ baseUrl: 'http://localhost:11434', model: 'qwen' });
    await t.llm.admitEndpoint({ baseUrl: 'http://localhost:11434', model: 'qwen' });
    expect((await t.registry.db.kv.get(LLM_ORIGINS_KEY))?.value).toEqual(['http://localhost:11434']);
    expect(t.terminated.endpoint).toBe(1); // the worker started before under another policy
    await t.llm.loadEndpoint({ baseUrl: 'http://localhost:11434', model: 'qwen' });
    const terminated = t.terminated.endpoint;
    await t.llm.admitEndpoint({ baseUrl: 'http://localhost:11434/v1', model: 'qwen' });
    expect(t.terminated.endpoint).toBe(terminated);
    await t.llm.admitEndpoint({ baseUrl: 'http://gpu-box.lan:8080', model: 'qwen' });
    expect((await t.registry.db.kv.get(LLM_ORIGINS_KEY))?.value).toEqual(['http://gpu-box.lan:8080']);
    expect(t.terminated.endpoint).toBe(terminated + 1);
  });
});
