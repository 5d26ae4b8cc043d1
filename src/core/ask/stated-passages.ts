/**
 * Passages a question's value is known to sit in, from what ingest read of the document: the
 * preamble that dates the contract ("is entered into as of November 20, 2019 (the "Effective
 * Date")") for "when does the Harpoon option agreement take effect?", and the passage naming its
 * parties for "… and who are the parties?". Retrieval misses them when the question shares no
 * word with them but "effective" or "parties" (a definition that only points to the preamble
 * ranks first); the document's identity says where they are.
 */
import type { NamedDocument, PipelinePassage } from '../search-types';
import { extractValue, valueContext } from '../values/extract';
import { isContentsPassage } from '../text/contents';
import type { ChunkRecord } from '../types';
import type { ValueContext, ValueKind } from '../values/types';
import { chunkPassage } from './chunk-passage';
import type { WholeDocuments } from './clause-rank';

const flat = (text: string) => text.replace(/\s+/gu, ' ');

/**
 * The first passage introducing all the parties (the preamble: "… Commnet Wireless, LLC, a
 * Delaware limited liability company (hereinafter referred to as “Vendor”), and AT&T Mobility
 * LLC …") that is no table of contents, else the first naming them as the parties most plainly
 * (values/parties.ts: introduced, then joined as on a cover page: "… Agreement Between Commnet
 * Wireless, LLC And AT&T Mobility LLC TABLE OF CONTENTS …", then only mentioned), one that is no
 * table of contents first among equals; -1 when none does.
 */
function namingParties(chunks: readonly ChunkRecord[], context: ValueContext): number {
  const naming = chunks.flatMap((c, i) => {
    const v = extractValue('parties', c.text, context);
    return v ? [{ i, confidence: v.confidence ?? 1, contents: isContentsPassage(c.text) }] : [];
  });
  const plainest = Math.max(...naming.map((n) => n.confidence));
  const best = naming.filter((n) => n.confidence === plainest);
  return (best.find((n) => !n.contents) ?? best[0])?.i ?? -1;
}

/**
 * The passages with, for a question asking the effective date or the parties (one of its asks,
 * for a question joining several), the first passage of each document in scope that writes its
 * identity's effective date, or names all its parties (`stated`: their chunk ids, which the ask
 * path ranks as passages of the kind asked — they state its value).
 */
export async function withStatedPassages(
  passages: readonly PipelinePassage[],
  valuesAsked: readonly ValueKind[],
  whole: WholeDocuments | null,
  documents: readonly NamedDocument[],
  documentOf: (id: string) => PipelinePassage['document'] | null,
): Promise<{ readonly passages: PipelinePassage[]; readonly stated: readonly string[] }> {
  const dated = valuesAsked.includes('effective_date');
  const named = valuesAsked.includes('parties');
  if ((!dated && !named) || !whole) return { passages: [...passages], stated: [] };
  const stated: string[] = [];
  const have = new Set(passages.map((p) => p.chunkId));
  const best = Math.max(0, ...passages.map((p) => p.score));
  const out = [...passages];
  for (const documentId of whole.documentIds) {
    const said = dated ? documents.find((d) => d.id === documentId)?.identity?.effectiveDate?.text : undefined;
    const document = documentOf(documentId);
    const parties = named && document && (document.parties?.length ?? 0) >= 2 ? valueContext(document) : null;
    if ((!said && !parties) || !document) continue;
    const chunks = [...(await whole.chunks(documentId))].sort((a, b) => a.seq - b.seq);
    const found = [said ? chunks.findIndex((c) => flat(c.text).includes(flat(said))) : -1, parties ? namingParties(chunks, parties) : -1];
    for (const i of new Set(found)) {
      if (i < 0) continue;
      const id = chunks[i]!.id;
      stated.push(id);
      if (have.has(id)) continue;
      have.add(id);
      out.unshift(chunkPassage(chunks, i, document, { score: best, rank: 0, before: 0 }));
    }
  }
  return { passages: out.map((p, n) => ({ ...p, rank: n + 1 })), stated };
}
