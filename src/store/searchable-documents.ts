/**
 * The workspace's searchable documents as the index worker's ask() reads them for every
 * question: read once and kept until the documents table changes (Dexie's `storagemutated`,
 * which reports writes from this worker, the page and other tabs). Re-reading a thousand
 * document records for each question, and so recomputing their names (doc-handles.ts keeps them
 * per record object), cost more than the retrieval itself.
 */
import Dexie, { type ObservabilitySet } from 'dexie';
import type { DocumentRecord } from '../core/types';
import type { WorkspaceDb } from './db';
import { DocumentRepository } from './documents';

export class SearchableDocuments {
  readonly #repository: DocumentRepository;
  readonly #prefix: string;
  #kept: Promise<DocumentRecord[]> | null = null;
  /** Bumped by every change to the documents table: a read that a change overtook is not kept. */
  #generation = 0;

  constructor(db: WorkspaceDb) {
    this.#repository = new DocumentRepository(db);
    this.#prefix = `idb://${db.name}/documents/`;
    Dexie.on('storagemutated', this.#onMutated);
  }

  /** The ready and degraded documents (the same records until the table changes). */
  get(): Promise<DocumentRecord[]> {
    if (this.#kept) return this.#kept;
    const generation = this.#generation;
    const read = this.#repository.searchable();
    this.#kept = read;
    read.then(
      () => {
        if (this.#generation !== generation && this.#kept === read) this.#kept = null;
      },
      () => {
        if (this.#kept === read) this.#kept = null;
      },
    );
    return read;
  }

  /** Stops following the table (the workspace is closed). */
  close(): void {
    Dexie.on('storagemutated').unsubscribe(this.#onMutated);
    this.#kept = null;
  }

  readonly #onMutated = (parts: ObservabilitySet): void => {
    // Keys are `idb://<database>/<table>/…`; anything else (a page shown again from the
    // back-forward cache reports `all`) may have changed everything.
    if (Object.keys(parts).some((k) => k.startsWith(this.#prefix) || !k.startsWith('idb://'))) {
      this.#generation++;
      this.#kept = null;
    }
  };
}
