/**
 * The language-model workers' API (src/models/chat/chat-host.ts) driven by the page side
 * (ChatWorker) over Node MessageChannels, as the app drives workers/llm, generate and endpoint:
 * tokens pulled one by one from a real streaming HTTP server and from the tiny Qwen2 decoder,
 * cancel from an AbortSignal and from `break`, json and check jobs, typed errors across the
 * boundary, a crash mid-stream, and WebLLM's engine (scripted) loading only what is cached,
 * downloading with byte progress, and stopping on abort with interruptGenerate.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChatWorker } from '../../../src/app/workers/chat-worker';
import { AbortedError, InputError, ModelError } from '../../../src/core/errors';
import type { ChatDelta, ChatRequest } from '../../../src/core/ports';
import { createChatHost, type ChatLoadProgress } from '../../../src/models/chat/chat-host';
import { endpointLoader, type EndpointLoadRequest } from '../../../src/models/chat/endpoint-chat';
import { createGeneratorLoader, type GeneratorLoadRequest } from '../../../src/models/chat/generator-host';
import { FIXTURE_GENERATOR } from '../../../src/models/chat/generators';
import { createWebLlmLoader, type WebLlmLibrary, type WebLlmLoadRequest } from '../../../src/models/chat/webllm-host';
import { MemoryStore } from '../../../src/models/stores';
import { registerRpcErrors } from '../../../src/rpc/errors';
import { startChatServer, type ChatServer } from '../../fixtures/chat-server';
import { channelWorker } from '../../helpers/channel-worker';
import { MODELS_DIR } from '../../helpers/llm';
import { scriptedWebLlm, type WebLlmLog } from '../../helpers/scripted-webllm';

registerRpcErrors();

const ask: ChatRequest = { messages: [{ role: 'user', content: 'What is the notice period?' }], temperature: 0 };
const workers: { free(): void }[] = [];
afterEach(() => {
  for (const w of workers.splice(0)) w.free();
});

function track<R extends object>(worker: ChatWorker<R>): ChatWorker<R> {
  workers.push(worker);
  return worker;
}

async function timed(stream: AsyncIterable<ChatDelta>): Promise<{ text: string; at: number }[]> {
  const out: { text: string; at: number }[] = [];
  for await (const d of stream) out.push({ text: d.text, at: performance.now() });
  return out;
}

describe('endpoint worker', () => {
  let server: ChatServer;
  beforeAll(async () => {
    server = await startChatServer({ reply: 'The notice period is thirty days [1].', jsonReply: { family: 'single_doc_retrieval' }, models: ['tiny-chat', 'endless'], wordDelayMs: 15 });
  });
  afterAll(() => server.close());

  const endpoint = () => {
    let spawned = 0;
    const worker = track(new ChatWorker<EndpointLoadRequest>({ provider: 'endpoint', name: 'local-server worker', spawn: () => (spawned++, channelWorker(createChatHost('endpoint worker', endpointLoader))) }));
    return { worker, spawned: () => spawned };
  };

  it('streams real HTTP tokens one by one through the worker, then usage', async () => {
    const { worker } = endpoint();
    const model = await worker.load({ config: { baseUrl: server.url, model: 'tiny-chat' } });
    expect(model.model).toMatchObject({ id: 'tiny-chat', provider: 'endpoint' });
    const deltas = await timed(model.chat(ask));
    expect(deltas.map((d) => d.text).join('')).toBe('The notice period is thirty days [1].');
    expect(deltas.length).toBe(8); // seven words and the final delta
    // The words arrived over time (15 ms apart at the server), not in one piece.
    expect(deltas[6]!.at - deltas[0]!.at).toBeGreaterThan(50);
  });

  it('abort stops the stream at once and the server sees the request closed', async () => {
    const { worker } = endpoint();
    const model = await worker.load({ config: { baseUrl: server.url, model: 'endless' } });
    const controller = new AbortController();
    const seen: string[] = [];
    const run = (async () => {
      for await (const d of model.chat(ask, { signal: controller.signal })) {
        seen.push(d.text);
        if (seen.length === 3) controller.abort();
      }
    })();
    await expect(run).rejects.toBeInstanceOf(AbortedError);
    expect(seen).toHaveLength(3);
    await expect.poll(() => server.requests.at(-1)!.closedEarly).toBe(true);
    // The worker is free for the next call.
    const again = await timed((await worker.load({ config: { baseUrl: server.url, model: 'tiny-chat' } })).chat(ask));
    expect(again.length).toBeGreaterThan(1);
  });

  it('break closes the stream; json and check run as jobs; the same config reuses the worker', async () => {
    const { worker, spawned } = endpoint();
    const model = await worker.load({ config: { baseUrl: server.url, model: 'tiny-chat' } });
    for await (const _ of model.chat(ask)) break;
    expect(await model.json(ask, { type: 'object' })).toEqual({ family: 'single_doc_retrieval' });
    expect(await worker.check()).toEqual(['tiny-chat', 'endless']);
    await worker.load({ config: { baseUrl: server.url, model: 'tiny-chat' } });
    expect(spawned()).toBe(1);
    await worker.load({ config: { baseUrl: server.url, model: 'endless' } });
    expect(spawned()).toBe(2);
  });

  it('failures arrive typed: a missing model, an unreachable server', async () => {
    const { worker } = endpoint();
    await worker.load({ config: { baseUrl: server.url, model: 'missing' } });
    const missing = await worker.check().catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ModelError);
    expect((missing as ModelError).code).toBe('model/not-found');
    expect((missing as ModelError).message).toMatch(/ollama pull missing/);
    const down = await (await worker.load({ config: { baseUrl: 'http://127.0.0.1:9', model: 'x' } })).json(ask, {}).catch((e: unknown) => e);
    expect(down).toBeInstanceOf(ModelError);
    expect((down as ModelError).code).toBe('model/unreachable');
  });
});

describe('CPU-model worker (tiny Qwen2 decoder)', () => {
  const request: GeneratorLoadRequest = { spec: FIXTURE_GENERATOR, device: 'cpu', dtype: 'q8', stage: 'load', source: null };
  let terminated = 0;
  const generator = (store = new MemoryStore(), local: string | null = MODELS_DIR) =>
    track(new ChatWorker<GeneratorLoadRequest>({ provider: 'transformers', name: 'CPU-model worker', spawn: () => channelWorker(createChatHost('generate worker', createGeneratorLoader({ store, localModelPath: local })), () => terminated++) }));

  it('streams one delta per token; Stop (abort) ends it and the model answers the next request', async () => {
    const worker = generator();
    const progress: ChatLoadProgress[] = [];
    const model = await worker.load(request, { onProgress: (p) => progress.push(p) });
    expect(model.model).toMatchObject({ id: FIXTURE_GENERATOR.id, provider: 'transformers', dtype: 'q8' });
    // Progress travels on its own port: it may land just after load() resolved.
    await expect.poll(() => progress.at(-1)?.phase).toBe('ready');
    const full = await timed(model.chat({ ...ask, maxTokens: 12 }));
    expect(full.length).toBeGreaterThan(5);
    const controller = new AbortController();
    let n = 0;
    const stopped = (async () => {
      for await (const _ of model.chat({ ...ask, maxTokens: 400 }, { signal: controller.signal })) if (++n === 3) controller.abort();
    })();
    await expect(stopped).rejects.toBeInstanceOf(AbortedError);
    expect(n).toBe(3);
    const after = await timed(model.chat({ ...ask, maxTokens: 4 }));
    expect(after.at(-1)).toBeDefined();
  });

  it('random-weight output is not JSON: InputError crosses the boundary typed', async () => {
    const model = await generator().load(request);
    await expect(model.json({ ...ask, maxTokens: 8 }, { type: 'object' })).rejects.toBeInstanceOf(InputError);
  });

  it('a model that is not in the cache is "not downloaded", and the failed worker is gone', async () => {
    const before = terminated;
    const error = await generator(new MemoryStore(), null)
      .load({ ...request, spec: { ...FIXTURE_GENERATOR, id: 'casefile/absent-chat' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).details?.['reason']).toBe('not-downloaded');
    expect(terminated).toBe(before + 1);
  });
});

describe('WebLLM worker (scripted engine)', () => {
  const ID = 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC';
  const webllm = (lib: WebLlmLibrary) => track(new ChatWorker<WebLlmLoadRequest>({ provider: 'webllm', name: 'WebLLM worker', spawn: () => channelWorker(createChatHost('llm worker', createWebLlmLoader(async () => lib))) }));

  it('loads only what is cached; a download reports bytes; abort interrupts the GPU', async () => {
    const log: WebLlmLog = { reloads: [], interrupts: 0 };
    const worker = webllm(scriptedWebLlm({}, log));
    const missing = await worker.load({ modelId: ID, source: null, stage: 'load' }).catch((e: unknown) => e);
    expect((missing as ModelError).details?.['reason']).toBe('not-downloaded');
    expect(log.reloads).toEqual([]);
    const progress: ChatLoadProgress[] = [];
    const model = await worker.load({ modelId: ID, source: null, stage: 'download' }, { onProgress: (p) => progress.push(p) });
    await expect.poll(() => progress.map((p) => p.phase)).toEqual(['downloading', 'ready']);
    expect(progress[0]!.loaded).toBe(300 * 2 ** 20);
    expect(model.model).toMatchObject({ id: ID, device: 'webgpu', provider: 'webllm' });
    const controller = new AbortController();
    let n = 0;
    const run = (async () => {
      for await (const _ of model.chat(ask, { signal: controller.signal })) if (++n === 4) controller.abort();
    })();
    await expect(run).rejects.toBeInstanceOf(AbortedError);
    await expect.poll(() => log.interrupts).toBeGreaterThan(0);
  });

  it("web-llm's failures are typed (a lost device), and free() unloads", async () => {
    const library = scriptedWebLlm({ cached: new Set([ID]), failReload: 'DeviceLostError: the device was lost' });
    const error = await webllm(library).load({ modelId: ID, source: null, stage: 'load' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).code).toBe('model/device-lost');
  });
});

describe('a worker that dies', () => {
  it('fails the stream in flight with a typed crash error; the next call starts a fresh worker and reloads', async () => {
    const server = await startChatServer({ models: ['endless'] });
    try {
      const ports: MessagePort[] = [];
      const worker = track(
        new ChatWorker<EndpointLoadRequest>({
          provider: 'endpoint',
          name: 'local-server worker',
          spawn: () => {
            const port = channelWorker(createChatHost('endpoint worker', endpointLoader));
            ports.push(port);
            return port;
          },
        }),
      );
      const config = { baseUrl: server.url, model: 'endless' };
      const model = await worker.load({ config });
      let n = 0;
      const run = (async () => {
        for await (const _ of model.chat(ask)) {
          if (++n === 2) ports[0]!.dispatchEvent(Object.assign(new Event('error'), { message: 'out of memory' }));
        }
      })();
      const error = await run.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ModelError);
      expect((error as ModelError).message).toMatch(/local-server worker crashed: out of memory/);
      expect((error as ModelError).details?.['crashed']).toBe(true);
      const next = await timed(limit(model.chat(ask), 2));
      expect(next.length).toBe(2);
      expect(worker.spawned).toBe(2);
    } finally {
      await server.close();
    }
  });
});

async function* limit(stream: AsyncIterable<ChatDelta>, n: number): AsyncGenerator<ChatDelta> {
  let i = 0;
  for await (const d of stream) {
    yield d;
    if (++i >= n) return;
  }
}
