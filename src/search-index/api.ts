/**
 * The index worker's API (workers/index.worker.ts only exposes it): the search indexes of the
 * open workspace (lexical + vectors: SearchEngine over the workspace database) kept in step with
 * the store, and the retrieval pipeline run on them through InProcessRetriever, the same code
 * Node tests and `npm run eval` run. The page side is IndexClient (src/app/workers/index-client.ts).
 *
 *   open(workspaceId, models?, embeddingModel?)   loads and reconciles the workspace's index
 *   ask(jobId, request) → AskResult               the core ask() (scope, retrieval in scope, clause
 *                                                 re-ranking, sufficiency) over this index, its
 *                                                 documents and the ask path's clause classifier;
 *                                                 cancel(jobId) stops it between stages
 *   addDocument / removeDocument / addVectors     ingestion and the embedding backfill
 *   refresh()                                     catches up with documents another tab added or removed
 *   useEmbeddingModel / documentsWithoutVectors   which stored vectors dense search uses
 *   pageView / pageText                           stored page text for the viewer (pages.ts)
 *   flush() / close(save)
 *
 * The models run in their own workers. The page hands one callback proxy at open (`models`);
 * the pipeline calls it for the query embedding and the rerank scores, naming the question's job
 * so the page applies that question's cancellation. One question is then one request,
 * plus one round trip per model used. Environment-neutral: tests drive it over a MessageChannel.
 */
import { releaseProxy, type ProxyMarked, type Remote } from 'comlink';
import { ask } from '../core/ask/ask';
import type { LearnedClauseClassifier } from '../core/clauses/classifier';
import { engineAskDeps } from '../core/ask/engine-deps';
import type { AskRequest, AskResult } from '../core/ask/types';
import { AbortedError, StoreError } from '../core/errors';
import type { DocumentVectors, Embedder, IndexChunk, IndexedDocument, ModelRef, Reranker } from '../core/ports';
import { SearchEngine, type EmbeddingModelInfo, type EngineStats, type OpenReport } from '../core/search/engine';
import type { PipelineSettings } from '../core/search-types';
import { InProcessRetriever } from '../core/search/retriever';
import { createJobRegistry } from '../rpc/jobs';
import { WorkspaceDb, type IdbDeps } from '../store/db';
import { DocumentRepository } from '../store/documents';
import { SearchableDocuments } from '../store/searchable-documents';
import { DexieIndexPersistence } from '../store/index-persistence';
import { WorkspaceSettings } from '../store/workspace-settings';
import { createPageReader } from './pages';

/** The models the page serves a job with (through the `models` callbacks). */
export interface JobModels {
  /** The page's loaded embedder, when dense search can run. */
  readonly embedder?: ModelRef | null;
  readonly reranker?: ModelRef | null;
  /** The device plan's limit of reranked pairs (caps rerankTopN). */
  readonly rerankMaxPairs?: number | null;
}

/** A question as it crosses to the worker: ask()'s request plus the models the page serves. */
export interface IndexAskRequest extends AskRequest, JobModels {}

/** Callbacks into the page, which forwards them to the model workers. */
export interface SearchModelCallbacks {
  embed(jobId: string, texts: string[]): Promise<Float32Array[]>;
  score(jobId: string, query: string, passages: string[]): Promise<number[]>;
}

export type RemoteModelCallbacks = Remote<SearchModelCallbacks & ProxyMarked>;

export interface IndexApiDeps {
  /** IndexedDB for Dexie (tests inject fake-indexeddb). */
  readonly idb?: IdbDeps;
  /** Milliseconds after a change before the lexical snapshot is saved (SearchEngine's default when absent). */
  readonly saveDelayMs?: number;
  readonly log?: (message: string) => void;
  /**
   * Load what the first question needs besides the index (the ask path's clause classifier, the
   * searchable documents) as soon as a workspace is open (the worker does: the first question
   * then does not wait for it; tests, which run the API in their own thread, leave it to the
   * first question).
   */
  readonly warmUp?: boolean;
}

interface Open {
  readonly workspaceId: string;
  readonly db: WorkspaceDb;
  readonly engine: SearchEngine;
  readonly documents: DocumentRepository;
  /** The searchable documents, kept between questions until the table changes. */
  readonly searchable: SearchableDocuments;
  readonly settings: WorkspaceSettings;
}

export function createIndexApi(deps: IndexApiDeps = {}) {
  const jobs = createJobRegistry('index worker');
  let current: Promise<Open> | null = null;
  let models: RemoteModelCallbacks | null = null;

  const openWorkspace = async (workspaceId: string): Promise<{ open: Open; report: OpenReport }> => {
    const db = new WorkspaceDb(workspaceId, deps.idb);
    const { engine, report } = await SearchEngine.open(new DexieIndexPersistence(db), {
      log: deps.log ?? ((m) => console.warn(m)),
      ...(deps.saveDelayMs !== undefined ? { saveDelayMs: deps.saveDelayMs } : {}),
    });
    return { open: { workspaceId, db, engine, documents: new DocumentRepository(db), searchable: new SearchableDocuments(db), settings: new WorkspaceSettings(db) }, report };
  };

  const ready = async (): Promise<Open> => {
    if (!current) throw new StoreError('store/not-found', 'index worker: no workspace is open');
    return current;
  };

  const pages = createPageReader(async () => (await ready()).documents);

  const releaseModels = () => {
    models?.[releaseProxy]();
    models = null;
  };

  /** The workspace's settings unless the request brings its own, within the device's rerank limit. */
  const settingsFor = async (o: Open, request: { readonly settings?: PipelineSettings | undefined } & JobModels): Promise<PipelineSettings> => {
    const settings = request.settings ?? (await o.settings.pipeline());
    const max = request.rerankMaxPairs;
    return max ? { ...settings, rerankTopN: Math.min(settings.rerankTopN, max) } : settings;
  };

  /** The pipeline over the open workspace, its model calls made for job `jobId`. */
  const retrieverFor = (o: Open, jobId: string, request: JobModels, settings: PipelineSettings): InProcessRetriever => {
    const m = models;
    const embedder: Embedder | null = m && request.embedder ? { model: request.embedder, embed: (texts) => m.embed(jobId, [...texts]) } : null;
    const reranker: Reranker | null = m && request.reranker ? { model: request.reranker, score: (query, passages) => m.score(jobId, query, [...passages]) } : null;
    return new InProcessRetriever({ engine: o.engine, lookup: o.documents, embedder, reranker }, settings);
  };

  // Besides the index, the first question needs the ask path's clause classifier (the clause-kind
  // model, ~0.7 MB, its chunk fetched and decoded; the playbook patterns it scores with, compiled)
  // and the workspace's searchable documents. Both load once a workspace is open, in the
  // background (the app is up meanwhile), so the first question does not wait for them; kept.
  // The worker asks for the classifier's chunk as it starts: fetching it (through the service
  // worker) overlaps with opening the index instead of following it.
  let classifiers = deps.warmUp ? import('../playbooks/ask-classifier') : null;
  classifiers?.catch(() => undefined); // a failure shows where the classifier is first needed
  let classifier: Promise<LearnedClauseClassifier> | null = null;
  const loadClassifier = (): Promise<LearnedClauseClassifier> => {
    if (classifier) return classifier;
    const loading = (classifiers ?? import('../playbooks/ask-classifier')).then((m) => m.askClassifier());
    classifiers = null; // a failed load is retried from the start
    classifier = loading;
    loading.catch(() => {
      if (classifier === loading) classifier = null; // the question fails with it; the next one loads it again
    });
    return loading;
  };
  const warmUp = (o: Open) =>
    setTimeout(() => {
      o.searchable.get().catch(() => undefined);
      loadClassifier().then((c) => c.warm()).catch(() => undefined);
    }, 0);

  return {
    /**
     * Opens (or switches to) a workspace; resolves once its index is loaded and reconciled.
     * `models` (a comlink proxy, so a top-level argument) serves the searches' model calls;
     * `embeddingModel`, when given, is activated as by useEmbeddingModel.
     */
    async open(workspaceId: string, callbacks?: RemoteModelCallbacks, embeddingModel?: EmbeddingModelInfo | null): Promise<OpenReport & EngineStats> {
      if (callbacks) {
        releaseModels();
        models = callbacks;
      }
      const previous = current;
      let open: Open | null = null;
      let report: OpenReport = { fromSnapshot: true, added: 0, removed: 0, ms: 0 };
      if (previous) {
        const p = await previous.catch(() => null);
        if (p?.workspaceId === workspaceId) open = p;
        else if (p) {
          await p.engine.flush();
          p.searchable.close();
          p.db.close();
        }
      }
      if (!open) {
        const opening = openWorkspace(workspaceId);
        current = opening.then((o) => o.open);
        ({ open, report } = await opening);
      }
      // The vectors load in the background: questions asked meanwhile are answered by keywords.
      if (embeddingModel !== undefined) await open.engine.useEmbeddingModel(embeddingModel, { wait: false });
      if (deps.warmUp) warmUp(open);
      return { ...report, ...open.engine.stats };
    },

    async addDocument(doc: IndexedDocument, chunks: IndexChunk[], vectors: DocumentVectors | null = null): Promise<void> {
      pages.forget(doc.id);
      await (await ready()).engine.addDocument(doc, chunks, vectors);
    },

    async removeDocument(documentId: string): Promise<void> {
      pages.forget(documentId);
      await (await ready()).engine.removeDocument(documentId);
    },

    /** A stored page for the viewer (pages.ts). */
    pageView: (documentId: string, page: number) => pages.pageView(documentId, page),
    /** Characters [start, end) of a stored page. */
    pageText: (documentId: string, page: number, start: number, end: number) => pages.pageText(documentId, page, start, end),
    /** Re-reads the store: documents added or removed by another writer (another tab) join or leave the index. */
    async refresh(): Promise<{ added: number; removed: number }> {
      return (await ready()).engine.reconcile();
    },

    /**
     * Answers ask() for a question as job `jobId`: the same function, with the same defaults, as
     * `npm run eval`'s app scope — the workspace's searchable documents for the scope, this
     * index for retrieval (the page's models for the query embedding and rerank), and the ask
     * path's clause classifier. One message per question; cancel(jobId) stops it.
     */
    async ask(jobId: string, request: IndexAskRequest): Promise<AskResult> {
      return jobs.run(jobId, async (signal) => {
        const o = await ready();
        const settings = await settingsFor(o, request);
        const { embedder: _e, reranker: _r, rerankMaxPairs: _m, ...askRequest } = request;
        const classifier = await loadClassifier();
        return ask(
          { ...askRequest, settings },
          engineAskDeps(o.engine, { retriever: retrieverFor(o, jobId, request, settings), documents: () => o.searchable.get(), classifier, chunks: (id) => o.documents.chunks(id) }),
          { signal },
        );
      });
    },

    /** Stops question `jobId` before its next stage (it rejects with AbortedError). */
    cancel(jobId: string): void {
      jobs.cancel(jobId, new AbortedError('search'));
    },

    /** Questions running now (tests, diagnostics). */
    activeJobs(): number {
      return jobs.active();
    },

    /**
     * Activates the embedding model whose stored vectors dense search uses (null: none). Returns
     * at once, the vectors loading in the background: `missing` indexed documents have none of
     * the model, `vectors` have some.
     */
    async useEmbeddingModel(model: EmbeddingModelInfo | null): Promise<{ missing: number; vectors: number }> {
      const o = await ready();
      await o.engine.useEmbeddingModel(model, { wait: false });
      const missing = (await o.engine.documentsWithoutVectors()).length;
      return { missing, vectors: model ? o.engine.stats.documents - missing : 0 };
    },

    /** Indexed documents without vectors of the active model. */
    async documentsWithoutVectors(): Promise<string[]> {
      return (await (await ready()).engine.documentsWithoutVectors()).map((d) => d.id);
    },

    async addVectors(documentId: string, vectors: DocumentVectors): Promise<boolean> {
      const o = await ready();
      const doc = o.engine.listDocuments().find((d) => d.id === documentId);
      return doc ? o.engine.addVectors(doc, vectors) : false;
    },

    async stats(): Promise<EngineStats> {
      return (await ready()).engine.stats;
    },

    async flush(): Promise<void> {
      if (current) await (await current).engine.flush();
    },

    /** Closes the workspace; `save: false` when it is about to be deleted. */
    async close(save = true): Promise<void> {
      releaseModels();
      if (!current) return;
      const o = await current.catch(() => null);
      current = null;
      if (o) {
        if (save) await o.engine.flush().catch(() => undefined);
        o.searchable.close();
        o.db.close();
      }
    },
  };
}

export type IndexApi = ReturnType<typeof createIndexApi>;
