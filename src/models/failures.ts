/**
 * Turns whatever transformers.js / ONNX Runtime / WebGPU throw into a ModelError with a stable
 * code and a `reason` the fallback logic reads, and watchdogs so a load or a first inference
 * that hangs fails visibly instead of spinning forever.
 */
import { AbortedError, AppError, isAbort, ModelError, type ErrorCode } from '../core/errors';
import type { Device, Dtype } from '../core/ports';

type FailureReason =
  | 'not-downloaded'
  | 'fp16-unsupported'
  | 'no-adapter'
  | 'device-lost'
  | 'out-of-memory'
  | 'timeout'
  | 'network'
  | 'unknown';

export interface FailureContext {
  readonly modelId: string;
  readonly device: Device;
  readonly dtype: Dtype;
  /** 'load' while fetching/creating the session, 'run' during inference. */
  readonly stage: 'load' | 'download' | 'run';
}

const PATTERNS: readonly [RegExp, FailureReason][] = [
  [/local_files_only|allowRemoteModels=false|not found locally|could not locate file|ModelFileNotFound|\b404\b|Not downloaded/i, 'not-downloaded'],
  [/fp16|shader-f16|requires f16/i, 'fp16-unsupported'],
  [/device (was |is )?lost|GPUDevice.*lost|DeviceLost|device has been lost/i, 'device-lost'],
  [/out of memory|OOM|Failed to allocate|allocation failed|Array buffer allocation|memory access out of bounds|exceeds the max buffer|maxBufferSize|maxStorageBufferBindingSize/i, 'out-of-memory'],
  [/no available adapters|requestAdapter|Failed to get GPU adapter|WebGPU is not (supported|available)|webgpu.*not available|Unsupported device: "webgpu"/i, 'no-adapter'],
  [/Failed to fetch|NetworkError|network error|ERR_|ECONN|ETIMEDOUT|status (5\d\d)|Error \(5\d\d\)|\(50\d\)/i, 'network'],
];

function failureReason(error: unknown): FailureReason {
  if (error instanceof AppError && typeof error.details?.['reason'] === 'string') return error.details['reason'] as FailureReason;
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return PATTERNS.find(([re]) => re.test(text))?.[1] ?? 'unknown';
}

const HINT: Readonly<Record<FailureReason, string>> = {
  'not-downloaded': 'is not downloaded (Settings → Models)',
  'fp16-unsupported': 'needs fp16, which this GPU does not support (no shader-f16)',
  'no-adapter': 'could not get a WebGPU adapter',
  'device-lost': 'lost its GPU device',
  'out-of-memory': 'ran out of memory',
  timeout: 'did not respond in time',
  network: 'could not be downloaded (network error)',
  unknown: 'failed',
};

/** A ModelError (or AbortedError) describing `error`; AppErrors pass through unchanged. */
export function toModelError(error: unknown, ctx: FailureContext): AppError {
  if (error instanceof AppError) return error;
  if (isAbort(error)) return new AbortedError(`${ctx.stage === 'download' ? 'downloading' : 'loading'} ${ctx.modelId}`);
  const reason = failureReason(error);
  const code: ErrorCode =
    reason === 'not-downloaded'
      ? 'model/unavailable'
      : reason === 'device-lost'
        ? 'model/device-lost'
        : reason === 'network' || (ctx.stage === 'download' && reason === 'unknown')
          ? 'model/download-failed'
          : 'model/load-failed';
  const detail = error instanceof Error ? error.message : String(error);
  return new ModelError(code, `models: ${ctx.modelId} (${ctx.dtype} on ${ctx.device}) ${HINT[reason]}: ${detail}`, {
    cause: error,
    details: { reason, modelId: ctx.modelId, device: ctx.device, dtype: ctx.dtype, stage: ctx.stage },
  });
}

/** Failures that moving from WebGPU to WASM can fix. */
export function isDeviceFailure(error: unknown): boolean {
  const reason = failureReason(error);
  return reason === 'fp16-unsupported' || reason === 'no-adapter' || reason === 'device-lost' || reason === 'out-of-memory' || reason === 'timeout' || reason === 'unknown';
}

/**
 * Rejects with a `timeout` ModelError when `promise` has not settled and `kick()` was not called
 * for `idleMs` (a download resets the clock with every progress event).
 */
export function watchdog<T>(promise: Promise<T>, idleMs: number, ctx: FailureContext): { promise: Promise<T>; kick: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let fail: (e: unknown) => void = () => undefined;
  const expired = new Promise<never>((_, reject) => (fail = reject));
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(
      () =>
        fail(
          new ModelError('model/load-failed', `models: ${ctx.modelId} (${ctx.dtype} on ${ctx.device}) did not respond within ${Math.round(idleMs / 1000)} s while ${ctx.stage === 'run' ? 'running' : 'loading'}`, {
            details: { reason: 'timeout', modelId: ctx.modelId, device: ctx.device, dtype: ctx.dtype, stage: ctx.stage },
          }),
        ),
      idleMs,
    );
  };
  arm();
  return { promise: Promise.race([promise, expired]).finally(() => clearTimeout(timer)), kick: arm };
}
