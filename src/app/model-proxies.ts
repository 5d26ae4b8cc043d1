/**
 * The app's Embedder and Reranker: the same ports as TransformersEmbedder/TransformersReranker
 * (src/models), with the work done in workers/embed.worker.ts and workers/rerank.worker.ts.
 *
 * - Lazy and once: the worker is spawned and the model loaded on first use; concurrent first
 *   calls share the load.
 * - Fallback: the plan lists attempts (e.g. WebGPU fp16, then WASM q8). When an attempt fails
 *   for a device reason (no adapter, fp16 unsupported, device lost, out of memory, a load or
 *   first inference that hangs past the watchdog), the worker is terminated — its ONNX session
 *   chain is unusable after a failure — and a fresh one tries the next attempt. Each fallback
 *   is reported through `onNotice`, never silent.
 * - Cancellation: an AbortSignal cannot cross to a worker; on abort the proxy calls
 *   `cancel(jobId)` (the worker stops before its next batch) and rejects at once.
 * - `free()` terminates the worker ("Free memory"); the next call respawns it.
 */
import { proxy, type Remote } from 'comlink';
import { AbortedError, ModelError } from '../core/errors';
import type { Embedder, JobOptions, ModelRef, Reranker } from '../core/ports';
import { isDeviceFailure, toModelError, watchdog } from '../models/failures';
import type { HubSource } from '../models/hub';
import { DEFAULT_LOAD_TIMEOUT_MS, refOf } from '../models/load';
import type { RolePlan } from '../models/profiles';
import type { DownloadProgress } from '../models/progress';
import type { ModelWorkerApi } from '../models/worker-host';
import { registerRpcErrors } from './rpc';
import { abortRace, closeHandle, openHandle, type WorkerEndpoint, type WorkerHandle } from './worker-handle';

export type ModelWorkerEndpoint = WorkerEndpoint;

export interface ModelNotice {
  readonly role: RolePlan['role'];
  readonly kind: 'fallback' | 'error';
  readonly message: string;
}

export interface WorkerModelOptions {
  readonly plan: RolePlan;
  readonly spawn: () => ModelWorkerEndpoint;
  readonly source?: () => HubSource | null;
  readonly onNotice?: (notice: ModelNotice) => void;
  readonly onProgress?: (progress: DownloadProgress) => void;
  /** Called when a model finished loading or its worker went away. */
  readonly onRunningChange?: () => void;
  /** Watchdog for load + first inference, reset by progress (default 180 s). */
  readonly loadTimeoutMs?: number;
}

/** The embed worker as Vite bundles it (the `new Worker(new URL(...))` must stay literal). */
export function spawnEmbedWorker(): ModelWorkerEndpoint {
  return new Worker(new URL('../../workers/embed.worker.ts', import.meta.url), { type: 'module', name: 'casefile-embed' });
}

export function spawnRerankWorker(): ModelWorkerEndpoint {
  return new Worker(new URL('../../workers/rerank.worker.ts', import.meta.url), { type: 'module', name: 'casefile-rerank' });
}

type Handle = WorkerHandle<ModelWorkerApi>;

let nextJob = 1;

class WorkerModel {
  #handle: Handle | null = null;
  #ready: Promise<Handle> | null = null;
  #attempt = 0;
  #dim: number | null;
  /** Workers spawned so far (tests, diagnostics). */
  spawned = 0;

  constructor(protected readonly options: WorkerModelOptions) {
    registerRpcErrors();
    this.#dim = options.plan.spec.dim;
  }

  get model(): ModelRef {
    const attempt = this.options.plan.attempts[this.#attempt] ?? this.options.plan.attempts[0]!;
    return refOf({ spec: this.options.plan.spec, ...attempt }, this.#dim);
  }

  get plan(): RolePlan {
    return this.options.plan;
  }

  /** True while a worker is alive. */
  get running(): boolean {
    return this.#handle !== null && !this.#handle.dead;
  }

  /** Terminates the worker and frees its memory; the next call spawns a new one. */
  free(): void {
    const handle = this.#handle;
    this.#handle = null;
    this.#ready = null;
    if (handle) this.#kill(handle);
  }

  /** Loads the model now (spawning the worker); resolves with the ModelRef in use. */
  async load(): Promise<ModelRef> {
    await this.#ensure();
    return this.model;
  }

  #spawn(): Handle {
    this.spawned++;
    const handle: Handle = openHandle<ModelWorkerApi>(this.options.spawn(), (message) => {
      // Pending calls fail with the crash error first; then the handle is dropped (#kill would
      // otherwise reject them with "unloaded").
      queueMicrotask(() => this.#kill(handle));
      return new ModelError('model/load-failed', `${this.options.plan.role} worker crashed: ${message}`, { details: { reason: 'unknown' } });
    });
    return handle;
  }

  #kill(handle: Handle): void {
    handle.fail(new AbortedError(`${this.options.plan.spec.label}: the model was unloaded`));
    closeHandle(handle);
    if (this.#handle === handle) {
      this.#handle = null;
      this.#ready = null;
    }
    this.options.onRunningChange?.();
  }

  #ensure(): Promise<Handle> {
    const ready = (this.#ready ??= this.#loadWithFallback());
    ready.catch(() => {
      if (this.#ready === ready) this.#ready = null;
    });
    return ready;
  }

  async #loadWithFallback(): Promise<Handle> {
    const { plan } = this.options;
    for (;;) {
      const attempt = plan.attempts[this.#attempt]!;
      const handle = (this.#handle = this.#spawn());
      const ctx = { modelId: plan.spec.id, device: attempt.device, dtype: attempt.dtype, stage: 'load' as const };
      let kick = () => undefined as void;
      const onProgress = proxy((p: DownloadProgress) => {
        kick();
        this.options.onProgress?.(p);
      });
      try {
        const request = { spec: plan.spec, device: attempt.device, dtype: attempt.dtype, stage: 'load' as const, source: this.options.source?.() ?? null };
        const call = handle.api.load(request, onProgress);
        call.catch(() => undefined);
        const dog = watchdog(Promise.race([call, handle.crashed]), this.options.loadTimeoutMs ?? DEFAULT_LOAD_TIMEOUT_MS, ctx);
        kick = dog.kick;
        const ref = await dog.promise;
        this.#dim = ref.dim ?? this.#dim;
        this.options.onRunningChange?.();
        return handle;
      } catch (raw) {
        const error = toModelError(raw, ctx);
        this.#kill(handle);
        const next = plan.attempts[this.#attempt + 1];
        if (!next || !isDeviceFailure(error)) throw error;
        this.#attempt++;
        this.options.onNotice?.({
          role: plan.role,
          kind: 'fallback',
          message: `${plan.spec.label}: ${attempt.device === 'webgpu' ? 'WebGPU' : attempt.device} failed (${error.message}); switching to ${next.device === 'wasm' ? 'WASM (CPU)' : next.device} with ${next.dtype}.`,
        });
      }
    }
  }

  /** Runs `fn` on the loaded worker as job `jobId`, cancellable by `signal`. */
  protected async run<T>(what: string, signal: AbortSignal | undefined, fn: (api: Remote<ModelWorkerApi>, jobId: string) => Promise<T>): Promise<T> {
    if (signal?.aborted) throw new AbortedError(what);
    const loading = abortRace(signal, what);
    let handle: Handle;
    try {
      handle = await Promise.race([this.#ensure(), loading.promise]);
    } finally {
      loading.dispose();
    }
    const jobId = `${this.options.plan.role}-${nextJob++}`;
    const abort = abortRace(signal, what, () => void handle.api.cancel(jobId).catch(() => undefined));
    try {
      const call = fn(handle.api, jobId);
      call.catch(() => undefined);
      return await Promise.race([call, abort.promise, handle.crashed]);
    } catch (error) {
      // A GPU that goes away mid-run: drop this worker so the next call starts over (and falls back).
      if (error instanceof ModelError && error.code === 'model/device-lost') {
        this.#kill(handle);
        if (this.#attempt + 1 < this.options.plan.attempts.length) this.#attempt++;
        this.options.onNotice?.({ role: this.options.plan.role, kind: 'fallback', message: `${this.options.plan.spec.label}: ${error.message}; the next request runs on ${this.model.device}.` });
      }
      throw error;
    } finally {
      abort.dispose();
    }
  }
}

export class WorkerEmbedder extends WorkerModel implements Embedder {
  embed(texts: readonly string[], options: JobOptions = {}): Promise<Float32Array[]> {
    if (texts.length === 0) return Promise.resolve([]);
    return this.run('embedding', options.signal, (api, jobId) => api.embed(jobId, [...texts]));
  }
}

export class WorkerReranker extends WorkerModel implements Reranker {
  score(query: string, passages: readonly string[], options: JobOptions = {}): Promise<number[]> {
    if (passages.length === 0) return Promise.resolve([]);
    return this.run('reranking', options.signal, (api, jobId) => api.score(jobId, query, [...passages]));
  }
}
