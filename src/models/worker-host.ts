/**
 * The API workers/embed.worker.ts and workers/rerank.worker.ts expose over comlink (the method
 * names are the protocol; the page side is src/app/workers/model-proxies.ts). One model per worker,
 * loaded lazily and once; jobs are cancelled by id between batches; vectors are transferred.
 *
 * A failed ONNX session in the browser poisons transformers.js's session chain for the whole
 * worker (4.3.2 chains `webInitChain.then(load)` without a catch), so a fallback to another
 * device never happens in here: the page terminates this worker and starts a fresh one.
 */
import { releaseProxy, transfer } from 'comlink';
import { AbortedError, InputError, ModelError } from '../core/errors';
import type { Device, Dtype, ModelRef } from '../core/ports';
import type { ModelRole, ModelSpec } from './catalog';
import { TransformersEmbedder } from './embedder';
import { DEFAULT_SOURCE, type HubSource } from './hub';
import { ModelCache, type BlobStore } from './model-cache';
import type { DownloadProgress } from './progress';
import { TransformersReranker } from './reranker';
import { configureRuntime, NetworkGate } from './runtime';
import { createJobRegistry } from '../rpc/jobs';

export interface LoadRequest {
  readonly spec: ModelSpec;
  readonly device: Device;
  readonly dtype: Dtype;
  /** 'download' opens the network for this model (only the user's Download button sends it). */
  readonly stage: 'load' | 'download';
  readonly source?: HubSource | null;
  readonly batchSize?: number;
  readonly loadTimeoutMs?: number;
}

export interface ModelHostDeps {
  readonly store: BlobStore;
  readonly wasmPaths?: { readonly wasm: string; readonly mjs: string } | null;
  /** Node only: a folder of model folders loaded directly (tests). */
  readonly localModelPath?: string | null;
  /** The network under the gate (tests pass a fake). */
  readonly fetch?: (input: string | URL, init?: RequestInit) => Promise<Response>;
  readonly numThreads?: number;
}

type Impl = TransformersEmbedder | TransformersReranker;

export function createModelWorkerApi(role: ModelRole, deps: ModelHostDeps) {
  const gate = new NetworkGate(DEFAULT_SOURCE, deps.fetch);
  const cache = new ModelCache(deps.store, () => null);
  const jobs = createJobRegistry(`${role} worker`);
  let current: { key: string; impl: Impl } | null = null;
  /** Where the current load reports progress (a comlink proxy from the page, released after). */
  let progressSink: ((p: DownloadProgress) => unknown) | null = null;
  const report = (p: DownloadProgress) => {
    try {
      void Promise.resolve(progressSink?.(p)).catch(() => undefined);
    } catch {
      // the page went away; progress is best effort
    }
  };

  const loaded = (): Impl => {
    if (!current) throw new InputError(`${role} worker: no model loaded; call load() first`);
    return current.impl;
  };

  return {
    /** Loads (or, with stage 'download', downloads then loads) the model; resolves with its ModelRef. */
    async load(request: LoadRequest, onProgress?: (p: DownloadProgress) => void): Promise<ModelRef> {
      if (request.spec.role !== role) throw new InputError(`${role} worker: ${request.spec.id} is a ${request.spec.role}`);
      configureRuntime({
        source: request.source ?? DEFAULT_SOURCE,
        localModelPath: deps.localModelPath ?? null,
        cache,
        gate,
        wasmPaths: deps.wasmPaths ?? null,
        ...(deps.numThreads !== undefined ? { numThreads: deps.numThreads } : {}),
      });
      const key = JSON.stringify([request.spec.id, request.device, request.dtype]);
      if (current?.key !== key) {
        const previous = current;
        const options = {
          spec: request.spec,
          device: request.device,
          dtype: request.dtype,
          ...(request.batchSize ? { batchSize: request.batchSize } : {}),
          ...(request.loadTimeoutMs ? { loadTimeoutMs: request.loadTimeoutMs } : {}),
          onProgress: report,
        };
        current = { key, impl: role === 'embedder' ? new TransformersEmbedder(options) : new TransformersReranker(options) };
        await previous?.impl.dispose().catch(() => undefined);
      }
      const release = request.stage === 'download' ? gate.allow(request.spec.id) : () => undefined;
      progressSink = onProgress ?? null;
      const refusedBefore = gate.refused.length;
      try {
        return await current.impl.load(request.stage);
      } catch (error) {
        // Whatever transformers.js made of the missing files (some are read as optional and
        // fail later with a TypeError), the cause is files that are not in the cache.
        const missing = gate.refused.slice(refusedBefore);
        if (request.stage === 'load' && missing.length > 0 && !(error instanceof ModelError && error.code === 'model/unavailable')) {
          throw new ModelError('model/unavailable', `models: ${request.spec.id} (${request.dtype}) is not downloaded: ${missing.length} file(s) missing from the cache (Settings → Models)`, {
            cause: error,
            details: { reason: 'not-downloaded', modelId: request.spec.id, device: request.device, dtype: request.dtype, stage: 'load', missing },
          });
        }
        throw error;
      } finally {
        release();
        progressSink = null;
        (onProgress as { [releaseProxy]?: () => void } | undefined)?.[releaseProxy]?.();
      }
    },

    async embed(jobId: string, texts: string[]): Promise<Float32Array[]> {
      const vectors = await jobs.run(jobId, (signal) => {
        const impl = loaded();
        if (!(impl instanceof TransformersEmbedder)) throw new InputError(`${role} worker: embed() needs an embedder`);
        return impl.embed(texts, { signal });
      });
      return transfer(vectors, [...new Set(vectors.map((v) => v.buffer as ArrayBuffer))]);
    },

    async score(jobId: string, query: string, passages: string[]): Promise<number[]> {
      return jobs.run(jobId, (signal) => {
        const impl = loaded();
        if (!(impl instanceof TransformersReranker)) throw new InputError(`${role} worker: score() needs a reranker`);
        return impl.score(query, passages, { signal });
      });
    },

    /** Stops job `jobId` before its next batch (it rejects with AbortedError). */
    cancel(jobId: string): void {
      jobs.cancel(jobId, new AbortedError(role === 'embedder' ? 'embedding' : 'reranking'));
    },

    /** URLs the network gate refused (diagnostics; tests assert nothing leaks). */
    refusedRequests(): string[] {
      return [...gate.refused];
    },
  };
}

export type ModelWorkerApi = ReturnType<typeof createModelWorkerApi>;
