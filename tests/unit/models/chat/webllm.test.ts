/**
 * WebLLM without a GPU: the catalog pinned against the installed web-llm's prebuilt records,
 * filtering by what fake adapters can run (no WebGPU, software adapter, tiny limits, no shader-f16,
 * weak and strong GPUs), the appConfig with a mirror, the ChatModel adapter over a scripted engine
 * (streaming, abort → interruptGenerate, json → response_format with the schema string), the error
 * mapping of what web-llm throws (also as the "Name: message" strings its worker sends back),
 * byte progress from its reports, and import from a folder checked with web-llm's own
 * hasModelInCache over a Cache API stand-in.
 */
import { deleteModelAllInfoInCache, hasModelInCache, modelLibURLPrefix, prebuiltAppConfig } from '@mlc-ai/web-llm';
import { afterEach, describe, expect, it } from 'vitest';
import { AbortedError, ModelError } from '../../../../src/core/errors';
import type { ChatDelta } from '../../../../src/core/ports';
import type { GpuInfo } from '../../../../src/models/capabilities';
import { planWebLlm, WEBLLM_LIBRARY_HOST, WEBLLM_MODELS, webLlmAppConfig, webLlmOrigins } from '../../../../src/models/chat/webllm-catalog';
import { mapWebLlmError, WebLlmChatModel, WebLlmProgressTracker, type WebLlmEngineLike } from '../../../../src/models/chat/webllm-chat';
import { webLlmImportEntries, writeWebLlmImport } from '../../../../src/models/chat/webllm-cache';

const GiB = 2 ** 30;
const gpu = (over: Partial<GpuInfo>): GpuInfo => ({ vendor: 'test', architecture: '', description: '', isFallbackAdapter: false, shaderF16: true, maxBufferSize: 4 * GiB - 1, maxStorageBufferBindingSize: 2 * GiB - 4, ...over });

describe('catalog', () => {
  it('every model is a prebuilt record of the installed web-llm with the same VRAM figure', () => {
    const byId = new Map(prebuiltAppConfig.model_list.map((r) => [r.model_id, r]));
    for (const m of WEBLLM_MODELS) {
      const r = byId.get(m.id);
      expect(r, m.id).toBeDefined();
      expect(r!.vram_required_MB).toBe(m.vramMB);
      expect(r!.buffer_size_required_bytes).toBe(m.bufferBytes);
    }
    expect(modelLibURLPrefix).toBe(WEBLLM_LIBRARY_HOST);
  });
});

describe('planWebLlm: what this device can run', () => {
  it('no WebGPU: nothing, with the reason; a software adapter: q4f32 builds offered with a warning, none recommended', () => {
    expect(planWebLlm({ gpu: null, gpuError: 'navigator.gpu is missing', memoryGb: 8 })).toMatchObject({ recommended: null, unavailable: expect.stringContaining('navigator.gpu is missing') as string });
    const soft = planWebLlm({ gpu: gpu({ isFallbackAdapter: true, shaderF16: false }), memoryGb: 8 });
    expect(soft.recommended).toBeNull();
    expect(soft.unavailable).toBeNull();
    expect(soft.warning).toMatch(/^only a software adapter/);
    const fitting = soft.choices.filter((c) => c.fits);
    expect(fitting.length).toBeGreaterThan(0);
    expect(fitting.every((c) => c.model.quant === 'q4f32')).toBe(true);
    expect(soft.choices.filter((c) => c.model.quant === 'q4f16').every((c) => !c.fits && /shader-f16/.test(c.reason ?? ''))).toBe(true);
    expect(planWebLlm({ gpu: gpu({ maxBufferSize: 2 ** 27, maxStorageBufferBindingSize: 2 ** 27 }), memoryGb: 8 }).unavailable).toMatch(/below WebLLM's minimum/);
  });

  it('a strong GPU with shader-f16 gets a 7–8B q4f16 model', () => {
    const plan = planWebLlm({ gpu: gpu({}), memoryGb: 8 });
    expect(plan.recommended?.quant).toBe('q4f16');
    expect(plan.recommended?.params).toBeGreaterThanOrEqual(7);
    expect(plan.choices.filter((c) => c.fits).length).toBeGreaterThan(10);
  });

  it('a weak GPU without shader-f16 gets a 1.5B q4f32 model; f16 builds and big models are refused with reasons', () => {
    const plan = planWebLlm({ gpu: gpu({ shaderF16: false, maxBufferSize: GiB, maxStorageBufferBindingSize: GiB }), memoryGb: 4 });
    expect(plan.recommended).toMatchObject({ id: 'Qwen2.5-1.5B-Instruct-q4f32_1-MLC', quant: 'q4f32' });
    const f16 = plan.choices.find((c) => c.model.id === 'Qwen2.5-0.5B-Instruct-q4f16_1-MLC')!;
    expect(f16).toMatchObject({ fits: false, reason: expect.stringContaining('shader-f16') as string });
    const big = plan.choices.find((c) => c.model.id === 'Llama-3.1-8B-Instruct-q4f32_1-MLC')!;
    expect(big.reason).toMatch(/GB of GPU memory/);
    expect(plan.choices.filter((c) => c.fits).every((c) => c.model.quant === 'q4f32' && c.model.vramMB < 3000)).toBe(true);
  });

  it('a mid GPU (2 GiB buffers, f16) lands on 3–4B; the memory estimate can be overridden', () => {
    const mid = planWebLlm({ gpu: gpu({ maxBufferSize: 2 * GiB - 1 }), memoryGb: 8 }).recommended!;
    expect(mid.params).toBeGreaterThanOrEqual(3);
    expect(mid.params).toBeLessThan(7);
    expect(planWebLlm({ gpu: gpu({ maxBufferSize: 2 * GiB - 1 }), memoryGb: 8, overrideMB: 12_000 }).recommended?.params).toBe(8);
  });
});

describe('appConfig', () => {
  it('uses the prebuilt records, moved to a mirror when one is set', () => {
    const plain = webLlmAppConfig(prebuiltAppConfig.model_list);
    expect(plain.model_list).toHaveLength(WEBLLM_MODELS.length);
    expect(plain.model_list[0]!.model).toMatch(/^https:\/\/huggingface\.co\/mlc-ai\//);
    const mirrored = webLlmAppConfig(prebuiltAppConfig.model_list, { modelHost: 'https://hf.internal.example/', libraryHost: 'https://libs.internal.example/webllm' });
    const qwen = mirrored.model_list.find((r) => r.model_id === 'Qwen2.5-1.5B-Instruct-q4f32_1-MLC')!;
    expect(qwen.model).toBe('https://hf.internal.example/mlc-ai/Qwen2.5-1.5B-Instruct-q4f32_1-MLC');
    const original = prebuiltAppConfig.model_list.find((r) => r.model_id === qwen.model_id)!.model_lib;
    expect(qwen.model_lib).toBe(`https://libs.internal.example/webllm/${original.slice(WEBLLM_LIBRARY_HOST.length)}`);
    expect(webLlmOrigins({ modelHost: 'https://hf.internal.example/', libraryHost: null })).toEqual(['https://hf.internal.example', 'https://raw.githubusercontent.com']);
    expect(() => webLlmAppConfig(prebuiltAppConfig.model_list, undefined, ['Nope-1B'])).toThrow(/not a prebuilt model/);
  });
});

/** A scripted engine: streams `words` as chunks, honours interruptGenerate like web-llm (finish_reason "abort"). */
function scriptedEngine(words: string[], options: { fail?: Error } = {}) {
  const requests: Record<string, unknown>[] = [];
  let interrupted = 0;
  let stop = false;
  const engine: WebLlmEngineLike = {
    interruptGenerate: () => {
      interrupted++;
      stop = true;
    },
    chat: {
      completions: {
        create: async (request) => {
          requests.push(request);
          stop = false;
          if (options.fail) throw options.fail;
          return (async function* () {
            let n = 0;
            for (const w of words) {
              await new Promise((r) => setTimeout(r, 1));
              if (stop) break;
              n++;
              yield { choices: [{ delta: { content: w }, finish_reason: null }] };
            }
            yield { choices: [{ delta: {}, finish_reason: stop ? 'abort' : 'stop' }] };
            yield { choices: [], usage: { prompt_tokens: 30, completion_tokens: n } };
          })();
        },
      },
    },
  };
  return { engine, requests, interrupted: () => interrupted };
}

async function collect(stream: AsyncIterable<ChatDelta>): Promise<ChatDelta[]> {
  const out: ChatDelta[] = [];
  for await (const d of stream) out.push(d);
  return out;
}

describe('WebLlmChatModel over a scripted engine', () => {
  const ask = { messages: [{ role: 'user' as const, content: 'Summarise clause 7.' }], temperature: 0, maxTokens: 64, stop: ['\n\n'] };

  it('streams the chunks in order with usage, and passes the request through', async () => {
    const { engine, requests } = scriptedEngine(['Clause ', '7 ', 'caps ', 'liability.']);
    const model = new WebLlmChatModel(engine, 'Qwen2.5-1.5B-Instruct-q4f32_1-MLC');
    const deltas = await collect(model.chat(ask));
    expect(deltas.map((d) => d.text).join('')).toBe('Clause 7 caps liability.');
    expect(deltas.at(-1)).toEqual({ text: '', finishReason: 'stop', usage: { promptTokens: 30, completionTokens: 4 } });
    expect(requests[0]).toMatchObject({ stream: true, temperature: 0, max_tokens: 64, stop: ['\n\n'], messages: [{ role: 'user', content: 'Summarise clause 7.' }] });
    expect(model.model).toEqual({ id: 'Qwen2.5-1.5B-Instruct-q4f32_1-MLC', dtype: 'q4', device: 'webgpu', provider: 'webllm' });
  });

  it('abort calls interruptGenerate and ends with AbortedError', async () => {
    const { engine, interrupted } = scriptedEngine(Array.from({ length: 1000 }, (_, i) => `w${i} `));
    const controller = new AbortController();
    const seen: string[] = [];
    const error = await (async () => {
      for await (const d of new WebLlmChatModel(engine, 'm').chat(ask, { signal: controller.signal })) {
        seen.push(d.text);
        if (seen.length === 2) controller.abort();
      }
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortedError);
    expect(interrupted()).toBeGreaterThanOrEqual(1);
    expect(seen).toEqual(['w0 ', 'w1 ']);
  });

  it('breaking out of the loop interrupts the engine', async () => {
    const { engine, interrupted } = scriptedEngine(['a ', 'b ', 'c ']);
    for await (const d of new WebLlmChatModel(engine, 'm').chat(ask)) if (d.text) break;
    expect(interrupted()).toBe(1);
  });

  it('json sends response_format json_object with the schema as a string and parses the reply', async () => {
    const { engine, requests } = scriptedEngine(['{"family": ', '"inventory"}']);
    const schema = { type: 'object', properties: { family: { type: 'string' } } };
    await expect(new WebLlmChatModel(engine, 'm').json(ask, schema)).resolves.toEqual({ family: 'inventory' });
    expect(requests[0]!['response_format']).toEqual({ type: 'json_object', schema: JSON.stringify(schema) });
  });

  it('engine failures become typed errors', async () => {
    const { engine } = scriptedEngine([], { fail: new Error('ContextWindowSizeExceededError: Prompt tokens exceed context window size') });
    const error = await collect(new WebLlmChatModel(engine, 'Llama-3.2-1B-Instruct-q4f32_1-MLC').chat(ask)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).details?.['reason']).toBe('context-too-long');
  });
});

/** web-llm's error classes are not exported at run time: the same name and message start. */
const named = (name: string, message: string) => Object.assign(new Error(message), { name });
const noWebGpu = named('WebGPUNotAvailableError', 'WebGPU is not supported in your current environment, but it is necessary to run the WebLLM engine.');
const noF16 = named('ShaderF16SupportError', 'This model requires WebGPU extension shader-f16, which is not enabled in this browser.');
const lost = named('DeviceLostError', 'The WebGPU device was lost while loading the model. This issue often occurs due to running out of memory (OOM).');

describe('mapWebLlmError', () => {
  const id = 'Qwen2.5-3B-Instruct-q4f16_1-MLC';
  it.each([
    [noWebGpu, 'model/no-webgpu', 'no-webgpu'],
    [String(noWebGpu), 'model/no-webgpu', 'no-webgpu'], // as the worker sends it (err.toString())
    [new Error("Unable to find a compatible GPU. This issue might be because your computer doesn't have a GPU"), 'model/no-webgpu', 'no-adapter'],
    [noF16, 'model/load-failed', 'fp16-unsupported'],
    [String(lost), 'model/device-lost', 'device-lost'],
    [new TypeError('Failed to fetch'), 'model/download-failed', 'download-failed'],
    [new Error('Cannot find model record in appConfig for X'), 'model/not-found', 'model-missing'],
  ])('%s → %s', (thrown, code, reason) => {
    const error = mapWebLlmError(thrown, id, 'load');
    expect(error).toBeInstanceOf(ModelError);
    expect(error.code).toBe(code);
    expect(error.details?.['reason']).toBe(reason);
    expect(error.message.startsWith(`webllm: ${id} `)).toBe(true);
  });

  it('an unload during reload is a cancel, not a failure', () => {
    expect(mapWebLlmError('Error: Engine.unload() is called.', id, 'load')).toBeInstanceOf(AbortedError);
  });
});

describe('WebLlmProgressTracker', () => {
  it("reads web-llm's reports into bytes and a percent that never goes backwards", () => {
    const t = new WebLlmProgressTracker('m', 900e6);
    const a = t.update({ progress: 0, text: 'Start to fetch params' });
    const b = t.update({ progress: 0.25, text: 'Fetching param cache[10/40]: 200MB fetched. 25% completed, 3 secs elapsed.' });
    const c = t.update({ progress: 0.2, text: 'Fetching param cache[11/40]: 210MB fetched. 20% completed, 4 secs elapsed.' });
    const d = t.update({ progress: 1, text: 'Finish loading on WebGPU - nvidia' });
    expect(a.percent).toBe(0);
    expect(b).toMatchObject({ loaded: 200 * 2 ** 20, phase: 'downloading', percent: 25 });
    expect(b.total).toBe(800 * 2 ** 20);
    expect(c.percent).toBe(25);
    expect(c.loaded).toBe(210 * 2 ** 20);
    expect(d).toMatchObject({ phase: 'ready', percent: 100 });
  });
});

describe('import from a folder', () => {
  /** The Cache API as web-llm uses it (open, match, keys, put, add, delete), in memory. */
  function memoryCaches() {
    const stores = new Map<string, Map<string, Response>>();
    const open = async (name: string) => {
      const store = stores.get(name) ?? new Map<string, Response>();
      stores.set(name, store);
      const key = (r: RequestInfo | URL) => (typeof r === 'string' ? r : r instanceof URL ? r.href : r.url);
      return {
        match: async (r: RequestInfo | URL) => store.get(key(r))?.clone(),
        keys: async () => [...store.keys()].map((u) => new Request(u)),
        put: async (r: RequestInfo | URL, response: Response) => void store.set(key(r), response),
        add: async (r: RequestInfo | URL) => {
          throw new TypeError(`network disabled in the test: ${key(r)}`);
        },
        delete: async (r: RequestInfo | URL) => store.delete(key(r)),
      };
    };
    return { stores, storage: { open, has: async (n: string) => stores.has(n), delete: async (n: string) => stores.delete(n), keys: async () => [...stores.keys()] } };
  }
  const g = globalThis as { caches?: unknown };
  const saved = g.caches;
  afterEach(() => {
    g.caches = saved;
  });

  it("writes the files under web-llm's URLs; hasModelInCache then says yes, and delete removes them", async () => {
    const id = 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC';
    const appConfig = webLlmAppConfig(prebuiltAppConfig.model_list);
    const record = appConfig.model_list.find((r) => r.model_id === id)!;
    const libName = record.model_lib.split('/').at(-1)!;
    const blob = (s: string) => new Blob([s]);
    const files = [
      { path: `${id}/mlc-chat-config.json`, blob: blob('{"conv_template": {}}') },
      { path: `${id}/tensor-cache.json`, blob: blob(JSON.stringify({ records: [{ dataPath: 'params_shard_0.bin' }, { dataPath: 'params_shard_1.bin' }] })) },
      { path: `${id}/params_shard_0.bin`, blob: blob('0000') },
      { path: `${id}/params_shard_1.bin`, blob: blob('1111') },
      { path: `${id}/tokenizer.json`, blob: blob('{}') },
      { path: `${id}/libs/${libName}`, blob: blob('wasm') },
      { path: `${id}/.DS_Store`, blob: blob('') },
    ];
    const entries = webLlmImportEntries(files, record);
    expect(entries.map((e) => [e.cache, e.url])).toContainEqual(['webllm/wasm', record.model_lib]);
    expect(entries.map((e) => [e.cache, e.url])).toContainEqual(['webllm/config', `https://huggingface.co/mlc-ai/${id}/resolve/main/mlc-chat-config.json`]);
    expect(entries).toHaveLength(6);
    const { storage, stores } = memoryCaches();
    g.caches = storage;
    expect(await hasModelInCache(id, appConfig)).toBe(false);
    expect(await writeWebLlmImport(entries, storage)).toBe(entries.reduce((s, e) => s + e.blob.size, 0));
    expect(await hasModelInCache(id, appConfig)).toBe(true);
    await deleteModelAllInfoInCache(id, appConfig);
    expect(await hasModelInCache(id, appConfig)).toBe(false);
    expect(stores.get('webllm/wasm')?.size).toBe(0);
  });

  it('names what is missing from a folder', () => {
    const record = { model: 'https://huggingface.co/mlc-ai/X-MLC', model_id: 'X-MLC', model_lib: 'https://libs/x.wasm' };
    expect(() => webLlmImportEntries([{ path: 'X/tokenizer.json', blob: new Blob(['{}']) }], record)).toThrow(/no mlc-chat-config\.json/);
    expect(() => webLlmImportEntries([{ path: 'X/mlc-chat-config.json', blob: new Blob(['{}']) }, { path: 'X/tensor-cache.json', blob: new Blob(['{}']) }], record)).toThrow(/lacks its model library x\.wasm/);
  });
});
