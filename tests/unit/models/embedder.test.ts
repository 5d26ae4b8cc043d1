/** TransformersEmbedder over the tiny fixture in Node: shapes, pooling, batching, cancellation, errors. */
import { beforeAll, describe, expect, it } from 'vitest';
import { AbortedError, ModelError } from '../../../src/core/errors';
import { TransformersEmbedder } from '../../../src/models/embedder';
import { DEFAULT_SOURCE } from '../../../src/models/hub';
import { configureRuntime } from '../../../src/models/runtime';
import { dot, MODELS_DIR, TINY_EMBEDDER } from './fixture-specs';

const texts = [
  'Either party may terminate this Agreement for convenience.',
  'All fees are payable within 30 days.',
  'Le contrat peut être résilié par chaque partie.',
  'Kündigung des Vertrags',
  'The Supplier shall indemnify the Customer against all claims.',
  'confidential information',
  '',
];

beforeAll(() => configureRuntime({ source: DEFAULT_SOURCE, localModelPath: MODELS_DIR, cache: null, gate: null }));

describe('TransformersEmbedder', () => {
  it('returns one unit-norm Float32Array of the model dimension per text, in order', async () => {
    const embedder = new TransformersEmbedder({ spec: TINY_EMBEDDER, device: 'cpu', dtype: 'q8' });
    const vectors = await embedder.embed(texts);
    expect(vectors).toHaveLength(texts.length);
    for (const v of vectors) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(v).toHaveLength(64);
      expect(Math.abs(dot(v, v) - 1)).toBeLessThan(1e-5);
    }
    expect(embedder.model).toEqual({ id: 'casefile/tiny-bge-m3', dtype: 'q8', device: 'cpu', dim: 64 });
    expect(dot(vectors[0]!, vectors[2]!)).toBeGreaterThan(dot(vectors[0]!, vectors[1]!));
  });

  it('gives the same vectors whatever the batch size (batching invariance)', async () => {
    const one = await new TransformersEmbedder({ spec: TINY_EMBEDDER, device: 'cpu', dtype: 'fp32', batchSize: 1 }).embed(texts);
    const three = await new TransformersEmbedder({ spec: TINY_EMBEDDER, device: 'cpu', dtype: 'fp32', batchSize: 3 }).embed(texts);
    const all = await new TransformersEmbedder({ spec: TINY_EMBEDDER, device: 'cpu', dtype: 'fp32', batchSize: 64 }).embed(texts);
    for (let i = 0; i < texts.length; i++) {
      expect(dot(one[i]!, three[i]!)).toBeGreaterThan(1 - 1e-6);
      expect(dot(one[i]!, all[i]!)).toBeGreaterThan(1 - 1e-6);
    }
  });

  it('mean pooling (e5-style) differs from CLS pooling and is still unit-norm', async () => {
    const mean = await new TransformersEmbedder({ spec: { ...TINY_EMBEDDER, pooling: 'mean' }, device: 'cpu', dtype: 'fp32' }).embed(texts.slice(0, 2));
    const cls = await new TransformersEmbedder({ spec: TINY_EMBEDDER, device: 'cpu', dtype: 'fp32' }).embed(texts.slice(0, 2));
    expect(Math.abs(dot(mean[0]!, mean[0]!) - 1)).toBeLessThan(1e-5);
    expect(dot(mean[0]!, cls[0]!)).toBeLessThan(0.9999);
  });

  it('truncates inputs to maxTokens: text beyond the cap does not change the vector', async () => {
    const capped = new TransformersEmbedder({ spec: { ...TINY_EMBEDDER, maxTokens: 8 }, device: 'cpu', dtype: 'fp32' });
    const head = 'terminate the agreement for convenience upon notice';
    const [a, b] = await capped.embed([head, `${head} ${'payment of fees '.repeat(50)}`]);
    expect(dot(a!, b!)).toBeGreaterThan(1 - 1e-6);
  });

  it('loads once: concurrent first calls share one load', async () => {
    const embedder = new TransformersEmbedder({ spec: TINY_EMBEDDER, device: 'cpu', dtype: 'q8' });
    const starts: string[] = [];
    const tracked = new TransformersEmbedder({ spec: TINY_EMBEDDER, device: 'cpu', dtype: 'q8', onProgress: (p) => starts.push(p.phase) });
    await Promise.all([tracked.embed(['a']), tracked.embed(['b']), tracked.load()]);
    expect(starts.filter((p) => p === 'ready')).toHaveLength(1);
    await embedder.dispose();
  });

  it('stops between batches when the signal aborts', async () => {
    const embedder = new TransformersEmbedder({ spec: TINY_EMBEDDER, device: 'cpu', dtype: 'q8', batchSize: 1 });
    await embedder.load();
    const controller = new AbortController();
    const many = Array.from({ length: 200 }, (_, i) => `clause ${i} terminate the agreement`);
    const pending = embedder.embed(many, { signal: controller.signal });
    setTimeout(() => controller.abort(), 5);
    await expect(pending).rejects.toBeInstanceOf(AbortedError);
    await expect(embedder.embed(['x'], { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(AbortedError);
  });

  it('reports a missing model as ModelError model/unavailable naming the model', async () => {
    const missing = new TransformersEmbedder({ spec: { ...TINY_EMBEDDER, id: 'casefile/not-there' }, device: 'cpu', dtype: 'q8' });
    const error = await missing.embed(['x']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).code).toBe('model/unavailable');
    expect((error as ModelError).message).toContain('casefile/not-there');
  });
});
