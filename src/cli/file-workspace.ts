/**
 * A workspace kept in a folder on disk, for the Node benchmarks that open a large workspace
 * cold (`npm run bench -- --only query`): the same store ports as the Dexie repositories, read
 * lazily like IndexedDB (a document's passages are read when a search needs them), so opening
 * it costs what opening the app's workspace costs: the index, not the passages.
 *
 *   documents.json          the document records, with where their passages are
 *   chunks.bin, chunks.idx  the passages as JSON back to back, and their byte offsets (Float64)
 *   vectors/<doc>.f32       each document's vectors (row-major), vectors.json their model and dim
 *   index/manifest.json     the lexical index's manifest, index/segments/<id> its segments
 */
import { mkdir, open, readdir, readFile, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { readSync } from 'node:fs';
import { join } from 'node:path';
import type { DocumentVectors } from '../core/ports';
import type { IndexPersistence } from '../core/search/engine';
import type { IndexedDocumentEntry, LexicalManifest, LexicalSnapshotWrite, StoredLexical } from '../core/search/lexical-index';
import type { PassageLookup } from '../core/search/retrieve';
import type { NeighbourLookup } from '../core/search/select';
import type { ChunkRecord, DocumentRecord } from '../core/types';

interface VectorMeta {
  readonly modelId: string;
  readonly dim: number;
  readonly rows: number;
  readonly language: string | null;
}

type StoredDocument = DocumentRecord & { readonly firstChunk: number };

export class FileWorkspace implements IndexPersistence, PassageLookup, NeighbourLookup {
  private documents: Map<string, StoredDocument> | null = null;
  private vectorMeta: Record<string, VectorMeta> | null = null;
  private offsets: Float64Array | null = null;
  private chunkFile: Promise<FileHandle> | null = null;

  constructor(readonly dir: string) {}

  /** Writes a whole workspace (the benchmark's build step). */
  static async write(dir: string, documents: Iterable<{ doc: DocumentRecord; chunks: ChunkRecord[]; vectors: DocumentVectors | null }>): Promise<FileWorkspace> {
    await mkdir(join(dir, 'vectors'), { recursive: true });
    await mkdir(join(dir, 'index'), { recursive: true });
    const docs: StoredDocument[] = [];
    const vectors: Record<string, VectorMeta> = {};
    const out = await open(join(dir, 'chunks.bin'), 'w');
    const offsets: number[] = [0];
    for (const { doc, chunks, vectors: v } of documents) {
      docs.push({ ...doc, firstChunk: offsets.length - 1 });
      const sorted = [...chunks].sort((a, b) => a.seq - b.seq);
      if (sorted.some((c, i) => c.seq !== i)) throw new Error(`FileWorkspace: the passages of ${doc.id} are not numbered 0..n-1`);
      const bytes = sorted.map((c) => Buffer.from(JSON.stringify(c)));
      for (const b of bytes) offsets.push(offsets[offsets.length - 1]! + b.length);
      await out.write(Buffer.concat(bytes));
      if (v) {
        await writeFile(join(dir, 'vectors', `${doc.id}.f32`), new Uint8Array(v.data.buffer, v.data.byteOffset, v.data.byteLength));
        vectors[doc.id] = { modelId: v.modelId, dim: v.dim, rows: v.seqs.length, language: v.language ?? null };
      }
    }
    await out.close();
    await writeFile(join(dir, 'chunks.idx'), new Uint8Array(Float64Array.from(offsets).buffer));
    await writeFile(join(dir, 'documents.json'), JSON.stringify(docs));
    await writeFile(join(dir, 'vectors.json'), JSON.stringify(vectors));
    return new FileWorkspace(dir);
  }

  private async docs(): Promise<Map<string, StoredDocument>> {
    this.documents ??= new Map((JSON.parse(await readFile(join(this.dir, 'documents.json'), 'utf8')) as StoredDocument[]).map((d) => [d.id, d]));
    return this.documents;
  }

  private async chunkOffsets(): Promise<Float64Array> {
    if (!this.offsets) {
      const bytes = await readFile(join(this.dir, 'chunks.idx'));
      this.offsets = new Float64Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    }
    return this.offsets;
  }

  /** Passages [first, first + count) of the store, read from disk. */
  private async readChunks(first: number, count: number): Promise<ChunkRecord[]> {
    if (count === 0) return [];
    const offsets = await this.chunkOffsets();
    const file = await (this.chunkFile ??= open(join(this.dir, 'chunks.bin'), 'r'));
    const start = offsets[first]!;
    const buffer = Buffer.alloc(offsets[first + count]! - start);
    await file.read(buffer, 0, buffer.length, start);
    const out: ChunkRecord[] = [];
    for (let i = 0; i < count; i++) out.push(JSON.parse(buffer.toString('utf8', offsets[first + i]! - start, offsets[first + i + 1]! - start)) as ChunkRecord);
    return out;
  }

  /** The passages at these store positions (-1: undefined), read in one pass. */
  private async readChunksAt(positions: readonly number[]): Promise<(ChunkRecord | undefined)[]> {
    if (positions.length === 0) return [];
    const offsets = await this.chunkOffsets();
    const { fd } = await (this.chunkFile ??= open(join(this.dir, 'chunks.bin'), 'r'));
    return positions.map((i) => {
      if (i < 0) return undefined;
      const buffer = Buffer.alloc(offsets[i + 1]! - offsets[i]!);
      readSync(fd, buffer, 0, buffer.length, offsets[i]!);
      return JSON.parse(buffer.toString('utf8')) as ChunkRecord;
    });
  }

  /** Closes the passages file. */
  async close(): Promise<void> {
    await (await this.chunkFile)?.close();
    this.chunkFile = null;
  }

  private async vectorsMeta(): Promise<Record<string, VectorMeta>> {
    this.vectorMeta ??= JSON.parse(await readFile(join(this.dir, 'vectors.json'), 'utf8')) as Record<string, VectorMeta>;
    return this.vectorMeta;
  }

  // ---- IndexPersistence
  async loadLexical(): Promise<StoredLexical | undefined> {
    let manifest: LexicalManifest;
    try {
      manifest = JSON.parse(await readFile(join(this.dir, 'index', 'manifest.json'), 'utf8')) as LexicalManifest;
    } catch {
      return undefined;
    }
    const segments = new Map<string, Uint8Array>();
    for (const s of manifest.segments) {
      const bytes = await readFile(join(this.dir, 'index', 'segments', s.id));
      segments.set(s.id, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    }
    return { format: 2, manifest, segments };
  }
  async saveLexical(write: LexicalSnapshotWrite): Promise<void> {
    const dir = join(this.dir, 'index', 'segments');
    await mkdir(dir, { recursive: true });
    const stored = new Set(await readdir(dir));
    for (const s of write.manifest.segments) if (!stored.has(s.id)) await writeFile(join(dir, s.id), write.segment(s.id));
    const manifest = join(this.dir, 'index', 'manifest.json');
    await writeFile(`${manifest}.tmp`, JSON.stringify(write.manifest));
    await rename(`${manifest}.tmp`, manifest);
    const listed = new Set(write.manifest.segments.map((s) => s.id));
    for (const name of await readdir(dir)) if (!listed.has(name)) await rm(join(dir, name), { force: true });
  }
  async indexableDocuments(): Promise<IndexedDocumentEntry[]> {
    return [...(await this.docs()).values()]
      .filter((d) => (d.status === 'ready' || d.status === 'degraded') && d.chunkCount > 0)
      .map((d) => ({ id: d.id, name: d.name, language: d.language, chunkCount: d.chunkCount }));
  }
  async chunks(documentId: string): Promise<ChunkRecord[]> {
    const doc = (await this.docs()).get(documentId);
    return doc ? this.readChunks(doc.firstChunk, doc.chunkCount) : [];
  }
  async vectorRecords(modelId: string): Promise<DocumentVectors[]> {
    const out: DocumentVectors[] = [];
    for (const [id, meta] of Object.entries(await this.vectorsMeta())) {
      if (meta.modelId !== modelId) continue;
      const record = await this.documentVectors(id);
      if (record) out.push(record);
    }
    return out;
  }
  /** The model's vectors, 16 documents a batch, read one file at a time (a search's reads never queue behind many). */
  async *vectorBatches(modelId: string): AsyncIterable<DocumentVectors[]> {
    const ids = Object.entries(await this.vectorsMeta()).filter(([, m]) => m.modelId === modelId).map(([id]) => id);
    for (let i = 0; i < ids.length; i += 16) {
      const batch: DocumentVectors[] = [];
      for (const id of ids.slice(i, i + 16)) {
        const record = await this.documentVectors(id);
        if (record) batch.push(record);
      }
      yield batch;
    }
  }
  async documentVectors(documentId: string): Promise<DocumentVectors | undefined> {
    const meta = (await this.vectorsMeta())[documentId];
    if (!meta) return undefined;
    // Read straight into the array the index keeps.
    const data = new Float32Array(meta.rows * meta.dim);
    const file = await open(join(this.dir, 'vectors', `${documentId}.f32`));
    try {
      const { bytesRead } = await file.read(new Uint8Array(data.buffer), 0, data.byteLength, 0);
      if (bytesRead !== data.byteLength) throw new Error(`FileWorkspace: the vectors of ${documentId} are truncated`);
    } finally {
      await file.close();
    }
    return { documentId, modelId: meta.modelId, dim: meta.dim, seqs: Uint32Array.from({ length: meta.rows }, (_, i) => i), data, language: meta.language };
  }

  // ---- PassageLookup & NeighbourLookup
  /**
   * One round trip for the whole batch, as IndexedDB's bulkGet is in the app: the positions are
   * read synchronously once the file is open (page cache, microseconds each), so a batch never
   * waits for the background vector load once per passage.
   */
  async chunksByIds(ids: readonly string[]): Promise<(ChunkRecord | undefined)[]> {
    const docs = await this.docs();
    const at = ids.map((id) => {
      const colon = id.lastIndexOf(':');
      const doc = docs.get(id.slice(0, colon));
      const seq = Number(id.slice(colon + 1));
      return doc && Number.isInteger(seq) && seq >= 0 && seq < doc.chunkCount ? doc.firstChunk + seq : -1;
    });
    return this.readChunksAt(at);
  }
  async documentsByIds(ids: readonly string[]): Promise<(DocumentRecord | undefined)[]> {
    const docs = await this.docs();
    return ids.map((id) => {
      const d = docs.get(id);
      if (!d) return undefined;
      const { firstChunk: _first, ...doc } = d;
      return doc;
    });
  }
  async chunksBySeq(documentId: string, seqs: readonly number[]): Promise<ChunkRecord[]> {
    const doc = (await this.docs()).get(documentId);
    if (!doc) return [];
    const wanted = seqs.filter((s) => Number.isInteger(s) && s >= 0 && s < doc.chunkCount);
    return (await this.readChunksAt(wanted.map((s) => doc.firstChunk + s))) as ChunkRecord[];
  }
}
