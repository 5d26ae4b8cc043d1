/**
 * Live views of the workspace database for the UI: `watch` re-runs a query whenever the tables
 * it read change (Dexie's liveQuery) and hands each result to `next`. The UI reaches storage
 * only through the app's services; this keeps Dexie out of src/ui.
 *
 * A view of a whole table (every document of a 1,000-document workspace) re-read after each of
 * an import's writes costs work that grows with the table for every document added: with
 * `minIntervalMs` the query runs at most once per interval. After a result the subscription
 * pauses; a change anywhere in storage during the pause (Dexie's `storagemutated`, which covers
 * this tab's workers and other tabs) brings one re-run when the interval is over, with
 * everything written meanwhile, and one more after the next quiet interval to confirm it. A quiet
 * database is not re-read.
 */
import Dexie, { liveQuery, type ObservabilitySet } from 'dexie';

export interface Watcher<T> {
  next(value: T): void;
  error(error: unknown): void;
}

export interface WatchOptions {
  /** Runs the query at most once per this many ms (0: on every change). */
  readonly minIntervalMs?: number;
}

/** Starts watching; returns the function that stops it. */
export function watch<T>(query: () => Promise<T>, watcher: Watcher<T>, options: WatchOptions = {}): () => void {
  const interval = options.minIntervalMs ?? 0;
  if (interval <= 0) {
    const subscription = liveQuery(query).subscribe({ next: (v) => watcher.next(v), error: (e: unknown) => watcher.error(e) });
    return () => subscription.unsubscribe();
  }
  return new ThrottledWatch(query, watcher, interval).stop;
}

class ThrottledWatch<T> {
  #subscription: { unsubscribe(): void } | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;
  /** Paused and something changed since the last result. */
  #changed = false;
  /** The pause is over (the next change re-runs at once). */
  #due = false;
  /**
   * A re-run brought by changes is confirmed by one more after the next quiet interval: a change
   * whose notice crossed the re-run (another tab's write, reported late) is never left unseen.
   */
  #confirm = false;
  #stopped = false;

  constructor(
    private readonly query: () => Promise<T>,
    private readonly watcher: Watcher<T>,
    private readonly interval: number,
  ) {
    this.#subscribe();
  }

  readonly stop = (): void => {
    this.#stopped = true;
    this.#subscription?.unsubscribe();
    this.#subscription = null;
    if (this.#timer !== null) clearTimeout(this.#timer);
    Dexie.on('storagemutated').unsubscribe(this.#onMutated);
  };

  #subscribe(): void {
    this.#changed = false;
    this.#due = false;
    this.#subscription = null;
    Dexie.on('storagemutated').unsubscribe(this.#onMutated);
    const subscription = liveQuery(this.query).subscribe({
      next: (value) => {
        if (this.#stopped) return;
        this.watcher.next(value);
        this.#pause();
      },
      error: (e: unknown) => this.watcher.error(e),
    });
    // A result delivered before subscribe() returned has paused already.
    if (this.#subscription === PAUSED) subscription.unsubscribe();
    else this.#subscription = subscription;
  }

  #pause(): void {
    if (this.#subscription && this.#subscription !== PAUSED) this.#subscription.unsubscribe();
    this.#subscription = PAUSED;
    Dexie.on('storagemutated', this.#onMutated);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      if (this.#stopped) return;
      if (this.#changed || this.#confirm) {
        this.#confirm = this.#changed;
        this.#subscribe();
      } else this.#due = true;
    }, this.interval);
  }

  readonly #onMutated = (_parts: ObservabilitySet): void => {
    if (this.#stopped || this.#subscription !== PAUSED) return;
    if (this.#due) {
      this.#confirm = true;
      this.#subscribe();
    } else this.#changed = true;
  };
}

/** Marks a watch whose liveQuery subscription is closed until the interval is over. */
const PAUSED = { unsubscribe(): void {} };
