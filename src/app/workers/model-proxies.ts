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
import { AbortedError, ModelError } from '../../core/errors';
import type { Embedder, JobOptions, ModelRef, Reranker } from '../../core/ports';
import { isDeviceFailure, toModelError, watchdog, type FailureContext } from '../../models/failures';
import type { HubSource } from '../../models/hub';
import { DEFAULT_LOAD_TIMEOUT_MS, refOf } from '../../models/load';
import type { RolePlan } from '../../models/profiles';
import type { DownloadProgress } from '../../models/progress';
import type { ModelWorkerApi } from '../../models/worker-host';
import { abortRace, type WorkerEndpoint } from '../../rpc/handle';
import { WorkerLifetime } from '../../rpc/lifetime';

export type ModelWorkerEndpoint = WorkerEndpoint;

export interface ModelNotice {
  readonly role: RolePlan['role'];
  readonly kind: 'fallback' | 'error';
  readonly message: string;
}

interface WorkerModelOptions {
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
  return new Worker(new URL('../../../workers/embed.worker.ts', import.meta.url), { type: 'module', name: 'casefile-embed' });
}

export function spawnRerankWorker(): ModelWorkerEndpoint {
  return new Worker(new URL('../../../workers/rerank.worker.ts', import.meta.url), { type: 'module', name: 'casefile-rerank' });
}

let nextJob = 1;

class WorkerModel {
  /** A warm worker (no idle close): loading a model takes seconds. `free()` terminates it. */
  readonly #worker: WorkerLifetime<ModelWorkerApi>;
  /** The load of the current attempt, shared by concurrent first calls; null when no worker. */
  #ready: Promise<void> | null = null;
  #attempt = 0;
  #dim: number | null;

  constructor(protected readonly options: WorkerModelOptions) {
    this.#dim = options.plan.spec.dim;
    const { role } = options.plan;
    this.#worker = new WorkerLifetime<ModelWorkerApi>({
      name: `${role} worker`,
      spawn: options.spawn,
      crashError: (message) => new ModelError('model/load-failed', `${role} worker crashed: ${message}`, { details: { reason: 'unknown' } }),
      init: (api, crashed) => this.#load(api, crashed),
      onChange: () => {
        if (!this.#worker.running) this.#ready = null; // the next call loads afresh
        this.options.onRunningChange?.();
      },
    });
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
    return this.#worker.running;
  }

  /** Workers spawned so far (tests, diagnostics). */
  get spawned(): number {
    return this.#worker.spawned;
  }

  /** Terminates the worker and frees its memory; the next call spawns a new one. */
  free(): void {
    this.#ready = null;
    this.#worker.terminate(new AbortedError(`${this.options.plan.spec.label}: the model was unloaded`));
  }

  /** Loads the model now (spawning the worker); resolves with the ModelRef in use. */
  async load(): Promise<ModelRef> {
    await this.#ensure();
    return this.model;
  }

  #context(): FailureContext {
    const attempt = this.options.plan.attempts[this.#attempt]!;
    return { modelId: this.options.plan.spec.id, device: attempt.device, dtype: attempt.dtype, stage: 'load' };
  }

  /** The worker's init: loads the current attempt's model under a watchdog that progress resets. */
  async #load(api: Remote<ModelWorkerApi>, crashed: Promise<never>): Promise<void> {
    const { plan } = this.options;
    const attempt = plan.attempts[this.#attempt]!;
    let kick = () => undefined as void;
    const onProgress = proxy((p: DownloadProgress) => {
      kick();
      this.options.onProgress?.(p);
    });
    const request = { spec: plan.spec, device: attempt.device, dtype: attempt.dtype, stage: 'load' as const, source: this.options.source?.() ?? null };
    const call = api.load(request, onProgress);
    call.catch(() => undefined);
    const dog = watchdog(Promise.race([call, crashed]), this.options.loadTimeoutMs ?? DEFAULT_LOAD_TIMEOUT_MS, this.#context());
    kick = dog.kick;
    const ref = await dog.promise;
    this.#dim = ref.dim ?? this.#dim;
  }

  #ensure(): Promise<void> {
    const ready = (this.#ready ??= this.#loadWithFallback());
    ready.catch(() => {
      if (this.#ready === ready) this.#ready = null;
    });
    return ready;
  }

  /** Starts a worker per attempt until one loads; a failed worker is terminated by the lifetime. */
  async #loadWithFallback(): Promise<void> {
    const { plan } = this.options;
    for (;;) {
      const attempt = plan.attempts[this.#attempt]!;
      try {
        await this.#worker.start(`loading ${plan.spec.label}`);
        return;
      } catch (raw) {
        const error = toModelError(raw, this.#context());
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
    try {
      await Promise.race([this.#ensure(), loading.promise]);
    } finally {
      loading.dispose();
    }
    const jobId = `${this.options.plan.role}-${nextJob++}`;
    try {
      return await this.#worker.call(what, signal, (api) => fn(api, jobId), (api) => void api.cancel(jobId).catch(() => undefined));
    } catch (error) {
      // A GPU that goes away mid-run: drop this worker so the next call starts over (and falls back).
      if (error instanceof ModelError && error.code === 'model/device-lost') {
        if (this.#attempt + 1 < this.options.plan.attempts.length) this.#attempt++;
        this.free();
        this.options.onNotice?.({ role: this.options.plan.role, kind: 'fallback', message: `${this.options.plan.spec.label}: ${error.message}; the next request runs on ${this.model.device}.` });
      }
      throw error;
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
