/** A fresh in-memory IndexedDB per test (fake-indexeddb), injected into Dexie. */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { IdbDeps } from '../../src/store/db';

export function freshIdb(): IdbDeps {
  return { indexedDB: new IDBFactory(), IDBKeyRange };
}
