/**
 * The page's answers to a worker's model callbacks (model-relay.ts), shared by the index client
 * and the scan proxy: each job's own models under the job's signal, typed errors otherwise.
 */
import { describe, expect, it } from 'vitest';
import type { ChatModel, Embedder, JobOptions, Reranker } from '../../../src/core/ports';
import { ModelRelay } from '../../../src/app/workers/model-relay';

const ref = { id: 'm', dtype: 'fp32', device: 'cpu' } as const;
function models(signals: (AbortSignal | undefined)[]) {
  const embedder: Embedder = { model: ref, embed: async (texts, options?: JobOptions) => (signals.push(options?.signal), texts.map((t) => new Float32Array([t.length]))) };
  const reranker: Reranker = { model: ref, score: async (_q, passages, options?: JobOptions) => (signals.push(options?.signal), passages.map((p) => p.length)) };
  const chatModel = { model: ref, chat: () => [][Symbol.iterator](), json: async (_r: unknown, _s: unknown, options?: JobOptions) => (signals.push(options?.signal), { ok: true }) } as unknown as ChatModel;
  return { embedder, reranker, chatModel };
}

const errors = {
  unknownJob: (jobId: string) => new Error(`no job ${jobId}`),
  noModel: (jobId: string, model: string) => new Error(`job ${jobId} has no ${model}`),
};

describe('ModelRelay', () => {
  it("answers with the job's models under the job's signal", async () => {
    const signals: (AbortSignal | undefined)[] = [];
    const relay = new ModelRelay(errors);
    const signal = new AbortController().signal;
    relay.add('search-1', { ...models(signals), signal });
    expect(relay.has('search-1')).toBe(true);
    expect(await relay.embed('search-1', ['ab', 'abc'])).toEqual([new Float32Array([2]), new Float32Array([3])]);
    expect(await relay.score('search-1', 'q', ['a', 'abcd'])).toEqual([1, 4]);
    expect(await relay.chatJson('search-1', { messages: [] }, {})).toEqual({ ok: true });
    expect(signals).toEqual([signal, signal, signal]);
  });

  it('fails with the caller’s errors for an ended job or a missing model', async () => {
    const relay = new ModelRelay(errors);
    relay.add('scan-1', { embedder: null, signal: undefined });
    await expect(relay.embed('scan-1', ['a'])).rejects.toThrow('job scan-1 has no embedder');
    await expect(relay.score('scan-1', 'q', ['a'])).rejects.toThrow('job scan-1 has no reranker');
    await expect(relay.chatJson('scan-1', { messages: [] }, {})).rejects.toThrow('job scan-1 has no language model');
    relay.delete('scan-1');
    await expect(relay.embed('scan-1', ['a'])).rejects.toThrow('no job scan-1');
    await expect(relay.score('scan-1', 'q', ['a'])).rejects.toThrow('no job scan-1');
  });

  it('sends embeddings of a job that is not running to a running job with an embedder, when asked to', async () => {
    const signals: (AbortSignal | undefined)[] = [];
    const relay = new ModelRelay({ ...errors, embedForAnyJob: true });
    await expect(relay.embed('scan-examples', ['a'])).rejects.toThrow('job scan-examples has no embedder');
    const signal = new AbortController().signal;
    relay.add('scan-1', { chatModel: null, embedder: null, signal: undefined });
    relay.add('scan-2', { ...models(signals), signal });
    expect(await relay.embed('scan-examples', ['abc'])).toEqual([new Float32Array([3])]);
    expect(signals).toEqual([signal]);
    // A running job without an embedder does not borrow another's.
    await expect(relay.embed('scan-1', ['a'])).rejects.toThrow('job scan-1 has no embedder');
  });
});
