/**
 * The document list Phase B of the plan sees: each searchable document under a short handle
 * ("D1", "D2", …) with its file name, title and aliases (abbreviations and party short names
 * found at ingest, plus the title's initialism: "General Data Protection Regulation" → GDPR),
 * so the model can resolve "the GDPR" or "the Acme agreement" to a document. Handles instead of
 * ids: a small model copies "D3" reliably, and a handle not in the list is rejected.
 *
 * The list is capped (a prompt has room for a few dozen documents, a workspace may hold
 * thousands): the previous turn's documents first, then those whose names share words with the
 * question, then the rest in workspace order.
 */
import type { NamedDocument } from '../search-types';

const MAX_PLANNER_DOCUMENTS = 40;
const MAX_ALIASES = 6;

export interface PlannerDocument {
  readonly handle: string;
  readonly id: string;
  readonly name: string;
  readonly title: string | null;
  readonly aliases: readonly string[];
  /** The previous turn searched it. */
  readonly lineage: boolean;
}

const WORD = /[\p{L}\p{N}]+/gu;
const SMALL_WORDS = /^(?:of|the|and|for|on|in|to|a|an|de|du|des|la|le|les|et|der|die|das|und|von|zur|zum|del|y|e|di|il|van|het|en|do|da|dos|das)$/;

function words(text: string): string[] {
  return [...text.toLowerCase().matchAll(WORD)].map((m) => m[0]);
}

/** The initialism of a title of three or more significant words ("General Data Protection Regulation" → "GDPR"). */
export function initialism(title: string | null): string | null {
  if (!title) return null;
  const significant = [...title.matchAll(WORD)].map((m) => m[0]).filter((w) => !SMALL_WORDS.test(w.toLowerCase()) && !/^\d+$/.test(w));
  if (significant.length < 3 || significant.length > 8) return null;
  return significant.map((w) => w[0]!.toUpperCase()).join('');
}

function aliasesOf(doc: NamedDocument): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const a of [initialism(doc.title), ...doc.aliases]) {
    if (!a || seen.has(a.toLowerCase())) continue;
    seen.add(a.toLowerCase());
    out.push(a);
    if (out.length >= MAX_ALIASES) break;
  }
  return out;
}

/** The capped, handled list, in the order the prompt shows it. */
export function plannerDocuments(question: string, documents: readonly NamedDocument[], previous: readonly string[] = [], cap = MAX_PLANNER_DOCUMENTS): PlannerDocument[] {
  const asked = new Set(words(question).filter((w) => w.length >= 3));
  const lineage = new Set(previous);
  const ranked = documents.map((doc, index) => {
    const aliases = aliasesOf(doc);
    const named = new Set(words([doc.name.replace(/\.[a-z0-9]+$/i, ''), doc.title ?? '', ...aliases].join(' ')).filter((w) => w.length >= 3));
    let shared = 0;
    for (const w of named) if (asked.has(w)) shared++;
    return { doc, aliases, index, shared, lineage: lineage.has(doc.id) };
  });
  ranked.sort((a, b) => Number(b.lineage) - Number(a.lineage) || b.shared - a.shared || a.index - b.index);
  return ranked.slice(0, Math.max(0, cap)).map((r, i) => ({ handle: `D${i + 1}`, id: r.doc.id, name: r.doc.name, title: r.doc.title, aliases: r.aliases, lineage: r.lineage }));
}

/** One line per document for the prompt. */
export function describeDocuments(docs: readonly PlannerDocument[]): string {
  return docs
    .map((d) => {
      const parts = [`${d.handle}: ${d.name}`];
      if (d.title && d.title !== d.name) parts.push(`title "${d.title}"`);
      if (d.aliases.length > 0) parts.push(`also called ${d.aliases.map((a) => `"${a}"`).join(', ')}`);
      if (d.lineage) parts.push('(searched in the previous turn)');
      return parts.join('; ');
    })
    .join('\n');
}
