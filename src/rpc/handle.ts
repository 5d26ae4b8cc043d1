/**
 * A handle on one spawned worker whose `crashed` promise rejects the moment the worker dies, so
 * no call waits forever, and a race against an AbortSignal (which cannot cross to a worker).
 * The page-side proxies reach these through WorkerLifetime (lifetime.ts).
 */
import { wrap, type Endpoint, type Remote } from 'comlink';
import { AbortedError, type AppError } from '../core/errors';

/** What a spawn function returns: something comlink can talk to, and a way to end it. */
export interface WorkerEndpoint extends Endpoint {
  terminate(): void;
}

export interface WorkerHandle<Api> {
  readonly endpoint: WorkerEndpoint;
  readonly api: Remote<Api>;
  /** Rejects when the worker dies (a script error, an unreadable message) or is retired. */
  readonly crashed: Promise<never>;
  /** Rejects `crashed` with this error (pending calls fail with it). */
  readonly fail: (error: AppError) => void;
  dead: boolean;
}

/**
 * Wraps a freshly spawned worker. `onCrash` gets the worker's own message ("the worker stopped"
 * when it gave none) and returns the error pending calls fail with; the handle is then dead and
 * the worker terminated.
 */
export function openHandle<Api>(endpoint: WorkerEndpoint, onCrash: (message: string) => AppError): WorkerHandle<Api> {
  let reject: (error: AppError) => void = () => undefined;
  const crashed = new Promise<never>((_, r) => (reject = r));
  crashed.catch(() => undefined);
  const handle: WorkerHandle<Api> = { endpoint, api: wrap<Api>(endpoint), crashed, fail: (e) => reject(e), dead: false };
  const onError = (event: unknown) => {
    const raw: unknown = event !== null && typeof event === 'object' && 'message' in event ? event.message : null;
    handle.fail(onCrash(typeof raw === 'string' && raw ? raw : 'the worker stopped'));
    closeHandle(handle);
  };
  endpoint.addEventListener('error', onError);
  endpoint.addEventListener('messageerror', onError);
  return handle;
}

/** Terminates the worker (terminate() alone: releaseProxy() would wait for a dead worker). */
export function closeHandle(handle: WorkerHandle<unknown>): void {
  handle.dead = true;
  handle.endpoint.terminate();
}

/**
 * A promise that rejects with AbortedError when the signal fires (never, without a signal),
 * calling `onAbort` then (e.g. to tell the worker to stop); `dispose` removes the listener.
 */
export function abortRace(signal: AbortSignal | undefined, what: string, onAbort: () => void = () => undefined): { promise: Promise<never>; dispose: () => void } {
  if (!signal) return { promise: new Promise<never>(() => undefined), dispose: () => undefined };
  let listener = () => undefined as void;
  const promise = new Promise<never>((_, reject) => {
    listener = () => {
      reject(new AbortedError(what));
      onAbort();
    };
    if (signal.aborted) listener();
    else signal.addEventListener('abort', listener, { once: true });
  });
  promise.catch(() => undefined);
  return { promise, dispose: () => signal.removeEventListener('abort', listener) };
}
