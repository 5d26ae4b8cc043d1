/**
 * Typed errors that survive the worker boundary.
 *
 * Every error the app shows a user is an AppError with a stable `code` (what went wrong, for
 * code and tests) and a message that starts with the module and names the bad value (for
 * people). `toSerialized` / `fromSerialized` carry them across comlink (see src/rpc/errors.ts) and
 * into the database (a failed document keeps its error).
 */

export type ErrorCode =
  // input files
  | 'file/empty'
  | 'file/too-large'
  | 'file/unsupported'
  | 'file/corrupt'
  | 'file/encrypted'
  | 'file/zip-bomb'
  // a per-file processing budget (pages, inflated bytes, nesting, time…); details.limit names it
  | 'file/limit'
  | 'file/no-text'
  | 'file/duplicate'
  // jobs
  | 'job/aborted'
  | 'job/timeout'
  // storage and indexes
  | 'store/not-found'
  | 'store/quota'
  // a file the tab was still saving when it closed (not taken)
  | 'store/interrupted'
  | 'store/conflict'
  | 'index/model-mismatch'
  | 'index/corrupt'
  // models
  | 'model/unavailable'
  | 'model/load-failed'
  | 'model/device-lost'
  | 'model/download-failed'
  // language models (ChatModel providers)
  | 'model/unreachable'
  | 'model/cors'
  | 'model/not-found'
  | 'model/http'
  | 'model/timeout'
  | 'model/no-webgpu'
  // playbooks and settings
  | 'input/invalid'
  // anything else
  | 'internal';

export interface SerializedError {
  readonly name: string;
  readonly code: ErrorCode;
  readonly message: string;
  readonly details?: Readonly<Record<string, unknown>> | undefined;
  readonly stack?: string | undefined;
}

export class AppError extends Error {
  override readonly name: string = 'AppError';
  readonly code: ErrorCode;
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown; details?: Record<string, unknown> }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = options?.details;
  }

  toJSON(): SerializedError {
    return toSerialized(this);
  }
}

/** A file could not be read as a document (corrupt, empty, encrypted, unsupported...). */
export class FileError extends AppError {
  override readonly name = 'FileError';
  constructor(code: ErrorCode, readonly fileName: string, reason: string, options?: { cause?: unknown; details?: Record<string, unknown> }) {
    super(code, `${fileName}: ${reason}`, { ...options, details: { fileName, ...options?.details } });
  }
}

/** The user (or a newer job) cancelled the work. Never shown as a failure. */
export class AbortedError extends AppError {
  override readonly name = 'AbortedError';
  constructor(what = 'job') {
    super('job/aborted', `${what} was cancelled`);
  }
}

export class StoreError extends AppError {
  override readonly name = 'StoreError';
}

export class IndexError extends AppError {
  override readonly name = 'IndexError';
}

export class ModelError extends AppError {
  override readonly name = 'ModelError';
}

export class InputError extends AppError {
  override readonly name = 'InputError';
  constructor(message: string, details?: Record<string, unknown>) {
    super('input/invalid', message, details ? { details } : undefined);
  }
}

export function isAbort(error: unknown): boolean {
  if (error instanceof AppError) return error.code === 'job/aborted';
  return error instanceof Error && error.name === 'AbortError';
}

/** Throws AbortedError when the signal has fired. Call it between units of work. */
export function throwIfAborted(signal: AbortSignal | undefined, what?: string): void {
  if (signal?.aborted) throw new AbortedError(what);
}

export function toSerialized(error: unknown): SerializedError {
  if (error instanceof AppError) {
    return { name: error.name, code: error.code, message: error.message, details: error.details, stack: error.stack };
  }
  if (error instanceof Error) {
    const code: ErrorCode = error.name === 'AbortError' ? 'job/aborted' : 'internal';
    return { name: error.name, code, message: error.message, stack: error.stack };
  }
  return { name: 'Error', code: 'internal', message: String(error) };
}

const constructors: Record<string, (s: SerializedError) => AppError> = {
  FileError: (s) => {
    const fileName = typeof s.details?.['fileName'] === 'string' ? s.details['fileName'] : '';
    const e = new FileError(s.code, fileName, '', { details: { ...s.details } });
    Object.defineProperty(e, 'message', { value: s.message });
    return e;
  },
  AbortedError: () => new AbortedError(),
  StoreError: (s) => new StoreError(s.code, s.message, detailsOf(s)),
  IndexError: (s) => new IndexError(s.code, s.message, detailsOf(s)),
  ModelError: (s) => new ModelError(s.code, s.message, detailsOf(s)),
  InputError: (s) => new InputError(s.message, s.details ? { ...s.details } : undefined),
};

function detailsOf(s: SerializedError): { details?: Record<string, unknown> } {
  return s.details ? { details: { ...s.details } } : {};
}

/** Rebuilds the right AppError subclass from its serialized form (by name). */
export function fromSerialized(s: SerializedError): AppError {
  const make = constructors[s.name];
  const error = make ? make(s) : new AppError(s.code, s.message, detailsOf(s));
  if (s.stack) error.stack = s.stack;
  return error;
}

/** A one-line message for people, whatever was thrown. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
