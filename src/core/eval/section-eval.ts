/**
 * Section labels against the contracts' own numbering: for each annotated evidence span, the
 * passage holding it (the first, in reading order, that overlaps it) and the number of the clause
 * the span sits in, read from the passage's text just before the span (or at its start: "12.3
 * Governing Law. This Agreement …"). The label is right when the passage's section path names
 * that number ("12 Miscellaneous › 12.3 Governing Law", "Section 12.3"). Spans whose clause number
 * cannot be read (no numbered heading before them in their passage) are not judged.
 *
 * The reading is approximate by design (a number followed by a capitalised word, at a clause
 * start); it measures how often a reader would find the clause under the label shown.
 */
import type { ChunkRecord } from '../types';
import { EvidenceMatcher, normalizeForMatch } from './match';
import type { QaItem } from './qa';

export interface SectionCase {
  readonly item: QaItem;
  /** The document's passages, in reading order. */
  readonly chunks: readonly ChunkRecord[];
}

export interface SectionFigures {
  /** Evidence spans whose passage and clause number were found. */
  readonly judged: number;
  /** Of those, spans whose passage's section path names the clause's number. */
  readonly correct: number;
  readonly accuracy: number;
  /** Spans found in a passage without a clause number before them, or in no passage. */
  readonly unjudged: number;
  /** A few wrong labels, to look at: the number read and the path shown. */
  readonly examples: readonly { readonly id: string; readonly number: string; readonly path: string }[];
}

/** A clause number at a clause start: "12.3 Governing", "Section 5.1 The", "7. TERM" (not "30 days", "$1.5 million"); case-sensitive, since the capital after it is the sign. */
const CLAUSE_NUMBER = /(?:^|[\s.;:)])(?:(?:[Ss]ection|SECTION|[Aa]rticle|ARTICLE|[Cc]lause|CLAUSE)\s+)?(\d{1,3}(?:\.\d{1,3}){0,3})\.?\s+(?=[\p{Lu}(“"])/gu;
/** The number a section path element starts with ("12.3 Governing Law", "Section 12.3", "ARTICLE 12"). */
const PATH_NUMBER = /^(?:(?:section|article|clause|art\.?|§)\s*)?(\d{1,3}(?:\.\d{1,3}){0,3})\b/iu;
/** Characters of the span's start in which its own number may stand. */
const SPAN_HEAD = 16;
const EXAMPLES = 20;

export function sectionPathAccuracy(cases: readonly SectionCase[], matcher = new EvidenceMatcher()): SectionFigures {
  let judged = 0;
  let correct = 0;
  let unjudged = 0;
  const examples: { id: string; number: string; path: string }[] = [];
  for (const { item, chunks } of cases) {
    for (const e of item.evidence) {
      const chunk = chunks.find((c) => matcher.overlaps(c.text, e.text));
      const number = chunk ? clauseNumberBefore(chunk.text, e.text) : null;
      if (!chunk || number === null) {
        unjudged++;
        continue;
      }
      judged++;
      if (chunk.sectionPath.some((s) => normalizeNumber(PATH_NUMBER.exec(s.trim())?.[1]) === number)) correct++;
      else if (examples.length < EXAMPLES) examples.push({ id: item.id, number, path: chunk.sectionPath.join(' › ') });
    }
  }
  return { judged, correct, accuracy: judged === 0 ? 0 : correct / judged, unjudged, examples };
}

/** The number of the clause the span sits in, read from the passage before it (and the span's own start); null when none. */
export function clauseNumberBefore(passage: string, span: string): string | null {
  const at = spanStart(passage, span);
  if (at < 0) return null;
  const head = passage.slice(0, at + SPAN_HEAD);
  let last: string | null = null;
  for (const m of head.matchAll(CLAUSE_NUMBER)) last = m[1]!;
  return normalizeNumber(last ?? undefined);
}

function normalizeNumber(n: string | undefined): string | null {
  return n ? n.replace(/\.$/u, '') : null;
}

/** Where the span begins in the passage: its first words found there in order, whatever the spacing and punctuation. */
function spanStart(passage: string, span: string): number {
  const words = normalizeForMatch(span).slice(0, 6);
  if (words.length === 0) return -1;
  const pattern = new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')).join('[^\\p{L}\\p{N}]+'), 'iu');
  const folded = passage.normalize('NFKD').replace(/[\u0300-\u036f]/gu, '');
  return folded.length === passage.length ? (pattern.exec(folded)?.index ?? -1) : (pattern.exec(passage)?.index ?? -1);
}
