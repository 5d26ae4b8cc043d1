/**
 * The page side of a remote async iterable: an AsyncGenerator over a stream a worker exposed
 * (streams.ts), pulled one item per message, so the worker never runs ahead of the consumer.
 *
 * - Leaving the loop early (`break`, a throw, the generator's `return()`) closes the producer
 *   in the worker, whose `finally` then runs.
 * - An AbortSignal cannot cross to a worker: on abort it sends `cancel(streamId)` and the
 *   consumer rejects at once with AbortedError.
 * - A dying worker rejects the consumer with the lifetime's crash error; nothing waits forever.
 */
import type { Remote } from 'comlink';
import { AbortedError } from '../core/errors';
import { abortRace } from './handle';
import type { WorkerLifetime } from './lifetime';
import type { StreamApi, StreamRef, StreamResult } from './streams';

export interface RemoteIterableOptions {
  /** Names the work in an AbortedError ("parsing contract.pdf"). */
  readonly what: string;
  readonly signal?: AbortSignal | undefined;
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
  const { what, signal } = options;
  if (signal?.aborted) throw new AbortedError(what);
  const lease = lifetime.lease();
  // Comlink's Remote<> of a generic API is opaque to the checker; these are the stream methods.
  const streams = lease.api as unknown as Remote<StreamApi>;
  let streamId: string | null = null;
  let opening: Promise<StreamRef<T>> | null = null;
  const abort = abortRace(signal, what, () => {
    if (streamId !== null && !lease.dead) streams.cancel(streamId).catch(() => undefined);
  });
  const call = <R>(promise: Promise<R>): Promise<R> => Promise.race([lease.race(promise), abort.promise]);
  try {
    if (!lease.ready) await call(lease.whenReady(what, signal));
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
    lease.release();
  }
}
