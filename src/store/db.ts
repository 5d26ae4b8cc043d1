/**
 * The Dexie schema: one database per workspace plus a small registry database.
 * Every schema change is a new version() with its upgrade; never edit an old version.
 */
import Dexie, { type DexieOptions, type Table } from 'dexie';
import type { ConversationRecord } from '../core/answer/conversation';
import type { TurnRecord } from '../core/answer-types';
import type { JobRecord, QueueItem } from '../core/ingest/queue';
import type { DocumentVectors } from '../core/ports';
import type { InstalledPlaybook } from '../core/scan/store';
import type { FlagReview, ScanRecord } from '../core/scan/types';
import type { ChunkRecord, DocumentRecord, PageRecord, WorkspaceRecord } from '../core/types';
import type { FlowRecord } from '../core/workspace/flows';

/** Lets tests inject fake-indexeddb: `{ indexedDB, IDBKeyRange }`. */
export type IdbDeps = Pick<DexieOptions, 'indexedDB' | 'IDBKeyRange'>;

export const WORKSPACE_DB_PREFIX = 'casefile-ws-';
export const REGISTRY_DB_NAME = 'casefile-registry';

/**
 * Embedding vectors of one document, stored as one binary block (exact-size typed arrays,
 * never views into a larger buffer, or IndexedDB would clone the whole buffer).
 */
export type VectorRecord = DocumentVectors;

/** One segment of the lexical index (src/core/search/lexical-segment.ts), written once. */
export interface LexicalSegmentRecord {
  readonly id: string;
  readonly bytes: Uint8Array;
}

export interface MetaRecord {
  readonly key: string;
  readonly value: unknown;
}

/** A turn of a conversation as stored: the turn record, its position, and what the app keeps with it. */
export type TurnRow = TurnRecord & {
  readonly conversationId: string;
  /** Order within the conversation (0-based, append order). */
  readonly seq: number;
};

export class WorkspaceDb extends Dexie {
  documents!: Table<DocumentRecord, string>;
  pages!: Table<PageRecord, [string, number]>;
  chunks!: Table<ChunkRecord, string>;
  vectors!: Table<VectorRecord, string>;
  meta!: Table<MetaRecord, string>;
  jobs!: Table<JobRecord, string>;
  queue!: Table<QueueItem, string>;
  conversations!: Table<ConversationRecord, string>;
  turns!: Table<TurnRow, string>;
  /** Contract review: one scan per document and playbook (superseded ones are removed). */
  scans!: Table<ScanRecord, string>;
  /** Contract review: the review state and history of each flag, by flag id (kept across re-scans). */
  reviews!: Table<FlagReview, string>;
  /** Workspace answers: multi-document flows (proposals, decisions, rows, results), by id. */
  flows!: Table<FlowRecord, string>;
  /** The lexical index's segments, by id; its manifest is in meta (src/store/index-persistence.ts). */
  lexicalSegments!: Table<LexicalSegmentRecord, string>;

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
    // Version 2: conversations and their turns (src/store/conversations.ts). New tables only, so
    // no upgrade() is needed: a version-1 database gains them empty.
    this.version(2).stores({
      conversations: 'id, updatedAt',
      turns: 'id, conversationId, [conversationId+seq]',
    });
    // Version 3, contract review: scans and flag reviews; new tables only, nothing to upgrade.
    this.version(3).stores({
      scans: 'key, documentId, playbookId, [documentId+playbookId]',
      reviews: 'flagId, documentId',
    });
    // Version 4, workspace answers: flows (src/store/flows.ts), paged in (createdAt, id) order;
    // a new table only, nothing to upgrade. The learnt durations live in
    // the registry's kv (one device, every workspace).
    this.version(4).stores({
      flows: 'id, [createdAt+id], conversationId, status',
    });
    // Version 5, the binary lexical index: its segments, each written once (issue 20). A new
    // table only: the version-1 snapshot in meta (MiniSearch's JSON) is converted by the index
    // worker when it first opens the workspace (a large one takes seconds: not in an upgrade,
    // which would hold the page) and removed with the first save in the new format.
    this.version(5).stores({
      lexicalSegments: 'id',
    });
    // Version 6, imports at scale (issue 23): the queue indexed by (status, seq) and (job, status),
    // so taking the next file and counting a job's finished ones read what they need, not every
    // item of every import. Indexes only: IndexedDB builds them from the rows.
    this.version(6).stores({
      queue: 'id, jobId, seq, status, documentId, [status+seq], [jobId+status]',
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

/** A playbook the user installed, keyed by the playbook's id (one version per id). */
export interface PlaybookRow extends InstalledPlaybook {
  readonly id: string;
}

export class RegistryDb extends Dexie {
  workspaces!: Table<WorkspaceRecord, string>;
  kv!: Table<KvRecord, string>;
  /** Playbooks belong to the user, across workspaces. */
  playbooks!: Table<PlaybookRow, string>;

  constructor(deps: IdbDeps = {}) {
    super(REGISTRY_DB_NAME, deps);
    this.version(1).stores({
      workspaces: 'id, name, openedAt',
      kv: 'key',
    });
    // Version 2, contract review: installed playbooks (a new table, nothing to upgrade).
    this.version(2).stores({ playbooks: 'id' });
  }
}
