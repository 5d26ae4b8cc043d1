/**
 * The section stack: headings in document order → the section path of every piece of text.
 *
 * A heading of rank r closes every open section of rank ≥ r, then opens its own. Sub-clauses
 * have no fixed rank: a style already open ((b) after (a)) goes back to that level, a new style
 * nests one level deeper than the innermost open section ((i) under (a), (A) under (i)). An
 * ambiguous (i) / (v) / (x) is a letter when it continues an open letter list ((i) after (h)),
 * roman when it continues a roman list ((v) after (iv)); otherwise (i) starts a roman list and
 * (v) / (x) are letters.
 *
 * A clause's path never comes from another section: a dotted clause number closes the open
 * numbered sections it does not belong to ("6.1" closes "5 Term", though both would nest by
 * rank alone; "13.6" is never under a stray "700").
 *
 * The document's title line (an all-caps line naming an instrument, "MASTER SERVICES AGREEMENT"),
 * open before the first numbered section, is closed by it: the clauses are not inside the title.
 *
 * Containers (PART, CHAPTER, TITLE, BOOK, Livre, Titre, Chapitre, Teil, Kapitel, …) have no
 * fixed order either (Part > Chapter in the UK, Title > Chapter > Part in the US Code, Livre >
 * Titre > Chapitre in French codes): the first kind seen is outermost, a new kind nests inside
 * the open ones, and all rank between 0 (appendices) and 1 (articles), so "PART II / CHAPTER 3 /
 * Article 5" is one path rather than three headings replacing each other.
 */
import { romanValue, type Heading, type HeadingKind, type OrdinalTier, type Subclause, type SubclauseStyle } from './headings';

export { detectHeading } from './headings';
export type { Heading,   Subclause } from './headings';

export interface SectionEntry {
  readonly kind: HeadingKind;
  readonly label: string;
  readonly title: string | null;
  /** What the path shows: label and title ("12 Limitation of Liability", "12.2", "LIMITATION OF LIABILITY"). */
  readonly display: string;
  readonly ordinal: string | null;
  readonly tier: OrdinalTier | null;
  readonly rank: number;
  /** Sub-clauses: the resolved style ("lower(") and value ((c) = 3, (iv) = 4). */
  readonly styleKey: string | null;
  readonly value: number;
}

const EMPTY: readonly SectionEntry[] = Object.freeze([]);

/** Headings that number the document's own sections (not sub-clauses, not appendices, not styled titles). */
const NUMBERING_KINDS: ReadonlySet<HeadingKind> = new Set(['article', 'part', 'roman', 'section', 'paragraph', 'numbered']);
/** A title line naming a kind of instrument ("SPONSORED RESEARCH AND LICENSE AGREEMENT", "TERMS AND CONDITIONS"). */
const INSTRUMENT = /\b(?:AGREEMENT|CONTRACT|LICEN[CS]E|AMENDMENT|ADDENDUM|LEASE|DEED|INDENTURE|MEMORANDUM(?:\s+OF\s+UNDERSTANDING)?|TERMS\s+AND\s+CONDITIONS|CONTRAT|CONVENTION|VERTRAG|VEREINBARUNG)S?$/u;

export class SectionStack {
  #entries: SectionEntry[] = [];
  #path: readonly SectionEntry[] = EMPTY;
  #numbered = false;
  /** Roman sections whose clauses are numbered by the roman's value ("1.1" under "I."). */
  readonly #romanNumbered = new WeakSet<SectionEntry>();

  /** The open sections, outermost first. The array is frozen and replaced (not mutated) on push. */
  get path(): readonly SectionEntry[] {
    return this.#path;
  }

  /** Opens the section `heading` starts (closing those it ends) and returns its entry. */
  push(heading: Heading): SectionEntry {
    let rank = heading.rank;
    let styleKey: string | null = null;
    let value = 0;
    if (heading.sub) {
      const resolved = this.#resolve(heading.sub);
      ({ rank, styleKey, value } = resolved);
    } else if (heading.kind === 'part') {
      styleKey = containerKey(heading.label);
      rank = this.#containerRank(styleKey);
    }
    if (!this.#numbered && NUMBERING_KINDS.has(heading.kind)) {
      this.#numbered = true;
      // The document's title line, open since before its first numbered section, names the
      // document, not a section its clauses sit in ("AGREEMENT › 5 Term").
      if (this.#entries.length > 0 && this.#entries.every((e) => e.kind === 'caps' && e.title !== null && INSTRUMENT.test(e.title))) this.#entries = [];
    }
    while (this.#entries.length > 0 && (this.#entries[this.#entries.length - 1]?.rank ?? -1) >= rank) this.#entries.pop();
    const number = clauseNumber(heading);
    if (number && number.length === 1) {
      // "I. DEFINITIONS … 1.1 … 2. LICENCE": the roman numeral was the first section's number,
      // written otherwise (its clauses are numbered 1.x); section 2 is its sibling, not inside it.
      // A roman part holding sections 1., 2., … stays their parent.
      const at = this.#entries.findIndex((e) => this.#romanNumbered.has(e) && romanValue(e.ordinal ?? '') === (number[0] ?? 0) - 1);
      if (at >= 0) this.#entries.length = at;
    } else if (number) {
      for (const e of this.#entries) if (e.kind === 'roman' && romanValue(e.ordinal ?? '') === number[0]) this.#romanNumbered.add(e);
    }
    if (number && number.length > 1) {
      // Close numbered sections this clause is not part of: "6.1" is not inside "5".
      for (let top = this.#entries[this.#entries.length - 1]; top; top = this.#entries[this.#entries.length - 1]) {
        const open = clauseNumber(top);
        if (!open || (open.length < number.length && open.every((n, i) => n === number[i]))) break;
        this.#entries.pop();
      }
    }
    const entry: SectionEntry = {
      kind: heading.kind,
      label: heading.label,
      title: heading.title,
      display: displayOf(heading.label, heading.title),
      ordinal: heading.ordinal,
      tier: heading.tier,
      rank,
      styleKey,
      value,
    };
    this.#entries.push(entry);
    this.#path = Object.freeze([...this.#entries]);
    return entry;
  }

  /** Containers (Part, Chapter, Title, Book, Livre, Titre, …) nest in the order they first appear, all above Article. */
  #containerRank(key: string): number {
    let innermost = 0;
    for (let i = this.#entries.length - 1; i >= 0; i--) {
      const e = this.#entries[i] as SectionEntry;
      if (e.kind !== 'part') continue;
      if (e.styleKey === key) return e.rank;
      innermost = Math.max(innermost, e.rank);
    }
    return Math.min(0.9, innermost + 0.1);
  }

  #resolve(sub: Subclause): { rank: number; styleKey: string; value: number } {
    const key = (style: SubclauseStyle): string => `${style}${sub.form === 'paren' ? '(' : ')'}`;
    const open = (style: SubclauseStyle): SectionEntry | undefined => {
      for (let i = this.#entries.length - 1; i >= 0; i--) if (this.#entries[i]?.styleKey === key(style)) return this.#entries[i];
      return undefined;
    };
    let reading: { style: SubclauseStyle; value: number } = { style: sub.style, value: sub.value };
    if (sub.alt) {
      const continues = (r: { style: SubclauseStyle; value: number }): boolean => open(r.style)?.value === r.value - 1;
      if (continues(sub.alt) && !continues(reading)) reading = sub.alt;
      else if (!continues(reading) && reading.value !== 1) reading = sub.alt;
    }
    const existing = open(reading.style);
    const top = this.#entries[this.#entries.length - 1];
    const rank = existing ? existing.rank : Math.max(5, (top?.rank ?? 4) + 1);
    return { rank, styleKey: key(reading.style), value: reading.value };
  }
}

/** The parts of an arabic clause number ("12.2" → [12, 2]) of a numbered or Section heading, else null. */
function clauseNumber(h: { readonly kind: HeadingKind; readonly label: string }): number[] | null {
  if (h.kind !== 'numbered' && h.kind !== 'section' && h.kind !== 'markdown') return null;
  const m = /(?:^|\s)(\d{1,3}(?:\.\d{1,3})*)$/.exec(h.label);
  return m ? (m[1] ?? '').split('.').map(Number) : null;
}

function containerKey(label: string): string {
  return (label.split(/\s+/)[0] ?? '').toLowerCase();
}

function displayOf(label: string, title: string | null): string {
  if (label && title) return `${label} ${title}`;
  return label || title || '';
}

/** The path as strings, outermost first. */
export function formatPath(path: readonly SectionEntry[]): string[] {
  return path.map((e) => e.display);
}

/**
 * The number a section is known by: the outermost section number in the path ("12" for 12.2,
 * "5" for § 5, "1101" for Article 1101); else the outermost container number ("IV" for
 * ARTICLE IV); else the appendix letter ("A"); else null.
 */
export function sectionOrdinal(path: readonly SectionEntry[]): string | null {
  for (const tier of [1, 2, 3] as const) {
    for (const e of path) if (e.tier === tier && e.ordinal) return e.ordinal;
  }
  return null;
}

/** The innermost title in the path. */
export function sectionTitle(path: readonly SectionEntry[]): string | null {
  for (let i = path.length - 1; i >= 0; i--) {
    const title = path[i]?.title;
    if (title) return title;
  }
  return null;
}
