/**
 * The transformers.js generation provider on the tiny random-weight Qwen2 decoder
 * (tests/fixtures/models/casefile/tiny-qwen2-chat), through exactly the code path of a real
 * model: chat template, past key values, one streamed delta per token in order, max tokens,
 * stop strings, abort, one generation at a time, json on noise, typed load failures, and the
 * download → cache → offline path with the real catalog entry's file names.
 */
import { AutoModelForCausalLM, AutoTokenizer, env, type Tensor } from '@huggingface/transformers';
import { beforeAll, describe, expect, it } from 'vitest';
import { AbortedError, InputError, ModelError } from '../../../../src/core/errors';
import type { ChatDelta, ChatRequest } from '../../../../src/core/ports';
import { analyzeGeneratorFolder, cachedGenerators, FIXTURE_GENERATOR, GENERATORS, generatorFiles } from '../../../../src/models/chat/generators';
import { writeImport } from '../../../../src/models/import-folder';
import { TransformersChatModel } from '../../../../src/models/chat/transformers-chat';
import { DEFAULT_SOURCE } from '../../../../src/models/hub';
import { ModelCache } from '../../../../src/models/model-cache';
import { configureRuntime, NetworkGate } from '../../../../src/models/runtime';
import { MemoryStore } from '../../../../src/models/stores';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fakeHub } from '../fake-hub';
import { MODELS_DIR } from '../fixture-specs';
import { summarizeOnnx } from '../onnx-reader';

const ask: ChatRequest = { messages: [{ role: 'system', content: 'Answer from the sources.' }, { role: 'user', content: 'When can the agreement be terminated? Kündigung' }], temperature: 0 };
const local = () => configureRuntime({ source: DEFAULT_SOURCE, localModelPath: MODELS_DIR, cache: null, gate: null });

async function collect(stream: AsyncIterable<ChatDelta>): Promise<ChatDelta[]> {
  const out: ChatDelta[] = [];
  for await (const d of stream) out.push(d);
  return out;
}
const textOf = (deltas: readonly ChatDelta[]) => deltas.map((d) => d.text).join('');

describe('the tiny decoder fixture', () => {
  it.each(['model.onnx', 'model_quantized.onnx'])('%s has the I/O of an optimum decoder export and plain opset-17 operators', (file) => {
    const summary = summarizeOnnx(readFileSync(join(MODELS_DIR, 'casefile/tiny-qwen2-chat/onnx', file)));
    expect(summary.opsets).toEqual({ '': 17 });
    const kv = (prefix: string) => [0, 1].flatMap((l) => [`${prefix}.${l}.key`, `${prefix}.${l}.value`]);
    expect(summary.inputs).toEqual(['input_ids', 'attention_mask', 'position_ids', ...kv('past_key_values')]);
    expect(summary.outputs).toEqual(['logits', ...kv('present')]);
    // Checked in Chromium on the wasm and WebGPU execution providers (npm run smoke:llm -- --browser [--device webgpu]).
    const ops = new Set(['Add', 'Cast', 'Concat', 'Cos', 'DequantizeLinear', 'Div', 'Gather', 'Greater', 'MatMul', 'Mul', 'Neg', 'Range', 'ReduceMean', 'Reshape', 'Shape', 'Sigmoid', 'Sin', 'Slice', 'Softmax', 'Sqrt', 'Sub', 'Transpose', 'Unsqueeze', 'Where']);
    expect(summary.ops.filter((op) => !ops.has(op))).toEqual([]);
  });
});

describe('TransformersChatModel on the tiny decoder (Node)', () => {
  let model: TransformersChatModel;
  beforeAll(async () => {
    local();
    model = new TransformersChatModel({ spec: FIXTURE_GENERATOR, device: 'cpu', dtype: 'q8' });
    await model.load();
  });

  it('streams one delta per generated token, in order, ending with usage and finishReason "length"', async () => {
    const deltas = await collect(model.chat({ ...ask, maxTokens: 24 }));
    const last = deltas.at(-1)!;
    expect(last.finishReason).toBe('length');
    expect(last.usage?.completionTokens).toBe(24);
    expect(last.usage?.promptTokens).toBeGreaterThan(20);
    const pieces = deltas.slice(0, -1);
    expect(pieces.length).toBeGreaterThan(12); // per token, not per word (the noise has few spaces)
    expect(pieces.every((d) => d.text.length > 0)).toBe(true);

    // The same text as transformers.js's own greedy generate() on the same prompt: order kept, nothing lost.
    const tokenizer = await AutoTokenizer.from_pretrained(FIXTURE_GENERATOR.id);
    const raw = await AutoModelForCausalLM.from_pretrained(FIXTURE_GENERATOR.id, { dtype: 'q8' });
    const inputs = tokenizer.apply_chat_template([...ask.messages], { add_generation_prompt: true, return_dict: true }) as unknown as Record<string, Tensor>;
    const out = (await raw.generate({ ...inputs, max_new_tokens: 24, do_sample: false })) as Tensor;
    const generated = (out.tolist() as bigint[][])[0]!.slice(inputs['input_ids']!.dims[1]);
    expect(textOf(deltas)).toBe(tokenizer.decode(generated, { skip_special_tokens: true }));
    expect(model.model).toMatchObject({ id: 'casefile/tiny-qwen2-chat', dtype: 'q8', device: 'cpu', provider: 'transformers' });
  });

  it('is deterministic at temperature 0 and reads the chat template (the prompt matters)', async () => {
    const a = textOf(await collect(model.chat({ ...ask, maxTokens: 16 })));
    const b = textOf(await collect(model.chat({ ...ask, maxTokens: 16 })));
    const other = textOf(await collect(model.chat({ messages: [{ role: 'user', content: 'Quelle est la loi applicable ?' }], temperature: 0, maxTokens: 16 })));
    expect(a).toBe(b);
    expect(other).not.toBe(a);
  });

  it('stops before a stop string (never shown, even when it arrives over several tokens)', async () => {
    const full = textOf(await collect(model.chat({ ...ask, maxTokens: 40 })));
    const stop = full.slice(12, 15);
    const expected = full.slice(0, full.indexOf(stop));
    const deltas = await collect(model.chat({ ...ask, maxTokens: 40, stop: [stop] }));
    expect(textOf(deltas)).toBe(expected);
    expect(deltas.at(-1)).toMatchObject({ finishReason: 'stop' });
    expect(deltas.at(-1)!.usage!.completionTokens).toBeLessThan(40);
  });

  it('abort ends the stream with AbortedError within a token, and the model is free for the next call', async () => {
    const controller = new AbortController();
    const seen: string[] = [];
    const started = performance.now();
    const error = await (async () => {
      for await (const d of model.chat({ ...ask, maxTokens: 100_000 }, { signal: controller.signal })) {
        seen.push(d.text);
        if (seen.length === 3) controller.abort();
      }
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortedError);
    expect(seen.length).toBeLessThanOrEqual(4);
    expect(performance.now() - started).toBeLessThan(20_000); // 100,000 tokens would take minutes
    const next = await collect(model.chat({ ...ask, maxTokens: 4 }));
    expect(next.at(-1)?.usage?.completionTokens).toBe(4);
  });

  it('breaking out of the loop interrupts generation too; concurrent calls run one after the other', async () => {
    for await (const d of model.chat({ ...ask, maxTokens: 100_000 })) if (d.text) break;
    const [a, b] = await Promise.all([collect(model.chat({ ...ask, maxTokens: 8 })), collect(model.chat({ ...ask, maxTokens: 8 }))]);
    expect(textOf(a)).toBe(textOf(b));
  });

  it('an already aborted signal generates nothing', async () => {
    await expect(collect(model.chat(ask, { signal: AbortSignal.abort() }))).rejects.toBeInstanceOf(AbortedError);
  });

  it('json on noise rejects with InputError input/invalid (the answer layer asks for clarification)', async () => {
    const error = await model.json({ ...ask, maxTokens: 12 }, { type: 'object' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).code).toBe('input/invalid');
    expect((error as InputError).message).toMatch(/^transformers: casefile\/tiny-qwen2-chat did not reply with JSON/);
  });

  it('fp32 streams the same way', async () => {
    const fp32 = new TransformersChatModel({ spec: FIXTURE_GENERATOR, device: 'cpu', dtype: 'fp32' });
    const deltas = await collect(fp32.chat({ ...ask, maxTokens: 10 }));
    expect(deltas.at(-1)?.usage?.completionTokens).toBe(10);
    await fp32.dispose();
  });

  it('a model that was not downloaded fails typed, without any network request', async () => {
    const hub = fakeHub(DEFAULT_SOURCE, () => FIXTURE_GENERATOR.id);
    const gate = new NetworkGate(DEFAULT_SOURCE, hub.fetch);
    configureRuntime({ source: DEFAULT_SOURCE, localModelPath: null, cache: new ModelCache(new MemoryStore(), () => null), gate });
    try {
      const absent = new TransformersChatModel({ spec: { ...FIXTURE_GENERATOR, id: 'onnx-community/absent-chat' }, device: 'cpu', dtype: 'q8', warmup: false });
      const error = await absent.load().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ModelError);
      expect((error as ModelError).message).toMatch(/^models: onnx-community\/absent-chat \(q8 on cpu\)/);
      expect(hub.requests).toEqual([]);
      expect(gate.refused[0]).toMatch(/^https:\/\/huggingface\.co\/onnx-community\/absent-chat\/resolve\/main\//);
    } finally {
      local();
    }
  });
});

describe('a catalog generator: download with progress → cache → offline reuse', () => {
  it('fetches exactly generatorFiles() once, then loads with no request', async () => {
    const spec = GENERATORS.find((g) => g.key === 'qwen2.5-0.5b-instruct')!;
    const store = new MemoryStore();
    const cache = new ModelCache(store, () => null);
    const hub = fakeHub(DEFAULT_SOURCE, () => FIXTURE_GENERATOR.id);
    const gate = new NetworkGate(DEFAULT_SOURCE, hub.fetch);
    configureRuntime({ source: DEFAULT_SOURCE, localModelPath: null, cache, gate });
    const release = gate.allow(spec.id);
    const progress: number[] = [];
    try {
      await new TransformersChatModel({ spec, device: 'cpu', dtype: 'q8', onProgress: (p) => progress.push(p.percent) }).load('download');
    } finally {
      release();
    }
    expect([...hub.downloads].sort()).toEqual(generatorFiles(spec, 'q8').map((f) => `https://huggingface.co/${spec.id}/resolve/main/${f}`).sort());
    expect(progress.at(-1)).toBe(100);
    for (let i = 1; i < progress.length; i++) expect(progress[i]!).toBeGreaterThanOrEqual(progress[i - 1]!);

    const offline = fakeHub(DEFAULT_SOURCE, () => FIXTURE_GENERATOR.id);
    configureRuntime({ source: DEFAULT_SOURCE, localModelPath: null, cache, gate: new NetworkGate(DEFAULT_SOURCE, offline.fetch) });
    const again = new TransformersChatModel({ spec, device: 'cpu', dtype: 'q8' });
    const deltas = await collect(again.chat({ ...ask, maxTokens: 5 }));
    expect(deltas.at(-1)?.usage?.completionTokens).toBe(5);
    expect(offline.requests).toEqual([]);
    await again.dispose();
    env.allowLocalModels = true;
    local();
  });
});

describe('import a generator folder (air-gapped machines)', () => {
  const folderFiles = (root: string) =>
    ['config.json', 'generation_config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model_quantized.onnx', 'README.md'].map((f) => ({
      path: `tiny-qwen2-chat/${f}`,
      blob: new Blob([readFileSync(join(root, f))]),
    }));

  it('imports the folder into the cache under the keys the loader asks for; the model then loads offline', async () => {
    const root = join(MODELS_DIR, FIXTURE_GENERATOR.id);
    const { spec, files } = await analyzeGeneratorFolder(folderFiles(root));
    expect(spec).toMatchObject({ id: 'local/tiny-qwen2-chat', custom: true });
    expect(Object.keys(spec.dtypes)).toEqual(['q8']);
    expect([...files.keys()].sort()).toEqual(generatorFiles(spec, 'q8').sort());
    const store = new MemoryStore();
    await writeImport(store, spec.id, { files });
    expect(cachedGenerators(new Map([[spec.id, new Map((await store.list()).map((f) => [f.key.slice(spec.id.length + 1), f]))]]), [spec])).toEqual(new Set(['local/tiny-qwen2-chat@q8']));
    const hub = fakeHub(DEFAULT_SOURCE, () => FIXTURE_GENERATOR.id);
    configureRuntime({ source: DEFAULT_SOURCE, localModelPath: null, cache: new ModelCache(store, () => null), gate: new NetworkGate(DEFAULT_SOURCE, hub.fetch) });
    try {
      // A local/… id is not a Hub id, so transformers.js asks the cache under the local path key.
      const model = new TransformersChatModel({ spec, device: 'cpu', dtype: 'q8' });
      const deltas: ChatDelta[] = [];
      for await (const d of model.chat({ ...ask, maxTokens: 3 })) deltas.push(d);
      expect(deltas.at(-1)?.usage?.completionTokens).toBe(3);
      expect(hub.requests).toEqual([]);
      await model.dispose();
    } finally {
      local();
    }
  });

  it('refuses a folder that is not a decoder, naming it', async () => {
    const bge = join(MODELS_DIR, 'casefile/tiny-bge-m3');
    const picked = ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model.onnx'].map((f) => ({ path: `tiny-bge-m3/${f}`, blob: new Blob([readFileSync(join(bge, f))]) }));
    await expect(analyzeGeneratorFolder(picked)).rejects.toThrow(/"tiny-bge-m3" is a XLMRobertaModel, not a text-generation model/);
  });
});
