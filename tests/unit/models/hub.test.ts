/**
 * Hub file names and URLs per model and dtype (and mirror), pinned twice: against the Hub layout
 * written out by hand, and against the URLs transformers.js 4.3.2 really requests when it
 * downloads each catalog model (a fake Hub answering with the fixture's bytes).
 */
import { describe, expect, it } from 'vitest';
import type { Dtype } from '../../../src/core/ports';
import { CATALOG, dtypesOf, type ModelSpec } from '../../../src/models/catalog';
import { TransformersEmbedder } from '../../../src/models/embedder';
import { DEFAULT_SOURCE, externalDataOption, fileKeyResolver, fileUrl, modelFiles, validateSource, type HubSource } from '../../../src/models/hub';
import { ModelCache } from '../../../src/models/model-cache';
import { TransformersReranker } from '../../../src/models/reranker';
import { configureRuntime, NetworkGate } from '../../../src/models/runtime';
import { MemoryStore } from '../../../src/models/stores';
import { fakeHub, fixtureFolder } from './fake-hub';

const hub = (id: string, file: string) => `https://huggingface.co/${id}/resolve/main/${file}`;
const base = ['config.json', 'tokenizer.json', 'tokenizer_config.json'];
const spec = (key: string) => CATALOG.find((m) => m.key === key)!;

describe('Hub layout', () => {
  it.each([
    ['bge-m3', 'fp16', ['onnx/model_fp16.onnx']],
    ['bge-m3', 'q8', ['onnx/model_quantized.onnx']],
    ['bge-m3', 'fp32', ['onnx/model.onnx', 'onnx/model.onnx_data']],
    ['bge-reranker-v2-m3', 'fp16', ['onnx/model_fp16.onnx']],
    ['bge-reranker-v2-m3', 'q8', ['onnx/model_quantized.onnx']],
    ['bge-reranker-v2-m3', 'fp32', ['onnx/model.onnx', 'onnx/model.onnx_data']],
    ['multilingual-e5-small', 'q8', ['onnx/model_quantized.onnx']],
    ['bge-reranker-base', 'q8', ['onnx/model_quantized.onnx']],
  ] as const)('%s %s needs the config, tokenizer and %j', (key, dtype, onnx) => {
    expect(modelFiles(spec(key), dtype)).toEqual([...base, ...onnx]);
  });

  it('builds https://huggingface.co/<id>/resolve/main/<file> URLs', () => {
    expect(fileUrl('Xenova/bge-m3', 'onnx/model_quantized.onnx')).toBe('https://huggingface.co/Xenova/bge-m3/resolve/main/onnx/model_quantized.onnx');
    expect(fileUrl('onnx-community/bge-reranker-v2-m3-ONNX', 'onnx/model_fp16.onnx')).toBe('https://huggingface.co/onnx-community/bge-reranker-v2-m3-ONNX/resolve/main/onnx/model_fp16.onnx');
    expect(fileUrl('Xenova/bge-m3', 'onnx/model.onnx_data')).toBe('https://huggingface.co/Xenova/bge-m3/resolve/main/onnx/model.onnx_data');
  });

  it('builds mirror URLs from remoteHost + remotePathTemplate, and maps them back', () => {
    const mirror: HubSource = { remoteHost: 'https://mirror.example.org/hf', remotePathTemplate: 'models/{model}/{revision}/' };
    const url = fileUrl('Xenova/bge-m3', 'onnx/model_fp16.onnx', mirror);
    expect(url).toBe('https://mirror.example.org/hf/models/Xenova/bge-m3/main/onnx/model_fp16.onnx');
    expect(fileKeyResolver(mirror, null)(url)).toEqual({ id: 'Xenova/bge-m3', file: 'onnx/model_fp16.onnx' });
    const resolve = fileKeyResolver(DEFAULT_SOURCE, '/models/');
    expect(resolve(hub('Xenova/bge-m3', 'tokenizer.json'))).toEqual({ id: 'Xenova/bge-m3', file: 'tokenizer.json' });
    expect(resolve('/models/local/tiny-bge-m3/onnx/model.onnx')).toEqual({ id: 'local/tiny-bge-m3', file: 'onnx/model.onnx' });
    expect(resolve('https://example.com/other')).toBeNull();
  });

  it('validates mirrors: https only (localhost may use http), {model} required', () => {
    expect(validateSource(DEFAULT_SOURCE)).toBeNull();
    expect(validateSource({ remoteHost: 'http://mirror.example/', remotePathTemplate: '{model}/' })).toMatch(/https/);
    expect(validateSource({ remoteHost: 'http://localhost:8080/', remotePathTemplate: '{model}/' })).toBeNull();
    expect(validateSource({ remoteHost: 'not a url', remotePathTemplate: '{model}/' })).toMatch(/not a URL/);
    expect(validateSource({ remoteHost: 'https://m.example/', remotePathTemplate: 'x/' })).toMatch(/\{model\}/);
  });

  it('passes use_external_data_format only for dtypes with external data', () => {
    expect(externalDataOption(spec('bge-m3'), 'fp32')).toEqual({ 'model.onnx': 1 });
    expect(externalDataOption(spec('bge-m3'), 'fp16')).toBeUndefined();
  });
});

async function download(model: ModelSpec, dtype: Dtype, source: HubSource): Promise<string[]> {
  const fake = fakeHub(source, () => fixtureFolder(model.role));
  const gate = new NetworkGate(source, fake.fetch);
  const cache = new ModelCache(new MemoryStore(), () => null);
  configureRuntime({ source, localModelPath: null, cache, gate });
  const release = gate.allow(model.id);
  const options = { spec: model, device: 'cpu' as const, dtype, warmup: false };
  try {
    await (model.role === 'embedder' ? new TransformersEmbedder(options) : new TransformersReranker(options)).load('download');
  } catch {
    // fp32 "external data" here is 16 fake bytes: the session may refuse them; the URLs are what counts
  } finally {
    release();
  }
  return fake.downloads;
}

describe('what transformers.js actually requests', () => {
  const cases = CATALOG.flatMap((m) => dtypesOf(m).map((d) => [m.key, d] as const));
  it.each(cases)('%s %s: exactly the mapped Hub URLs', async (key, dtype) => {
    const model = spec(key);
    const requested = await download(model, dtype, DEFAULT_SOURCE);
    expect([...requested].sort()).toEqual(modelFiles(model, dtype).map((f) => hub(model.id, f)).sort());
  });

  it('uses the mirror when one is set', async () => {
    const mirror: HubSource = { remoteHost: 'https://mirror.example.org/', remotePathTemplate: '{model}/resolve/{revision}/' };
    const requested = await download(spec('bge-m3'), 'q8', mirror);
    expect(requested.every((u) => u.startsWith('https://mirror.example.org/Xenova/bge-m3/resolve/main/'))).toBe(true);
    expect(requested).toHaveLength(4);
    expect(requested).toContain('https://mirror.example.org/Xenova/bge-m3/resolve/main/onnx/model_quantized.onnx');
  });
});
