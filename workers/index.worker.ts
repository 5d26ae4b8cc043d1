/**
 * Owns the search indexes of the open workspace. Thin: the logic is SearchEngine (core) and
 * the Dexie adapters (store); this file only exposes them over comlink.
 */
import * as Comlink from 'comlink';
import { registerRpcErrors } from '../src/app/rpc';
import { StoreError } from '../src/core/errors';
import type { DocumentVectors, Embedder, IndexedDocument, ModelRef, Reranker } from '../src/core/ports';
import { SearchEngine, type EmbeddingModelInfo, type EngineStats, type OpenReport } from '../src/core/search/engine';
import { runPipeline, type PipelineResponse, type PipelineSettings, type SearchFilters } from '../src/core/search/pipeline';
import type { ChunkRecord } from '../src/core/types';
import { WorkspaceDb } from '../src/store/db';
import { DocumentRepository } from '../src/store/documents';
import { DexieIndexPersistence } from '../src/store/index-persistence';

registerRpcErrors();

export interface SearchRequest {
  readonly text: string;
  readonly filters?: SearchFilters;
  readonly settings?: PipelineSettings;
  /** The loaded models, when any: the page's callbacks then serve them. */
  readonly embedder?: ModelRef | null;
  readonly reranker?: ModelRef | null;
}

/** Callbacks into the page, which forwards to the model workers. */
export interface SearchModels {
  embed(texts: string[]): Promise<Float32Array[]>;
  score(query: string, passages: string[]): Promise<number[]>;
}

interface Open {
  readonly workspaceId: string;
  readonly db: WorkspaceDb;
  readonly engine: SearchEngine;
  readonly documents: DocumentRepository;
}

let current: Promise<Open> | null = null;

async function openWorkspace(workspaceId: string): Promise<{ open: Open; report: OpenReport }> {
  const db = new WorkspaceDb(workspaceId);
  const { engine, report } = await SearchEngine.open(new DexieIndexPersistence(db), { log: (m) => console.warn(m) });
  return { open: { workspaceId, db, engine, documents: new DocumentRepository(db) }, report };
}

async function ready(): Promise<Open> {
  if (!current) throw new StoreError('store/not-found', 'index worker: no workspace is open');
  return current;
}

async function runSearch(request: SearchRequest, models: Comlink.Remote<SearchModels & Comlink.ProxyMarked> | undefined): Promise<PipelineResponse> {
  const o = await ready();
  const embedder: Embedder | null = models && request.embedder ? { model: request.embedder, embed: (texts) => models.embed([...texts]) } : null;
  const reranker: Reranker | null = models && request.reranker ? { model: request.reranker, score: (query, passages) => models.score(query, [...passages]) } : null;
  return runPipeline(
    { text: request.text, filters: request.filters ?? {}, ...(request.settings ? { settings: request.settings } : {}) },
    { engine: o.engine, lookup: o.documents, embedder, reranker },
  );
}

const api = {
  /** Opens (or switches to) a workspace; resolves once its index is loaded and reconciled. */
  async open(workspaceId: string): Promise<OpenReport & { documents: number; chunks: number }> {
    const previous = current;
    if (previous) {
      const p = await previous.catch(() => null);
      if (p?.workspaceId === workspaceId) return { fromSnapshot: true, added: 0, removed: 0, ms: 0, ...p.engine.stats };
      if (p) {
        await p.engine.flush();
        p.db.close();
      }
    }
    const opening = openWorkspace(workspaceId);
    current = opening.then((o) => o.open);
    const { open, report } = await opening;
    return { ...report, ...open.engine.stats };
  },

  async addDocument(doc: IndexedDocument, chunks: ChunkRecord[], vectors: DocumentVectors | null = null): Promise<void> {
    await (await ready()).engine.addDocument(doc, chunks, vectors);
  },

  async removeDocument(documentId: string): Promise<void> {
    await (await ready()).engine.removeDocument(documentId);
  },

  /**
   * Runs the retrieval pipeline (lexical + dense → fusion → rerank → selection). The models live
   * in their own workers; the page hands a callback proxy so the pipeline stays here in one piece.
   */
  async search(request: SearchRequest, models?: Comlink.Remote<SearchModels & Comlink.ProxyMarked>): Promise<PipelineResponse> {
    try {
      return await runSearch(request, models);
    } finally {
      models?.[Comlink.releaseProxy]();
    }
  },

  /** Activates the embedding model whose stored vectors dense search uses (null: none). */
  async useEmbeddingModel(model: EmbeddingModelInfo | null): Promise<{ missing: number; vectors: number }> {
    const o = await ready();
    await o.engine.useEmbeddingModel(model);
    return { missing: o.engine.documentsWithoutVectors().length, vectors: o.engine.stats.vectors };
  },

  /** Indexed documents without vectors of the active model. */
  async documentsWithoutVectors(): Promise<string[]> {
    return (await ready()).engine.documentsWithoutVectors().map((d) => d.id);
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
    if (!current) return;
    const o = await current.catch(() => null);
    current = null;
    if (o) {
      if (save) await o.engine.flush().catch(() => undefined);
      o.db.close();
    }
  },
};

export type IndexWorkerApi = typeof api;
Comlink.expose(api);
