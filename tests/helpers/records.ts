import type { ChunkRecord, DocumentRecord, PageRecord } from '../../src/core/types';

export function docRecord(id: string, patch: Partial<DocumentRecord> = {}): DocumentRecord {
  return {
    id, path: `${id}.pdf`, name: `${id}.pdf`, mediaType: 'application/pdf', size: 100, sha256: `sha-${id}`, pages: 1,
    language: 'en', title: null, aliases: [], status: 'ready', error: null, errorInfo: null, source: 'upload',
    lexicalOnly: true, ocrConfidence: null, chunkCount: 0, mtime: null, addedAt: 1, updatedAt: 1, ...patch,
  };
}

export function chunkRecord(documentId: string, seq: number, text: string, patch: Partial<ChunkRecord> = {}): ChunkRecord {
  return {
    id: `${documentId}:${seq}`, documentId, seq, pageStart: 1, pageEnd: 1, charStart: 0, charEnd: text.length, sectionPath: [],
    sectionOrdinal: null, sectionTitle: null, text, sourceText: text, tokens: Math.ceil(text.length / 4), ...patch,
  };
}

export function pageRecord(documentId: string, page: number, text: string): PageRecord {
  return { documentId, page, text, ocr: false, confidence: null };
}
