/**
 * An async iterable fed by a producer that pushes: the producer starts on the consumer's first
 * pull, its events queue until pulled, and a consumer that stops pulling (`break`, `return()`)
 * aborts the producer's signal at once rather than when the producer next pushes.
 */

export type Producer<T> = (push: (item: T) => void, signal: AbortSignal) => Promise<void>;

export function pushStream<T>(produce: Producer<T>): AsyncIterable<T> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<T> {
      const queue: T[] = [];
      const controller = new AbortController();
      let waiting: ((r: IteratorResult<T>) => void) | null = null;
      let failed: ((e: unknown) => void) | null = null;
      let finished = false;
      let error: Error | null = null;
      let started = false;

      const push = (item: T) => {
        if (finished) return;
        if (waiting) {
          const w = waiting;
          waiting = failed = null;
          w({ value: item, done: false });
        } else queue.push(item);
      };
      const end = (e: Error | null) => {
        finished = true;
        error = e;
        const w = waiting;
        const f = failed;
        waiting = failed = null;
        if (e !== null && f) f(e);
        else w?.({ value: undefined, done: true });
      };
      const start = () => {
        started = true;
        produce(push, controller.signal).then(
          () => end(null),
          (e: unknown) => end(e instanceof Error ? e : new Error('answer: the turn producer failed')),
        );
      };

      return {
        next(): Promise<IteratorResult<T>> {
          if (!started) start();
          if (queue.length > 0) return Promise.resolve({ value: queue.shift()!, done: false });
          if (finished) {
            if (error !== null) {
              const e = error;
              error = null;
              return Promise.reject(e);
            }
            return Promise.resolve({ value: undefined, done: true });
          }
          return new Promise((resolve, reject) => {
            waiting = resolve;
            failed = reject;
          });
        },
        return(): Promise<IteratorResult<T>> {
          controller.abort();
          finished = true;
          queue.length = 0;
          return Promise.resolve({ value: undefined, done: true });
        },
      };
    },
  };
}
