/**
 * ChatService, the language model of a workspace, over the device's LanguageModels with the three
 * workers' APIs on MessageChannels: settings → provider → model, status transitions (unavailable,
 * loading with byte progress on the event stream, ready), the local server saved (its origin
 * stored for the endpoint worker's policy and that worker restarted) and checked, 'auto'
 * falling back past a provider that fails to load, a chosen provider that cannot answer
 * (null, with its reason), generation failures reflected in the status, and the choice persisted
 * per workspace.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChatService } from '../../../src/app/models/chat-service';
import type { ChatState } from '../../../src/app/models/chat-access';
import { LLM_ORIGINS_KEY } from '../../../src/app/models/chat-device';
import { ModelService } from '../../../src/app/models/model-service';
import { ModelError } from '../../../src/core/errors';
import type { CasefileEvent } from '../../../src/core/events';
import type { ChatDelta, ChatRequest } from '../../../src/core/ports';
import type { Capabilities } from '../../../src/models/capabilities';
import { CHAT_SETTINGS_KEY } from '../../../src/models/chat/providers';
import { ModelSettingsRepository } from '../../../src/models/settings';
import { MemoryStore } from '../../../src/models/stores';
import { registerRpcErrors } from '../../../src/rpc/errors';
import { WorkspaceRegistry } from '../../../src/store/workspaces';
import { startChatServer, type ChatServer } from '../../fixtures/chat-server';
import { freshIdb } from '../../helpers/idb';
import { MODELS_DIR, testLanguageModels } from '../../helpers/llm';
import { scriptedWebLlm } from '../../helpers/scripted-webllm';

registerRpcErrors();

const ask: ChatRequest = { messages: [{ role: 'user', content: 'What is the notice period?' }], temperature: 0, maxTokens: 6 };
const NO_GPU: Capabilities = { webgpu: null, webgpuError: 'navigator.gpu is missing', crossOriginIsolated: false, cores: 2, memoryGb: 8 };
const GPU: Capabilities = {
  ...NO_GPU,
  webgpu: { vendor: 'test', architecture: '', description: '', isFallbackAdapter: false, shaderF16: true, maxBufferSize: 2 ** 32 - 1, maxStorageBufferBindingSize: 2 ** 31 - 4 },
  webgpuError: null,
};
/** What the plan recommends for GPU above (a strong GPU with shader-f16). */
const WEBLLM_ID = 'Llama-3.1-8B-Instruct-q4f16_1-MLC';

let server: ChatServer;
beforeAll(async () => {
  server = await startChatServer({ reply: 'Thirty days [1].', models: ['tiny-chat'] });
});
afterAll(() => server.close());

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

async function collect(stream: AsyncIterable<ChatDelta>): Promise<string> {
  let text = '';
  for await (const d of stream) text += d.text;
  return text;
}

/** The fixture decoder's folder as picked files. */
function fixtureFiles(): { path: string; blob: Blob }[] {
  const root = join(MODELS_DIR, 'casefile', 'tiny-qwen2-chat');
  const walk = (dir: string): string[] => readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)]));
  return walk(root).map((f) => ({ path: `tiny-qwen2-chat/${relative(root, f)}`, blob: new Blob([readFileSync(f)]) }));
}

async function setup(options: { caps?: Capabilities; failWebLlm?: string } = {}) {
  const registry = new WorkspaceRegistry(freshIdb());
  const models = new ModelService({
    settings: new ModelSettingsRepository(registry.db),
    store: new MemoryStore(),
    capabilities: async () => options.caps ?? NO_GPU,
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
  const events: CasefileEvent[] = [];
  const webllmCache = new Set<string>();
  const webllm = async () => scriptedWebLlm({ failReload: options.failWebLlm, cached: webllmCache });
  const t = testLanguageModels({ registry: registry.db, models, store: new MemoryStore(), events: (e) => events.push(e), localModels: false, webllm, webllmCache });
  const workspace = await registry.current();
  const db = registry.openDatabase(workspace.id);
  const open = () => {
    const chat = new ChatService({ db, llm: t.llm, events: (e) => events.push(e) });
    const states: ChatState[] = [];
    chat.subscribe(() => {
      if (states.at(-1) !== chat.state) states.push(chat.state);
    });
    cleanups.push(() => chat.dispose());
    return { chat, states };
  };
  cleanups.push(() => t.llm.freeMemory());
  const { chat, states } = open();
  await chat.whenReady();
  return { ...t, registry, db, chat, states, events, open };
}

describe('ChatService', () => {
  it('with nothing set up: no model (extractive answers), and the state says so', async () => {
    const { chat } = await setup();
    expect(await chat.model()).toBeNull();
    expect(chat.state).toMatchObject({ provider: 'none', status: 'unavailable', model: null });
    expect(chat.state.message).toMatch(/No language model is ready.*Settings → Models/);
    expect(chat.view.rows.find((r) => r.id === 'webllm')?.status).toMatchObject({ kind: 'no-webgpu' });
  });

  it('None chosen: null, and the message says it was chosen', async () => {
    const { chat } = await setup();
    await chat.setProvider('none');
    expect(await chat.model()).toBeNull();
    expect(chat.state.message).toMatch(/chosen in Settings/);
  });

  it('a saved local server: its origin is stored for the endpoint worker, which restarts; checked, it answers', async () => {
    const t = await setup();
    await t.chat.saveEndpoint({ baseUrl: `${server.url}/v1`, model: 'tiny-chat' });
    expect((await t.registry.db.kv.get(LLM_ORIGINS_KEY))?.value).toEqual([server.url]);
    expect(t.chat.view.endpoint.check).toMatchObject({ ok: true, message: expect.stringMatching(/Connected: tiny-chat/) as string });
    expect(t.chat.view.active).toBe('endpoint');
    expect(t.chat.state).toMatchObject({ provider: 'endpoint', status: 'ready', model: 'tiny-chat' });
    const model = await t.chat.model();
    expect(model?.model.provider).toBe('endpoint');
    expect(await collect(model!.chat(ask))).toBe('Thirty days [1].');
    // Another server: a new origin, and the worker that called the old one is gone.
    const other = await startChatServer({ models: ['tiny-chat'] });
    try {
      const before = t.terminated.endpoint;
      await t.chat.saveEndpoint({ baseUrl: other.url, model: 'tiny-chat', apiKey: ' ' });
      expect((await t.registry.db.kv.get(LLM_ORIGINS_KEY))?.value).toEqual([other.url]);
      expect(t.terminated.endpoint).toBeGreaterThan(before);
      expect(t.chat.view.settings.endpoint).toEqual({ baseUrl: other.url, model: 'tiny-chat', apiKey: null });
    } finally {
      await other.close();
    }
    await t.chat.removeEndpoint();
    expect((await t.registry.db.kv.get(LLM_ORIGINS_KEY))?.value).toEqual([]);
    expect(await t.chat.model()).toBeNull();
  });

  it('a bad server address is refused naming the field; an unreachable server gives the precise cause', async () => {
    const { chat } = await setup();
    await expect(chat.saveEndpoint({ baseUrl: 'localhost:11434', model: 'qwen' })).rejects.toThrow(/is not a URL|must start with http/);
    await chat.saveEndpoint({ baseUrl: 'http://127.0.0.1:9', model: 'qwen' });
    expect(chat.view.endpoint.check).toMatchObject({ ok: false, message: expect.stringMatching(/endpoint: cannot reach http:\/\/127\.0\.0\.1:9/) as string });
    expect(chat.view.rows.find((r) => r.id === 'endpoint')?.status.kind).toBe('error');
    await chat.setProvider('endpoint');
    expect(await chat.model()).toBeNull();
    expect(chat.state.message).toMatch(/^The local server cannot answer: cannot reach http:\/\/127\.0\.0\.1:9 .*Answers quote the passages until it can\.$/);
  });

  it('a chosen CPU model that is not downloaded: null with the reason; imported, it loads with progress then answers', async () => {
    const t = await setup();
    await t.chat.setProvider('transformers');
    await t.chat.setGenerator({ model: 'local/tiny-qwen2-chat', device: 'cpu' });
    expect(await t.chat.model()).toBeNull();
    expect(t.chat.state.message).toMatch(/^The CPU model cannot answer: it is not set up \(unknown model "local\/tiny-qwen2-chat"\)/);
    const spec = await t.llm.importGeneratorFolder(fixtureFiles(), 'tiny-qwen2-chat');
    expect(spec.id).toBe('local/tiny-qwen2-chat');
    expect(t.chat.state).toMatchObject({ provider: 'transformers', status: 'ready' });
    const model = await t.chat.model();
    expect(model?.model).toMatchObject({ id: 'local/tiny-qwen2-chat', provider: 'transformers', dtype: 'q8' });
    expect(t.states.map((s) => s.status)).toContain('loading');
    expect(t.chat.state.status).toBe('ready');
    const load = t.events.filter((e) => e.jobId.startsWith('llm-load-'));
    expect(load.some((e) => e.type === 'progress' && e.unit === 'bytes')).toBe(true);
    expect(load.at(-1)?.type).toBe('job_done');
    expect((await collect(model!.chat(ask))).length).toBeGreaterThan(0);
    // Asked again: the warm worker's model, no second load.
    const loads = t.events.filter((e) => e.type === 'job_done' && e.jobId.startsWith('llm-load-')).length;
    await t.chat.model();
    expect(t.events.filter((e) => e.type === 'job_done' && e.jobId.startsWith('llm-load-')).length).toBe(loads);
    expect(t.spawned.transformers).toBe(1);
  });

  it("'auto' falls back past a provider that fails to load and says so", async () => {
    const t = await setup({ caps: GPU, failWebLlm: 'DeviceLostError: the device was lost' });
    t.webllmCache.add(WEBLLM_ID);
    await t.llm.readWebLlmCache();
    await t.llm.importGeneratorFolder(fixtureFiles(), 'tiny-qwen2-chat');
    await t.chat.setGenerator({ model: 'local/tiny-qwen2-chat', device: 'cpu' });
    expect(t.chat.view.active).toBe('webllm');
    const model = await t.chat.model();
    expect(model?.model.provider).toBe('transformers');
    expect(t.chat.view.rows.find((r) => r.id === 'webllm')?.status).toMatchObject({ kind: 'error', message: expect.stringMatching(/lost the GPU/) as string });
    expect(t.chat.state).toMatchObject({ provider: 'transformers', status: 'ready', message: expect.stringMatching(/^WebLLM failed: Llama-3\.1-8B-Instruct-q4f16_1-MLC lost the GPU.*; the CPU model answers instead\.$/) as string });
    expect(t.events.some((e) => e.type === 'job_failed' && e.jobId.startsWith('llm-load-'))).toBe(true);
    t.chat.retry();
    expect(t.chat.view.active).toBe('webllm');
  });

  it('the CPU model on a GPU that fails falls back to the processor, saying so', async () => {
    // In Node, onnxruntime-node has no WebGPU adapter: the load fails as a device failure would.
    const t = await setup({ caps: GPU });
    await t.llm.importGeneratorFolder(fixtureFiles(), 'tiny-qwen2-chat');
    await t.chat.setProvider('transformers');
    await t.chat.setGenerator({ model: 'local/tiny-qwen2-chat' });
    expect(t.chat.view.rows.find((r) => r.id === 'transformers')).toMatchObject({ device: 'webgpu', dtype: 'fp32' });
    const model = await t.chat.model();
    expect(model?.model).toMatchObject({ device: 'cpu', dtype: 'q8' });
    expect(t.events.some((e) => e.type === 'status' && /WebGPU failed \(.*\); switching to the processor \(WASM\) with q8/.test(e.message))).toBe(true);
    // The next question goes straight to the processor's model, still loaded.
    const spawned = t.spawned.transformers;
    expect((await t.chat.model())?.model).toMatchObject({ device: 'cpu', dtype: 'q8' });
    expect(t.spawned.transformers).toBe(spawned);
  });

  it('a chosen WebLLM model loads from the cache through the WebLLM worker', async () => {
    const t = await setup({ caps: GPU });
    t.webllmCache.add(WEBLLM_ID);
    await t.llm.readWebLlmCache();
    await t.chat.setProvider('webllm');
    expect(t.chat.state).toMatchObject({ provider: 'webllm', model: WEBLLM_ID, status: 'ready' });
    const model = await t.chat.model();
    expect(model?.model).toMatchObject({ id: WEBLLM_ID, provider: 'webllm' });
    expect(await collect(model!.chat(ask))).toMatch(/^(w )+/);
  });

  it('a generation failure is reflected in the status until retried', async () => {
    const t = await setup();
    const temp = await startChatServer({ models: ['tiny-chat'] });
    await t.chat.saveEndpoint({ baseUrl: temp.url, model: 'tiny-chat' });
    await t.chat.setProvider('endpoint');
    const model = await t.chat.model();
    await temp.close();
    const error = await collect(model!.chat(ask)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect(t.chat.state).toMatchObject({ provider: 'endpoint', status: 'unavailable', message: expect.stringMatching(/^The local server cannot answer: cannot reach/) as string });
  });

  it('the choice is kept per workspace, validated when read', async () => {
    const t = await setup();
    await t.chat.setProvider('transformers');
    await t.chat.setGenerator({ device: 'wasm' });
    expect((await t.db.meta.get(CHAT_SETTINGS_KEY))?.value).toMatchObject({ provider: 'transformers', transformers: { device: 'wasm' } });
    await t.db.meta.put({ key: CHAT_SETTINGS_KEY, value: { provider: 'gpt-9', transformers: { device: 'quantum' } } });
    const { chat } = t.open();
    await chat.whenReady();
    expect(chat.view.settings).toMatchObject({ provider: 'auto', transformers: { device: null } });
  });
});
