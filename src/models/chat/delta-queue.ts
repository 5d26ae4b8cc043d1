/**
 * Turns a producer that calls back (transformers.js's streamer, inside `generate()`) into an async
 * iterable the consumer pulls (CONVENTIONS #17). Items wait in order until pulled; `end()` or
 * `fail(error)` finish the stream after the queued items.
 */
export class DeltaQueue<T> implements AsyncIterable<T> {
  readonly #items: T[] = [];
  #done = false;
  #error: Error | null = null;
  #wake: (() => void) | null = null;

  push(item: T): void {
    if (this.#done) return;
    this.#items.push(item);
    this.#notify();
  }

  end(): void {
    this.#done = true;
    this.#notify();
  }

  fail(error: unknown): void {
    if (this.#done) return;
    this.#error = error instanceof Error ? error : new Error(String(error));
    this.#done = true;
    this.#notify();
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = null;
    wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    for (;;) {
      if (this.#items.length > 0) {
        yield this.#items.shift()!;
        continue;
      }
      if (this.#done) {
        if (this.#error !== null) throw this.#error;
        return;
      }
      await new Promise<void>((resolve) => (this.#wake = resolve));
    }
  }
}
