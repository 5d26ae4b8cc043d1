/**
 * Section labels against the contracts' own numbering: for each annotated evidence span, the
 * passage holding it (the first, in reading order, that overlaps it) and the number of the clause
 * the span sits in, read from the passage's text just before the span (or at its start: "12.3
 * Governing Law. This Agreement …"). Spans whose clause number cannot be read (no numbered
 * heading before them in their passage) are not judged. Two labels are checked against it:
 *   - the passage's section path (the section the passage starts in);
 *   - the label the app shows for a quote of the span: the section at the span's position in the
 *     passage (ingest/section-at.ts: "8 Termination › 8.3" for a span in 8.3 of a passage that
 *     starts in 8.2).
 * A label is right when it names that number ("12 Miscellaneous › 12.3 Governing Law",
 * "Section 12.3").
 *
 * The reading is approximate by design (a number followed by a capitalised word, at a clause
 * start); it measures how often a reader would find the clause under the label shown.
 */
import { sectionPathAt } from '../ingest/section-at';
import type { ChunkRecord } from '../types';
import { EvidenceMatcher, normalizeForMatch } from './match';
import type { QaItem } from './qa';

export interface SectionCase {
  readonly item: QaItem;
  /** The document's passages, in reading order. */
  readonly chunks: readonly ChunkRecord[];
}

interface LabelFigures {
  /** Judged spans whose label names the clause's number. */
  readonly correct: number;
  readonly accuracy: number;
}

export interface SectionFigures {
  /** Evidence spans whose passage and clause number were found. */
  readonly judged: number;
  /** Spans found in a passage without a clause number before them, or in no passage. */
  readonly unjudged: number;
  /** The passage's own section path (the section it starts in). */
  readonly passagePath: LabelFigures;
  /** The label a quote of the span is shown with: the section at the span's position in the passage. */
  readonly label: LabelFigures;
  /** A few wrong labels, to look at: the number read, the label shown and the passage's path. */
  readonly examples: readonly { readonly id: string; readonly number: string; readonly label: string; readonly path: string }[];
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
  let passageCorrect = 0;
  let labelCorrect = 0;
  let unjudged = 0;
  const examples: { id: string; number: string; label: string; path: string }[] = [];
  for (const { item, chunks } of cases) {
    for (const e of item.evidence) {
      const chunk = chunks.find((c) => matcher.overlaps(c.text, e.text));
      const at = chunk ? spanStart(chunk.text, e.text) : -1;
      const number = chunk && at >= 0 ? clauseNumberAt(chunk.text, at) : null;
      if (!chunk || number === null) {
        unjudged++;
        continue;
      }
      judged++;
      const label = sectionPathAt(chunk.text, chunk.sectionPath, at);
      if (namesNumber(chunk.sectionPath, number)) passageCorrect++;
      if (namesNumber(label, number)) labelCorrect++;
      else if (examples.length < EXAMPLES) examples.push({ id: item.id, number, label: label.join(' › '), path: chunk.sectionPath.join(' › ') });
    }
  }
  const figures = (correct: number): LabelFigures => ({ correct, accuracy: judged === 0 ? 0 : correct / judged });
  return { judged, unjudged, passagePath: figures(passageCorrect), label: figures(labelCorrect), examples };
}

function namesNumber(path: readonly string[], number: string): boolean {
  return path.some((s) => normalizeNumber(PATH_NUMBER.exec(s.trim())?.[1]) === number);
}

/** The number of the clause the span sits in, read from the passage before it (and the span's own start); null when none. */
export function clauseNumberBefore(passage: string, span: string): string | null {
  const at = spanStart(passage, span);
  return at < 0 ? null : clauseNumberAt(passage, at);
}

/** The number of the clause a span starting at `at` of the passage sits in; null when none. */
function clauseNumberAt(passage: string, at: number): string | null {
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
