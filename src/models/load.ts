/**
 * What loading any transformers.js model shares: the pretrained options for a choice of model,
 * device and dtype; progress in bytes; a watchdog that a stalled download, a session that never
 * gets created or a first inference that hangs cannot outlive; errors as ModelErrors; and the
 * model-class skeleton (TransformersModel) the embedder and reranker are built on.
 */
import { throwIfAborted } from '../core/errors';
import type { Device, Dtype, ModelRef } from '../core/ports';
import type { ModelSpec } from './catalog';
import { toModelError, watchdog, type FailureContext } from './failures';
import { externalDataOption } from './hub';
import { ProgressAggregator, READY, type DownloadProgress, type ProgressInfoLike } from './progress';

/** What loading needs to know of a model (embedders and rerankers: a ModelSpec; generators: a GeneratorSpec). */
export type LoadableSpec = Pick<ModelSpec, 'id' | 'dtypes'>;

export interface ModelChoice<S extends LoadableSpec = ModelSpec> {
  readonly spec: S;
  readonly device: Device;
  readonly dtype: Dtype;
}

export interface LoadOptions<S extends LoadableSpec = ModelSpec> extends ModelChoice<S> {
  /** Texts per inference; default by device (profiles.BATCH_SIZE). */
  readonly batchSize?: number;
  readonly onProgress?: (progress: DownloadProgress) => void;
  /** Fail when loading makes no progress for this long (ms). Default 180 000. */
  readonly loadTimeoutMs?: number;
  /** Run one tiny inference while loading (catches a GPU that hangs on first use). Default true. */
  readonly warmup?: boolean;
}

export const DEFAULT_LOAD_TIMEOUT_MS = 180_000;

export function refOf(choice: ModelChoice<LoadableSpec>, dim?: number | null): ModelRef {
  return { id: choice.spec.id, dtype: choice.dtype, device: choice.device, ...(dim ? { dim } : {}) };
}

/** Options for `pipeline()` / `from_pretrained()`. */
export function pretrainedOptions(choice: ModelChoice<LoadableSpec>, progress_callback: (info: ProgressInfoLike) => void) {
  const external = externalDataOption(choice.spec, choice.dtype);
  return {
    dtype: choice.dtype,
    device: choice.device,
    progress_callback,
    ...(external ? { use_external_data_format: external } : {}),
  } as const;
}

/**
 * Runs `load(progress_callback)` under a watchdog that every progress event resets, reporting
 * aggregated progress; throws ModelError (code model/*) on failure.
 */
export async function guardedLoad<T>(options: LoadOptions<LoadableSpec>, stage: FailureContext['stage'], load: (progress: (info: ProgressInfoLike) => void) => Promise<T>): Promise<T> {
  const ctx: FailureContext = { modelId: options.spec.id, device: options.device, dtype: options.dtype, stage };
  const aggregator = new ProgressAggregator(options.spec.id, options.spec.dtypes[options.dtype]?.bytes ?? 0);
  let kick = () => undefined as void;
  const onInfo = (info: ProgressInfoLike) => {
    kick();
    const p = aggregator.update(info);
    try {
      options.onProgress?.(p);
    } catch {
      // a failing listener must not break the load
    }
  };
  try {
    const dog = watchdog(load(onInfo), options.loadTimeoutMs ?? DEFAULT_LOAD_TIMEOUT_MS, ctx);
    kick = dog.kick;
    return await dog.promise;
  } catch (error) {
    throw toModelError(error, ctx);
  }
}

/** Lets queued messages (a cancel) run between batches: awaiting a resolved promise does not. */
const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The skeleton every transformers.js model class shares (embedder, reranker, and the language
 * model to come): loads lazily and once under the watchdog (`model ??= load()`, so concurrent
 * first calls share one load, and a failed load may be retried), warms up with one tiny
 * inference, runs inputs in batches that yield between them so a cancel is seen, reports
 * failures as ModelErrors, and frees the session on `dispose()`.
 */
export abstract class TransformersModel<Loaded> {
  #loading: Promise<Loaded> | null = null;
  /** Output dimension once known (embedders). */
  protected dim: number | null = null;

  constructor(protected readonly options: LoadOptions) {}

  get model(): ModelRef {
    return refOf(this.options, this.dim);
  }

  /** Inputs per inference. */
  abstract get batchSize(): number;

  /** Creates the pipeline or model from the cache (or the network, when the gate allows it). */
  protected abstract create(progress: (info: ProgressInfoLike) => void): Promise<Loaded>;
  /** One tiny inference, so a device that hangs on first use fails while loading. */
  protected abstract warmup(loaded: Loaded): Promise<void>;
  /** Frees what `create` made. */
  protected abstract release(loaded: Loaded): Promise<void>;

  /** Loads (downloading only if the network gate allows this model) and warms up. Idempotent. */
  async load(stage: 'load' | 'download' = 'load'): Promise<ModelRef> {
    await (this.#loading ??= this.#load(stage));
    return this.model;
  }

  #load(stage: 'load' | 'download'): Promise<Loaded> {
    const promise = guardedLoad(this.options, stage, async (progress) => {
      const loaded = await this.create(progress);
      if (this.options.warmup !== false) await this.warmup(loaded);
      progress({ status: READY });
      return loaded;
    });
    promise.catch(() => {
      this.#loading = null; // a later call may retry (e.g. after a download)
    });
    return promise;
  }

  /** Runs `items` through `run` in batches, cancellable between them by `signal`. */
  protected async batched<I, O>(what: string, items: readonly I[], signal: AbortSignal | undefined, run: (loaded: Loaded, batch: readonly I[]) => Promise<O[]>): Promise<O[]> {
    throwIfAborted(signal, what);
    if (items.length === 0) return [];
    await this.load();
    const loaded = await this.#loading!;
    const out: O[] = [];
    for (let i = 0; i < items.length; i += this.batchSize) {
      if (i > 0) await yieldToEventLoop();
      throwIfAborted(signal, what);
      try {
        out.push(...(await run(loaded, items.slice(i, i + this.batchSize))));
      } catch (error) {
        throw toModelError(error, { modelId: this.options.spec.id, device: this.options.device, dtype: this.options.dtype, stage: 'run' });
      }
    }
    return out;
  }

  async dispose(): Promise<void> {
    const loading = this.#loading;
    this.#loading = null;
    const loaded = await loading?.catch(() => null);
    if (loaded) await this.release(loaded);
  }
}
