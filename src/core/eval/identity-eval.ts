/**
 * How well document identity (ingest/identity) reads titles and parties, against a QA file whose
 * documents carry the annotators' `document_name` and `parties` (CUAD's "Document Name" and
 * "Parties" answers: `Name ("Short"); Other Name (the "Role"); …`). Names are compared folded
 * (case, accents, punctuation and legal forms aside); a title counts as exact when it is the
 * annotated one, as contained when one holds the other; a party as found when an extracted name
 * and an annotated one are equal or one holds the other.
 */
import type { DocumentIdentity } from '../ingest/identity/types';
import type { QaDocument } from './qa';

export interface IdentityReport {
  readonly documents: number;
  readonly title: { readonly exact: number; readonly contained: number; readonly none: number };
  readonly parties: { readonly recall: number; readonly precision: number; readonly annotated: number; readonly extracted: number };
  /** Names the annotation defines in quotes ("MD Anderson", "Distributor") found among the extracted names, short names and roles. */
  readonly definedNames: { readonly recall: number; readonly annotated: number };
  readonly misses: readonly { readonly docId: string; readonly title: string | null; readonly annotatedTitle: string; readonly parties: readonly string[]; readonly annotatedParties: readonly string[] }[];
}

export interface IdentityCase {
  readonly doc: QaDocument;
  readonly title: string | null;
  readonly identity: DocumentIdentity | null;
}

const LEGAL = /\b(?:inc|incorporated|corp|corporation|llc|l l c|ltd|limited|plc|co|company|the|gmbh|ag|sa|s a|sas|bv|b v|nv|n v|lp|l p|llp|pty)\b/gu;

function foldName(s: string): string {
  return s.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/gu, '').replace(/[^\p{L}\p{N}]+/gu, ' ').replace(LEGAL, ' ').replace(/\s+/gu, ' ').trim();
}

/** The annotated parties: `Name ("Short", "Other"); …` → names with their quoted names (collective phrases left out). */
function annotatedParties(parties: string): { name: string; defined: string[] }[] {
  return parties
    .split(';')
    .map((x) => x.replace(/\s+/gu, ' ').trim())
    .filter(Boolean)
    .map((x) => ({ name: x.replace(/\(.*$/su, '').trim(), defined: [...x.matchAll(/["“]([^"”“]+)["”]/gu)].map((m) => m[1]!.trim()) }))
    .filter((p) => p.name.length > 1 && !/^\(?(?:each|collectively|individually|together)\b/iu.test(p.name) && /\p{L}{2}/u.test(p.name));
}

const same = (a: string, b: string) => a.length > 0 && b.length > 0 && (a === b || a.includes(b) || b.includes(a));

export function evaluateIdentity(cases: readonly IdentityCase[]): IdentityReport {
  let exact = 0, contained = 0, none = 0, annotated = 0, found = 0, extracted = 0, right = 0, definedAnnotated = 0, definedFound = 0;
  const misses: IdentityReport['misses'][number][] = [];
  for (const c of cases) {
    const gold = foldName(c.doc.document_name ?? '');
    const ours = foldName(c.title ?? '');
    if (!c.title) none++;
    if (ours === gold) exact++;
    else if (same(ours, gold)) contained++;
    const goldParties = annotatedParties(c.doc.parties ?? '');
    const parties = c.identity?.parties ?? [];
    const names = parties.map((p) => foldName(p.name));
    const all = parties.flatMap((p) => [p.name, ...p.shortNames, ...(p.role ? [p.role] : [])]).map(foldName);
    let missed = false;
    for (const g of goldParties) {
      annotated++;
      if (names.some((n) => same(n, foldName(g.name)))) found++;
      else missed = true;
      for (const d of g.defined) {
        if (/^(?:a |the )?part(?:y|ies)\.?$|^(?:we|us|our|you|your)$/iu.test(d)) continue;
        definedAnnotated++;
        if (all.includes(foldName(d))) definedFound++;
      }
    }
    for (const p of parties) {
      extracted++;
      if (goldParties.some((g) => same(foldName(p.name), foldName(g.name)) || g.defined.some((d) => foldName(d) === foldName(p.name)))) right++;
      else missed = true;
    }
    if (missed || ours !== gold) misses.push({ docId: c.doc.doc_id, title: c.title, annotatedTitle: (c.doc.document_name ?? '').replace(/\s+/gu, ' '), parties: parties.map((p) => p.name), annotatedParties: goldParties.map((g) => g.name) });
  }
  const n = cases.length;
  const share = (a: number, b: number) => (b === 0 ? 0 : a / b);
  return {
    documents: n,
    title: { exact: share(exact, n), contained: share(contained, n), none: share(none, n) },
    parties: { recall: share(found, annotated), precision: share(right, extracted), annotated, extracted },
    definedNames: { recall: share(definedFound, definedAnnotated), annotated: definedAnnotated },
    misses,
  };
}
