/**
 * IndexPersistence over the workspace database: the lexical index's manifest lives in the meta
 * table and its segments in `lexicalSegments` (one binary row each, written once; version 5);
 * the documents and chunks tables are the source of truth for reconciliation. A version-1
 * snapshot (MiniSearch's JSON under `index/lexical`, saved by apps before version 5) is handed
 * to the engine, which converts it, and removed with the first save in the current format.
 */
import type { IndexPersistence } from '../core/search/engine';
import type { IndexedDocumentEntry, LegacyLexicalSnapshot, LexicalManifest, LexicalSnapshotWrite, StoredLexical } from '../core/search/lexical-index';
import type { VectorRecordLike } from '../core/search/vector-index';
import type { ChunkRecord } from '../core/types';
import type { WorkspaceDb } from './db';
import { DocumentRepository } from './documents';

/** Meta key of the version-1 lexical snapshot (MiniSearch's JSON). */
export const LEGACY_LEXICAL_KEY = 'index/lexical';
export const LEXICAL_MANIFEST_KEY = 'index/lexical-manifest';
/** Documents a vector read takes: short transactions, so a search's reads do not wait long behind one. */
const VECTOR_BATCH = 16;

export class DexieIndexPersistence implements IndexPersistence {
  private readonly documents: DocumentRepository;

  constructor(private readonly db: WorkspaceDb) {
    this.documents = new DocumentRepository(db);
  }

  async loadLexical(): Promise<StoredLexical | undefined> {
    return this.db.transaction('r', [this.db.meta, this.db.lexicalSegments], async (): Promise<StoredLexical | undefined> => {
      const manifest = (await this.db.meta.get(LEXICAL_MANIFEST_KEY))?.value as LexicalManifest | undefined;
      if (manifest) {
        const ids = manifest.segments.map((s) => s.id);
        const rows = await this.db.lexicalSegments.bulkGet(ids);
        const segments = new Map<string, Uint8Array>();
        for (const row of rows) if (row) segments.set(row.id, row.bytes);
        return { format: 2, manifest, segments };
      }
      const legacy = (await this.db.meta.get(LEGACY_LEXICAL_KEY))?.value as LegacyLexicalSnapshot | undefined;
      return legacy ? { format: 1, snapshot: legacy } : undefined;
    });
  }

  async saveLexical(write: LexicalSnapshotWrite): Promise<void> {
    await this.db.transaction('rw', [this.db.meta, this.db.lexicalSegments], async () => {
      const stored = new Set(await this.db.lexicalSegments.toCollection().primaryKeys());
      const listed = new Set(write.manifest.segments.map((s) => s.id));
      const missing = [...listed].filter((id) => !stored.has(id));
      if (missing.length > 0) await this.db.lexicalSegments.bulkPut(missing.map((id) => ({ id, bytes: write.segment(id) })));
      const stale = [...stored].filter((id) => !listed.has(id));
      if (stale.length > 0) await this.db.lexicalSegments.bulkDelete(stale);
      await this.db.meta.put({ key: LEXICAL_MANIFEST_KEY, value: write.manifest });
      await this.db.meta.delete(LEGACY_LEXICAL_KEY);
    });
  }

  async indexableDocuments(): Promise<IndexedDocumentEntry[]> {
    const docs = await this.db.documents.where('status').anyOf('ready', 'degraded').toArray();
    return docs.filter((d) => d.chunkCount > 0).map((d) => ({ id: d.id, name: d.name, language: d.language, chunkCount: d.chunkCount }));
  }

  vectorRecords(modelId: string): Promise<VectorRecordLike[]> {
    return this.db.vectors.where('modelId').equals(modelId).toArray();
  }

  /** The model's vector rows, VECTOR_BATCH documents a read (short transactions: the worker answers between them). */
  async *vectorBatches(modelId: string): AsyncIterable<VectorRecordLike[]> {
    const ids = await this.db.vectors.where('modelId').equals(modelId).primaryKeys();
    for (let i = 0; i < ids.length; i += VECTOR_BATCH) {
      const rows = await this.db.vectors.bulkGet(ids.slice(i, i + VECTOR_BATCH));
      yield rows.filter((r): r is VectorRecordLike => r !== undefined);
    }
  }

  async vectorDocumentIds(modelId: string): Promise<string[]> {
    return (await this.db.vectors.where('modelId').equals(modelId).primaryKeys()).map(String);
  }

  documentVectors(documentId: string): Promise<VectorRecordLike | undefined> {
    return this.db.vectors.get(documentId);
  }

  chunks(documentId: string): Promise<ChunkRecord[]> {
    return this.documents.chunks(documentId);
  }
}
