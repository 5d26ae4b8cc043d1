/**
 * What loading any transformers.js model shares: the pretrained options for a choice of model,
 * device and dtype; progress in bytes; a watchdog that a stalled download, a session that never
 * gets created or a first inference that hangs cannot outlive; errors as ModelErrors.
 */
import type { Device, Dtype, ModelRef } from '../core/ports';
import type { ModelSpec } from './catalog';
import { toModelError, watchdog, type FailureContext } from './failures';
import { externalDataOption } from './hub';
import { ProgressAggregator, type DownloadProgress, type ProgressInfoLike } from './progress';

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
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
