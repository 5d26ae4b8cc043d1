/**
 * The Dexie schema: one database per workspace plus a small registry database.
 * Every schema change is a new version() with its upgrade; never edit an old version.
 */
import Dexie, { type DexieOptions, type Table } from 'dexie';
import type { JobRecord, QueueItem } from '../core/ingest/queue';
import type { DocumentVectors } from '../core/ports';
import type { ChunkRecord, DocumentRecord, PageRecord, WorkspaceRecord } from '../core/types';

/** Lets tests inject fake-indexeddb: `{ indexedDB, IDBKeyRange }`. */
export type IdbDeps = Pick<DexieOptions, 'indexedDB' | 'IDBKeyRange'>;

export const WORKSPACE_DB_PREFIX = 'casefile-ws-';
export const REGISTRY_DB_NAME = 'casefile-registry';

/**
 * Embedding vectors of one document, stored as one binary block (exact-size typed arrays,
 * never views into a larger buffer, or IndexedDB would clone the whole buffer).
 */
export type VectorRecord = DocumentVectors;

export interface MetaRecord {
  readonly key: string;
  readonly value: unknown;
}

export class WorkspaceDb extends Dexie {
  documents!: Table<DocumentRecord, string>;
  pages!: Table<PageRecord, [string, number]>;
  chunks!: Table<ChunkRecord, string>;
  vectors!: Table<VectorRecord, string>;
  meta!: Table<MetaRecord, string>;
  jobs!: Table<JobRecord, string>;
  queue!: Table<QueueItem, string>;

  constructor(readonly workspaceId: string, deps: IdbDeps = {}) {
    super(WORKSPACE_DB_PREFIX + workspaceId, { ...deps, chromeTransactionDurability: 'relaxed' });
    this.version(1).stores({
      documents: 'id, sha256, status, path, addedAt',
      pages: '[documentId+page], documentId',
      chunks: 'id, documentId, [documentId+seq]',
      vectors: 'documentId, modelId',
      meta: 'key',
      jobs: 'id, status, createdAt',
      queue: 'id, jobId, seq, status, documentId',
    });
    // When another tab deletes this workspace, close for good: Dexie's default would reopen on
    // the next query and so recreate the deleted database.
    this.on('versionchange', (event: IDBVersionChangeEvent) => {
      if (event.newVersion) return undefined;
      this.close({ disableAutoOpen: true });
      return false;
    });
  }
}

export interface KvRecord {
  readonly key: string;
  readonly value: unknown;
}

export class RegistryDb extends Dexie {
  workspaces!: Table<WorkspaceRecord, string>;
  kv!: Table<KvRecord, string>;

  constructor(deps: IdbDeps = {}) {
    super(REGISTRY_DB_NAME, deps);
    this.version(1).stores({
      workspaces: 'id, name, openedAt',
      kv: 'key',
    });
  }
}
