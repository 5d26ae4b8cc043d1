/**
 * The vector index of a workspace, for one embedding model: exact top-k by dot product (cosine
 * for the L2-normalised vectors models give), in the order the dense search needs.
 *
 * One copy of every vector: a document's float32 vectors are the arrays it was added with (the
 * store's record, or what an import handed over), kept as they are, never copied into a second
 * buffer. Each vector also has an int8 row (a quarter of the bytes) in the SIMD kernel's memory
 * (vector-int8.ts): a search over many rows scans those, then rescores its best candidates in
 * float32, so what it returns is the exact scan's answer, scores included, whenever the true
 * top-k is among the candidates (measured recall@10 against the exact scan: `npm run bench --
 * --only query`). Small searches (a few documents) and machines without WebAssembly SIMD scan
 * float32 exactly.
 *
 * Rows are numbered in the order documents were added; each document's rows are contiguous;
 * ties are broken by row order. Removal tombstones a document's rows and compacts the int8 rows
 * (order kept) once dead rows pass a quarter of the live ones. Two models are never mixed: every
 * add checks model id and dimension.
 *
 * Length: just over 400 lines: the float32 rows, the int8 copy in the kernel's memory and the
 * background load share one document table and must change together.
 */
import { IndexError, InputError } from '../errors';
import type { DocumentVectors } from '../ports';
import { Int8Rows, vectorKernel } from './vector-int8';
import { dotRow, scanRows, TopK } from './vector-scan';

export interface VectorIndexOptions {
  /** The embedding model id, e.g. "Xenova/bge-m3". */
  readonly modelId: string;
  /** Vector dimension of that model. */
  readonly dim: number;
  /** Only 'f32' (vectors are kept as given; the int8 rows are the scan's, derived from them). */
  readonly storage?: 'f32';
  /** 'auto': the int8 scan with a float32 rescore when SIMD runs here; 'exact': float32 only. */
  readonly scan?: 'auto' | 'exact';
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
  readonly scan?: 'auto' | 'exact';
}

/** One live document (its own arrays: valid until it is replaced or removed). */
export interface VectorEntry {
  readonly documentId: string;
  readonly language: string | null;
  readonly seqs: Uint32Array;
  readonly data: Float32Array;
}

interface DocSlot {
  readonly id: string;
  readonly language: string | null;
  readonly seqs: Uint32Array;
  readonly data: Float32Array;
  /** First row. */
  start: number;
}

/** Below this many rows to scan, the float32 scan is as fast as int8 plus a rescore: scan exactly. */
export const EXACT_SCAN_BELOW = 2048;
/** The int8 scan keeps max(RESCORE_FACTOR × k, RESCORE_MIN) candidates for the float32 rescore. */
const RESCORE_FACTOR = 4;
const RESCORE_MIN = 100;

export class VectorIndex {
  readonly modelId: string;
  readonly dim: number;
  readonly storage = 'f32' as const;

  private rowDoc: Uint32Array = new Uint32Array(0);
  private capacity = 0;
  /** Rows in use, dead ones included. */
  private rows = 0;
  private dead = 0;
  /** Document number -> slot; null for a removed document until the next compaction. */
  private docs: (DocSlot | null)[] = [];
  private readonly byId = new Map<string, number>();
  private int8: Int8Rows | null = null;
  /** The SIMD kernel when the int8 scan may be used; its rows are made once the index is large enough to need them. */
  private kernel: WebAssembly.Module | null;

  constructor(options: VectorIndexOptions) {
    const { modelId, dim } = options;
    if (typeof modelId !== 'string' || modelId === '') throw new InputError(`VectorIndex: invalid model id ${JSON.stringify(modelId)}`);
    if (!Number.isInteger(dim) || dim < 1 || dim > 1 << 16) throw new InputError(`VectorIndex: invalid dimension ${dim} for model ${modelId}`);
    if (options.storage !== undefined && options.storage !== 'f32') {
      throw new InputError(`VectorIndex: unsupported storage ${JSON.stringify(options.storage)} (only 'f32')`);
    }
    this.modelId = modelId;
    this.dim = dim;
    this.kernel = options.scan === 'exact' ? null : vectorKernel();
    const capacity = options.initialCapacity ?? 0;
    if (!Number.isInteger(capacity) || capacity < 0) throw new InputError(`VectorIndex: invalid initial capacity ${capacity}`);
    if (capacity > 0) this.grow(capacity);
  }

  /** How searches over many rows scan: 'int8' (SIMD, float32 rescore) or 'exact' (float32). */
  get scan(): 'int8' | 'exact' {
    return this.kernel ? 'int8' : 'exact';
  }

  /** Number of live vectors (chunks). */
  get size(): number {
    return this.rows - this.dead;
  }

  get documentCount(): number {
    return this.byId.size;
  }

  /** Bytes held: the float32 vectors and seqs of the live documents, the row table, the int8 rows. */
  get memoryBytes(): number {
    let n = this.rowDoc.byteLength + (this.int8?.memoryBytes ?? 0);
    for (const slot of this.docs) if (slot) n += slot.data.byteLength + slot.seqs.byteLength;
    return n;
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
   * seq `seqs[i]`. The index keeps these arrays as they are (no copy): do not change them after.
   * A document with no rows is recorded (has() is true).
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
    const count = slot.seqs.length;
    if (slot.start + count === this.rows) this.rows = slot.start; // the tail: reuse at once
    else this.dead += count;
    if (this.dead > 0 && this.dead * 4 > this.size) this.relayout(this.size * 4 < this.capacity ? this.size * 2 : this.capacity);
    else if (this.docs.length > 64 && this.byId.size * 2 < this.docs.length) this.relayout(this.capacity);
    return true;
  }

  /** Drops removed rows now and releases unused capacity of the row table. */
  compact(): void {
    this.relayout(this.size);
  }

  /**
   * Top-k by dot product. Filters restrict the scanned documents before any scoring. Ties are
   * broken by row order (the order vectors were added).
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
    for (const slot of slots) candidates += slot.seqs.length;
    const top = new TopK(Math.min(Math.floor(k), candidates));
    if (top.k === 0) return [];
    const dim = this.dim;
    if (this.int8 && candidates >= EXACT_SCAN_BELOW) {
      const approx = new TopK(Math.min(candidates, Math.max(top.k * RESCORE_FACTOR, RESCORE_MIN)));
      this.int8.scan(query, slots.map((s) => ({ start: s.start, count: s.seqs.length })), approx);
      for (const row of approx.rows()) {
        const slot = this.docs[this.rowDoc[row]!]!;
        top.offer(dotRow(slot.data, (row - slot.start) * dim, query, dim), row);
      }
    } else {
      for (const slot of slots) scanRows(slot.data, dim, query, 0, slot.seqs.length, top, slot.start);
    }
    return top.sorted().map(({ score, row }) => {
      const slot = this.docs[this.rowDoc[row]!]!;
      const seq = slot.seqs[row - slot.start]!;
      return { chunkId: `${slot.id}:${seq}`, documentId: slot.id, seq, score };
    });
  }

  /** Live documents, in row order. */
  *entries(): IterableIterator<VectorEntry> {
    for (const slot of this.docs) if (slot) yield { documentId: slot.id, language: slot.language, seqs: slot.seqs, data: slot.data };
  }

  /** The stored form of one document (own copies, safe to store or transfer). */
  toRecord(documentId: string): VectorRecordLike | undefined {
    const docNo = this.byId.get(documentId);
    if (docNo === undefined) return undefined;
    const slot = this.docs[docNo]!;
    return this.record(slot.id, slot.language, slot.seqs.slice(), slot.data.slice());
  }

  /** One record per document, in row order (own copies). */
  toRecords(): VectorRecordLike[] {
    const out: VectorRecordLike[] = [];
    for (const e of this.entries()) out.push(this.record(e.documentId, e.language, e.seqs.slice(), e.data.slice()));
    return out;
  }

  /** Builds an index from stored records, keeping their arrays (no copy). */
  static fromRecords(modelId: string, dim: number, records: Iterable<VectorRecordLike>, options: FromRecordsOptions = {}): VectorIndex {
    const list = [...records];
    let rows = 0;
    const index = new VectorIndex({ modelId, dim, ...(options.scan ? { scan: options.scan } : {}) });
    for (const r of list) {
      index.checkModel(r.documentId, r.modelId, r.dim);
      index.checkVectors(r.documentId, r.modelId, r.seqs, r.data);
      rows += r.seqs.length;
    }
    index.grow(rows);
    for (const r of list) {
      if (index.byId.has(r.documentId)) throw new IndexError('index/corrupt', `VectorIndex: duplicate record for document ${r.documentId}`);
      const language = r.language !== undefined ? r.language : (options.languageOf?.(r.documentId) ?? null);
      index.append(r.documentId, language, r.seqs, r.data);
    }
    return index;
  }

  /**
   * Builds an index over `seqs` and `data` holding the rows of `documents` in order (the first
   * `count` rows belong to the first document...): each document keeps views into them. Used by the codec.
   */
  static adopt(
    modelId: string,
    dim: number,
    documents: readonly { readonly documentId: string; readonly language: string | null; readonly count: number }[],
    seqs: Uint32Array,
    data: Float32Array,
  ): VectorIndex {
    let rows = 0;
    for (const d of documents) rows += d.count;
    if (rows !== seqs.length || rows * dim !== data.length) {
      throw new IndexError('index/corrupt', `VectorIndex: ${documents.length} documents cover ${rows} rows, but there are ${seqs.length} seqs and ${data.length / dim} vectors`);
    }
    const index = new VectorIndex({ modelId, dim });
    index.grow(rows);
    let at = 0;
    for (const d of documents) {
      if (index.byId.has(d.documentId)) throw new IndexError('index/corrupt', `VectorIndex: duplicate document ${d.documentId}`);
      index.append(d.documentId, d.language, seqs.subarray(at, at + d.count), data.subarray(at * dim, (at + d.count) * dim));
      at += d.count;
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
    const docNo = this.docs.length;
    this.rowDoc.fill(docNo, start, start + count);
    this.int8?.write(start, data, count);
    this.docs.push({ id: documentId, language, seqs, data, start });
    this.byId.set(documentId, docNo);
    this.rows += count;
  }

  /** Makes room for `extra` more rows: compacts if that is enough, else grows (doubling). */
  private reserve(extra: number): void {
    const needed = this.rows + extra;
    if (needed <= this.capacity) return;
    const live = this.size + extra;
    if (live <= this.capacity && this.dead > 0) this.relayout(this.capacity);
    else this.relayout(Math.max(live, this.capacity * 2, 16));
  }

  /** The row table (and int8 rows) for `capacity` rows, the rows kept where they are. */
  private grow(capacity: number): void {
    if (capacity > this.rowDoc.length) {
      const rowDoc = new Uint32Array(capacity);
      rowDoc.set(this.rowDoc.subarray(0, this.rows));
      this.rowDoc = rowDoc;
    }
    this.capacity = capacity;
    this.reserveInt8();
  }

  /**
   * Makes room in the int8 rows for the capacity, creating them (from the rows there are) once
   * the index reaches EXACT_SCAN_BELOW rows: smaller indexes never scan in int8.
   */
  private reserveInt8(): void {
    if (!this.kernel || this.capacity < EXACT_SCAN_BELOW) return;
    try {
      if (!this.int8) {
        const int8 = new Int8Rows(this.kernel, this.dim);
        int8.reserve(this.capacity);
        for (const slot of this.docs) if (slot) int8.write(slot.start, slot.data, slot.seqs.length);
        this.int8 = int8;
      } else this.int8.reserve(this.capacity);
    } catch {
      // The kernel's memory cannot grow (the device is short of memory): scan float32 exactly.
      this.int8 = null;
      this.kernel = null;
    }
  }

  /** Drops dead rows, keeping the order of the live ones, with room for `capacity` rows. */
  private relayout(capacity: number): void {
    const rowDoc = capacity === this.rowDoc.length ? this.rowDoc : new Uint32Array(capacity);
    const docs: DocSlot[] = [];
    let write = 0;
    for (const slot of this.docs) {
      if (!slot) continue;
      const count = slot.seqs.length;
      if (this.int8 && slot.start !== write) this.int8.move(write, slot.start, count);
      rowDoc.fill(docs.length, write, write + count);
      this.byId.set(slot.id, docs.length);
      slot.start = write;
      docs.push(slot);
      write += count;
    }
    this.rowDoc = rowDoc;
    this.docs = docs;
    this.rows = write;
    this.dead = 0;
    this.capacity = capacity;
    this.reserveInt8();
  }

  /** The slots a filter keeps, in row order. */
  private select(filter: VectorFilter): DocSlot[] {
    const { documentIds, language } = filter;
    const out: DocSlot[] = [];
    if (documentIds === undefined) {
      for (const slot of this.docs) if (slot && slot.seqs.length > 0 && (language === undefined || slot.language === language)) out.push(slot);
      return out;
    }
    const seen = new Set<number>();
    for (const id of documentIds) {
      const docNo = this.byId.get(id);
      if (docNo === undefined || seen.has(docNo)) continue;
      seen.add(docNo);
      const slot = this.docs[docNo]!;
      if (slot.seqs.length > 0 && (language === undefined || slot.language === language)) out.push(slot);
    }
    return out.sort((a, b) => a.start - b.start);
  }
}
