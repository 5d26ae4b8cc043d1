/**
 * The open workspace's documents as the UI shows them (the Documents panel, the drawer, the
 * question box's names): one live view for every component, re-read at most once per interval
 * that grows with the list (a thousand documents: once a second), and the record objects of
 * documents that did not change handed out again, so rows that did not change are not drawn again
 * and what is computed per record (names, handles) is computed once.
 */
import type { DocumentRecord } from '../core/types';
import { watch } from './live';

/** Re-reads of the list are at least this far apart… */
const MIN_INTERVAL_MS = 400;
/** …and this much more per document listed (a re-read of a thousand records and its render cost tens of ms). */
const INTERVAL_PER_DOCUMENT_MS = 1;

export class LiveDocumentList {
  #current: readonly DocumentRecord[] = [];
  #listeners = new Set<() => void>();
  #stop: (() => void) | null = null;
  #interval = MIN_INTERVAL_MS;

  constructor(private readonly list: () => Promise<DocumentRecord[]>) {}

  /** The documents, oldest first (empty until the first read). A bound function: React's useSyncExternalStore takes it as is. */
  readonly current = (): readonly DocumentRecord[] => this.#current;

  /**
   * Follows the list while anyone listens; returns the function that stops listening. Bound, so
   * that React's useSyncExternalStore, given the same function on every render, subscribes once.
   */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    if (!this.#stop) this.#start();
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size === 0) this.close();
    };
  };

  close(): void {
    this.#stop?.();
    this.#stop = null;
  }

  #start(): void {
    const interval = this.#interval;
    this.#stop = watch(this.list, { next: (docs) => this.#next(docs), error: (e: unknown) => console.error('the document list failed to load', e) }, { minIntervalMs: interval });
  }

  #next(docs: DocumentRecord[]): void {
    const next = keepUnchanged(this.#current, docs);
    const changed = next.length !== this.#current.length || next.some((d, i) => d !== this.#current[i]);
    this.#current = next;
    // A list that grew past the next interval step is followed at the slower pace from now on.
    const interval = Math.max(MIN_INTERVAL_MS, docs.length * INTERVAL_PER_DOCUMENT_MS);
    if (interval > this.#interval * 1.5 && this.#stop) {
      this.#interval = interval;
      this.#stop();
      this.#start();
    }
    if (changed) for (const l of [...this.#listeners]) l();
  }
}

/** `next` with each record that reads the same as its previous version replaced by that version (same object). */
export function keepUnchanged(previous: readonly DocumentRecord[], next: readonly DocumentRecord[]): DocumentRecord[] {
  if (previous.length === 0) return [...next];
  const before = new Map(previous.map((d) => [d.id, d]));
  return next.map((d) => {
    const p = before.get(d.id);
    return p && sameRecord(p, d) ? p : d;
  });
}

/** Two reads of one document record with the same content (records are plain data; key order is kept by the store). */
function sameRecord(a: DocumentRecord, b: DocumentRecord): boolean {
  return a.updatedAt === b.updatedAt && a.status === b.status && JSON.stringify(a) === JSON.stringify(b);
}
