/**
 * The composition root: creates what outlives a workspace (the event stream, the workspace
 * registry, the file vault, the parse and OCR workers, the model service, the language models)
 * and the WorkspaceSession of the open workspace, replaced on every switch. The UI calls the
 * session's services (imports, folder, search, settings, embeddings, chat) and the workspace
 * operations here.
 * Nothing here does heavy work itself.
 */
import { describeError } from '../core/errors';
import type { WorkspaceRecord } from '../core/types';
import { ModelSettingsRepository } from '../models/settings';
import { CacheApiStore } from '../models/stores';
import { WorkspaceRegistry } from '../store/workspaces';
import { EventBus } from './event-bus';
import { createFileVault, type FileVault } from './file-vault';
import { browserLanguageModels, type LanguageModels } from './language-models';
import { spawnEmbedWorker, spawnRerankWorker } from './model-proxies';
import { ModelService } from './model-service';
import { WorkerOcr } from './ocr-proxy';
import { WorkerParser } from './parser-proxy';
import type { PlaybookLibrary } from './playbook-library';
import type { Reviewer } from './reviewer';
import { reviewDeps, WorkspaceSession, type SessionReviewDeps } from './workspace-session';

export interface WorkspaceState {
  readonly current: WorkspaceRecord;
  readonly all: readonly WorkspaceRecord[];
  /** Bumped on every switch, so views re-query the new database. */
  readonly generation: number;
}

type Listener = () => void;

const warn = (error: unknown) => console.warn(`Casefile: ${describeError(error)}`);

export class Casefile {
  readonly events = new EventBus();
  readonly registry = new WorkspaceRegistry();
  readonly models: ModelService;
  /** Contract review across workspaces: the scan worker, the user's playbooks, the reviewer's name. */
  readonly #review: SessionReviewDeps;
  /** The device's language models: WebLLM, the CPU model, the local server (each workspace chooses one). */
  readonly llm: LanguageModels;
  /** Reads documents off the main thread (pdf.js, DOCX, HTML, images; closed when idle). */
  readonly #parser = new WorkerParser();
  /** Text recognition for scanned pages (tesseract.js in its own worker, closed when idle). */
  readonly #ocr = new WorkerOcr();
  #session: WorkspaceSession | null = null;
  #state: WorkspaceState | null = null;
  /** Workspace operations run one after another (a switch must not interleave with a delete). */
  #queue: Promise<unknown> = Promise.resolve();
  readonly #listeners = new Set<Listener>();

  private constructor(readonly vault: FileVault) {
    this.#review = reviewDeps(this.registry);
    const store = new CacheApiStore();
    this.models = new ModelService({
      settings: new ModelSettingsRepository(this.registry.db),
      store,
      spawn: { embedder: spawnEmbedWorker, reranker: spawnRerankWorker },
      storage: typeof navigator !== 'undefined' ? navigator.storage : null,
      onNotice: (n) => this.events.publish({ type: 'status', jobId: 'models', at: Date.now(), stage: 'model', message: n.message }),
    });
    this.llm = browserLanguageModels({ registry: this.registry.db, models: this.models, store, events: this.events.publish });
  }

  static async start(): Promise<Casefile> {
    const app = new Casefile(await createFileVault());
    await app.playbooks.refresh().catch(warn);
    // Detects the GPU and reads model settings; never fetches anything.
    await app.models.start().catch((e: unknown) => console.warn(`Casefile: models unavailable: ${describeError(e)}`));
    await app.llm.start().catch((e: unknown) => console.warn(`Casefile: language models unavailable: ${describeError(e)}`));
    await app.#activate(await app.registry.current());
    // Dense search follows the models: a model imported, downloaded, switched or deleted.
    let { plan, rows } = app.models.state;
    app.models.subscribe(() => {
      if (app.models.state.plan === plan && app.models.state.rows === rows) return;
      ({ plan, rows } = app.models.state);
      app.#session?.embeddings.sync().catch(warn);
    });
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
      await this.#activate(await this.registry.open(ws.id));
    });
  }

  async renameWorkspace(id: string, name: string): Promise<void> {
    await this.#serial(async () => {
      await this.registry.rename(id, name);
      await this.#refreshList();
    });
  }

  /** Deletes a workspace and everything in it; opens another one if it was the current. */
  async deleteWorkspace(id: string): Promise<void> {
    await this.#serial(async () => {
      const wasCurrent = id === this.workspace.current.id;
      // The closed session stays readable (its services refuse work) until the next one opens.
      if (wasCurrent) await this.#session?.dispose(false);
      await this.registry.delete(id);
      await this.vault.removeWorkspace(id);
      if (wasCurrent) await this.#activate(await this.registry.current());
      else await this.#refreshList();
    });
  }

  /** Saves the open workspace's index snapshot (e.g. when the page is hidden). */
  async flush(): Promise<void> {
    await this.#session?.index.flush().catch((e: unknown) => console.warn(`Casefile: flushing the index failed: ${describeError(e)}`));
  }

  async #activate(ws: WorkspaceRecord): Promise<void> {
    // Imports of the previous workspace stop with its session and resume when it is reopened.
    await this.#session?.dispose();
    const session = await WorkspaceSession.open(ws, { registry: this.registry, vault: this.vault, parser: this.#parser, views: this.#parser, ocr: this.#ocr, models: this.models, llm: this.llm, events: this.events, review: this.#review });
    this.#session = session;
    this.#state = { current: ws, all: await this.registry.list(), generation: (this.#state?.generation ?? 0) + 1 };
    this.#notify();
    await session.start();
  }

  async #refreshList(): Promise<void> {
    const state = this.workspace;
    const current = (await this.registry.get(state.current.id)) ?? state.current;
    this.#state = { ...state, current, all: await this.registry.list() };
    this.#notify();
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
