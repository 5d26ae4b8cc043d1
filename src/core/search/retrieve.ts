/**
 * Resolution of search hits into passages a person can check: the chunk (file, pages, section,
 * text) and its document.
 */
import type { ChunkRecord, DocumentRecord, SearchHit } from '../types';
import type { Passage } from '../search-types';
import { shownParties } from '../ingest/identity/label';

export interface PassageLookup {
  chunksByIds(ids: readonly string[]): Promise<(ChunkRecord | undefined)[]>;
  documentsByIds(ids: readonly string[]): Promise<(DocumentRecord | undefined)[]>;
}

export async function resolve(lookup: PassageLookup, hits: readonly SearchHit[]): Promise<Passage[]> {
  const chunks = await lookup.chunksByIds(hits.map((h) => h.chunkId));
  const docIds = [...new Set(hits.map((h) => h.documentId))];
  const docs = new Map((await lookup.documentsByIds(docIds)).filter((d): d is DocumentRecord => d !== undefined).map((d) => [d.id, d]));
  const out: Passage[] = [];
  hits.forEach((hit, i) => {
    const chunk = chunks[i];
    const doc = docs.get(hit.documentId);
    // A hit whose rows are gone (deleted meanwhile) is dropped, never shown half-resolved.
    if (!chunk || !doc) return;
    out.push({
      ...hit,
      rank: out.length + 1,
      chunk,
      document: { id: doc.id, name: doc.name, path: doc.path, title: doc.title, language: doc.language, pages: doc.pages, mediaType: doc.mediaType, effectiveDate: doc.identity?.effectiveDate?.iso ?? null, parties: shownParties(doc) },
    });
  });
  return out;
}
