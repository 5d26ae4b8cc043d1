/**
 * One document's metadata facts (title, parties, pages, language, when it was added, where it
 * came from, how well OCR read it, its status) and the documents a question names, through the
 * same alias map the planner sees: titles, file names, the aliases found at ingest (defined
 * abbreviations, parties and their short names) and title initialisms — "General Data Protection
 * Regulation" is "GDPR", "Mutual Non-Disclosure Agreement" also "NDA" (the initialism of its
 * head words). When the strict resolution (resolve-doc.ts: two words or an abbreviation) names
 * nothing, one distinctive name word that names exactly one work still does ("the Acme
 * agreement"); a word that names several asks which.
 */
import { initialism } from '../answer/alias-map';
import { groupCopies, matchDocuments } from '../search/resolve-doc';
import type { NamedDocument } from '../search-types';
import type { DocStatus } from '../types';
import { documentKind, folderOf, isScanned, isSearchable, type CatalogRow, type DocKind } from './catalog';
import { fold } from './parse';

export interface DocumentFacts {
  readonly id: string;
  readonly name: string;
  readonly path: string;
  readonly title: string | null;
  /** Party names as found at ingest; null when the record predates them. */
  readonly parties: readonly string[] | null;
  /** Other names: defined abbreviations, short names. */
  readonly aliases: readonly string[];
  readonly pages: number;
  readonly language: string | null;
  readonly addedAt: number;
  readonly folder: string;
  readonly source: CatalogRow['source'];
  readonly kind: DocKind;
  readonly status: DocStatus;
  readonly searchable: boolean;
  readonly error: string | null;
  /** Null when no page was read by OCR. */
  readonly ocr: { readonly pages: number | null; readonly confidence: number | null; readonly lowPages: readonly number[] } | null;
}

export function documentFacts(row: CatalogRow): DocumentFacts {
  return {
    id: row.id,
    name: row.name,
    path: row.path,
    title: row.title,
    parties: row.parties ?? null,
    aliases: row.aliases,
    pages: row.pages,
    language: row.language,
    addedAt: row.addedAt,
    folder: folderOf(row.path),
    source: row.source,
    kind: documentKind(row.mediaType),
    status: row.status,
    searchable: isSearchable(row.status),
    error: row.error,
    ocr: isScanned(row) ? { pages: row.ocrPages ?? null, confidence: row.ocrConfidence, lowPages: row.ocrLowPages ?? [] } : null,
  };
}

const WORD = /[\p{L}\p{N}]+/gu;
const SMALL = /^(?:of|the|and|for|on|in|to|a|an|de|du|des|la|le|les|et|der|die|das|und|von|zur|zum)$/i;

/** Initialisms of a title and of its head words ("Mutual Non-Disclosure Agreement" → MNDA, NDA). */
export function titleInitialisms(title: string | null): string[] {
  const whole = initialism(title);
  if (!title || !whole) return [];
  const significant = [...title.matchAll(WORD)].map((m) => m[0]).filter((w) => !SMALL.test(w) && !/^\d+$/.test(w));
  const out = [whole];
  for (let k = 1; significant.length - k >= 3; k++) out.push(significant.slice(k).map((w) => w[0]!.toUpperCase()).join(''));
  return out;
}

/** The names a row is resolved by: its own, plus its title's initialisms. */
export function namedDocument(row: Pick<CatalogRow, 'id' | 'name' | 'title' | 'aliases' | 'language' | 'pages' | 'ocrPages'>): NamedDocument {
  const aliases = [...row.aliases];
  for (const a of titleInitialisms(row.title)) if (!aliases.some((x) => x.toLowerCase() === a.toLowerCase())) aliases.push(a);
  return { id: row.id, name: row.name, title: row.title, aliases, language: row.language, pages: row.pages, ...(row.ocrPages !== undefined ? { ocrPages: row.ocrPages } : {}) };
}

export type NamedResult =
  | { readonly kind: 'none' }
  | { readonly kind: 'resolved'; readonly documentIds: readonly string[]; readonly matched: readonly string[] }
  | { readonly kind: 'ambiguous'; readonly candidates: readonly NamedDocument[]; readonly matched: readonly string[] };

/** Words no single-word name may be: too common to name a document. */
const GENERIC = new Set(['agreement', 'contract', 'document', 'file', 'policy', 'terms', 'party', 'parties', 'company', 'schedule', 'exhibit', 'annex', 'order']);

function singleWordNames(doc: NamedDocument): Set<string> {
  const out = new Set<string>();
  for (const name of [doc.title ?? '', ...doc.aliases, doc.name.replace(/\.[a-z0-9]+$/i, '')]) {
    const w = [...fold(name).matchAll(WORD)].map((m) => m[0]);
    if (w.length === 1 && w[0]!.length >= 3 && !GENERIC.has(w[0]!)) out.add(w[0]!);
  }
  return out;
}

/** The documents `text` names (see the module comment). */
export function resolveNamed(text: string, documents: readonly NamedDocument[], stopWords: ReadonlySet<string> = new Set()): NamedResult {
  const strict = matchDocuments(text, documents);
  if (strict.kind === 'resolved') return { kind: 'resolved', documentIds: strict.resolution.documentIds, matched: strict.resolution.matched };
  if (strict.kind === 'ambiguous') return { kind: 'ambiguous', candidates: strict.candidates, matched: strict.matched };
  const asked = new Set([...fold(text).matchAll(WORD)].map((m) => m[0]).filter((w) => !stopWords.has(w)));
  const hits = new Map<string, NamedDocument[]>();
  for (const doc of documents) {
    for (const w of singleWordNames(doc)) {
      if (!asked.has(w)) continue;
      hits.set(w, [...(hits.get(w) ?? []), doc]);
    }
  }
  if (hits.size !== 1) return { kind: 'none' };
  const [word, docs] = [...hits][0]!;
  const works = groupCopies(docs);
  const matched = [[...text.matchAll(WORD)].map((m) => m[0]).find((w) => fold(w) === word) ?? word];
  if (works.length === 1) return { kind: 'resolved', documentIds: docs.map((d) => d.id), matched };
  return { kind: 'ambiguous', candidates: works.map((g) => g[0]!), matched };
}
