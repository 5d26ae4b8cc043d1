/**
 * Everything that belongs to one open workspace: its database and repositories, its settings,
 * its index (an IndexClient with its own index worker), the import queue and folder sync, the
 * embedding backfill and the search service. Created when the workspace opens and disposed when
 * another opens or it is deleted, so nothing of one matter outlives its switch to another.
 * The UI reaches a workspace's data only through these services.
 *
 * Other tabs may have the same workspace open: the session holds the workspace's shared lock
 * while open (a deletion waits for every tab to let go), and its import queue is read by one
 * tab at a time (the import lock); the others catch up through `refresh()`.
 */
import { describeError, StoreError } from '../core/errors';
import type { DocumentAnalyzer } from '../core/ingest/analyze';
import { IngestQueue } from '../core/ingest/queue';
import type { OcrEngine, Parser } from '../core/ports';
import type { WorkspaceRecord } from '../core/types';
import type { WorkspaceDb } from '../store/db';
import { DocumentRepository } from '../store/documents';
import { DexieQueueStore } from '../store/queue-store';
import { WorkspaceSettings } from '../store/workspace-settings';
import type { WorkspaceRegistry } from '../store/workspaces';
import type { WorkerEndpoint } from '../rpc/handle';
import { noChatModel, type ChatAccess } from './chat-access';
import { Embeddings } from './embeddings';
import type { EventBus } from './event-bus';
import type { FileVault } from './file-vault';
import { FolderSync } from './folder-sync';
import { ImportService } from './imports';
import { IndexClient } from './index-client';
import type { ModelService } from './model-service';
import { QueueFiles } from './queue-files';
import { retrievalRunner, SearchService } from './search-service';
import type { StorageSpace } from './storage-space';
import { lockNames, type HeldLock, type TabLocks } from './tab-locks';

/** What a session shares with the rest of the app (the workers and services that outlive it). */
export interface SessionDeps {
  readonly registry: WorkspaceRegistry;
  readonly vault: FileVault;
  readonly parser: Parser & DocumentAnalyzer;
  readonly ocr: OcrEngine;
  readonly models: ModelService;
  readonly events: EventBus;
  /** Creates the index worker (default: workers/index.worker.ts). */
  readonly spawnIndex?: () => WorkerEndpoint;
  /** Cross-tab locks (one importer per workspace, deletion waits for every tab). */
  readonly locks: TabLocks;
  readonly space: StorageSpace;
  /** A job was paused, resumed or cancelled in this tab (tell the others). */
  readonly onJobChange?: (workspaceId: string, jobId: string) => void;
  /** A document was deleted in this tab (tell the others). */
  readonly onDocumentsChange?: (workspaceId: string) => void;
}

const warn = (what: string) => (error: unknown) => console.warn(`Casefile: ${what}: ${describeError(error)}`);

export class WorkspaceSession {
  readonly workspaceId: string;
  readonly db: WorkspaceDb;
  readonly documents: DocumentRepository;
  readonly settings: WorkspaceSettings;
  readonly index: IndexClient;
  readonly folder: FolderSync;
  readonly imports: ImportService;
  readonly embeddings: Embeddings;
  readonly search: SearchService;
  /** The language model that answers in this workspace (none: extractive answers). */
  readonly chat: ChatAccess = noChatModel();
  readonly #queue: IngestQueue;
  readonly #lock: HeldLock;
  #disposed = false;

  private constructor(workspace: WorkspaceRecord, deps: SessionDeps, lock: HeldLock) {
    this.#lock = lock;
    this.workspaceId = workspace.id;
    this.db = deps.registry.openDatabase(workspace.id);
    this.documents = new DocumentRepository(this.db);
    this.settings = new WorkspaceSettings(this.db);
    this.index = new IndexClient({
      workspaceId: workspace.id,
      ...(deps.spawnIndex ? { spawn: deps.spawnIndex } : {}),
      // Read per search: the models on this device whose files are here, and the plan's rerank limit.
      models: () => ({ embedder: this.embeddings.embedder(), reranker: this.embeddings.reranker(), rerankMaxPairs: deps.models.state.plan?.reranker?.maxPairs ?? null }),
    });
    this.embeddings = new Embeddings(deps.models, this.index, this.documents, deps.events.publish);
    const jobs = new DexieQueueStore(this.db);
    this.folder = new FolderSync(this.db, {
      enqueue: (files, label) => this.#queue.enqueue(files, 'folder', label),
      remove: (id) => this.imports.deleteDocument(id),
    });
    this.#queue = new IngestQueue({
      store: jobs,
      files: new QueueFiles(workspace.id, deps.vault, () => this.folder),
      ingest: () => ({ parser: deps.parser, analyzer: deps.parser, ocr: deps.ocr, store: this.documents, index: this.index, embedder: this.embeddings.embedder() }),
      sink: deps.events.publish,
      exclusive: (drain, signal) => deps.locks.exclusive(lockNames.import(workspace.id), drain, { signal, what: 'the import in another tab' }),
      beforeDrain: async () => void (await this.imports.recover()),
    });
    this.imports = new ImportService({
      workspaceId: workspace.id, vault: deps.vault, queue: this.#queue, jobs, documents: this.documents, index: this.index, folder: () => this.folder,
      locks: deps.locks, space: deps.space, onJobChange: (jobId) => deps.onJobChange?.(workspace.id, jobId), onDocumentsChange: () => deps.onDocumentsChange?.(workspace.id),
    });
    this.search = new SearchService({ run: retrievalRunner(this.index, () => this.settings.pipeline()), events: deps.events });
  }

  /**
   * Opens the workspace: its shared lock (waiting while another tab deletes it), its database,
   * and its index loaded and reconciled in a fresh worker.
   */
  static async open(workspace: WorkspaceRecord, deps: SessionDeps): Promise<WorkspaceSession> {
    const lock = await deps.locks.hold(lockNames.workspace(workspace.id), 'shared');
    // Another tab may have deleted it while this one waited for the lock: never recreate it.
    if (!(await deps.registry.get(workspace.id).catch(() => undefined))) {
      lock.release();
      throw new StoreError('store/not-found', `Casefile: the workspace “${workspace.name}” was deleted in another tab`);
    }
    const session = new WorkspaceSession(workspace, deps, lock);
    try {
      await session.index.open();
    } catch (error) {
      await session.dispose();
      throw error;
    }
    return session;
  }

  /**
   * Starts the background work: dense search in step with the models, imports resumed where a
   * reload or crash stopped them, and a folder whose permission the browser kept synced at once
   * (otherwise the UI offers "Allow access": browsers require a click for that).
   */
  async start(): Promise<void> {
    await this.embeddings.sync().catch(warn('embeddings'));
    await this.imports.sweep().catch(warn('cleaning the stored files failed'));
    await this.#queue.start();
    if ((await this.folder.permission().catch(() => null)) === 'granted') this.folder.rescan().catch(warn('folder rescan failed'));
  }

  /** Another tab added or removed documents here: the index catches up and the latest question runs again. */
  async refresh(): Promise<void> {
    if (this.#disposed) return;
    await this.index.refresh();
    this.search.stale();
  }

  /** Another tab paused or cancelled a job: stop reading its file here if this tab is. */
  jobChanged(jobId: string): void {
    if (!this.#disposed) this.#queue.jobChanged(jobId).catch(warn('applying a job change failed'));
  }

  /** Another tab is importing here: wait as its standby, to take over if it closes. */
  standby(): void {
    if (!this.#disposed) this.#queue.standby();
  }

  /**
   * Closes the workspace: searches and the backfill stop, copies and imports stop (they resume
   * or are named when it is reopened), the index saves its snapshot (not when `save` is false:
   * the workspace is about to be deleted) and its worker ends, the database closes, and the
   * workspace's lock is released.
   */
  async dispose(save = true): Promise<void> {
    if (this.#disposed) return;
    this.#disposed = true;
    this.search.dispose();
    this.chat.dispose();
    this.embeddings.cancel();
    try {
      await this.imports.close();
      await this.#queue.stop();
      await this.index.close(save).catch(warn('closing the index failed'));
      this.db.close();
    } finally {
      this.#lock.release();
    }
  }
}
