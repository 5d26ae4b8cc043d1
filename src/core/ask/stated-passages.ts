/**
 * Passages a question's value is known to sit in, from what ingest read of the document: the
 * preamble that dates the contract ("is entered into as of November 20, 2019 (the "Effective
 * Date")") for "when does the Harpoon option agreement take effect?". Retrieval misses it when the
 * question shares no word with it but "effective" (a definition that only points to the preamble
 * ranks first); the document's identity says where it is.
 */
import type { NamedDocument, PipelinePassage } from '../search-types';
import type { ValueKind } from '../values/types';
import { chunkPassage } from './chunk-passage';
import type { WholeDocuments } from './clause-rank';

const flat = (text: string) => text.replace(/\s+/gu, ' ');

/**
 * The passages with, for a question asking the effective date (one of its asks, for a question
 * joining several), the first passage of each document in scope that writes its identity's
 * effective date (`stated`: their chunk ids, which the ask path ranks as passages of the kind
 * asked — they state its value).
 */
export async function withStatedPassages(
  passages: readonly PipelinePassage[],
  valuesAsked: readonly ValueKind[],
  whole: WholeDocuments | null,
  documents: readonly NamedDocument[],
  documentOf: (id: string) => PipelinePassage['document'] | null,
): Promise<{ readonly passages: PipelinePassage[]; readonly stated: readonly string[] }> {
  if (!valuesAsked.includes('effective_date') || !whole) return { passages: [...passages], stated: [] };
  const stated: string[] = [];
  const have = new Set(passages.map((p) => p.chunkId));
  const best = Math.max(0, ...passages.map((p) => p.score));
  const out = [...passages];
  for (const documentId of whole.documentIds) {
    const said = documents.find((d) => d.id === documentId)?.identity?.effectiveDate?.text;
    const document = documentOf(documentId);
    if (!said || !document) continue;
    const chunks = [...(await whole.chunks(documentId))].sort((a, b) => a.seq - b.seq);
    const i = chunks.findIndex((c) => flat(c.text).includes(flat(said)));
    if (i < 0) continue;
    const id = chunks[i]!.id;
    stated.push(id);
    if (have.has(id)) continue;
    have.add(id);
    out.unshift(chunkPassage(chunks, i, document, { score: best, rank: 0, before: 0 }));
  }
  return { passages: out.map((p, n) => ({ ...p, rank: n + 1 })), stated };
}
