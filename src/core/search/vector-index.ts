/**
 * The exact (flat) vector index of a workspace, for one embedding model.
 *
 * All vectors live in ONE contiguous, growable Float32Array (row-major, `dim` floats a row;
 * capacity doubles, so appends are amortised O(1)). Each document's rows are contiguous, in
 * the order they were added; parallel arrays map row -> chunk seq and row -> document number.
 * A search scans only the row ranges of the documents that pass the filter, so a filter costs
 * nothing per excluded row, and keeps the k best rows in a bounded min-heap.
 *
 * Removal tombstones the document's range (queries skip it at document granularity, so they
 * stay exact and no slower) and compacts, order-preserving, once dead rows pass a quarter of
 * the live ones, or when the space is needed for an append.
 *
 * Vectors are expected L2-normalised, so the dot product is the cosine similarity.
 * Two models are never mixed: every add checks model id and dimension.
 */
import { IndexError, InputError } from '../errors';
import type { DocumentVectors } from '../ports';
import { scanRows, TopK } from './vector-scan';

export interface VectorIndexOptions {
  /** The embedding model id, e.g. "Xenova/bge-m3". */
  readonly modelId: string;
  /** Vector dimension of that model. */
  readonly dim: number;
  /**
   * Only 'f32'. int8 storage was measured and is not worth it in plain JS: the scan is not
   * faster (no SIMD), and exact rescoring needs the f32 rows anyway (see bench-vectors.ts).
   */
  readonly storage?: 'f32';
  /** Rows to allocate up front (e.g. the sum of chunk counts before streaming records in). */
  readonly initialCapacity?: number;
}

export interface VectorDocumentMeta {
  /** ISO 639-1 language of the document, for the `language` filter. */
  readonly language?: string | null;
  /** When given, checked against the index's model. */
  readonly modelId?: string;
}

export interface VectorFilter {
  /** Restrict to these documents (unknown ids are ignored). */
  readonly documentIds?: ReadonlySet<string> | readonly string[];
  /** Restrict to documents in this language (ISO 639-1). */
  readonly language?: string;
}

export interface VectorHit {
  /** `${documentId}:${seq}` */
  readonly chunkId: string;
  readonly documentId: string;
  readonly seq: number;
  /** Dot product (cosine for normalised vectors). */
  readonly score: number;
}

/** The vectors of one document, as the store keeps them (the DocumentVectors port type). */
export type VectorRecordLike = DocumentVectors;

export interface FromRecordsOptions {
  /** The language of a document whose record carries none (e.g. from the documents table). */
  readonly languageOf?: (documentId: string) => string | null | undefined;
}

/** One live document as views into the index (valid until the next change). */
export interface VectorEntry {
  readonly documentId: string;
  readonly language: string | null;
  readonly seqs: Uint32Array;
  readonly data: Float32Array;
}

interface DocSlot {
  readonly id: string;
  readonly language: string | null;
  /** First row. */
  start: number;
  count: number;
}

const MIN_CAPACITY = 16;

export class VectorIndex {
  readonly modelId: string;
  readonly dim: number;
  readonly storage = 'f32' as const;

  private data: Float32Array = new Float32Array(0);
  private rowSeq: Uint32Array = new Uint32Array(0);
  private rowDoc: Uint32Array = new Uint32Array(0);
  private capacity = 0;
  /** Rows in use, dead ones included. */
  private rows = 0;
  private dead = 0;
  /** Document number -> slot; null for a removed document until the next compaction. */
  private docs: (DocSlot | null)[] = [];
  private readonly byId = new Map<string, number>();

  constructor(options: VectorIndexOptions) {
    const { modelId, dim } = options;
    if (typeof modelId !== 'string' || modelId === '') throw new InputError(`VectorIndex: invalid model id ${JSON.stringify(modelId)}`);
    if (!Number.isInteger(dim) || dim < 1 || dim > 1 << 16) throw new InputError(`VectorIndex: invalid dimension ${dim} for model ${modelId}`);
    if (options.storage !== undefined && options.storage !== 'f32') {
      throw new InputError(`VectorIndex: unsupported storage ${JSON.stringify(options.storage)} (only 'f32')`);
    }
    this.modelId = modelId;
    this.dim = dim;
    const capacity = options.initialCapacity ?? 0;
    if (!Number.isInteger(capacity) || capacity < 0) throw new InputError(`VectorIndex: invalid initial capacity ${capacity}`);
    if (capacity > 0) this.allocate(capacity);
  }

  /** Number of live vectors (chunks). */
  get size(): number {
    return this.rows - this.dead;
  }

  get documentCount(): number {
    return this.byId.size;
  }

  /** Bytes held by the typed arrays (capacity, not just the live rows). */
  get memoryBytes(): number {
    return this.data.byteLength + this.rowSeq.byteLength + this.rowDoc.byteLength;
  }

  has(documentId: string): boolean {
    return this.byId.has(documentId);
  }

  /** Live document ids, in row order. */
  documents(): string[] {
    const out: string[] = [];
    for (const slot of this.docs) if (slot) out.push(slot.id);
    return out;
  }

  /**
   * Adds (or replaces) the vectors of a document: row i is `data[i*dim .. (i+1)*dim)` with chunk
   * seq `seqs[i]`. The arrays are copied. A document with no rows is recorded (has() is true).
   */
  addDocument(documentId: string, seqs: Uint32Array, data: Float32Array, meta: VectorDocumentMeta = {}): void {
    this.checkVectors(documentId, meta.modelId ?? this.modelId, seqs, data);
    if (this.byId.has(documentId)) this.removeDocument(documentId);
    this.reserve(seqs.length);
    this.append(documentId, meta.language ?? null, seqs, data);
  }

  /** Adds (or replaces) a document from its stored record, checking its model and dimension. */
  addRecord(record: VectorRecordLike): void {
    this.checkModel(record.documentId, record.modelId, record.dim);
    this.addDocument(record.documentId, record.seqs, record.data, { language: record.language ?? null });
  }

  /** Removes a document's vectors; false when it was not indexed. */
  removeDocument(documentId: string): boolean {
    const docNo = this.byId.get(documentId);
    if (docNo === undefined) return false;
    const slot = this.docs[docNo]!;
    this.byId.delete(documentId);
    this.docs[docNo] = null;
    if (slot.start + slot.count === this.rows) this.rows = slot.start; // the tail: reuse at once
    else this.dead += slot.count;
    if (this.dead > 0 && this.dead * 4 > this.size) this.relayout(this.size * 4 < this.capacity ? this.size * 2 : this.capacity);
    else if (this.docs.length > 64 && this.byId.size * 2 < this.docs.length) this.relayout(this.capacity);
    return true;
  }

  /** Drops removed rows now and releases unused capacity. */
  compact(): void {
    this.relayout(this.size);
  }

  /**
   * Exact top-k by dot product. Filters restrict the scanned documents before any scoring.
   * Ties are broken by row order (the order vectors were added).
   */
  search(query: Float32Array, k: number, filter: VectorFilter = {}): VectorHit[] {
    if (query.length !== this.dim) {
      throw new IndexError('index/model-mismatch', `VectorIndex: query of dim ${query.length} for an index of model ${this.modelId} (dim ${this.dim})`, {
        details: { modelId: this.modelId, dim: this.dim, queryDim: query.length },
      });
    }
    for (let i = 0; i < query.length; i++) {
      if (!Number.isFinite(query[i]!)) throw new InputError(`VectorIndex: query value ${query[i]} at ${i} is not a finite number`);
    }
    if (!(k >= 1)) return [];
    const slots = this.select(filter);
    let candidates = 0;
    for (const slot of slots) candidates += slot.count;
    const top = new TopK(Math.min(Math.floor(k), candidates));
    if (top.k === 0) return [];
    for (const slot of slots) scanRows(this.data, this.dim, query, slot.start, slot.start + slot.count, top);
    return top.sorted().map(({ score, row }) => {
      const documentId = this.docs[this.rowDoc[row]!]!.id;
      const seq = this.rowSeq[row]!;
      return { chunkId: `${documentId}:${seq}`, documentId, seq, score };
    });
  }

  /** Live documents as views into the index, in row order (valid until the next change). */
  *entries(): IterableIterator<VectorEntry> {
    const dim = this.dim;
    for (const slot of this.docs) {
      if (!slot) continue;
      const end = slot.start + slot.count;
      yield {
        documentId: slot.id,
        language: slot.language,
        seqs: this.rowSeq.subarray(slot.start, end),
        data: this.data.subarray(slot.start * dim, end * dim),
      };
    }
  }

  /** The stored form of one document (own copies, safe to store or transfer). */
  toRecord(documentId: string): VectorRecordLike | undefined {
    const docNo = this.byId.get(documentId);
    if (docNo === undefined) return undefined;
    const slot = this.docs[docNo]!;
    const end = slot.start + slot.count;
    return this.record(slot.id, slot.language, this.rowSeq.slice(slot.start, end), this.data.slice(slot.start * this.dim, end * this.dim));
  }

  /**
   * One record per document, in row order. The arrays are copies: a view into the big array
   * would make IndexedDB and postMessage clone the whole underlying buffer for every record.
   */
  toRecords(): VectorRecordLike[] {
    const out: VectorRecordLike[] = [];
    for (const e of this.entries()) out.push(this.record(e.documentId, e.language, e.seqs.slice(), e.data.slice()));
    return out;
  }

  /** Rebuilds an index from stored records: one allocation of the final size, then copies. */
  static fromRecords(modelId: string, dim: number, records: Iterable<VectorRecordLike>, options: FromRecordsOptions = {}): VectorIndex {
    const index = new VectorIndex({ modelId, dim });
    const list = [...records];
    let rows = 0;
    for (const r of list) {
      index.checkModel(r.documentId, r.modelId, r.dim);
      index.checkVectors(r.documentId, r.modelId, r.seqs, r.data);
      rows += r.seqs.length;
    }
    index.allocate(rows);
    for (const r of list) {
      if (index.byId.has(r.documentId)) throw new IndexError('index/corrupt', `VectorIndex: duplicate record for document ${r.documentId}`);
      const language = r.language !== undefined ? r.language : (options.languageOf?.(r.documentId) ?? null);
      index.append(r.documentId, language, r.seqs, r.data);
    }
    return index;
  }

  /**
   * Builds an index that takes ownership of `seqs` and `data` (no copy; do not reuse them).
   * `documents` list the rows in order: the first `count` rows belong to the first document...
   * Used by the codec.
   */
  static adopt(
    modelId: string,
    dim: number,
    documents: readonly { readonly documentId: string; readonly language: string | null; readonly count: number }[],
    seqs: Uint32Array,
    data: Float32Array,
  ): VectorIndex {
    const index = new VectorIndex({ modelId, dim });
    let rows = 0;
    for (const d of documents) rows += d.count;
    if (rows !== seqs.length || rows * dim !== data.length) {
      throw new IndexError('index/corrupt', `VectorIndex: ${documents.length} documents cover ${rows} rows, but there are ${seqs.length} seqs and ${data.length / dim} vectors`);
    }
    index.data = data;
    index.rowSeq = seqs;
    index.rowDoc = new Uint32Array(rows);
    index.capacity = rows;
    for (const d of documents) {
      if (index.byId.has(d.documentId)) throw new IndexError('index/corrupt', `VectorIndex: duplicate document ${d.documentId}`);
      const docNo = index.docs.length;
      index.rowDoc.fill(docNo, index.rows, index.rows + d.count);
      index.docs.push({ id: d.documentId, language: d.language, start: index.rows, count: d.count });
      index.byId.set(d.documentId, docNo);
      index.rows += d.count;
    }
    return index;
  }

  // ---- internals --------------------------------------------------------------------------------

  private record(documentId: string, language: string | null, seqs: Uint32Array, data: Float32Array): VectorRecordLike {
    return { documentId, modelId: this.modelId, dim: this.dim, seqs, data, language };
  }

  private checkModel(documentId: string, modelId: string, dim: number): void {
    if (modelId !== this.modelId || dim !== this.dim) this.mismatch(documentId, modelId, dim);
  }

  private mismatch(documentId: string, modelId: string, dim: number): never {
    throw new IndexError(
      'index/model-mismatch',
      `VectorIndex: cannot add document ${documentId} embedded with model ${modelId} (dim ${dim}) into an index of model ${this.modelId} (dim ${this.dim})`,
      { details: { documentId, modelId, dim, indexModelId: this.modelId, indexDim: this.dim } },
    );
  }

  private checkVectors(documentId: string, modelId: string, seqs: Uint32Array, data: Float32Array): void {
    if (modelId !== this.modelId) this.mismatch(documentId, modelId, data.length / Math.max(1, seqs.length));
    const n = seqs.length;
    if (data.length === n * this.dim) return;
    if (n > 0 && data.length % n === 0) this.mismatch(documentId, modelId, data.length / n);
    throw new InputError(`VectorIndex: document ${documentId} has ${data.length} floats for ${n} chunks (dim ${this.dim})`);
  }

  /** Appends a document's rows; capacity must already be there. */
  private append(documentId: string, language: string | null, seqs: Uint32Array, data: Float32Array): void {
    const start = this.rows;
    const count = seqs.length;
    this.data.set(data, start * this.dim);
    this.rowSeq.set(seqs, start);
    const docNo = this.docs.length;
    this.rowDoc.fill(docNo, start, start + count);
    this.docs.push({ id: documentId, language, start, count });
    this.byId.set(documentId, docNo);
    this.rows += count;
  }

  private allocate(capacity: number): void {
    this.data = new Float32Array(capacity * this.dim);
    this.rowSeq = new Uint32Array(capacity);
    this.rowDoc = new Uint32Array(capacity);
    this.capacity = capacity;
  }

  /** Makes room for `extra` more rows: compacts if that is enough, else grows (doubling). */
  private reserve(extra: number): void {
    const needed = this.rows + extra;
    if (needed <= this.capacity) return;
    const live = this.size + extra;
    if (live <= this.capacity && this.dead > 0) this.relayout(this.capacity);
    else this.relayout(Math.max(live, this.capacity * 2, MIN_CAPACITY));
  }

  /**
   * Drops dead rows, keeping the order of the live ones, into arrays of `capacity` rows (the
   * same arrays, moved down in place, when the capacity does not change).
   */
  private relayout(capacity: number): void {
    const dim = this.dim;
    const inPlace = capacity === this.capacity;
    const data = inPlace ? this.data : new Float32Array(capacity * dim);
    const rowSeq = inPlace ? this.rowSeq : new Uint32Array(capacity);
    const rowDoc = inPlace ? this.rowDoc : new Uint32Array(capacity);
    const docs: DocSlot[] = [];
    let write = 0;
    for (const slot of this.docs) {
      if (!slot) continue;
      const { start, count } = slot;
      if (!inPlace) {
        data.set(this.data.subarray(start * dim, (start + count) * dim), write * dim);
        rowSeq.set(this.rowSeq.subarray(start, start + count), write);
      } else if (start !== write) {
        data.copyWithin(write * dim, start * dim, (start + count) * dim);
        rowSeq.copyWithin(write, start, start + count);
      }
      rowDoc.fill(docs.length, write, write + count);
      this.byId.set(slot.id, docs.length);
      slot.start = write;
      docs.push(slot);
      write += count;
    }
    this.data = data;
    this.rowSeq = rowSeq;
    this.rowDoc = rowDoc;
    this.capacity = capacity;
    this.docs = docs;
    this.rows = write;
    this.dead = 0;
  }

  /** The slots a filter keeps, in row order. */
  private select(filter: VectorFilter): DocSlot[] {
    const { documentIds, language } = filter;
    const out: DocSlot[] = [];
    if (documentIds === undefined) {
      for (const slot of this.docs) if (slot && slot.count > 0 && (language === undefined || slot.language === language)) out.push(slot);
      return out;
    }
    const seen = new Set<number>();
    for (const id of documentIds) {
      const docNo = this.byId.get(id);
      if (docNo === undefined || seen.has(docNo)) continue;
      seen.add(docNo);
      const slot = this.docs[docNo]!;
      if (slot.count > 0 && (language === undefined || slot.language === language)) out.push(slot);
    }
    return out.sort((a, b) => a.start - b.start);
  }
}
