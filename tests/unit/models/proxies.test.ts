/**
 * The page-side proxies against the real worker API over a Node MessageChannel: results and
 * typed errors cross comlink, AbortSignal becomes cancel(jobId), free() terminates and the next
 * call respawns, a device failure falls back to the next attempt with a notice.
 */
import { describe, expect, it } from 'vitest';
import { WorkerEmbedder, WorkerReranker, type ModelNotice, type ModelWorkerEndpoint } from '../../../src/app/workers/model-proxies';
import { registerRpcErrors } from '../../../src/rpc/errors';
import { AbortedError, ModelError } from '../../../src/core/errors';
import type { ModelRole } from '../../../src/models/catalog';
import type { RolePlan } from '../../../src/models/profiles';
import { MemoryStore } from '../../../src/models/stores';
import { createModelWorkerApi } from '../../../src/models/worker-host';
import { dot, MODELS_DIR, TINY_EMBEDDER, TINY_RERANKER } from './fixture-specs';
import { channelWorker } from '../../helpers/channel-worker';

registerRpcErrors();

function spawner(role: ModelRole, wrapApi?: (api: ReturnType<typeof createModelWorkerApi>, n: number) => object) {
  let n = 0;
  const terminated: number[] = [];
  const spawn = (): ModelWorkerEndpoint => {
    const index = n++;
    const api = createModelWorkerApi(role, { store: new MemoryStore(), localModelPath: MODELS_DIR });
    return channelWorker(wrapApi ? wrapApi(api, index) : api, () => terminated.push(index));
  };
  return { spawn, terminated };
}

const embedPlan: RolePlan = { role: 'embedder', spec: TINY_EMBEDDER, attempts: [{ device: 'cpu', dtype: 'q8' }], maxPairs: 0 };
const rerankPlan: RolePlan = { role: 'reranker', spec: TINY_RERANKER, attempts: [{ device: 'cpu', dtype: 'q8' }], maxPairs: 10 };

describe('WorkerEmbedder / WorkerReranker over comlink', () => {
  it('embeds through the worker (vectors transferred back as Float32Array)', async () => {
    const { spawn, terminated } = spawner('embedder');
    const embedder = new WorkerEmbedder({ plan: embedPlan, spawn });
    const [a, b, c] = await embedder.embed(['terminate the agreement', 'termination of this Agreement', 'payment of fees']);
    expect(a).toBeInstanceOf(Float32Array);
    expect(a).toHaveLength(64);
    expect(dot(a!, b!)).toBeGreaterThan(dot(a!, c!));
    expect(embedder.model).toEqual({ id: 'casefile/tiny-bge-m3', dtype: 'q8', device: 'cpu', dim: 64 });
    embedder.free();
    expect(terminated).toEqual([0]);
    expect(embedder.running).toBe(false);
    await embedder.embed(['again']);
    expect(embedder.spawned).toBe(2);
    embedder.free();
  });

  it('scores through the worker', async () => {
    const reranker = new WorkerReranker({ plan: rerankPlan, spawn: spawner('reranker').spawn });
    const [relevant, weather] = await reranker.score('When can the agreement be terminated?', ['Either party may terminate this Agreement.', 'The weather is nice.']);
    expect(relevant).toBeGreaterThan(weather!);
    reranker.free();
  });

  it('rejects at once on abort and the worker stops that job; the next job runs', async () => {
    const embedder = new WorkerEmbedder({ plan: { ...embedPlan, attempts: [{ device: 'cpu', dtype: 'q8' }] }, spawn: spawner('embedder').spawn });
    await embedder.load();
    const controller = new AbortController();
    const pending = embedder.embed(Array.from({ length: 300 }, (_, i) => `clause ${i} of the agreement`), { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toBeInstanceOf(AbortedError);
    expect(await embedder.embed(['still works'])).toHaveLength(1);
    embedder.free();
  });

  it('delivers worker errors typed: a model that is not there is ModelError model/unavailable', async () => {
    const spec = { ...TINY_EMBEDDER, id: 'casefile/not-downloaded' };
    const embedder = new WorkerEmbedder({ plan: { ...embedPlan, spec }, spawn: spawner('embedder').spawn });
    const error = await embedder.embed(['x']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).code).toBe('model/unavailable');
    expect((error as ModelError).details?.['reason']).toBe('not-downloaded');
  });

  it('falls back to the next attempt in a fresh worker after a device failure, with a notice', async () => {
    const notices: ModelNotice[] = [];
    const { spawn, terminated } = spawner('embedder', (api, n) =>
      n === 0
        ? {
            ...api,
            load: () => {
              throw new ModelError('model/load-failed', 'models: casefile/tiny-bge-m3 (fp16 on webgpu) needs fp16, which this GPU does not support', { details: { reason: 'fp16-unsupported' } });
            },
          }
        : api,
    );
    const plan: RolePlan = { ...embedPlan, attempts: [{ device: 'webgpu', dtype: 'fp16' }, { device: 'cpu', dtype: 'q8' }] };
    const embedder = new WorkerEmbedder({ plan, spawn, onNotice: (n) => notices.push(n) });
    expect(embedder.model.device).toBe('webgpu');
    const [v] = await embedder.embed(['terminate the agreement']);
    expect(v).toHaveLength(64);
    expect(embedder.model).toMatchObject({ device: 'cpu', dtype: 'q8' });
    expect(terminated).toEqual([0]);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.message).toMatch(/WebGPU failed.*switching to/);
    embedder.free();
  });

  it('fails visibly when a load hangs past the watchdog', async () => {
    const { spawn } = spawner('embedder', (api) => ({ ...api, load: () => new Promise(() => undefined) }));
    const embedder = new WorkerEmbedder({ plan: embedPlan, spawn, loadTimeoutMs: 200 });
    const error = await embedder.embed(['x']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).message).toMatch(/did not respond within/);
  });
});
