/** TransformersReranker over the tiny fixture in Node: raw logits, batching, cancellation. */
import { beforeAll, describe, expect, it } from 'vitest';
import { AbortedError } from '../../../src/core/errors';
import { DEFAULT_SOURCE } from '../../../src/models/hub';
import { sigmoid, TransformersReranker } from '../../../src/models/reranker';
import { configureRuntime } from '../../../src/models/runtime';
import { MODELS_DIR, TINY_RERANKER } from './fixture-specs';

beforeAll(() => configureRuntime({ source: DEFAULT_SOURCE, localModelPath: MODELS_DIR, cache: null, gate: null }));

const query = 'When can the agreement be terminated?';
const passages = [
  'Either party may terminate this Agreement upon thirty days written notice.',
  'All fees are payable within 30 days of the invoice date.',
  'Le contrat peut être résilié par chaque partie avec un préavis de trente jours.',
  'The weather in Paris is lovely in spring.',
  'Kündigung des Vertrags mit einer Frist von drei Monaten.',
];

describe('TransformersReranker', () => {
  it('returns one raw logit per passage (not 1 for everything), relevant first', async () => {
    const reranker = new TransformersReranker({ spec: TINY_RERANKER, device: 'cpu', dtype: 'q8' });
    const scores = await reranker.score(query, passages);
    expect(scores).toHaveLength(passages.length);
    const [relevant, fees, french, weather] = scores;
    expect(relevant).toBeGreaterThan(0);
    expect(weather).toBeLessThan(0);
    expect(relevant).toBeGreaterThan(fees!);
    expect(french).toBeGreaterThan(weather!);
    expect(new Set(scores.map((s) => s.toFixed(4))).size).toBe(passages.length);
    expect(reranker.model).toEqual({ id: 'casefile/tiny-bge-reranker', dtype: 'q8', device: 'cpu' });
  });

  it('gives the same scores whatever the batch size', async () => {
    const a = await new TransformersReranker({ spec: TINY_RERANKER, device: 'cpu', dtype: 'fp32', batchSize: 1 }).score(query, passages);
    const b = await new TransformersReranker({ spec: TINY_RERANKER, device: 'cpu', dtype: 'fp32', batchSize: 4 }).score(query, passages);
    for (let i = 0; i < passages.length; i++) expect(Math.abs(a[i]! - b[i]!)).toBeLessThan(1e-4);
  });

  it('sigmoid maps logits to 0..1 monotonically', () => {
    expect(sigmoid(0)).toBe(0.5);
    expect(sigmoid(5)).toBeGreaterThan(0.99);
    expect(sigmoid(-5)).toBeLessThan(0.01);
  });

  it('stops between batches when the signal aborts; empty input needs no model', async () => {
    const reranker = new TransformersReranker({ spec: TINY_RERANKER, device: 'cpu', dtype: 'q8', batchSize: 1 });
    expect(await new TransformersReranker({ spec: { ...TINY_RERANKER, id: 'casefile/absent' }, device: 'cpu', dtype: 'q8' }).score(query, [])).toEqual([]);
    await reranker.load();
    const controller = new AbortController();
    const pending = reranker.score(query, Array.from({ length: 200 }, () => passages[0]!), { signal: controller.signal });
    setTimeout(() => controller.abort(), 5);
    await expect(pending).rejects.toBeInstanceOf(AbortedError);
  });
});
