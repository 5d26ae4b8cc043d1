/**
 * Live views of the workspace database for the UI: `watch` re-runs a query whenever the tables
 * it read change (Dexie's liveQuery) and hands each result to `next`. The UI reaches storage
 * only through the app's services; this keeps Dexie out of src/ui.
 */
import { liveQuery } from 'dexie';

export interface Watcher<T> {
  next(value: T): void;
  error(error: unknown): void;
}

/** Starts watching; returns the function that stops it. */
export function watch<T>(query: () => Promise<T>, watcher: Watcher<T>): () => void {
  const subscription = liveQuery(query).subscribe({ next: (v) => watcher.next(v), error: (e: unknown) => watcher.error(e) });
  return () => subscription.unsubscribe();
}
