/**
 * The search engine of one workspace: owns the lexical index and the vector index, keeps them
 * in step with the documents store, and persists the lexical snapshot.
 *
 * The store is the source of truth; the snapshot is a cache. On open, the snapshot is
 * reconciled with the store (documents added or removed while the index was not running, e.g.
 * after a crash between the store commit and the index update) so the two never drift.
 * Vectors are read from the store (one binary row per document) for the active embedding model
 * only: vectors of another model are never mixed in.
 */
import { describeError } from '../errors';
import type { IndexChunk, IndexedDocument, LexicalQuery, SearchIndex } from '../ports';
import type { ChunkRecord, SearchHit } from '../types';
import { detectQueryLanguage } from './query-language';
import { LexicalIndex, type IndexedDocumentEntry, type LexicalIndexOptions, type LexicalSnapshot } from './lexical-index';
import { VectorIndex, type VectorFilter, type VectorRecordLike } from './vector-index';

export interface IndexPersistence {
  loadLexical(): Promise<LexicalSnapshot | undefined>;
  saveLexical(snapshot: LexicalSnapshot): Promise<void>;
  /** Documents that must be searchable (ready or degraded), with their chunk counts. */
  indexableDocuments(): Promise<IndexedDocumentEntry[]>;
  chunks(documentId: string): Promise<ChunkRecord[]>;
  /** Every stored vector row of the given model. */
  vectorRecords(modelId: string): Promise<VectorRecordLike[]>;
  /** One document's stored vectors, if any (any model). */
  documentVectors?(documentId: string): Promise<VectorRecordLike | undefined>;
}

export interface EngineOptions {
  readonly lexical?: LexicalIndexOptions;
  /** Milliseconds to wait after a change before saving a snapshot; 0 saves only on flush(). */
  readonly saveDelayMs?: number;
  readonly log?: (message: string) => void;
}

export interface EmbeddingModelInfo {
  readonly modelId: string;
  readonly dim: number;
}

export interface OpenReport {
  readonly fromSnapshot: boolean;
  readonly added: number;
  readonly removed: number;
  readonly ms: number;
}

export interface EngineStats {
  readonly documents: number;
  readonly chunks: number;
  readonly vectorModel: string | null;
  readonly vectorDocuments: number;
  readonly vectors: number;
}

export class SearchEngine implements SearchIndex {
  private dirty = false;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  private saving: Promise<void> = Promise.resolve();
  private vectors: VectorIndex | null = null;

  private constructor(
    private readonly persistence: IndexPersistence,
    private lexical: LexicalIndex,
    private readonly options: EngineOptions,
  ) {}

  static async open(persistence: IndexPersistence, options: EngineOptions = {}): Promise<{ engine: SearchEngine; report: OpenReport }> {
    const started = performance.now();
    let lexical: LexicalIndex | null = null;
    try {
      const snapshot = await persistence.loadLexical();
      if (snapshot) lexical = new LexicalIndex(options.lexical, snapshot);
    } catch (error) {
      options.log?.(`SearchEngine: ignoring unreadable index snapshot (${describeError(error)}); rebuilding`);
    }
    const fromSnapshot = lexical !== null;
    const engine = new SearchEngine(persistence, lexical ?? new LexicalIndex(options.lexical), options);
    const { added, removed } = await engine.reconcile();
    if (added + removed > 0 || !fromSnapshot) await engine.flush();
    return { engine, report: { fromSnapshot, added, removed, ms: performance.now() - started } };
  }

  /**
   * Brings the indexes in line with the store: documents another writer added or removed (a
   * crash, another tab) are added or dropped, with their vectors of the active model.
   */
  async reconcile(): Promise<{ added: number; removed: number }> {
    const wanted = await this.persistence.indexableDocuments();
    const wantedById = new Map(wanted.map((d) => [d.id, d]));
    let removed = 0;
    for (const have of this.lexical.listDocuments()) {
      const want = wantedById.get(have.id);
      if (!want || want.chunkCount !== have.chunkCount || want.language !== have.language) {
        this.lexical.remove(have.id);
        this.vectors?.removeDocument(have.id);
        removed++;
      }
    }
    let added = 0;
    for (const doc of wanted) {
      if (this.lexical.has(doc.id)) continue;
      this.lexical.add(doc, await this.persistence.chunks(doc.id));
      const vectors = this.vectors ? await this.persistence.documentVectors?.(doc.id) : undefined;
      if (vectors) await this.addVectors(doc, vectors);
      added++;
    }
    if (added + removed > 0) this.dirty = true;
    return { added, removed };
  }

  /**
   * Activates an embedding model: loads that model's stored vectors (of indexable documents
   * only). Null turns dense search off.
   */
  async useEmbeddingModel(model: EmbeddingModelInfo | null): Promise<void> {
    if (!model) {
      this.vectors = null;
      return;
    }
    if (this.vectors?.modelId === model.modelId && this.vectors.dim === model.dim) return;
    const languages = new Map(this.lexical.listDocuments().map((d) => [d.id, d.language]));
    const records = (await this.persistence.vectorRecords(model.modelId)).filter((r) => languages.has(r.documentId) && r.dim === model.dim);
    this.vectors = VectorIndex.fromRecords(model.modelId, model.dim, records, { languageOf: (id) => languages.get(id) ?? null });
  }

  get embeddingModel(): EmbeddingModelInfo | null {
    return this.vectors ? { modelId: this.vectors.modelId, dim: this.vectors.dim } : null;
  }

  /** Indexed documents that have no vectors of the active model (to embed in the background). */
  documentsWithoutVectors(): IndexedDocumentEntry[] {
    const vectors = this.vectors;
    if (!vectors) return [];
    return this.lexical.listDocuments().filter((d) => !vectors.has(d.id));
  }

  get stats(): EngineStats {
    return {
      documents: this.lexical.documentCount,
      chunks: this.lexical.chunkCount,
      vectorModel: this.vectors?.modelId ?? null,
      vectorDocuments: this.vectors?.documentCount ?? 0,
      vectors: this.vectors?.size ?? 0,
    };
  }

  listDocuments(): IndexedDocumentEntry[] {
    return this.lexical.listDocuments();
  }

  async addDocument(doc: IndexedDocument, chunks: readonly IndexChunk[], vectors?: VectorRecordLike | null): Promise<void> {
    this.lexical.add(doc, chunks);
    this.vectors?.removeDocument(doc.id);
    if (vectors) await this.addVectors(doc, vectors);
    this.changed();
  }

  /** Adds (or replaces) the vectors of an indexed document; ignored for another model. */
  async addVectors(doc: Pick<IndexedDocument, 'id' | 'language'>, vectors: VectorRecordLike): Promise<boolean> {
    if (!this.vectors || vectors.modelId !== this.vectors.modelId || vectors.dim !== this.vectors.dim) return false;
    this.vectors.addDocument(doc.id, vectors.seqs, vectors.data, { language: doc.language, modelId: vectors.modelId });
    return true;
  }

  async removeDocument(documentId: string): Promise<void> {
    this.vectors?.removeDocument(documentId);
    if (!this.lexical.has(documentId)) return;
    this.lexical.remove(documentId);
    this.changed();
  }

  async searchLexical(query: LexicalQuery): Promise<SearchHit[]> {
    return this.lexical.search(query);
  }

  /** Exact top-k by cosine; empty when no embedding model is active. */
  searchDense(vector: Float32Array, k: number, filter: VectorFilter = {}): SearchHit[] {
    if (!this.vectors) return [];
    return this.vectors.search(vector, k, filter).map((h) => ({ chunkId: h.chunkId, documentId: h.documentId, score: h.score, terms: [], foundBy: ['dense'] as const }));
  }

  /** The language of a query among those the analyzer supports, or null when unsure (see query-language.ts). */
  queryLanguage(text: string): string | null {
    return detectQueryLanguage(text);
  }

  queryTerms(text: string, language?: string | null): string[] {
    return this.lexical.queryTerms(text, language);
  }

  idf(term: string): number {
    return this.lexical.idf(term);
  }

  /** Saves a snapshot now if anything changed. */
  async flush(): Promise<void> {
    this.clearTimer();
    if (!this.dirty) return this.saving;
    this.dirty = false;
    const snapshot = this.lexical.toSnapshot();
    this.saving = this.saving.then(() => this.persistence.saveLexical(snapshot));
    return this.saving;
  }

  private changed(): void {
    this.dirty = true;
    const delay = this.options.saveDelayMs ?? 1500;
    if (delay <= 0) return;
    this.clearTimer();
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      this.flush().catch((error: unknown) => this.options.log?.(`SearchEngine: saving the index failed: ${describeError(error)}`));
    }, delay);
  }

  private clearTimer(): void {
    if (this.saveTimer !== null) clearTimeout(this.saveTimer);
    this.saveTimer = null;
  }
}
