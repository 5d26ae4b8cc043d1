/**
 * The section a position of a passage sits in: what a quote or a citation is labelled with.
 *
 * A passage's sectionPath names the section it starts in (chunker.ts), but a passage packs
 * consecutive clauses ("8.2 … 8.3 …"), so text from its middle may sit in a later clause. The
 * label of a position is the passage's path with the clause headings the passage holds before
 * that position applied to it, in order, by the chunker's own section stack (structure.ts):
 * "8.3" under "8 Termination › 8.2" gives "8 Termination › 8.3"; "(b)" under "12.1" gives
 * "12.1 › (b)"; no heading before the position gives the passage's path unchanged.
 *
 * A passage's text is whitespace-collapsed (its line breaks are gone), so a clause heading is
 * recognised by the chunker's heading detection (headings.ts) read from a clause start:
 *   - the passage's start, or a position after the end of a sentence or clause (". ; : ! ?",
 *     closing quotes or brackets allowed); after "; and" / "; or" only a sub-clause ("(b)");
 *   - anywhere, a dotted clause number that continues the numbering (8.3 after 8.2, 9.1 after
 *     "ARTICLE 9 INDEMNIFICATION", 8.1 after 7.6), as the layout pass accepts one mid-paragraph
 *     (not a bare number: "Schedule 6. The parties" after 5.6 is not section 6).
 * Only numbered clause headings count (numbered, Section, Article, §, roman "IV.", sub-clauses
 * "(a)"): not ALL-CAPS lines or appendices, which the collapsed text cannot tell from a sentence.
 * A plain number must be plausible where it stands (layout.ts: "30 Days" after section 7 is not
 * a clause; "30 days" is never one, the capital after the number being the sign).
 *
 * The headings a passage opens with (before its first body text) are not applied: its path is
 * the chunker's section stack at that body text, so they are in it already, or the chunker, which
 * saw the line breaks, did not take them for headings. Nor, until a new heading is applied, is a
 * heading whose label the path already names.
 */
import { detectHeading, type Heading, type HeadingKind } from './headings';
import { continuesNumbering, numberParts, plausibleNumber, topNumber } from './layout';
import { SectionStack, type SectionEntry } from './structure';
import { REDACTION_MARK } from '../text/redaction';

/** A clause heading found in a passage: where it starts (offset in the passage text) and what it is. */
export interface PassageHeading {
  readonly start: number;
  readonly heading: Heading;
}

const CLAUSE_KINDS: ReadonlySet<HeadingKind> = new Set<HeadingKind>(['article', 'section', 'paragraph', 'numbered', 'subclause', 'roman']);
/** The text before a position ends a sentence or a clause (as layout.ts's CLAUSE_END, in running text). */
const BREAK_BEFORE = /[.!?:;]["'”’)\]]*\s*$/u;
/** … or a list item and its conjunction ("; and"): only a sub-clause label ("(b)") starts there. */
const LIST_BREAK_BEFORE = /;\s*(?:and|or|und|oder|et|ou)\s*$/u;
/** A title in capitals between a clause number and the next clause (no lower-case letter, at most 120 characters). */
const CAPS_TITLE = /^\s+(?=\p{Lu})[^\p{Ll}]{2,120}$/u;
/** How much text after a position heading detection reads (a label and its short title). */
const LOOK = 300;

/**
 * The section path at `offset` of a passage whose text starts in section `path` (see the module
 * comment). Returns `path` itself when no clause heading of the passage stands before `offset`.
 */
export function sectionPathAt(text: string, path: readonly string[], offset: number): readonly string[] {
  const seeded = seed(path);
  const headings = passageHeadings(text, seeded.last, seeded.lastTop);
  // The headings a passage opens with are accounted for by its path (see the module comment).
  const lead = leadingRun(text, headings);
  let fresh = false;
  for (const { start, heading } of headings.slice(lead)) {
    if (start > offset) break;
    if (!fresh && seeded.labels.has(labelKey(heading.label))) continue;
    fresh = true;
    seeded.stack.push(heading);
  }
  if (!fresh) return path;
  return seeded.stack.path.map((e) => seeded.displays.get(e) ?? e.display);
}

/**
 * The clause headings of a whitespace-collapsed passage, in order (see the module comment).
 * `last` and `lastTop` are the clause number and top-level number open where the passage starts.
 */
export function passageHeadings(text: string, last: readonly number[] | null = null, lastTop: number | null = null): PassageHeading[] {
  const found: PassageHeading[] = [];
  for (let p = 0; p < text.length; p++) {
    const c = text[p] ?? '';
    if (/\s/u.test(c) || (p > 0 && !/\s/u.test(text[p - 1] ?? ''))) continue;
    const before = text.slice(Math.max(0, p - 12), p);
    const afterBreak = p === 0 || BREAK_BEFORE.test(before);
    const afterItem = !afterBreak && LIST_BREAK_BEFORE.test(before);
    // Mid-sentence only a continuing clause number can start a clause ("… INDEMNIFICATION 9.1 …").
    if (!afterBreak && !afterItem && !/[1-9S]/u.test(c)) continue;
    const h = detectHeading(text.slice(p, p + LOOK)) ?? redactedClause(text.slice(p, p + LOOK));
    if (!h || !CLAUSE_KINDS.has(h.kind)) continue;
    const listItem = afterItem && h.kind === 'subclause';
    if (!afterBreak && !listItem && !(dotted(h) && (continuesNumbering(h, last) || opensSection(h, lastTop)))) continue;
    if (h.kind === 'numbered' && !plausibleNumber(h, lastTop, last)) continue;
    found.push({ start: p, heading: h });
    if (setsNumber(h)) last = numberParts(h);
    lastTop = topNumber(h) ?? lastTop;
    p += Math.max(0, h.restStart - 1);
  }
  // A heading read up to the next one: "ARTICLE 9 INDEMNIFICATION 9.1 Indemnity." is titled
  // INDEMNIFICATION, as it would be on its own line; so is a number whose capitals run up to the
  // next clause ("… for 2 years. 7 TERM OF THE AGREEMENT AND TERMINATION 7.1 Unless …": the
  // number alone was read, its title being all the rest).
  return found.map((f, i) => {
    const next = found[i + 1];
    if (!next) return f;
    const overlaps = next.start < f.start + f.heading.end;
    if (!overlaps && !(f.heading.title === null && CAPS_TITLE.test(text.slice(f.start + f.heading.end, next.start)))) return f;
    const cut = detectHeading(text.slice(f.start, next.start));
    return cut && cut.label === f.heading.label && (overlaps || cut.title !== null) ? { start: f.start, heading: cut } : f;
  });
}

/**
 * A filed copy's redacted clause ("26.1 [*****] 26.2 [*****] 27.0 GENERAL PROVISIONS"): a dotted
 * number whose body is the redaction mark. The chunker, which sees it on a line of its own beside
 * its section, leaves it in that section's text; here it is a clause number the numbering goes on
 * from, so that the next clause is read.
 */
function redactedClause(text: string): Heading | null {
  const m = REDACTED_CLAUSE.exec(text);
  return m ? detectHeading(m[1]!) : null;
}
const REDACTED_CLAUSE = new RegExp(String.raw`^(\d{1,3}(?:\.\d{1,3})+)\.?\s+(?=${REDACTION_MARK})`, 'iu');

/** How many of the headings stand at the passage's start with nothing but whitespace between them (heading-only lines). */
function leadingRun(text: string, headings: readonly PassageHeading[]): number {
  let end = 0;
  let n = 0;
  for (const { start, heading } of headings) {
    if (/\S/u.test(text.slice(end, start))) break;
    end = start + heading.end;
    n++;
  }
  return n;
}

interface Seeded {
  readonly stack: SectionStack;
  /** The path's own wording of its entries (a re-read heading may word its title otherwise). */
  readonly displays: Map<SectionEntry, string>;
  readonly labels: Set<string>;
  readonly last: readonly number[] | null;
  readonly lastTop: number | null;
}

/** A section stack holding `path`: each element read back as a heading, ranked so that the stack keeps them all, as the chunker's did. */
function seed(path: readonly string[]): Seeded {
  const headings = path.map(readBack);
  // An outer element ranks above the next one (the chunker's stack nested them, whatever their
  // look: "AGREEMENT › 5 Term" had the title above the clause).
  const ranks = headings.map((h) => h.rank);
  for (let i = ranks.length - 2; i >= 0; i--) ranks[i] = Math.min(ranks[i] ?? 0, (ranks[i + 1] ?? 0) - 0.01);
  const stack = new SectionStack();
  const displays = new Map<SectionEntry, string>();
  const labels = new Set<string>();
  let last: readonly number[] | null = null;
  let lastTop: number | null = null;
  headings.forEach((h, i) => {
    const entry = stack.push({ ...h, rank: ranks[i] ?? h.rank });
    displays.set(entry, path[i] ?? entry.display);
    if (h.label) labels.add(labelKey(h.label));
  });
  for (const h of headings) {
    if (setsNumber(h)) last = numberParts(h);
    lastTop = topNumber(h) ?? lastTop;
  }
  return { stack, displays, labels, last, lastTop };
}

/** A path element ("12 Limitation of Liability", "8.2", "(a)", "GENERAL") as the heading it was. */
function readBack(display: string): Heading {
  // A bare "5" is the display of the heading "5." (a bare number alone is no heading).
  const h = detectHeading(display) ?? (/^\d{1,3}$/u.test(display.trim()) ? detectHeading(`${display.trim()}.`) : null);
  return h ?? { kind: 'caps', label: '', title: display, ordinal: null, tier: null, rank: 2, start: 0, end: display.length, titleIsRest: true, restStart: 0 };
}

/** A heading whose number later clause numbers continue (9.1 after "9.", Section 9, ARTICLE 9 or PART 9; not after ARTICLE IX). */
function setsNumber(h: Heading): boolean {
  return h.kind === 'numbered' || h.kind === 'section' || h.kind === 'paragraph' || ((h.kind === 'article' || h.kind === 'part') && /^\d+$/u.test(h.ordinal ?? ''));
}

/** A dotted clause number (9.1, Section 9.1), the only kind that may start a clause mid-sentence. */
function dotted(h: Heading): boolean {
  return (h.kind === 'numbered' || h.kind === 'section') && numberParts(h).length > 1;
}

/**
 * The first clause of the section just opened or of the next one: 12.1 after ARTICLE XII, 8.1
 * after 7.6 (under an "ARTICLE EIGHT" heading detection does not read); or the next section
 * numbered with a zero, as some contracts number their articles: "27.0 GENERAL PROVISIONS" after
 * 26.2.
 */
function opensSection(h: Heading, lastTop: number | null): boolean {
  if (lastTop === null || (h.kind !== 'numbered' && h.kind !== 'section')) return false;
  const parts = numberParts(h);
  if (parts.length !== 2) return false;
  return (parts[1] === 1 && (parts[0] === lastTop || parts[0] === lastTop + 1)) || (parts[1] === 0 && parts[0] === lastTop + 1);
}

function labelKey(label: string): string {
  return label.replace(/\s+/gu, ' ').replace(/\.$/u, '').toLowerCase();
}
