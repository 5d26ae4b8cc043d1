/**
 * An in-memory workspace: the same store ports as the Dexie repositories, for Node (the
 * evaluation and benchmark CLIs, headless ingestion, tests) where no IndexedDB is wanted.
 */
import type { DocumentVectors, IngestStore } from '../core/ports';
import type { IndexPersistence } from '../core/search/engine';
import type { IndexedDocumentEntry, LexicalManifest, LexicalSnapshotWrite, StoredLexical } from '../core/search/lexical-index';
import type { PassageLookup } from '../core/search/retrieve';
import type { NeighbourLookup } from '../core/search/select';
import type { VectorRecordLike } from '../core/search/vector-index';
import type { ChunkRecord, DocumentRecord, PageRecord } from '../core/types';

export class MemoryWorkspace implements IngestStore, IndexPersistence, PassageLookup, NeighbourLookup {
  readonly documents = new Map<string, DocumentRecord>();
  readonly pages = new Map<string, PageRecord[]>();
  readonly chunksByDoc = new Map<string, ChunkRecord[]>();
  readonly chunkById = new Map<string, ChunkRecord>();
  readonly vectors = new Map<string, DocumentVectors>();
  private manifest: LexicalManifest | undefined;
  private readonly segments = new Map<string, Uint8Array>();

  async findBySha256(sha256: string): Promise<DocumentRecord | undefined> {
    for (const d of this.documents.values()) if (d.sha256 === sha256) return d;
    return undefined;
  }
  async getDocument(id: string): Promise<DocumentRecord | undefined> {
    return this.documents.get(id);
  }
  async putDocument(doc: DocumentRecord): Promise<void> {
    this.documents.set(doc.id, doc);
  }
  async updateDocument(id: string, patch: Partial<DocumentRecord>): Promise<void> {
    const d = this.documents.get(id);
    if (d) this.documents.set(id, { ...d, ...patch });
  }
  async commitDocument(doc: DocumentRecord, pages: readonly PageRecord[], chunks: readonly ChunkRecord[], vectors?: DocumentVectors | null): Promise<void> {
    this.removeContent(doc.id);
    this.documents.set(doc.id, doc);
    this.pages.set(doc.id, [...pages]);
    this.chunksByDoc.set(doc.id, [...chunks].sort((a, b) => a.seq - b.seq));
    for (const c of chunks) this.chunkById.set(c.id, c);
    if (vectors) this.vectors.set(doc.id, vectors);
  }
  async saveVectors(documentId: string, vectors: DocumentVectors): Promise<void> {
    this.vectors.set(documentId, vectors);
    await this.updateDocument(documentId, { lexicalOnly: false });
  }
  async deleteDocument(id: string): Promise<void> {
    this.removeContent(id);
    this.documents.delete(id);
  }
  private removeContent(id: string): void {
    for (const c of this.chunksByDoc.get(id) ?? []) this.chunkById.delete(c.id);
    this.chunksByDoc.delete(id);
    this.pages.delete(id);
    this.vectors.delete(id);
  }

  // IndexPersistence
  async loadLexical(): Promise<StoredLexical | undefined> {
    return this.manifest && { format: 2, manifest: this.manifest, segments: this.segments };
  }
  async saveLexical(write: LexicalSnapshotWrite): Promise<void> {
    const listed = new Set(write.manifest.segments.map((s) => s.id));
    for (const id of listed) if (!this.segments.has(id)) this.segments.set(id, write.segment(id));
    for (const id of [...this.segments.keys()]) if (!listed.has(id)) this.segments.delete(id);
    this.manifest = write.manifest;
  }
  /** Bytes of the saved lexical snapshot (segments). */
  get lexicalBytes(): number {
    let n = 0;
    for (const b of this.segments.values()) n += b.byteLength;
    return n;
  }
  async indexableDocuments(): Promise<IndexedDocumentEntry[]> {
    return [...this.documents.values()]
      .filter((d) => (d.status === 'ready' || d.status === 'degraded') && d.chunkCount > 0)
      .map((d) => ({ id: d.id, name: d.name, language: d.language, chunkCount: d.chunkCount }));
  }
  async chunks(documentId: string): Promise<ChunkRecord[]> {
    return this.chunksByDoc.get(documentId) ?? [];
  }
  async vectorDocumentIds(modelId: string): Promise<string[]> {
    return [...this.vectors.values()].filter((v) => v.modelId === modelId).map((v) => v.documentId);
  }
  async vectorRecords(modelId: string): Promise<VectorRecordLike[]> {
    return [...this.vectors.values()].filter((v) => v.modelId === modelId);
  }

  // PassageLookup & NeighbourLookup
  async chunksByIds(ids: readonly string[]): Promise<(ChunkRecord | undefined)[]> {
    return ids.map((id) => this.chunkById.get(id));
  }
  async documentsByIds(ids: readonly string[]): Promise<(DocumentRecord | undefined)[]> {
    return ids.map((id) => this.documents.get(id));
  }
  async chunksBySeq(documentId: string, seqs: readonly number[]): Promise<ChunkRecord[]> {
    const all = this.chunksByDoc.get(documentId) ?? [];
    return seqs.map((s) => all[s]).filter((c): c is ChunkRecord => c !== undefined && seqs.includes(c.seq));
  }
}
