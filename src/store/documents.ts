/**
 * Documents, their pages and chunks in one workspace database. Implements the core's
 * IngestStore port; every write that spans tables is one transaction.
 */
import type { DocumentVectors, IngestStore } from '../core/ports';
import type { ChunkRecord, DocumentRecord, PageRecord } from '../core/types';
import { StoreError } from '../core/errors';
import type { VectorRecord, WorkspaceDb } from './db';

/** Copies views into exact-size arrays so IndexedDB does not clone a larger backing buffer. */
function exactVectors(v: DocumentVectors): VectorRecord {
  const exact = <T extends Uint32Array | Float32Array>(a: T): T => (a.byteOffset === 0 && a.byteLength === a.buffer.byteLength ? a : (a.slice() as T));
  return { documentId: v.documentId, modelId: v.modelId, dim: v.dim, seqs: exact(v.seqs), data: exact(v.data), language: v.language ?? null };
}

export class DocumentRepository implements IngestStore {
  constructor(private readonly db: WorkspaceDb) {}

  async findBySha256(sha256: string): Promise<DocumentRecord | undefined> {
    return this.db.documents.where('sha256').equals(sha256).first();
  }

  getDocument(id: string): Promise<DocumentRecord | undefined> {
    return this.db.documents.get(id);
  }

  async putDocument(doc: DocumentRecord): Promise<void> {
    await this.db.documents.put(doc);
  }

  async updateDocument(id: string, patch: Partial<DocumentRecord>): Promise<void> {
    const n = await this.db.documents.update(id, { ...patch, updatedAt: Date.now() });
    if (n === 0 && !(await this.db.documents.get(id))) throw new StoreError('store/not-found', `DocumentRepository: no document ${id}`);
  }

  /**
   * Pages, chunks, vectors and the document in one transaction. Rows go in batches of about
   * COMMIT_BATCH_CHARS of text, each awaited: a document of thousands of passages is cloned
   * into the store a slice per task, not in one long task on the page.
   */
  async commitDocument(doc: DocumentRecord, pages: readonly PageRecord[], chunks: readonly ChunkRecord[], vectors?: DocumentVectors | null): Promise<void> {
    await this.db.transaction('rw', [this.db.documents, this.db.pages, this.db.chunks, this.db.vectors], async () => {
      await this.removeContent(doc.id);
      for (const batch of batches(pages, (p) => p.text.length)) await this.db.pages.bulkPut(batch);
      for (const batch of batches(chunks, (c) => c.text.length + c.sourceText.length)) await this.db.chunks.bulkPut(batch);
      if (vectors) await this.db.vectors.put(exactVectors(vectors));
      await this.db.documents.put(doc);
    });
  }

  async saveVectors(documentId: string, vectors: DocumentVectors): Promise<void> {
    await this.db.transaction('rw', [this.db.documents, this.db.vectors], async () => {
      if (!(await this.db.documents.get(documentId))) throw new StoreError('store/not-found', `DocumentRepository: no document ${documentId} to attach vectors to`);
      await this.db.vectors.put(exactVectors(vectors));
      await this.db.documents.update(documentId, { lexicalOnly: false, updatedAt: Date.now() });
    });
  }

  vectors(documentId: string): Promise<VectorRecord | undefined> {
    return this.db.vectors.get(documentId);
  }

  chunksBySeq(documentId: string, seqs: readonly number[]): Promise<ChunkRecord[]> {
    return this.db.chunks
      .where('[documentId+seq]')
      .anyOf(seqs.map((s) => [documentId, s]))
      .toArray();
  }

  async deleteDocument(id: string): Promise<void> {
    await this.db.transaction('rw', [this.db.documents, this.db.pages, this.db.chunks, this.db.vectors], async () => {
      await this.removeContent(id);
      await this.db.documents.delete(id);
    });
  }

  private async removeContent(id: string): Promise<void> {
    await this.db.pages.where('documentId').equals(id).delete();
    await this.db.chunks.where('documentId').equals(id).delete();
    await this.db.vectors.delete(id);
  }

  /**
   * Every document, oldest first. Read by primary key and sorted here: a live view of a read
   * through the addedAt index makes Dexie track each key it returned (at a thousand documents,
   * re-read during an import, that tracking cost more than the read).
   */
  async list(): Promise<DocumentRecord[]> {
    // Ties keep primary-key order, as the index gives them.
    return (await this.db.documents.toArray()).sort((a, b) => a.addedAt - b.addedAt);
  }

  /** Documents with indexed passages (ready, or degraded by OCR): what a question can be about. */
  async searchable(): Promise<DocumentRecord[]> {
    return (await this.list()).filter((d) => d.status === 'ready' || d.status === 'degraded');
  }

  page(documentId: string, page: number): Promise<PageRecord | undefined> {
    return this.db.pages.get([documentId, page]);
  }

  chunks(documentId: string): Promise<ChunkRecord[]> {
    return this.db.chunks.where('[documentId+seq]').between([documentId, -Infinity], [documentId, Infinity]).toArray();
  }

  chunksByIds(ids: readonly string[]): Promise<(ChunkRecord | undefined)[]> {
    return this.db.chunks.bulkGet([...ids]);
  }

  documentsByIds(ids: readonly string[]): Promise<(DocumentRecord | undefined)[]> {
    return this.db.documents.bulkGet([...ids]);
  }
}

/** Characters of text per bulkPut when committing a document. */
const COMMIT_BATCH_CHARS = 256 * 1024;

/** `rows` in consecutive batches of about COMMIT_BATCH_CHARS (by `size`), each at least one row. */
function batches<T>(rows: readonly T[], size: (row: T) => number): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let chars = 0;
  for (const row of rows) {
    current.push(row);
    chars += size(row);
    if (chars >= COMMIT_BATCH_CHARS) {
      out.push(current);
      current = [];
      chars = 0;
    }
  }
  if (current.length > 0) out.push(current);
  return out;
}
