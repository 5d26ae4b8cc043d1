/**
 * IndexPersistence over the workspace database: the lexical snapshot lives in the meta table,
 * the documents and chunks tables are the source of truth for reconciliation.
 */
import type { IndexPersistence } from '../core/search/engine';
import type { IndexedDocumentEntry, LexicalSnapshot } from '../core/search/lexical-index';
import type { VectorRecordLike } from '../core/search/vector-index';
import type { ChunkRecord } from '../core/types';
import type { WorkspaceDb } from './db';
import { DocumentRepository } from './documents';

const LEXICAL_KEY = 'index/lexical';

export class DexieIndexPersistence implements IndexPersistence {
  private readonly documents: DocumentRepository;

  constructor(private readonly db: WorkspaceDb) {
    this.documents = new DocumentRepository(db);
  }

  async loadLexical(): Promise<LexicalSnapshot | undefined> {
    const row = await this.db.meta.get(LEXICAL_KEY);
    return row?.value as LexicalSnapshot | undefined;
  }

  async saveLexical(snapshot: LexicalSnapshot): Promise<void> {
    await this.db.meta.put({ key: LEXICAL_KEY, value: snapshot });
  }

  async indexableDocuments(): Promise<IndexedDocumentEntry[]> {
    const docs = await this.db.documents.where('status').anyOf('ready', 'degraded').toArray();
    return docs.filter((d) => d.chunkCount > 0).map((d) => ({ id: d.id, name: d.name, language: d.language, chunkCount: d.chunkCount }));
  }

  vectorRecords(modelId: string): Promise<VectorRecordLike[]> {
    return this.db.vectors.where('modelId').equals(modelId).toArray();
  }

  documentVectors(documentId: string): Promise<VectorRecordLike | undefined> {
    return this.db.vectors.get(documentId);
  }

  chunks(documentId: string): Promise<ChunkRecord[]> {
    return this.documents.chunks(documentId);
  }
}
