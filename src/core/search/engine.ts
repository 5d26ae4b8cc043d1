/**
 * The search engine of one workspace: owns the lexical index and the vector index, keeps them
 * in step with the documents store, and persists the lexical snapshot.
 *
 * The store is the source of truth; the snapshot is a cache. On open, the snapshot is
 * reconciled with the store (documents added or removed while the index was not running, e.g.
 * after a crash between the store commit and the index update) so the two never drift.
 * Vectors are read from the store (one binary row per document) for the active embedding model
 * only: vectors of another model are never mixed in. The index keeps the arrays the store hands
 * over (one copy of every vector in memory); in the app the store is IndexedDB, on disk. They
 * load in batches in the background when the caller does not wait: keyword search answers
 * meanwhile, and dense search joins in once they are all there (`denseReady`).
 */
import { describeError } from '../errors';
import type { IndexChunk, IndexedDocument, LexicalQuery, SearchIndex } from '../ports';
import type { ChunkRecord, SearchHit } from '../types';
import { detectQueryLanguage } from './query-language';
import { LexicalIndex, type IndexedDocumentEntry, type LexicalIndexOptions, type LexicalSnapshotWrite, type StoredLexical } from './lexical-index';
import { VectorIndex, type VectorFilter, type VectorRecordLike } from './vector-index';

export interface IndexPersistence {
  /** The saved lexical index: its manifest and segments, or the version-1 snapshot of an older app. */
  loadLexical(): Promise<StoredLexical | undefined>;
  /**
   * Stores a snapshot in one transaction: the segments the manifest lists that storage does not
   * hold yet (`write.segment(id)` encodes one), the manifest; segments it no longer lists, and
   * any version-1 snapshot, are removed.
   */
  saveLexical(write: LexicalSnapshotWrite): Promise<void>;
  /** Documents that must be searchable (ready or degraded), with their chunk counts. */
  indexableDocuments(): Promise<IndexedDocumentEntry[]>;
  chunks(documentId: string): Promise<ChunkRecord[]>;
  /** Every stored vector row of the given model. */
  vectorRecords(modelId: string): Promise<VectorRecordLike[]>;
  /** The same rows in batches, read as they are consumed (a large workspace loads without holding its worker). */
  vectorBatches?(modelId: string): AsyncIterable<VectorRecordLike[]>;
  /** Ids of the documents that have stored vectors of the model (keys only: cheap). */
  vectorDocumentIds?(modelId: string): Promise<string[]>;
  /** One document's stored vectors, if any (any model). */
  documentVectors?(documentId: string): Promise<VectorRecordLike | undefined>;
}

export interface EngineOptions {
  readonly lexical?: LexicalIndexOptions;
  /** Milliseconds to wait after a change before saving a snapshot; 0 saves only on flush(). */
  readonly saveDelayMs?: number;
  /**
   * At most this long after the first unsaved change a snapshot is saved, however often changes
   * keep coming (an import indexes a file every few hundred milliseconds: without it nothing would
   * be saved until the import ends, and a reload meanwhile would rebuild the index). Default 10 s.
   */
  readonly maxSaveDelayMs?: number;
  readonly log?: (message: string) => void;
}

export interface EmbeddingModelInfo {
  readonly modelId: string;
  readonly dim: number;
}

export interface OpenReport {
  readonly fromSnapshot: boolean;
  /** The snapshot was an older format, converted (and saved again in the current one). */
  readonly upgraded?: boolean;
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

/** Longest run of vector loading between two chances for a search to run. */
const LOAD_SLICE_MS = 8;

export class SearchEngine implements SearchIndex {
  private dirty = false;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  /** When the oldest change not yet in a snapshot was made (null: none). */
  private unsavedSince: number | null = null;
  private saving: Promise<void> = Promise.resolve();
  private vectors: VectorIndex | null = null;
  /** The active model's stored vectors are all in `vectors` (false while they load). */
  private vectorsLoaded = false;
  private vectorsLoad: Promise<void> = Promise.resolve();
  private vectorsLoadStarted = 0;

  private constructor(
    private readonly persistence: IndexPersistence,
    private lexical: LexicalIndex,
    private readonly options: EngineOptions,
  ) {}

  static async open(persistence: IndexPersistence, options: EngineOptions = {}): Promise<{ engine: SearchEngine; report: OpenReport }> {
    const started = performance.now();
    let lexical: LexicalIndex | null = null;
    let upgraded = false;
    try {
      const stored = await persistence.loadLexical();
      if (stored?.format === 2) lexical = LexicalIndex.open(options.lexical ?? {}, stored.manifest, stored.segments);
      else if (stored?.format === 1) {
        lexical = LexicalIndex.fromLegacy(options.lexical ?? {}, stored.snapshot);
        upgraded = true;
      }
    } catch (error) {
      options.log?.(`SearchEngine: ignoring unreadable index snapshot (${describeError(error)}); rebuilding`);
    }
    const fromSnapshot = lexical !== null;
    const engine = new SearchEngine(persistence, lexical ?? new LexicalIndex(options.lexical), options);
    const { added, removed } = await engine.reconcile();
    if (upgraded) engine.dirty = true;
    if (added + removed > 0 || !fromSnapshot || upgraded) await engine.flush();
    return { engine, report: { fromSnapshot, ...(upgraded ? { upgraded } : {}), added, removed, ms: performance.now() - started } };
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
   * only). Null turns dense search off. With `wait: false` it returns at once and the vectors
   * load in the background (see `denseReady`, `whenVectorsLoaded()`).
   */
  async useEmbeddingModel(model: EmbeddingModelInfo | null, options: { readonly wait?: boolean } = {}): Promise<void> {
    if (!model) {
      this.vectors = null;
      this.vectorsLoaded = false;
      this.vectorsLoad = Promise.resolve();
      return;
    }
    if (this.vectors?.modelId !== model.modelId || this.vectors.dim !== model.dim) {
      const index = new VectorIndex({ modelId: model.modelId, dim: model.dim });
      this.vectors = index;
      this.vectorsLoaded = false;
      this.vectorsLoadStarted = performance.now();
      this.vectorsLoad = this.loadVectors(index).then(
        () => {
          if (this.vectors === index) this.vectorsLoaded = true;
        },
        (error: unknown) => {
          this.options.log?.(`SearchEngine: loading the vectors of ${model.modelId} failed (${describeError(error)}); dense search is off`);
          if (this.vectors === index) this.vectors = null;
        },
      );
    }
    if (options.wait !== false) await this.vectorsLoad;
  }

  /**
   * Reads the stored vectors of the index's model into it, batch by batch, in slices of at most
   * LOAD_SLICE_MS of work: a search that arrives meanwhile waits for one slice, not the load.
   */
  private async loadVectors(index: VectorIndex): Promise<void> {
    const batches = this.persistence.vectorBatches?.(index.modelId) ?? (async function* (p: IndexPersistence) {
      yield await p.vectorRecords(index.modelId);
    })(this.persistence);
    let slice = performance.now();
    for await (const batch of batches) {
      for (const r of batch) {
        if (this.vectors !== index) return; // another model took over
        // Documents no longer indexed are skipped; vectors an import added meanwhile are newer.
        const language = this.lexical.language(r.documentId);
        if (language === undefined || index.has(r.documentId) || r.dim !== index.dim || r.modelId !== index.modelId) continue;
        index.addDocument(r.documentId, r.seqs, r.data, { language: r.language !== undefined ? r.language : language });
        if (performance.now() - slice > LOAD_SLICE_MS) {
          await new Promise<void>((resolve) => setTimeout(resolve, 0));
          slice = performance.now();
        }
      }
    }
  }

  /** Resolves once the active model's vectors are loaded (at once when none is active). */
  whenVectorsLoaded(): Promise<void> {
    return this.vectorsLoad;
  }

  /**
   * True once the vectors are loaded, false when they are still loading after `ms`, or sooner
   * when the rate they load at says they will not be in by then (no model: false).
   */
  async vectorsLoadedWithin(ms: number): Promise<boolean> {
    const deadline = performance.now() + ms;
    const index = this.vectors;
    while (!this.denseReady && index !== null && this.vectors === index) {
      const now = performance.now();
      if (now >= deadline) return false;
      const done = index.size;
      const elapsed = now - this.vectorsLoadStarted;
      if (done > 0 && elapsed * (this.lexical.chunkCount - done) / done > deadline - now) return false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const tick = new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.min(25, deadline - now))));
      try {
        await Promise.race([this.vectorsLoad, tick]);
      } finally {
        clearTimeout(timer);
      }
    }
    return this.denseReady;
  }

  /** Dense search can run: a model is active and its vectors are loaded. */
  get denseReady(): boolean {
    return this.vectors !== null && this.vectorsLoaded;
  }

  /** How dense search scans: 'int8' (SIMD with a float32 rescore) or 'exact' (float32). */
  get denseScan(): 'int8' | 'exact' | null {
    return this.vectors?.scan ?? null;
  }

  get embeddingModel(): EmbeddingModelInfo | null {
    return this.vectors ? { modelId: this.vectors.modelId, dim: this.vectors.dim } : null;
  }

  /**
   * Indexed documents that have no vectors of the active model (to embed in the background).
   * While the vectors load, the store says which documents have some (without waiting).
   */
  async documentsWithoutVectors(): Promise<IndexedDocumentEntry[]> {
    const vectors = this.vectors;
    if (!vectors) return [];
    if (!this.vectorsLoaded && this.persistence.vectorDocumentIds) {
      const stored = new Set(await this.persistence.vectorDocumentIds(vectors.modelId));
      return this.lexical.listDocuments().filter((d) => !stored.has(d.id) && !vectors.has(d.id));
    }
    await this.vectorsLoad;
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

  /** Top-k by cosine (exact scores; see VectorIndex); empty when no embedding model is active or its vectors are loading. */
  searchDense(vector: Float32Array, k: number, filter: VectorFilter = {}): SearchHit[] {
    if (!this.vectors || !this.vectorsLoaded) return [];
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
    this.unsavedSince = null;
    const write = this.lexical.snapshot();
    // A failed save must not block the next ones: it is retried with the next change or flush.
    this.saving = this.saving
      .catch(() => undefined)
      .then(async () => {
        try {
          await this.persistence.saveLexical(write);
        } catch (error) {
          this.dirty = true;
          throw error;
        }
      });
    return this.saving;
  }

  private changed(): void {
    this.dirty = true;
    const wait = this.options.saveDelayMs ?? 1500;
    if (wait <= 0) return;
    const now = Date.now();
    this.unsavedSince ??= now;
    const delay = Math.max(0, Math.min(wait, this.unsavedSince + (this.options.maxSaveDelayMs ?? 10_000) - now));
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
