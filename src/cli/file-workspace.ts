/**
 * A workspace kept in a folder on disk, for the Node benchmarks that open a large workspace
 * cold (`npm run bench -- --only query`): the same store ports as the Dexie repositories, read
 * lazily like IndexedDB (a document's passages are read when a search needs them), so opening
 * it costs what opening the app's workspace costs: the index, not the passages.
 *
 *   documents.json          the document records
 *   chunks/<doc>.json       each document's passages
 *   vectors/<doc>.f32       each document's vectors (row-major), vectors.json their model and dim
 *   index/manifest.json     the lexical index's manifest, index/segments/<id> its segments
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
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

const CACHE_DOCUMENTS = 256;

export class FileWorkspace implements IndexPersistence, PassageLookup, NeighbourLookup {
  private documents: Map<string, DocumentRecord> | null = null;
  private vectorMeta: Record<string, VectorMeta> | null = null;
  private readonly chunkCache = new Map<string, ChunkRecord[]>();

  constructor(readonly dir: string) {}

  /** Writes a whole workspace (the benchmark's build step). */
  static async write(dir: string, documents: Iterable<{ doc: DocumentRecord; chunks: ChunkRecord[]; vectors: DocumentVectors | null }>): Promise<FileWorkspace> {
    await mkdir(join(dir, 'chunks'), { recursive: true });
    await mkdir(join(dir, 'vectors'), { recursive: true });
    await mkdir(join(dir, 'index'), { recursive: true });
    const docs: DocumentRecord[] = [];
    const vectors: Record<string, VectorMeta> = {};
    for (const { doc, chunks, vectors: v } of documents) {
      docs.push(doc);
      await writeFile(join(dir, 'chunks', `${doc.id}.json`), JSON.stringify(chunks));
      if (v) {
        await writeFile(join(dir, 'vectors', `${doc.id}.f32`), new Uint8Array(v.data.buffer, v.data.byteOffset, v.data.byteLength));
        vectors[doc.id] = { modelId: v.modelId, dim: v.dim, rows: v.seqs.length, language: v.language ?? null };
      }
    }
    await writeFile(join(dir, 'documents.json'), JSON.stringify(docs));
    await writeFile(join(dir, 'vectors.json'), JSON.stringify(vectors));
    return new FileWorkspace(dir);
  }

  private async docs(): Promise<Map<string, DocumentRecord>> {
    this.documents ??= new Map((JSON.parse(await readFile(join(this.dir, 'documents.json'), 'utf8')) as DocumentRecord[]).map((d) => [d.id, d]));
    return this.documents;
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
    for (const s of write.segments) await writeFile(join(dir, s.id), s.bytes);
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
    const hit = this.chunkCache.get(documentId);
    if (hit) return hit;
    let chunks: ChunkRecord[];
    try {
      chunks = JSON.parse(await readFile(join(this.dir, 'chunks', `${documentId}.json`), 'utf8')) as ChunkRecord[];
    } catch {
      chunks = [];
    }
    if (this.chunkCache.size >= CACHE_DOCUMENTS) this.chunkCache.delete(this.chunkCache.keys().next().value!);
    this.chunkCache.set(documentId, chunks);
    return chunks;
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
  async documentVectors(documentId: string): Promise<DocumentVectors | undefined> {
    const meta = (await this.vectorsMeta())[documentId];
    if (!meta) return undefined;
    const bytes = await readFile(join(this.dir, 'vectors', `${documentId}.f32`));
    const data = new Float32Array(meta.rows * meta.dim);
    new Uint8Array(data.buffer).set(bytes);
    return { documentId, modelId: meta.modelId, dim: meta.dim, seqs: Uint32Array.from({ length: meta.rows }, (_, i) => i), data, language: meta.language };
  }

  // ---- PassageLookup & NeighbourLookup
  async chunksByIds(ids: readonly string[]): Promise<(ChunkRecord | undefined)[]> {
    const out: (ChunkRecord | undefined)[] = [];
    for (const id of ids) {
      const at = id.lastIndexOf(':');
      const chunks = await this.chunks(id.slice(0, at));
      out.push(chunks[Number(id.slice(at + 1))]);
    }
    return out;
  }
  async documentsByIds(ids: readonly string[]): Promise<(DocumentRecord | undefined)[]> {
    const docs = await this.docs();
    return ids.map((id) => docs.get(id));
  }
  async chunksBySeq(documentId: string, seqs: readonly number[]): Promise<ChunkRecord[]> {
    const all = await this.chunks(documentId);
    return seqs.map((s) => all[s]).filter((c): c is ChunkRecord => c !== undefined && seqs.includes(c.seq));
  }
}
