/**
 * The page's ask() and IndexWriter for one workspace: the index worker
 * (workers/index.worker.ts; API in src/search-index/api.ts) behind the worker lifetime.
 *
 * - The worker starts on first use (or `open()`), opens the workspace and receives the page's
 *   model callbacks once; it stays warm until `close()`.
 * - A crashed worker rejects every pending call at once with an IndexError; the next call
 *   spawns a fresh worker, which reopens the workspace (reconciling its index with the store)
 *   and re-activates the embedding model.
 * - Questions (`ask`) run the core ask() in the worker: one message each. They take an
 *   AbortSignal: the question rejects at once, `cancel(jobId)` stops it in the worker between
 *   stages, and the model calls made for it are cancelled too (the worker's
 *   embed and score callbacks are answered by model-relay.ts).
 * - Vectors are transferred to the worker, not copied: the caller's arrays are detached.
 */
import { proxy, transfer, type ProxyMarked, type Remote } from 'comlink';
import type { AskRequest, AskResult } from '../../core/ask/types';
import { AbortedError, IndexError } from '../../core/errors';
import type { DocumentVectors, Embedder, IndexChunk, IndexedDocument, IndexWriter, JobOptions, Reranker } from '../../core/ports';
import type { EmbeddingModelInfo, EngineStats, OpenReport } from '../../core/search/engine';
import type { WorkerEndpoint } from '../../rpc/handle';
import { WorkerLifetime } from '../../rpc/lifetime';
import type { IndexApi, IndexAskRequest, JobModels, SearchModelCallbacks } from '../../search-index/api';
import type { PageView } from '../../search-index/pages';
import { ModelRelay } from './model-relay';

export type { PageView } from '../../search-index/pages';

/** The models a search may use, read when it starts. */
export interface IndexModels {
  readonly embedder: Embedder | null;
  readonly reranker: Reranker | null;
  /** The device plan's limit of reranked pairs. */
  readonly rerankMaxPairs?: number | null | undefined;
}

export interface IndexClientOptions {
  readonly workspaceId: string;
  /** Creates the worker (default: workers/index.worker.ts as a module worker). */
  readonly spawn?: () => WorkerEndpoint;
  readonly models?: () => IndexModels;
}

/** The index worker as Vite bundles it (`new Worker(new URL(...), {type: 'module'})` must stay literal). */
export function spawnIndexWorker(): WorkerEndpoint {
  return new Worker(new URL('../../../workers/index.worker.ts', import.meta.url), { type: 'module', name: 'casefile-index' });
}

const NO_MODELS: IndexModels = { embedder: null, reranker: null };

/** Exact-size copies where needed, so transferring moves only these vectors' bytes. */
function movable(v: DocumentVectors): DocumentVectors {
  const exact = <T extends Uint32Array | Float32Array>(a: T): T => (a.byteOffset === 0 && a.byteLength === a.buffer.byteLength ? a : (a.slice() as T));
  const moved: DocumentVectors = { ...v, seqs: exact(v.seqs), data: exact(v.data) };
  return transfer(moved, [moved.seqs.buffer as ArrayBuffer, moved.data.buffer as ArrayBuffer]);
}

export class IndexClient implements IndexWriter {
  readonly workspaceId: string;
  readonly #worker: WorkerLifetime<IndexApi>;
  readonly #models: () => IndexModels;
  readonly #relay = new ModelRelay({
    unknownJob: () => new AbortedError('search'),
    noModel: (jobId, model) => new IndexError('internal', `IndexClient: search ${jobId} has no ${model}`),
  });
  readonly #callbacks: SearchModelCallbacks & ProxyMarked;
  /** Set by useEmbeddingModel; re-applied when a fresh worker opens the workspace. */
  #embeddingModel: EmbeddingModelInfo | null | undefined = undefined;
  #jobCount = 0;
  #closed = false;
  #opened: (OpenReport & EngineStats) | null = null;

  constructor(options: IndexClientOptions) {
    this.workspaceId = options.workspaceId;
    this.#models = options.models ?? (() => NO_MODELS);
    this.#callbacks = proxy<SearchModelCallbacks>({ embed: this.#relay.embed, score: this.#relay.score });
    this.#worker = new WorkerLifetime<IndexApi>({
      name: 'index worker',
      spawn: options.spawn ?? spawnIndexWorker,
      crashError: (message) => new IndexError('internal', `index worker crashed: ${message}`),
      init: async (api) => {
        this.#opened = await api.open(this.workspaceId, this.#callbacks, this.#embeddingModel);
      },
    });
  }

  /** True while the worker is alive. */
  get running(): boolean {
    return this.#worker.running;
  }

  /** How the worker last opened the workspace's index (from a snapshot or not, how long, what it holds); diagnostics, benchmarks. */
  get opened(): (OpenReport & EngineStats) | null {
    return this.#opened;
  }

  /** Workers spawned so far (a crash and the reopen make it 2; tests, diagnostics). */
  get spawned(): number {
    return this.#worker.spawned;
  }

  /** Starts the worker and opens the workspace now, ahead of the first search. */
  async open(): Promise<void> {
    this.#assertOpen('opening the index');
    await this.#worker.start('opening the index');
  }

  /**
   * The core ask() (scope, retrieval in scope, clause re-ranking, sufficiency) run in the index
   * worker, next to the index and the documents: one message per question.
   */
  ask(request: AskRequest, options: JobOptions = {}): Promise<AskResult> {
    return this.#runJob('ask', options.signal, (api, jobId, models) => api.ask(jobId, { ...request, ...models } satisfies IndexAskRequest));
  }

  /** Runs a question with the models usable now; an abort cancels it in the worker. */
  async #runJob<T>(kind: 'ask', signal: AbortSignal | undefined, send: (api: Remote<IndexApi>, jobId: string, models: JobModels) => Promise<T>): Promise<T> {
    this.#assertOpen(kind);
    const models = this.#models();
    const jobId = `${kind}-${++this.#jobCount}`;
    const wire: JobModels = { embedder: models.embedder?.model ?? null, reranker: models.reranker?.model ?? null, rerankMaxPairs: models.rerankMaxPairs ?? null };
    this.#relay.add(jobId, { embedder: models.embedder, reranker: models.reranker, signal });
    try {
      return await this.#worker.call(kind, signal, (api) => send(api, jobId, wire), (api) => void api.cancel(jobId).catch(() => undefined));
    } finally {
      this.#relay.delete(jobId);
    }
  }

  addDocument(doc: IndexedDocument, chunks: readonly IndexChunk[], vectors?: DocumentVectors | null): Promise<void> {
    const entry: IndexedDocument = { id: doc.id, name: doc.name, language: doc.language };
    // Only what the index reads: half the bytes to clone for a document of thousands of passages.
    return this.#call('indexing', (api) => api.addDocument(entry, chunks.map(indexChunk), vectors ? movable(vectors) : null));
  }

  removeDocument(documentId: string): Promise<void> {
    return this.#call('removing from the index', (api) => api.removeDocument(documentId));
  }

  /**
   * Catches up with documents another tab added or removed in this workspace. Nothing to do
   * when no worker runs: a fresh one reconciles when it opens.
   */
  async refresh(): Promise<{ added: number; removed: number }> {
    if (this.#closed || !this.#worker.running) return { added: 0, removed: 0 };
    return this.#call('refreshing the index', (api) => api.refresh());
  }

  /** Points dense search at this model's stored vectors (null: off); kept across a worker restart. */
  useEmbeddingModel(model: EmbeddingModelInfo | null): Promise<{ missing: number; vectors: number }> {
    this.#embeddingModel = model;
    return this.#call('switching the embedding model', (api) => api.useEmbeddingModel(model));
  }

  documentsWithoutVectors(): Promise<string[]> {
    return this.#call('listing documents without vectors', (api) => api.documentsWithoutVectors());
  }

  addVectors(documentId: string, vectors: DocumentVectors): Promise<boolean> {
    return this.#call('indexing vectors', (api) => api.addVectors(documentId, movable(vectors)));
  }

  /** A stored page as the viewer needs it (read in the worker: a page may be tens of MB); null when absent. */
  pageView(documentId: string, page: number): Promise<PageView | null> {
    return this.#call('reading a page', (api) => api.pageView(documentId, page));
  }

  /** Characters [start, end) of a stored page. */
  pageText(documentId: string, page: number, start: number, end: number): Promise<string> {
    return this.#call('reading a page', (api) => api.pageText(documentId, page, start, end));
  }

  stats(): Promise<EngineStats> {
    return this.#call('reading index statistics', (api) => api.stats());
  }

  /** Saves the lexical snapshot now if anything changed (nothing to do when no worker runs). */
  async flush(): Promise<void> {
    if (this.#closed || !this.#worker.running) return;
    await this.#call('saving the index', (api) => api.flush());
  }

  /**
   * Closes the workspace's index and terminates the worker; `save: false` when the workspace is
   * about to be deleted. Later calls reject with AbortedError.
   */
  async close(save = true): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    try {
      if (this.#worker.running) await this.#worker.call('closing the index', undefined, (api) => api.close(save));
    } finally {
      this.#worker.terminate(new AbortedError('index (workspace closed)'));
    }
  }

  async #call<T>(what: string, fn: (api: Remote<IndexApi>) => Promise<T>): Promise<T> {
    this.#assertOpen(what);
    return this.#worker.call(what, undefined, fn);
  }

  #assertOpen(what: string): void {
    if (this.#closed) throw new AbortedError(`${what} (workspace closed)`);
  }
}

/** The fields of a chunk the index reads: a smaller message than the whole record (no sourceText, offsets, pages). */
function indexChunk(chunk: IndexChunk): IndexChunk {
  return { id: chunk.id, seq: chunk.seq, text: chunk.text, sectionPath: chunk.sectionPath, sectionOrdinal: chunk.sectionOrdinal };
}
