/**
 * The worker side of a remote async iterable. A worker method registers a producer with
 * `exposeIterable` and returns its StreamRef; the page pulls it through the stream API:
 *
 *   next(streamId) → {done: false, value} | {done: true}    one item per call
 *   cancel(streamId)                                        the producer's signal fires
 *   close(streamId)                                         frees it (its `finally` runs); idempotent
 *
 * The consumer asks for the next item only when it has dealt with the last one, so the producer
 * never runs ahead (backpressure) and the worker holds at most one item. Items can carry
 * transferables (page images, vectors), moved rather than copied. A producer must await between
 * items or a cancel is never seen. The page side is remote-iterable.ts; parse pages ride on it
 * today, and language-model tokens and scan events are meant to.
 * Environment-neutral: Node tests drive it over a MessageChannel exactly as the app drives a worker.
 */
import { transfer } from 'comlink';
import { InputError } from '../core/errors';

/** What one pull returns: an item, or the end of the stream. */
export type StreamResult<T> = { readonly done: false; readonly value: T } | { readonly done: true; readonly value?: undefined };

/** Names a stream of T across the boundary (T exists only for the type checker). */
export interface StreamRef<T> {
  readonly streamId: string;
  /** Never set: carries the item type from worker to page. */
  readonly item?: T;
}

/** The methods a worker exposing streams adds to its API. */
export interface StreamApi {
  next(streamId: string): Promise<StreamResult<unknown>>;
  cancel(streamId: string): void;
  close(streamId: string): Promise<void>;
  /** Streams not yet closed (tests, diagnostics). */
  openStreams(): number;
}

interface ExposeOptions<T> {
  /** Buffers of an item to move to the page instead of copying them. */
  readonly transfer?: (value: T) => readonly Transferable[];
}

interface Stream {
  readonly iterator: AsyncIterator<unknown>;
  readonly controller: AbortController;
  readonly transfer: ((value: never) => readonly Transferable[]) | undefined;
  /** The last next() in flight; pulls on one stream run one after another. */
  pending: Promise<unknown>;
}

export interface StreamHost {
  /** Registers a producer (started lazily by the first pull) and returns its reference. */
  exposeIterable<T>(produce: (signal: AbortSignal) => AsyncIterable<T>, options?: ExposeOptions<T>): StreamRef<T>;
  readonly api: StreamApi;
}

/** A registry of streams; `owner` names the worker in error messages ("parse worker"). */
export function createStreamHost(owner: string, prefix = 'stream'): StreamHost {
  const streams = new Map<string, Stream>();
  let counter = 0;

  const get = (streamId: string): Stream => {
    const stream = streams.get(streamId);
    if (!stream) throw new InputError(`${owner}: unknown or closed stream ${JSON.stringify(streamId)}`, { streamId });
    return stream;
  };

  const finish = (streamId: string, stream: Stream) => {
    if (streams.get(streamId) === stream) streams.delete(streamId);
  };

  const api: StreamApi = {
    async next(streamId) {
      const stream = get(streamId);
      const run = stream.pending.then(async (): Promise<StreamResult<unknown>> => {
        try {
          const result = await stream.iterator.next();
          if (result.done) {
            finish(streamId, stream);
            return { done: true };
          }
          const item = { done: false as const, value: result.value };
          const buffers = [...new Set(stream.transfer?.(result.value as never) ?? [])];
          return buffers.length > 0 ? transfer(item, buffers) : item;
        } catch (error) {
          finish(streamId, stream);
          throw error;
        }
      });
      stream.pending = run.catch(() => undefined);
      return run;
    },

    cancel(streamId) {
      streams.get(streamId)?.controller.abort();
    },

    async close(streamId) {
      const stream = streams.get(streamId);
      if (!stream) return;
      streams.delete(streamId);
      stream.controller.abort();
      await stream.pending;
      await stream.iterator.return?.().catch(() => undefined);
    },

    openStreams() {
      return streams.size;
    },
  };

  return {
    exposeIterable<T>(produce: (signal: AbortSignal) => AsyncIterable<T>, options: ExposeOptions<T> = {}): StreamRef<T> {
      const streamId = `${prefix}-${++counter}`;
      const controller = new AbortController();
      const iterator = produce(controller.signal)[Symbol.asyncIterator]();
      streams.set(streamId, { iterator, controller, transfer: options.transfer as Stream['transfer'], pending: Promise.resolve() });
      return { streamId };
    },
    api,
  };
}
