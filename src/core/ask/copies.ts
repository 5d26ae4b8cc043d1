/**
 * Copies of one document in scope (a contract and its scan, its PDF and Word versions) are
 * searched together, but a clause is shown once: a passage that repeats one already ranked
 * higher from another copy is dropped, and between two such passages the one from the copy with
 * more of its pages in a text layer wins over one read by OCR (its words and offsets are exact).
 *
 * Two passages repeat each other when at least DUPLICATE_SHARE of the smaller one's five-word
 * shingles are in the other (OCR slips and different chunk boundaries leave most shingles whole).
 */
import type { NamedDocument, PipelinePassage } from '../search-types';
import { groupCopies } from '../search/resolve-doc';

const DUPLICATE_SHARE = 0.3;
const SHINGLE = 5;

/** The passages without repeats across copies of one document (order kept, text layers preferred). */
export function dropCopyRepeats(passages: readonly PipelinePassage[], documents: readonly NamedDocument[]): PipelinePassage[] {
  const inScope = documents.filter((d) => passages.some((p) => p.documentId === d.id));
  const work = new Map<string, number>();
  groupCopies(inScope).forEach((group, i) => {
    for (const d of group) work.set(d.id, i);
  });
  if (new Set(work.values()).size === inScope.length) return [...passages];
  const textShare = new Map(documents.map((d) => [d.id, 1 - (d.ocrPages ?? 0) / Math.max(1, d.pages ?? 1)]));
  const better = (a: string, b: string) => (textShare.get(a) ?? 1) > (textShare.get(b) ?? 1);
  const shingles = new Map(passages.map((p) => [p.chunkId, shingleSet(p.chunk.text)]));
  const kept: PipelinePassage[] = [];
  for (const p of passages) {
    const twin = kept.findIndex((q) => q.documentId !== p.documentId && work.get(q.documentId) === work.get(p.documentId) && repeats(shingles.get(q.chunkId)!, shingles.get(p.chunkId)!));
    if (twin < 0) kept.push(p);
    // The text layer's passage takes the place of the OCR'd one.
    else if (better(p.documentId, kept[twin]!.documentId)) kept[twin] = p;
  }
  return kept;
}

function shingleSet(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const out = new Set<string>();
  for (let i = 0; i + SHINGLE <= words.length; i++) out.add(words.slice(i, i + SHINGLE).join(' '));
  return out;
}

function repeats(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  if (small.size === 0) return false;
  let shared = 0;
  for (const s of small) if (large.has(s)) shared++;
  return shared >= DUPLICATE_SHARE * small.size;
}
