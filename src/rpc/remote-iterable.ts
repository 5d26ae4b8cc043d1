/**
 * The page side of a remote async iterable: an AsyncGenerator over a stream a worker exposed
 * (streams.ts), pulled one item per message, so the worker never runs ahead of the consumer.
 *
 * - Leaving the loop early (`break`, a throw, the generator's `return()`) closes the producer
 *   in the worker, whose `finally` then runs.
 * - An AbortSignal cannot cross to a worker: on abort it sends `cancel(streamId)` and the
 *   consumer rejects at once with AbortedError. A producer stuck in synchronous work never sees
 *   that cancel: with `stopGraceMs`, a worker still busy with the item being pulled is retired
 *   at once (new calls go to a fresh worker, nothing queues behind it) and terminated unless the
 *   item comes back within the grace period, in which case it takes calls again.
 * - A dying worker rejects the consumer with the lifetime's crash error; nothing waits forever.
 */
import type { Remote } from 'comlink';
import { AbortedError } from '../core/errors';
import { abortRace } from './handle';
import type { Lease, WorkerLifetime } from './lifetime';
import type { StreamApi, StreamRef, StreamResult } from './streams';

export interface RemoteIterableOptions {
  /** Names the work in an AbortedError ("parsing contract.pdf"). */
  readonly what: string;
  readonly signal?: AbortSignal | undefined;
  /** After an abort, how long a worker busy with an item may take to finish it before it is terminated. */
  readonly stopGraceMs?: number | undefined;
}

/**
 * Opens a stream on the lifetime's worker with `open` (a call returning the StreamRef, e.g.
 * `api.open(bytes, meta)`) and yields its items. The worker is held (not idle-closed) meanwhile.
 */
export async function* remoteIterable<T, Api extends StreamApi>(
  lifetime: WorkerLifetime<Api>,
  open: (api: Remote<Api>) => Promise<StreamRef<T>>,
  options: RemoteIterableOptions,
): AsyncGenerator<T, void, undefined> {
  const { what, signal, stopGraceMs } = options;
  if (signal?.aborted) throw new AbortedError(what);
  const lease = lifetime.lease();
  // Comlink's Remote<> of a generic API is opaque to the checker; these are the stream methods.
  const streams = lease.api as unknown as Remote<StreamApi>;
  let streamId: string | null = null;
  let opening: Promise<StreamRef<T>> | null = null;
  const abort = abortRace(signal, what, () => {
    if (streamId !== null && !lease.dead) streams.cancel(streamId).catch(() => undefined);
  });
  /** The open or pull the worker is working on, if any. */
  let busy: Promise<unknown> | null = null;
  const call = async <R>(promise: Promise<R>): Promise<R> => {
    busy = promise;
    try {
      return await Promise.race([lease.race(promise), abort.promise]);
    } finally {
      if (!signal?.aborted) busy = null;
    }
  };
  try {
    if (!lease.ready) await Promise.race([lease.race(lease.whenReady(what, signal)), abort.promise]);
    opening = open(lease.api);
    ({ streamId } = await call(opening));
    for (;;) {
      const result = await call(streams.next(streamId) as Promise<StreamResult<T>>);
      if (result.done) return; // the worker closed the finished stream itself
      yield result.value;
    }
  } finally {
    abort.dispose();
    // Close the stream even when the abort won the race against open(); close is idempotent.
    // Not awaited: a worker busy with an item would hold the consumer up.
    opening?.then(({ streamId: id }) => (lease.dead ? undefined : streams.close(id))).catch(() => undefined);
    const pending: Promise<unknown> | null = busy;
    if (stopGraceMs !== undefined && signal?.aborted && pending && !lease.dead) releaseWhenIdle(lease, pending, stopGraceMs);
    else lease.release();
  }
}

/** Retires the lease's worker now; reinstates it if `pending` settles within `graceMs`, else it ends with the lease. */
function releaseWhenIdle<Api>(lease: Lease<Api>, pending: Promise<unknown>, graceMs: number): void {
  lease.retire();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), graceMs);
  });
  const settled = pending.then(
    () => true,
    () => true,
  );
  void Promise.race([settled, expired]).then((finished) => {
    clearTimeout(timer);
    if (finished) lease.reinstate();
    lease.release(); // a retired worker with no lease left is terminated
  });
}
