/**
 * The composition root: wires the core's ports to workers and the browser's storage, and
 * offers the services the UI calls. Nothing here does heavy work itself.
 */
import * as Comlink from 'comlink';
import type { IndexWorkerApi } from '../../workers/index.worker';
import { describeError } from '../core/errors';
import type { IndexWriter } from '../core/ports';
import type { PipelineResponse, PipelineSettings, SearchFilters } from '../core/search/pipeline';
import type { ChunkRecord, DocSource, WorkspaceRecord } from '../core/types';
import type { WorkspaceDb } from '../store/db';
import { DocumentRepository } from '../store/documents';
import { WorkspaceRegistry } from '../store/workspaces';
import { newId } from '../core/hash';
import { IngestQueue, type NewFile } from '../core/ingest/queue';
import { DEFAULT_FOLDER_EXTENSIONS, isWanted } from '../core/ingest/rescan';
import { DexieQueueStore } from '../store/queue-store';
import { sourceFromFile, type DroppedFile } from './browser-files';
import { EventBus } from './event-bus';
import { createFileVault, type FileVault } from './file-vault';
import { FolderSync, type RescanSummary } from './folder-sync';
import { WorkerOcr } from './ocr-proxy';
import { WorkerParser } from './parser-proxy';
import { QueueFiles } from './queue-files';
import { registerRpcErrors } from './rpc';
import { Embeddings } from './embeddings';
import { ModelService } from './model-service';
import { spawnEmbedWorker, spawnRerankWorker } from './model-proxies';
import { ModelSettingsRepository } from '../models/settings';
import { CacheApiStore } from '../models/stores';
import { WorkspaceSettings } from '../store/workspace-settings';

export interface WorkspaceState {
  readonly current: WorkspaceRecord;
  readonly all: readonly WorkspaceRecord[];
  /** Bumped on every switch, so views re-query the new database. */
  readonly generation: number;
}

type Listener = () => void;

export class Casefile {
  readonly events = new EventBus();
  readonly registry = new WorkspaceRegistry();
  private readonly index: Comlink.Remote<IndexWorkerApi>;
  private readonly indexWriter: IndexWriter;
  private readonly parser: WorkerParser;
  /** Text recognition for scanned pages (tesseract.js in its own worker, closed when idle). */
  private readonly ocr = new WorkerOcr();
  readonly models: ModelService;
  readonly embeddings: Embeddings;
  private db!: WorkspaceDb;
  private settingsRepo!: WorkspaceSettings;
  private repo!: DocumentRepository;
  private queue!: IngestQueue;
  private folderSync!: FolderSync;
  private state!: WorkspaceState;
  private readonly listeners = new Set<Listener>();

  private constructor(readonly vault: FileVault) {
    registerRpcErrors();
    const worker = new Worker(new URL('../../workers/index.worker.ts', import.meta.url), { type: 'module', name: 'casefile-index' });
    this.index = Comlink.wrap<IndexWorkerApi>(worker);
    this.parser = new WorkerParser();
    this.indexWriter = {
      addDocument: (doc, chunks, vectors) => this.index.addDocument(doc, chunks as ChunkRecord[], vectors ?? null),
      removeDocument: (id) => this.index.removeDocument(id),
    };
    this.models = new ModelService({
      settings: new ModelSettingsRepository(this.registry.db),
      store: new CacheApiStore(),
      spawn: { embedder: spawnEmbedWorker, reranker: spawnRerankWorker },
      storage: typeof navigator !== 'undefined' ? navigator.storage : null,
      onNotice: (n) => this.events.publish({ type: 'status', jobId: 'models', at: Date.now(), stage: 'model', message: n.message }),
    });
    this.embeddings = new Embeddings(this.models, this.index, () => this.repo, this.events.publish);
  }

  static async start(): Promise<Casefile> {
    const app = new Casefile(await createFileVault());
    // Detects the GPU and reads model settings; never fetches anything.
    await app.models.start().catch((e: unknown) => console.warn(`Casefile: models unavailable: ${describeError(e)}`));
    await app.activate(await app.registry.current());
    // Dense search follows the models: a model imported, downloaded, switched or deleted.
    let plan = app.models.state.plan;
    let rows = app.models.state.rows;
    app.models.subscribe(() => {
      if (app.models.state.plan === plan && app.models.state.rows === rows) return;
      plan = app.models.state.plan;
      rows = app.models.state.rows;
      app.embeddings.sync().catch((e: unknown) => console.warn(`Casefile: ${describeError(e)}`));
    });
    return app;
  }

  // ---- workspaces ------------------------------------------------------------------------------
  get workspace(): WorkspaceState {
    return this.state;
  }

  get documents(): DocumentRepository {
    return this.repo;
  }

  get database(): WorkspaceDb {
    return this.db;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async activate(ws: WorkspaceRecord): Promise<void> {
    const previous = this.db;
    // Imports of the previous workspace stop with its database and resume when it is reopened.
    previous?.close();
    await this.index.open(ws.id);
    this.db = this.registry.openDatabase(ws.id);
    this.repo = new DocumentRepository(this.db);
    this.settingsRepo = new WorkspaceSettings(this.db);
    const repo = this.repo;
    const folder = new FolderSync(this.db, {
      enqueue: (files, label) => this.queue.enqueue(files, 'folder', label),
      remove: (id) => this.deleteDocument(id),
    });
    this.folderSync = folder;
    this.queue = new IngestQueue({
      store: new DexieQueueStore(this.db),
      files: new QueueFiles(ws.id, this.vault, () => folder),
      ingest: () => ({ parser: this.parser, analyzer: this.parser, ocr: this.ocr, store: repo, index: this.indexWriter, embedder: this.embeddings.embedder() }),
      sink: this.events.publish,
    });
    this.state = { current: ws, all: await this.registry.list(), generation: (this.state?.generation ?? 0) + 1 };
    this.notify();
    await this.embeddings.sync().catch((e: unknown) => console.warn(`Casefile: ${describeError(e)}`));
    await this.queue.start();
    // A folder whose permission the browser kept is synced at once; otherwise the UI offers
    // "Allow access" (browsers require a click for that).
    if ((await folder.permission().catch(() => null)) === 'granted') {
      folder.rescan().catch((e: unknown) => console.warn(`Casefile: folder rescan failed: ${describeError(e)}`));
    }
  }

  private async refreshList(): Promise<void> {
    const current = (await this.registry.get(this.state.current.id)) ?? this.state.current;
    this.state = { ...this.state, current, all: await this.registry.list() };
    this.notify();
  }

  private notify(): void {
    for (const l of this.listeners) l();
  }

  async switchWorkspace(id: string): Promise<void> {
    if (id === this.state.current.id) return;
    await this.activate(await this.registry.open(id));
  }

  async createWorkspace(name: string): Promise<void> {
    const ws = await this.registry.create(name);
    await this.activate(await this.registry.open(ws.id));
  }

  async renameWorkspace(id: string, name: string): Promise<void> {
    await this.registry.rename(id, name);
    await this.refreshList();
  }

  /** Deletes a workspace and everything in it; opens another one if it was the current. */
  async deleteWorkspace(id: string): Promise<void> {
    const wasCurrent = id === this.state.current.id;
    if (wasCurrent) {
      await this.index.close(false);
      this.db.close();
    }
    await this.registry.delete(id);
    await this.vault.removeWorkspace(id);
    if (wasCurrent) await this.activate(await this.registry.current());
    else await this.refreshList();
  }

  // ---- documents -------------------------------------------------------------------------------
  /**
   * Imports files the user handed us (picker, drop, samples): their bytes are kept in the file
   * vault first, so the import survives a reload and resumes. Returns the job id.
   */
  async addFiles(files: readonly (File | DroppedFile)[], source: DocSource = 'upload', label = 'Import'): Promise<string> {
    const wsId = this.state.current.id;
    const queued: NewFile[] = [];
    for (const entry of files) {
      const { file, path } = entry instanceof File ? { file: entry, path: '' } : entry;
      const documentId = newId();
      await this.vault.put(wsId, documentId, file);
      queued.push({ file: sourceFromFile(file, path || undefined), origin: 'vault', documentId });
    }
    return this.queue.enqueue(queued, source, label);
  }

  /** Imports the files of a folder chosen with `<input webkitdirectory>` or dropped (no live sync). */
  async addFolderFiles(files: readonly (File | DroppedFile)[], extensions: readonly string[] = DEFAULT_FOLDER_EXTENSIONS): Promise<{ jobId: string | null; skipped: number }> {
    const pathOf = (f: File | DroppedFile) => (f instanceof File ? f.webkitRelativePath || f.name : f.path || f.file.name);
    const wanted = files.filter((f) => isWanted(pathOf(f), extensions));
    const jobId = wanted.length > 0 ? await this.addFiles(wanted, 'upload', 'Folder') : null;
    return { jobId, skipped: files.length - wanted.length };
  }

  get folder(): FolderSync {
    return this.folderSync;
  }

  /** Picks a folder (File System Access), keeps it with the workspace and indexes it. */
  async openFolder(): Promise<RescanSummary | null> {
    return this.folderSync.pick();
  }

  async rescanFolder(): Promise<RescanSummary> {
    return this.folderSync.rescan();
  }

  /** Reads a password-protected file again with its password (never stored). */
  async unlockDocument(id: string, password: string): Promise<string> {
    const doc = await this.repo.getDocument(id);
    if (!doc) throw new Error(`Casefile: no document ${id}`);
    const origin = doc.source === 'folder' ? 'folder' : 'vault';
    const file = origin === 'vault' ? await this.vault.get(this.state.current.id, id) : await this.folderSync.open(doc.path);
    if (!file) throw new Error(`${doc.name}: the saved copy of this file is gone; add it again`);
    const source = { ...sourceFromFile(file, doc.path), name: doc.name, mediaType: doc.mediaType };
    return this.queue.retryWithPassword({ file: source, origin, documentId: id }, doc.source, password);
  }

  pauseImport(jobId: string): Promise<void> {
    return this.queue.pause(jobId);
  }

  resumeImport(jobId: string): Promise<void> {
    return this.queue.resume(jobId);
  }

  cancelImport(jobId: string): Promise<void> {
    return this.queue.cancel(jobId);
  }

  async deleteDocument(id: string): Promise<void> {
    await this.repo.deleteDocument(id);
    await this.index.removeDocument(id);
    await this.vault.remove(this.state.current.id, id);
  }

  /** Loads the sample documents shipped with the app (same origin, precached for offline use). */
  async loadSamples(): Promise<string> {
    const base = import.meta.env.BASE_URL;
    const response = await fetch(`${base}samples/index.json`);
    if (!response.ok) throw new Error(`Samples: could not load the list (${response.status})`);
    const { samples } = (await response.json()) as { samples: { file: string; mediaType: string }[] };
    const files = await Promise.all(
      samples.map(async (entry) => {
        const r = await fetch(`${base}samples/${entry.file}`);
        if (!r.ok) throw new Error(`Samples: could not load ${entry.file} (${r.status})`);
        return new File([await r.blob()], entry.file, { type: entry.mediaType });
      }),
    );
    return this.addFiles(files, 'sample', 'Sample documents');
  }

  // ---- search ----------------------------------------------------------------------------------
  /** Runs the retrieval pipeline with this workspace's settings and the models on this device. */
  async search(text: string, filters: SearchFilters = {}, override?: PipelineSettings): Promise<PipelineResponse> {
    const settings = override ?? (await this.settingsRepo.pipeline());
    const embedder = this.embeddings.embedder();
    const reranker = this.embeddings.reranker();
    const maxPairs = this.models.state.plan?.reranker?.maxPairs;
    const effective = maxPairs ? { ...settings, rerankTopN: Math.min(settings.rerankTopN, maxPairs) } : settings;
    const models = Comlink.proxy({
      embed: (texts: string[]) => embedder!.embed(texts),
      score: (query: string, passages: string[]) => reranker!.score(query, passages),
    });
    // The worker releases the callback proxy when the search ends.
    return this.index.search({ text, filters, settings: effective, embedder: embedder?.model ?? null, reranker: reranker?.model ?? null }, models);
  }

  pipelineSettings(): Promise<PipelineSettings> {
    return this.settingsRepo.pipeline();
  }

  setPipelineSettings(settings: PipelineSettings): Promise<PipelineSettings> {
    return this.settingsRepo.setPipeline(settings);
  }

  async flush(): Promise<void> {
    await this.index.flush().catch((e: unknown) => console.warn(`Casefile: flushing the index failed: ${describeError(e)}`));
  }
}
