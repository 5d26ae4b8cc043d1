/**
 * Typed failures of the language-model providers (ChatModel): every one is a ModelError whose
 * `code` says what went wrong for code (the answer layer falls back to extractive answers on any
 * of them) and whose `details.reason` is finer, with a message that names the provider, the model
 * and what the user can do about it.
 */
import { AppError, ModelError, type ErrorCode } from '../../core/errors';

export type ChatProviderId = 'webllm' | 'transformers' | 'endpoint';

export type ChatFailureReason =
  | 'unreachable'
  | 'cors'
  | 'mixed-content'
  | 'model-missing'
  | 'unauthorized'
  | 'http'
  | 'first-token-timeout'
  | 'idle-timeout'
  | 'no-webgpu'
  | 'no-adapter'
  | 'fp16-unsupported'
  | 'device-lost'
  | 'not-downloaded'
  | 'download-failed'
  | 'context-too-long'
  | 'busy'
  | 'unknown';

const CODE: Readonly<Record<ChatFailureReason, ErrorCode>> = {
  unreachable: 'model/unreachable',
  cors: 'model/cors',
  'mixed-content': 'model/unreachable',
  'model-missing': 'model/not-found',
  unauthorized: 'model/http',
  http: 'model/http',
  'first-token-timeout': 'model/timeout',
  'idle-timeout': 'model/timeout',
  'no-webgpu': 'model/no-webgpu',
  'no-adapter': 'model/no-webgpu',
  'fp16-unsupported': 'model/load-failed',
  'device-lost': 'model/device-lost',
  'not-downloaded': 'model/unavailable',
  'download-failed': 'model/download-failed',
  'context-too-long': 'model/load-failed',
  busy: 'model/unavailable',
  unknown: 'model/load-failed',
};

export interface ChatFailureContext {
  readonly provider: ChatProviderId;
  readonly modelId: string;
}

/** A ModelError for `reason`; `message` is the whole sentence for people (module first). */
export function chatError(reason: ChatFailureReason, message: string, ctx: ChatFailureContext, extra: { cause?: unknown; details?: Record<string, unknown> } = {}): ModelError {
  return new ModelError(CODE[reason], message, {
    ...(extra.cause === undefined ? {} : { cause: extra.cause }),
    details: { reason, provider: ctx.provider, modelId: ctx.modelId, ...extra.details },
  });
}

/** The reason recorded on a chat failure (null for anything else). */
export function chatFailureReason(error: unknown): ChatFailureReason | null {
  if (error instanceof AppError && typeof error.details?.['reason'] === 'string' && error.code.startsWith('model/')) return error.details['reason'] as ChatFailureReason;
  return null;
}
