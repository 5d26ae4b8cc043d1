/**
 * Everything that belongs to one open workspace: its database and repositories, its settings,
 * its index (an IndexClient with its own index worker), the import queue and folder sync, the
 * embedding backfill, the conversations (questions answered through ask() in the index worker) and
 * the language model that writes answers (ChatService). Created when the workspace opens and
 * disposed when another opens or it is deleted, so nothing of one matter outlives its switch to another.
 * The UI reaches a workspace's data only through these services.
 *
 * Other tabs may have the same workspace open: the session holds the workspace's shared lock
 * while open (a deletion waits for every tab to let go), and its import queue is read by one
 * tab at a time (the import lock); the others catch up through `refresh()`.
 */
import { AppError, describeError, StoreError, toSerialized, type SerializedError } from '../core/errors';
import type { EventSink, SessionPart } from '../core/events';
import type { DocumentAnalyzer } from '../core/ingest/analyze';
import { IngestQueue } from '../core/ingest/queue';
import type { Asker } from '../core/ask/types';
import type { OcrEngine, Parser } from '../core/ports';
import type { WorkspaceRecord } from '../core/types';
import type { WorkspaceDb } from '../store/db';
import { DocumentRepository } from '../store/documents';
import { LiveDocumentList } from './document-list';
import { LocalUser } from '../store/local-user';
import { DexiePlaybookStore } from '../store/playbooks';
import { DexieQueueStore } from '../store/queue-store';
import { DexieScanStore } from '../store/scans';
import { DexieCatalog } from '../store/catalog';
import { DexieConversationStore } from '../store/conversations';
import { DexieFlowStore } from '../store/flows';
import { DexieImportRatesStore } from '../store/import-rates';
import { WorkspaceSettings } from '../store/workspace-settings';
import type { WorkspaceRegistry } from '../store/workspaces';
import type { WorkerEndpoint } from '../rpc/handle';
import { ChatService } from './models/chat-service';
import { ConversationService } from './ask/conversation-service';
import { Embeddings } from './models/embeddings';
import { FolderChoices, importExecutor, questionExecutor, scanExecutor } from './ask/flow-executors';
import { FlowService } from './ask/flow-service';
import type { EventBus } from './event-bus';
import type { FileVault } from './browser/file-vault';
import { FolderSync } from './imports/folder-sync';
import { ImportService } from './imports/imports';
import { IndexClient } from './workers/index-client';
import { browserLanguageModels, type LanguageModels } from './models/chat-device';
import { Originals } from './viewer/originals';
import type { DocumentViews } from './workers/parser-proxy';
import type { ModelService } from './models/model-service';
import { PlaybookLibrary } from './review/playbook-library';
import { QueueFiles } from './imports/queue-files';
import { ReviewService } from './review/review-service';
import { Reviewer } from './review/reviewer';
import { WorkerScanner } from './workers/scan-proxy';
import { ScanService } from './review/scan-service';
import type { StorageSpace } from './browser/storage-space';
import { lockNames, type HeldLock, type TabLocks } from './browser/tab-locks';
import { questionClassifier } from '../playbooks/builtin';

/** What a session shares with the rest of the app (the workers and services that outlive it). */
export interface SessionDeps {
  readonly registry: WorkspaceRegistry;
  readonly vault: FileVault;
  readonly parser: Parser & DocumentAnalyzer;
  /** Formatted views of Word and HTML originals for the source viewer (default: none, text only). */
  readonly views?: DocumentViews;
  readonly ocr: OcrEngine;
  readonly models: ModelService;
  /** The device's language models (the workspace's ChatService picks one; default: the browser's, its own). */
  readonly llm?: LanguageModels;
  readonly events: EventBus;
  /** Creates the index worker (default: workers/index.worker.ts). */
  readonly spawnIndex?: () => WorkerEndpoint;
  /** Contract review's app-wide parts (default: a scan worker, the registry's playbooks and reviewer name). */
  readonly review?: SessionReviewDeps;
  /** Cross-tab locks (one importer per workspace, deletion waits for every tab). */
  readonly locks: TabLocks;
  readonly space: StorageSpace;
  /** A job was paused, resumed or cancelled in this tab (tell the others). */
  readonly onJobChange?: (workspaceId: string, jobId: string) => void;
  /** A document was deleted in this tab (tell the others). */
  readonly onDocumentsChange?: (workspaceId: string) => void;
}

/** What contract review shares across workspaces: the scan worker, the user's playbooks, the reviewer. */
export interface SessionReviewDeps {
  readonly scanner: WorkerScanner;
  readonly playbooks: PlaybookLibrary;
  readonly reviewer: Reviewer;
}

/** The review parts for a registry (the composition root makes them once). */
export function reviewDeps(registry: WorkspaceRegistry, scanner = new WorkerScanner()): SessionReviewDeps {
  return { scanner, playbooks: new PlaybookLibrary({ store: new DexiePlaybookStore(registry.db), engine: scanner }), reviewer: new Reviewer(new LocalUser(registry.db)) };
}

const NO_VIEWS: DocumentViews = {
  view: (file) => Promise.reject(new AppError('internal', `Originals: no formatted view of ${file.name} in this session`)),
};

const warn = (what: string) => (error: unknown) => console.warn(`Casefile: ${what}: ${describeError(error)}`);

export class WorkspaceSession {
  readonly workspaceId: string;
  readonly db: WorkspaceDb;
  readonly documents: DocumentRepository;
  /** The documents as the UI lists them: one live, paced view for every component. */
  readonly documentList: LiveDocumentList;
  readonly settings: WorkspaceSettings;
  readonly index: IndexClient;
  readonly folder: FolderSync;
  readonly imports: ImportService;
  readonly embeddings: Embeddings;
  /** Contract scans: documents against playbooks in the scan worker (also what the Ask view's approved scan calls). */
  readonly scans: ScanService;
  /** Flags under review, the portfolio grid and the reports. */
  readonly reviews: ReviewService;
  /** The language model that answers in this workspace (ChatAccess; none: extractive answers). */
  readonly chat: ChatService;
  /**
   * Questions about the workspace itself (counts, document tables, a document's facts) and broad
   * questions run as approved per-document flows, one at a time, kept in the workspace.
   */
  readonly flows: FlowService;
  /** Questions and their answers, kept as conversations. */
  readonly conversation: ConversationService;
  /** Originals for the source viewer: the stored or folder file, drawn or formatted. */
  readonly originals: Originals;
  readonly #queue: IngestQueue;
  readonly #lock: HeldLock;
  readonly #publish: EventSink;
  #disposed = false;

  private constructor(workspace: WorkspaceRecord, deps: SessionDeps, lock: HeldLock) {
    this.#lock = lock;
    this.#publish = deps.events.publish;
    this.workspaceId = workspace.id;
    this.db = deps.registry.openDatabase(workspace.id);
    this.documents = new DocumentRepository(this.db);
    this.documentList = new LiveDocumentList(() => this.documents.list());
    this.settings = new WorkspaceSettings(this.db);
    void this.settings.ocr().catch(() => undefined); // the OCR language imports read per file
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
      ingest: () => ({ parser: deps.parser, analyzer: deps.parser, ocr: deps.ocr, ocrLanguage: this.settings.ocrLanguage, store: this.documents, index: this.index, embedder: this.embeddings.embedder() }),
      sink: deps.events.publish,
      exclusive: (drain, signal) => deps.locks.exclusive(lockNames.import(workspace.id), drain, { signal, what: 'the import in another tab' }),
      beforeDrain: async () => void (await this.imports.recover()),
      rates: new DexieImportRatesStore(deps.registry.db.kv),
    });
    const llm = deps.llm ?? browserLanguageModels({ registry: deps.registry.db, models: deps.models, events: deps.events.publish });
    this.chat = new ChatService({ db: this.db, llm, events: deps.events.publish });
    const scanStore = new DexieScanStore(this.db);
    this.imports = new ImportService({
      workspaceId: workspace.id, vault: deps.vault, queue: this.#queue, jobs, documents: this.documents, index: this.index, folder: () => this.folder, scans: scanStore,
      locks: deps.locks, space: deps.space, onJobChange: (jobId) => deps.onJobChange?.(workspace.id, jobId), onDocumentsChange: () => deps.onDocumentsChange?.(workspace.id),
    });
    const review = deps.review ?? reviewDeps(deps.registry);
    this.scans = new ScanService({ documents: this.documents, store: scanStore, playbooks: review.playbooks, scanner: review.scanner, chat: this.chat, embedder: () => this.embeddings.embedder(), events: deps.events });
    this.reviews = new ReviewService({ store: scanStore, documents: this.documents, reviewer: () => review.reviewer.name(), classifierIdentity: () => this.scans.readerIdentity() });
    this.originals = new Originals({ workspaceId: workspace.id, vault: deps.vault, documents: this.documents, folder: () => this.folder, views: deps.views ?? NO_VIEWS });
    // ask() runs in the index worker, next to the index and the documents: one message per question
    // (and per document of a flow).
    const asker: Asker = { ask: (request, options) => this.index.ask(request, options), documents: () => this.documents.searchable() };
    const folderChoices = new FolderChoices();
    this.flows = new FlowService({
      // Flows in the workspace; the seconds per document learnt on this device, for every workspace.
      store: new DexieFlowStore(this.db, deps.registry.db.kv),
      catalog: new DexieCatalog(this.db),
      executors: {
        question: questionExecutor({ asker, settings: () => this.settings.pipeline(), model: (options) => this.chat.model(options) }),
        scan: scanExecutor({ start: (request) => this.scans.start(request) }),
        import: importExecutor({ choices: folderChoices, openFolder: (handle) => this.folder.connect(handle), addFolderFiles: (files) => this.imports.addFolderFiles(files) }),
      },
      folderChoices,
      classifier: async () => questionClassifier(),
    });
    this.conversation = new ConversationService({
      store: new DexieConversationStore(this.db),
      asker,
      settings: async () => ({ pipeline: await this.settings.pipeline(), answer: await this.settings.answer() }),
      model: (options) => this.chat.model(options),
      lookup: this.documents,
      workspace: this.flows.answers,
    });
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
    const mark = (step: string) => globalThis.performance?.mark?.(`casefile:${step}`);
    await this.conversation.start().catch(this.#failed('conversations'));
    mark('conversations');
    await this.flows.start().catch(this.#failed('flows'));
    mark('flows');
    await this.embeddings.sync().catch(this.#failed('embeddings'));
    mark('embeddings');
    await this.imports.sweep().catch(this.#failed('sweep'));
    mark('sweep');
    await this.#queue.start().catch(this.#failed('imports'));
    mark('queue');
    this.folder.refresh().catch(this.#failed('folder'));
  }

  /**
   * What of the background start failed (the rest works): kept for a view that opens later and
   * published as it happens, so the user is told which part and why, not only the console.
   */
  readonly problems: { readonly part: SessionPart; readonly error: SerializedError }[] = [];

  #failed(part: SessionPart): (error: unknown) => void {
    return (error) => {
      warn(part)(error);
      if (this.#disposed) return;
      const problem = { part, error: toSerialized(error) };
      this.problems.push(problem);
      this.#publish({ type: 'session_problem', jobId: this.workspaceId, at: Date.now(), ...problem });
    };
  }

  /** Another tab added or removed documents here: the index catches up and the latest question runs again. */
  async refresh(): Promise<void> {
    if (this.#disposed) return;
    await this.index.refresh();
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
   * Closes the workspace: questions, scans and the backfill stop, copies and imports stop (they
   * resume or are named when it is reopened), answered turns are saved, the index saves its
   * snapshot (not when `save` is false: the workspace is about to be deleted) and its worker ends,
   * the database closes, and the workspace's lock is released.
   */
  async dispose(save = true): Promise<void> {
    if (this.#disposed) return;
    this.#disposed = true;
    this.conversation.dispose();
    this.documentList.close();
    await this.flows.close().catch(warn('closing the flows failed')); // a running flow resumes when the workspace reopens
    this.scans.dispose();
    this.chat.dispose();
    this.embeddings.cancel();
    try {
      await this.conversation.flush(); // turns already answered are saved before the database closes
      await this.imports.close();
      await this.#queue.stop();
      await this.index.close(save).catch(warn('closing the index failed'));
      this.db.close();
    } finally {
      this.#lock.release();
    }
  }
}
