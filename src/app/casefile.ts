/**
 * The composition root: creates what outlives a workspace (the event stream, the workspace
 * registry, the file vault, the parse and OCR workers, the model service, the language models,
 * contract review's shared parts, storage care, the channel and locks shared with the app's other
 * tabs) and the WorkspaceSession of the open workspace, replaced on every switch. The UI calls the
 * session's services (imports, folder, conversation, settings, embeddings, chat, scans, reviews)
 * and the workspace operations here. Nothing here does heavy work itself.
 *
 * Tabs: import events are relayed to the other tabs (their progress, index and search follow),
 * so are pauses and cancels; deleting a workspace first makes every tab close it (they wait for
 * the deletion, then open another), then removes its database and stored files and checks both
 * are gone.
 */
import { describeError, StoreError } from '../core/errors';
import type { CasefileEvent } from '../core/events';
import type { WorkspaceRecord } from '../core/types';
import { ModelSettingsRepository } from '../models/settings';
import { CacheApiStore } from '../models/stores';
import { WorkspaceRegistry } from '../store/workspaces';
import { exportWorkspace, readBackupManifest, restoreWorkspace, type BackupManifest } from './browser/backup';
import { EventBus } from './event-bus';
import { createFileVault, type FileVault } from './browser/file-vault';
import { browserLanguageModels, type LanguageModels } from './models/chat-device';
import { spawnEmbedWorker, spawnRerankWorker } from './workers/model-proxies';
import { ModelService } from './models/model-service';
import { spawnIndexWorker } from './workers/index-client';
import { WorkerOcr } from './workers/ocr-proxy';
import { WorkerParser } from './workers/parser-proxy';
import type { PlaybookLibrary } from './review/playbook-library';
import type { Reviewer } from './review/reviewer';
import { StorageCare, type CleanUpReport } from './browser/storage-care';
import { StorageSpace } from './browser/storage-space';
import { TabChannel, type TabMessage } from './browser/tab-channel';
import { lockNames, TabLocks } from './browser/tab-locks';
import type { WorkerEndpoint } from '../rpc/handle';
import { reviewDeps, WorkspaceSession, type SessionReviewDeps } from './workspace-session';

export interface WorkspaceState {
  readonly current: WorkspaceRecord;
  readonly all: readonly WorkspaceRecord[];
  /** Bumped on every switch, so views re-query the new database. */
  readonly generation: number;
}

type Listener = () => void;

const warn = (error: unknown) => console.warn(`Casefile: ${describeError(error)}`);

/** Import events the other tabs follow (progress, files finished, jobs ended). */
const RELAYED = new Set<CasefileEvent['type']>(['file_started', 'page_parsed', 'chunked', 'file_done', 'file_failed', 'progress', 'job_done', 'job_cancelled', 'job_failed']);
/** How long a deletion waits for the other tabs to close the workspace. */
const CLOSE_EVERYWHERE_MS = 30_000;

export class Casefile {
  readonly events = new EventBus();
  readonly registry = new WorkspaceRegistry();
  readonly models: ModelService;
  /** Contract review across workspaces: the scan worker, the user's playbooks, the reviewer's name. */
  readonly #review: SessionReviewDeps;
  /** The device's language models: WebLLM, the CPU model, the local server (each workspace chooses one). */
  readonly llm: LanguageModels;
  readonly locks = new TabLocks();
  readonly space = new StorageSpace();
  readonly storage: StorageCare;
  readonly #tabs = new TabChannel();
  /** True while an event from another tab is republished here (it is not sent back). */
  #relaying = false;
  /** Reads documents off the main thread (pdf.js, DOCX, HTML, images; closed when idle). */
  readonly #parser = new WorkerParser();
  /** Text recognition for scanned pages (tesseract.js in its own worker, closed when idle). */
  readonly #ocr = new WorkerOcr();
  #session: WorkspaceSession | null = null;
  #state: WorkspaceState | null = null;
  /** Workspace operations run one after another (a switch must not interleave with a delete). */
  #queue: Promise<unknown> = Promise.resolve();
  readonly #listeners = new Set<Listener>();

  /** The index worker spawned at the start, until the first session takes it. */
  #spareIndexWorker: WorkerEndpoint | null;

  private constructor(readonly vault: FileVault, indexWorker: WorkerEndpoint | null = null) {
    this.#spareIndexWorker = indexWorker;
    this.#review = reviewDeps(this.registry);
    const store = new CacheApiStore();
    this.storage = new StorageCare({ registry: this.registry, vault, locks: this.locks, space: this.space });
    this.models = new ModelService({
      settings: new ModelSettingsRepository(this.registry.db),
      store,
      spawn: { embedder: spawnEmbedWorker, reranker: spawnRerankWorker },
      storage: typeof navigator !== 'undefined' ? navigator.storage : null,
      onNotice: (n) => this.events.publish({ type: 'status', jobId: 'models', at: Date.now(), stage: 'model', message: n.message }),
    });
    this.llm = browserLanguageModels({ registry: this.registry.db, models: this.models, store, events: this.events.publish });
  }

  /**
   * Starts the app and opens the current workspace. The app is handed over (the UI renders, a
   * question can be asked) as soon as the workspace's index is open: the index worker is spawned
   * first thing (fetching, compiling and evaluating it is the longest step) and the workspace
   * opens while playbooks and models start; the session's background work (conversations, flows,
   * dense search, cleaning and resuming imports) runs after, in the background.
   */
  static async start(options: { readonly firstWorkspaceName?: string } = {}): Promise<Casefile> {
    // Each step of the start leaves a performance mark (`casefile:…`), for the benchmarks.
    const mark = (step: string) => globalThis.performance?.mark?.(`casefile:${step}`);
    mark('start');
    const indexWorker = spawnIndexWorker();
    const app = new Casefile(await createFileVault().catch((error: unknown) => {
      indexWorker.terminate();
      throw error;
    }), indexWorker);
    mark('vault');
    if (options.firstWorkspaceName) app.registry.firstName = options.firstWorkspaceName;
    app.#tabs.subscribe((m) => app.#onTab(m));
    app.events.subscribe((e) => app.#relay(e));
    const opening = app.registry.current().then(async (ws) => ({ ws, session: await app.#openSession(ws) }));
    opening.catch(() => undefined); // awaited below, after the other steps
    await app.playbooks.refresh().catch(warn);
    mark('playbooks');
    // Detects the GPU and reads model settings; never fetches anything.
    await app.models.start().catch((e: unknown) => console.warn(`Casefile: models unavailable: ${describeError(e)}`));
    mark('models');
    await app.llm.start().catch((e: unknown) => console.warn(`Casefile: language models unavailable: ${describeError(e)}`));
    mark('llm');
    const { ws, session } = await opening.catch((error: unknown) => {
      app.#spareIndexWorker?.terminate(); // not taken when the workspace could not be opened
      throw error;
    });
    await app.#enter(ws, session);
    mark('workspace');
    // Dense search follows the models: a model imported, downloaded, switched or deleted.
    let { plan, rows } = app.models.state;
    app.models.subscribe(() => {
      if (app.models.state.plan === plan && app.models.state.rows === rows) return;
      ({ plan, rows } = app.models.state);
      app.#session?.embeddings.sync().catch(warn);
    });
    // The session's background work (its dense search follows the models started above), then
    // leftovers of workspaces deleted half-way (a crash, a closed tab), at every start.
    void app.#serial(() => app.#startSession(session)).catch(warn).then(() => app.storage.cleanUp().catch(warn));
    return app;
  }

  /** The built-in and installed playbooks (they belong to the user, across workspaces). */
  get playbooks(): PlaybookLibrary {
    return this.#review.playbooks;
  }

  /** The local user's name, recorded with review decisions. */
  get reviewer(): Reviewer {
    return this.#review.reviewer;
  }

  get workspace(): WorkspaceState {
    return this.#state!;
  }

  /**
   * The open workspace's services, replaced on every switch (read it per use). During a switch
   * it is the closed previous session, whose services refuse work.
   */
  get session(): WorkspaceSession {
    return this.#session!;
  }

  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async switchWorkspace(id: string): Promise<void> {
    await this.#serial(async () => {
      if (id !== this.workspace.current.id) await this.#activate(await this.registry.open(id));
    });
  }

  async createWorkspace(name: string): Promise<void> {
    await this.#serial(async () => {
      const ws = await this.registry.create(name);
      this.#tabs.post({ kind: 'workspaces' });
      await this.#activate(await this.registry.open(ws.id));
    });
  }

  async renameWorkspace(id: string, name: string): Promise<void> {
    await this.#serial(async () => {
      await this.registry.rename(id, name);
      this.#tabs.post({ kind: 'workspaces' });
      await this.#refreshList();
    });
  }

  /**
   * Deletes a workspace and everything in it, in every tab: the tabs that have it open close it
   * (their imports stop) and open another; then its database and stored files are removed and
   * checked gone. Opens another workspace here if it was the current one.
   */
  async deleteWorkspace(id: string): Promise<void> {
    await this.#serial(async () => {
      const wasCurrent = id === this.workspace.current.id;
      // The closed session stays readable (its services refuse work) until the next one opens.
      if (wasCurrent) await this.#session?.dispose(false);
      try {
        // Queue for the workspace's lock before telling the others, so none reopens it meanwhile.
        const removed = this.locks.exclusive(
          lockNames.workspace(id),
          async () => {
            await this.registry.delete(id);
            await this.vault.removeWorkspace(id);
          },
          { timeoutMs: CLOSE_EVERYWHERE_MS, what: 'closing the workspace in the other tabs' },
        );
        this.#tabs.post({ kind: 'closing', workspaceId: id });
        await removed;
      } finally {
        this.#tabs.post({ kind: 'workspaces' });
        if (wasCurrent) await this.#activate(await this.registry.current());
        else await this.#refreshList();
      }
    });
  }

  /** Writes workspace `id` to a backup file (its index saved first when it is open here). */
  async backupWorkspace(id: string, onProgress?: (done: number, total: number) => void): Promise<{ file: Blob; fileName: string }> {
    const ws = await this.registry.get(id);
    if (!ws) throw new StoreError('store/not-found', `Casefile: no workspace ${id} to back up`);
    if (this.#session?.workspaceId === id) await this.#session.index.flush();
    const file = await exportWorkspace(ws, this.#backupDeps(), onProgress ? { onProgress } : {});
    const day = new Date().toISOString().slice(0, 10);
    const slug = ws.name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '').slice(0, 60) || 'workspace';
    return { file, fileName: `${slug}-${day}.casefile` };
  }

  /** What a backup holds, and whether its workspace is already here (a restore would then ask). */
  async inspectBackup(file: Blob): Promise<{ manifest: BackupManifest; existing: WorkspaceRecord | null }> {
    const manifest = await readBackupManifest(file);
    return { manifest, existing: (await this.registry.get(manifest.workspace.id)) ?? null };
  }

  /**
   * Restores a backup and opens it. When its workspace is already here: 'copy' restores it as a
   * new workspace beside it, 'replace' restores it beside it too and, only once that restore is
   * complete and verified, deletes the one here (in every tab): a damaged backup leaves it intact.
   */
  async restoreBackup(file: Blob, whenPresent: 'copy' | 'replace' = 'copy'): Promise<WorkspaceRecord> {
    const { manifest, existing } = await this.inspectBackup(file);
    const restored = await restoreWorkspace(file, this.#backupDeps(), existing ? { workspaceId: crypto.randomUUID(), name: whenPresent === 'copy' ? `${manifest.workspace.name} (restored)`.slice(0, 80) : manifest.workspace.name } : {});
    this.#tabs.post({ kind: 'workspaces' });
    if (existing && whenPresent === 'replace') await this.deleteWorkspace(existing.id);
    await this.switchWorkspace(restored.id);
    return restored;
  }

  #backupDeps() {
    return { registry: this.registry, vault: this.vault, locks: this.locks, freeBytes: () => this.space.free() };
  }

  /** Removes leftovers nothing owns: workspaces deleted half-way, and partial copies of the open one. */
  async cleanUpStorage(): Promise<CleanUpReport> {
    const removed = await this.storage.cleanUp();
    const freedBytes = (await this.#session?.imports.sweep().catch(() => 0)) ?? 0;
    return { ...removed, freedBytes };
  }

  /** Saves the open workspace's index snapshot (e.g. when the page is hidden). */
  async flush(): Promise<void> {
    await this.#session?.index.flush().catch((e: unknown) => console.warn(`Casefile: flushing the index failed: ${describeError(e)}`));
  }

  async #activate(ws: WorkspaceRecord): Promise<void> {
    // Imports of the previous workspace stop with its session and resume when it is reopened.
    await this.#session?.dispose();
    const session = await this.#openSession(ws);
    await this.#enter(ws, session);
    await this.#startSession(session);
  }

  /** Opens a workspace's session: its lock, its database, its index open in its worker. */
  #openSession(ws: WorkspaceRecord): Promise<WorkspaceSession> {
    return WorkspaceSession.open(ws, {
      registry: this.registry, vault: this.vault, parser: this.#parser, views: this.#parser, ocr: this.#ocr, models: this.models, llm: this.llm, events: this.events,
      review: this.#review, locks: this.locks, space: this.space, spawnIndex: () => this.#takeIndexWorker(),
      onJobChange: (workspaceId, jobId) => this.#tabs.post({ kind: 'jobs', workspaceId, jobId }),
      onDocumentsChange: (workspaceId) => this.#tabs.post({ kind: 'documents', workspaceId }),
    });
  }

  /** The index worker spawned at the start (once), then fresh ones. */
  #takeIndexWorker(): WorkerEndpoint {
    const spare = this.#spareIndexWorker;
    this.#spareIndexWorker = null;
    return spare ?? spawnIndexWorker();
  }

  /** Makes `session` the open one (the UI follows). */
  async #enter(ws: WorkspaceRecord, session: WorkspaceSession): Promise<void> {
    globalThis.performance?.mark?.('casefile:session-open');
    this.#session = session;
    this.#state = { current: ws, all: await this.registry.list(), generation: (this.#state?.generation ?? 0) + 1 };
    this.#notify();
  }

  async #startSession(session: WorkspaceSession): Promise<void> {
    await session.start();
    globalThis.performance?.mark?.('casefile:session-started');
  }

  async #refreshList(): Promise<void> {
    const state = this.workspace;
    const current = (await this.registry.get(state.current.id)) ?? state.current;
    this.#state = { ...state, current, all: await this.registry.list() };
    this.#notify();
  }

  /** Import events of the open workspace go to the other tabs. */
  #relay(event: CasefileEvent): void {
    const session = this.#session;
    if (this.#relaying || !session || !RELAYED.has(event.type)) return;
    this.#tabs.post({ kind: 'event', workspaceId: session.workspaceId, event });
  }

  #onTab(message: TabMessage): void {
    if (message.kind === 'workspaces') {
      void this.#serial(() => this.#refreshList()).catch(warn);
      return;
    }
    const session = this.#session;
    if (!session || message.workspaceId !== session.workspaceId) return;
    switch (message.kind) {
      case 'closing':
        void this.#serial(() => this.#leave(session)).catch(warn);
        break;
      case 'jobs':
        session.jobChanged(message.jobId);
        break;
      case 'documents':
        session.refresh().catch(warn);
        break;
      case 'event': {
        const { event } = message;
        if (event.type === 'file_started' || event.type === 'progress') session.standby();
        // The index catches up before the event reaches this tab's search and views.
        const ready = event.type === 'file_done' || event.type === 'file_failed' ? session.refresh().catch(warn) : Promise.resolve();
        void ready.then(() => this.#republish(event));
        break;
      }
    }
  }

  #republish(event: CasefileEvent): void {
    this.#relaying = true;
    try {
      this.events.publish(event);
    } finally {
      this.#relaying = false;
    }
  }

  /** Another tab deletes the open workspace: close it, wait for the deletion, open what is left. */
  async #leave(session: WorkspaceSession): Promise<void> {
    if (this.#session !== session) return;
    await session.dispose(false);
    await this.locks.whenFree(lockNames.workspace(session.workspaceId));
    const still = await this.registry.get(session.workspaceId);
    await this.#activate(still ? await this.registry.open(still.id) : await this.registry.current());
  }

  #serial(task: () => Promise<void>): Promise<void> {
    const run = this.#queue.then(task);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  #notify(): void {
    for (const l of this.#listeners) l();
  }
}
