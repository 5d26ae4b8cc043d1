/** How documents are named in the conversation: their title and parties, with the file name when those repeat. */
import { quoted } from '../../core/text/quotes';
import { documentLabel } from '../../core/ingest/identity/label';
import type { DocumentRecord } from '../../core/types';

export { shownParties } from '../../core/ingest/identity/label';

export type DocumentNames = (documentId: string) => string | null;

/** A namer over the workspace's documents (null for a document that is gone). */
export function documentNames(documents: readonly DocumentRecord[]): DocumentNames {
  const labelCount = new Map<string, number>();
  for (const d of documents) if (d.title) labelCount.set(documentLabel(d), (labelCount.get(documentLabel(d)) ?? 0) + 1);
  const byId = new Map(documents.map((d) => [d.id, d]));
  return (id) => {
    const d = byId.get(id);
    if (!d) return null;
    if (!d.title) return d.name;
    const label = documentLabel(d);
    return (labelCount.get(label) ?? 0) > 1 ? `${label} (${d.name})` : label;
  };
}

/** “A”, “B”, “C”, …: documents in a sentence, in the language's quotation marks (« A » in French, „A“ in German; English's by default). */
export function quotedList(names: readonly string[], language?: string | null): string {
  const q = names.slice(0, 3).map((n) => quoted(n, language));
  return names.length > 3 ? `${q.join(', ')}, …` : q.join(', ');
}

/** The names a document goes by (its parties, defined names), the shorter forms of longer ones left out. */
export function otherNames(aliases: readonly string[]): string {
  const key = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  const keys = aliases.map(key);
  return aliases.filter((a, i) => !keys.some((k, j) => j !== i && k !== keys[i] && k.startsWith(`${keys[i]} `))).join(' · ');
}
