/**
 * Page texts → one document text, its paragraphs, and a stream of heading and text segments.
 *
 * The pages are joined with one "\n" (which no chunk contains: see chunker.ts for the offsets).
 * Rules, all decided on lines:
 *   - Inside a page, paragraphs are separated by blank lines. At a page break the paragraph goes
 *     on unless the last line before it ends a sentence (. ! ? : ;), so a clause cut by the page
 *     break stays one paragraph.
 *   - A line detectHeading recognises starts a section only if it may start a paragraph: it
 *     follows a blank line, a page break after a finished sentence, a line ending a clause
 *     (". ; : ! ?" or "; and"), a heading-only line, or (for sub-clauses) another sub-clause
 *     line; or its clause number continues the last one (2. after 1.3); markdown headings always
 *     count. So "… attached as\nExhibit A." stays text.
 *   - A heading line always starts a paragraph; a heading-only line is a paragraph of its own.
 *   - A bare label ("ARTICLE IV", "Exhibit A", "5.") takes the next line as its title when that
 *     line is short and ALL CAPS ("PAYMENT", also after a blank line or a page break), or Title
 *     Case right under the label ("Form of Notice"), and is not continued in lower case.
 *   - A title that is the whole rest of its line is dropped (the rest becomes body text) when the
 *     next line continues it in lower case: "5.2 The Customer shall pay\nall fees …".
 *   - A heading is followed by body text: an ALL-CAPS line followed, in the same paragraph, by
 *     another ALL-CAPS line is a sentence in capitals (a disclaimer), not a run of headings.
 *   - A plain clause number must be plausible where it stands: a top-level number at most
 *     NUMBER_JUMP past the last one (or under FIRST_NUMBER_MAX before any), so "700 Dresher
 *     Road" in a notice clause after section 13 is text, not section 700.
 *   - A filing's exhibit number before any body text ("Exhibit 10.24", "EXHIBIT 99.1": dotted,
 *     unlike a document's own Exhibit A or Exhibit 1) labels the whole document, not a section
 *     of it: it is furniture.
 *   - A line the format marked as a heading (PageText.headings: Word heading styles, HTML h1–h6)
 *     is a heading of that level, like a markdown heading, without a marker in the text.
 *   - Running headers and footers (the same line among the first or last two of many pages) and
 *     page-number lines ("5", "- 5 -", "Page 5 of 20") are never headings and never decide a
 *     paragraph break; they stay in the text (inside the paragraph they interrupt, or as a
 *     'furniture' segment of their own, which leads no section).
 */
import { detectHeading, isTitleLike, markedHeading, romanValue, type Heading } from './headings';
import type { Span } from '../text/sentences';
import { contentsPage, isContentsLine, isContentsTitle } from '../text/contents';
import type { MarkedHeading } from '../types';

export interface PageText {
  /** 1-based page number. */
  readonly page: number;
  /** Lines separated by "\n", paragraphs by blank lines. */
  readonly text: string;
  /** Headings marked by the format on this page, in order (their lines are found by their text). */
  readonly headings?: readonly MarkedHeading[] | undefined;
}

export interface JoinedText {
  /** The page texts joined with "\n". */
  readonly text: string;
  /** Offset of each page's first character in `text`. */
  readonly bases: readonly number[];
}

export type Segment =
  | { readonly kind: 'heading'; readonly start: number; readonly end: number; readonly heading: Heading }
  /** `contents`: lines of a table of contents (no heading among them; the chunker starts a chunk after them). */
  | { readonly kind: 'text'; readonly start: number; readonly end: number; readonly contents?: true }
  /** A running header/footer or page number outside any paragraph: text that leads no section. */
  | { readonly kind: 'furniture'; readonly start: number; readonly end: number };

export interface Layout {
  /** Heading and text segments in document order (content spans, trimmed). */
  readonly segments: readonly Segment[];
  /** Paragraph content spans in document order. */
  readonly paragraphs: readonly Span[];
}

interface Line {
  readonly page: number;
  /** Offset of the raw line in the joined text. */
  readonly lineStart: number;
  readonly raw: string;
  /** Content span (first to last non-whitespace character) in the joined text. */
  readonly start: number;
  readonly end: number;
  readonly blankBefore: boolean;
  furniture: boolean;
  /** Level of the heading the format marked on this line, or 0. */
  marked: number;
  /** A line of a table of contents (markContents): text, never a heading. */
  contents: boolean;
}

export function joinPages(pages: readonly PageText[]): JoinedText {
  const bases: number[] = [];
  let offset = 0;
  for (const p of pages) {
    bases.push(offset);
    offset += p.text.length + 1;
  }
  return { text: pages.map((p) => p.text).join('\n'), bases };
}

const SENTENCE_END = /[.!?:;]["'”’)\]]*$/u;
const CLAUSE_END = /(?:[.!?:;]["'”’)\]]*|[;,:]\s*\p{L}{1,4})$/u;
const PAGE_NUMBER = /^(?:page\s*|seite\s*|p\.\s*)?[-–—]?\s*\d{1,4}\s*[-–—]?(?:\s*(?:of|\/|von|sur|de)\s*\d{1,4})?$/iu;
/** A top-level clause number may skip at most this many numbers (a few missed headings). */
const NUMBER_JUMP = 5;
/** The first top-level clause number of a document (or after a restart) is at most this. */
const FIRST_NUMBER_MAX = 20;

export function layoutText(joined: JoinedText, pageCount: number, headings: readonly (readonly MarkedHeading[] | undefined)[] = []): Layout {
  const lines = splitLines(joined, pageCount);
  markHeadings(lines, headings);
  markFurniture(lines, pageCount);
  markContents(lines);
  const segments: Segment[] = [];
  const paragraphs: Span[] = [];
  let para: { start: number; end: number } | null = null;
  let text: { start: number; end: number; contents: boolean } | null = null;
  let prev: Line | null = null;
  let prevHeadingOnly = false;
  let prevSubclause = false;
  let pending: number | null = null; // index in segments of a bare label waiting for its title line
  let lastNumber: number[] | null = null; // the last clause number that started a section
  let lastTop: number | null = null; // the last top-level clause number
  let bodySeen = false; // any body text yet (an exhibit label before it labels the document)
  let listing = false; // the line before was an entry of a list of exhibits and schedules

  const closeText = (): void => {
    if (text) segments.push(text.contents ? { kind: 'text', start: text.start, end: text.end, contents: true } : { kind: 'text', start: text.start, end: text.end });
    text = null;
  };
  const closePara = (): void => {
    closeText();
    if (para) paragraphs.push({ start: para.start, end: para.end });
    para = null;
  };
  /** A bare label that got no title line: its line is a paragraph of its own. */
  const resolvePending = (index: number): null => {
    const seg = segments[index];
    if (seg) paragraphs.push({ start: seg.start, end: seg.end });
    return null;
  };
  const extend = (line: Line): void => {
    if (!para) para = { start: line.start, end: line.end };
    else para.end = line.end;
    if (!text) text = { start: line.start, end: line.end, contents: line.contents };
    else text.end = line.end;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as Line;
    if (line.furniture) {
      if (pending !== null) pending = resolvePending(pending);
      if (para) extend(line);
      else {
        segments.push({ kind: 'furniture', start: line.start, end: line.end });
        paragraphs.push({ start: line.start, end: line.end });
      }
      continue;
    }
    if (line.contents || prev?.contents) {
      // A table of contents is text of its own: no heading, no paragraph shared with the body.
      if (pending !== null) pending = resolvePending(pending);
      if (!line.contents || !prev?.contents) closePara();
      if (line.contents) {
        extend(line);
        prevHeadingOnly = false;
        prevSubclause = false;
        prev = line;
        continue;
      }
    }
    const crossPage = prev !== null && prev.page !== line.page;
    const prevText = prev ? prev.raw.trimEnd() : '';
    const paraBreak = prev === null || prev.contents || (crossPage ? SENTENCE_END.test(prevText) : line.blankBefore);
    let h = line.marked > 0 ? markedHeading(line.raw, line.marked) : detectHeading(line.raw);

    if (pending !== null && (h === null || h.kind === 'caps') && isTitleLine(line.raw, crossPage || line.blankBefore) && !continuesInLowerCase(lines, i)) {
      const seg = segments[pending];
      if (seg && seg.kind === 'heading') {
        const title = line.raw.trim().replace(/[.:]$/, '').replace(/\s+/g, ' ');
        segments[pending] = { ...seg, end: line.end, heading: { ...seg.heading, title } };
        paragraphs.push({ start: seg.start, end: line.end });
        pending = null;
        prev = line;
        continue;
      }
    }
    if (pending !== null) pending = resolvePending(pending);

    if (h && h.kind === 'caps' && continuesInCaps(lines, i)) h = null;
    if (h && h.kind === 'numbered' && !plausibleNumber(h, lastTop, lastNumber)) h = null;
    const accepted =
      h !== null &&
      (h.kind === 'markdown' ||
        paraBreak ||
        prevHeadingOnly ||
        CLAUSE_END.test(prevText) ||
        (h.kind === 'subclause' && prevSubclause) ||
        continuesNumbering(h, lastNumber));
    if (h && accepted && h.titleIsRest && continuesInLowerCase(lines, i)) {
      h = h.kind === 'caps' ? null : { ...h, title: null, end: trimmedEnd(line.raw, h.restStart), titleIsRest: false };
    }
    // A list of the exhibits and schedules ("Exhibit A Permitted Subcontractors", "Exhibit B
    // Business Plan", … one a line, nothing between them, as after a table of contents) names
    // them; none of its lines opens a section, so none becomes the root of the clauses after it.
    // Or all on one line, as a text export runs them together ("Exhibit A Permitted Subcontractors
    // Exhibit B Business Plan Schedule 1 SIGA Patents").
    const listed: boolean = h !== null && h.kind === 'appendix' && (listing || nextIsAppendix(lines, i) || listsAppendices(line.raw));
    listing = listed;
    if (listed) h = null;
    if (h && accepted && h.kind === 'appendix' && !bodySeen && /^\d+\.\d+$/.test(h.ordinal ?? '')) {
      // "Exhibit 10.24" above a filed agreement labels the whole document: furniture.
      closePara();
      segments.push({ kind: 'furniture', start: line.start, end: line.end });
      paragraphs.push({ start: line.start, end: line.end });
      prevHeadingOnly = false;
      prevSubclause = false;
      prev = line;
      continue;
    }
    if (h && accepted) {
      if (h.kind === 'numbered' || h.kind === 'section' || h.kind === 'paragraph') lastNumber = numberParts(h);
      lastTop = topNumber(h) ?? lastTop;
      closePara();
      const hs = line.lineStart + h.start;
      const he = line.lineStart + trimmedEnd(line.raw, h.end);
      segments.push({ kind: 'heading', start: hs, end: he, heading: h });
      const bodyStart = firstContent(joined.text, he, line.end);
      if (bodyStart < line.end) bodySeen = true;
      if (bodyStart < line.end) {
        para = { start: hs, end: line.end };
        text = { start: bodyStart, end: line.end, contents: false };
        prevHeadingOnly = false;
      } else {
        prevHeadingOnly = true;
        if (h.title === null && h.kind !== 'subclause' && h.kind !== 'markdown') pending = segments.length - 1;
        else paragraphs.push({ start: hs, end: he });
      }
      prevSubclause = h.kind === 'subclause';
    } else {
      if (paraBreak || !para) closePara();
      extend(line);
      bodySeen = true;
      prevHeadingOnly = false;
      prevSubclause = false;
    }
    prev = line;
  }
  if (pending !== null) resolvePending(pending);
  closePara();
  paragraphs.sort((a, b) => a.start - b.start);
  return { segments, paragraphs };
}

function splitLines(joined: JoinedText, pageCount: number): Line[] {
  const lines: Line[] = [];
  const { text, bases } = joined;
  for (let p = 0; p < pageCount; p++) {
    const pageStart = bases[p] ?? 0;
    const pageEnd = p + 1 < pageCount ? (bases[p + 1] ?? text.length) - 1 : text.length;
    let blankBefore = false;
    let ls = pageStart;
    while (ls <= pageEnd) {
      let le = text.indexOf('\n', ls);
      if (le < 0 || le > pageEnd) le = pageEnd;
      const cs = firstContent(text, ls, le);
      if (cs >= le) {
        blankBefore = true;
      } else {
        const ce = ls + trimmedEnd(text.slice(ls, le), le - ls);
        lines.push({ page: p, lineStart: ls, raw: text.slice(ls, le), start: cs, end: ce, blankBefore, furniture: false, marked: 0, contents: false });
        blankBefore = false;
      }
      ls = le + 1;
    }
  }
  return lines;
}

/**
 * Marks the lines of each page's format headings: in order, each heading is the next line with
 * its text (looking a few headings ahead, in case cleaning removed one).
 */
function markHeadings(lines: Line[], headings: readonly (readonly MarkedHeading[] | undefined)[]): void {
  if (!headings.some((h) => h && h.length > 0)) return;
  const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
  let page = -1;
  let next = 0;
  for (const line of lines) {
    if (line.page !== page) {
      page = line.page;
      next = 0;
    }
    const marks = headings[page];
    if (!marks || next >= marks.length) continue;
    const text = squash(line.raw);
    for (let k = next; k < Math.min(marks.length, next + 8); k++) {
      if (squash(marks[k]!.text) === text) {
        line.marked = Math.min(6, Math.max(1, marks[k]!.level));
        next = k + 1;
        break;
      }
    }
  }
}

/** Marks running headers/footers and page-number lines among the first/last two lines of each page. */
function markFurniture(lines: Line[], pageCount: number): void {
  const edges: Line[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as Line;
    const firstOfPage = i === 0 || lines[i - 1]?.page !== line.page || i === 1 || lines[i - 2]?.page !== line.page;
    const lastOfPage = i === lines.length - 1 || lines[i + 1]?.page !== line.page || lines[i + 2]?.page !== line.page;
    if (firstOfPage || lastOfPage) edges.push(line);
  }
  const pagesByKey = new Map<string, Set<number>>();
  for (const line of edges) {
    const trimmed = line.raw.trim();
    if (line.marked > 0) continue;
    if (PAGE_NUMBER.test(trimmed)) {
      line.furniture = true;
      continue;
    }
    const h = detectHeading(line.raw);
    if (h && h.kind !== 'caps') continue;
    const key = trimmed.toLowerCase().replace(/\s+/g, ' ').replace(/\d+/g, '#');
    let set = pagesByKey.get(key);
    if (!set) pagesByKey.set(key, (set = new Set()));
    set.add(line.page);
  }
  const threshold = Math.max(2, Math.ceil(pageCount * 0.2));
  for (const line of edges) {
    if (line.furniture || line.marked > 0) continue;
    const key = line.raw.trim().toLowerCase().replace(/\s+/g, ' ').replace(/\d+/g, '#');
    if ((pagesByKey.get(key)?.size ?? 0) >= threshold) line.furniture = true;
  }
}

/** Entry lines a table of contents needs: with its title line, or without one. */
const CONTENTS_TITLED_ENTRIES = 2;
const CONTENTS_ENTRIES = 3;
/**
 * A short line that is no entry (a label above its title, a title wrapped over lines, its page
 * number alone: "ARTICLE 6" / "36" / "PAYMENTS AND" / "RECORDS") stays in the run when an entry,
 * or a short line ending with a page number, follows within this many lines.
 */
const CONTENTS_GAP = 5;
const CONTENTS_FILLER = 160;
/** Lines between two runs (a footer, the next page's header) that join them into one table. */
const CONTENTS_BRIDGE = 8;
/** A short line ending with a page number: the end of an entry wrapped over lines ("Products. 31", "33"). */
const PAGE_TAIL = /^(?:\S.{0,58}\s)?\d{1,3}$/u;
/** Without a title, this share of the entries' page numbers rise (a table of prices does not). */
const CONTENTS_RISING = 0.8;

/**
 * Marks the lines of each table of contents that has no dot leaders (those are never headings:
 * headings.ts): a run of entry lines (text/contents.ts isContentsLine: "ARTICLE 14 MISCELLANEOUS
 * 18", "1.1 Supply of Cartridge 1 1.2 Price 1") under a contents title, or without one at least
 * CONTENTS_ENTRIES of them with rising page numbers; lines between entries (a bare label, a title
 * wrapped to its own line, "Page") belong to the run. Read as headings, such lines made "ARTICLE
 * 14 MISCELLANEOUS 18 › 11.2" the section of the preamble after them.
 */
function markContents(lines: Line[]): void {
  // Each line is read once: whether it is an entry, and the page number it ends with.
  const entry = lines.map((l) => !l.furniture && isContentsLine(l.raw));
  const tail = lines.map((l, k) => entry[k]! || (!l.furniture && PAGE_TAIL.test(l.raw.trim())));
  let i = 0;
  let previousEnd = -1;
  while (i < lines.length) {
    const first = lines[i] as Line;
    const titled = !first.furniture && isContentsTitle(first.raw);
    if (!titled && !entry[i]) {
      i++;
      continue;
    }
    const pages: number[] = entry[i] ? [contentsPage(first.raw)] : [];
    let last = i;
    for (let k = i + 1; k < lines.length; k++) {
      const line = lines[k] as Line;
      if (line.furniture) continue;
      if (entry[k]) {
        pages.push(contentsPage(line.raw));
        last = k;
        continue;
      }
      if (line.raw.trim().length > CONTENTS_FILLER || /[.!?]\s+\p{L}/u.test(line.raw) || !tailWithin(lines, tail, k + 1, CONTENTS_GAP)) break;
    }
    let rising = 0;
    for (let k = 1; k < pages.length; k++) if (pages[k]! >= pages[k - 1]!) rising++;
    const accepted = titled ? pages.length >= CONTENTS_TITLED_ENTRIES : pages.length >= CONTENTS_ENTRIES && rising >= CONTENTS_RISING * (pages.length - 1);
    if (accepted) {
      // A few lines between this run and the one before (a page's footer and header, the
      // title repeated on the next page) belong to the table of contents too, unless a section starts there.
      const gap = previousEnd >= 0 && i - previousEnd - 1 <= CONTENTS_BRIDGE && lines.slice(previousEnd + 1, i).every((l) => l.furniture || !startsSection(l.raw));
      for (let k = gap ? previousEnd + 1 : i; k <= last; k++) if (!(lines[k] as Line).furniture) (lines[k] as Line).contents = true;
      previousEnd = last;
    }
    // A run read once, whether it was contents or not: a long list of entries that is not (a price
    // list, falling numbers) is not read again from each of its lines.
    i = last + 1;
  }
}

function startsSection(raw: string): boolean {
  const h = detectHeading(raw);
  return h !== null && h.kind !== 'caps';
}

/** An entry line, or the page number of one (`tail`), among the next `n` lines with text (furniture skipped). */
function tailWithin(lines: readonly Line[], tail: readonly boolean[], from: number, n: number): boolean {
  let seen = 0;
  for (let j = from; j < lines.length && seen < n; j++) {
    if ((lines[j] as Line).furniture) continue;
    if (tail[j]) return true;
    seen++;
  }
  return false;
}

/**
 * A plain clause number ("5", "5.2") where it stands: a top-level number not far past the last
 * one, a first one that is small (or a restart at 1, as exhibits do); a dotted number under its
 * section or continuing the numbering.
 */
export function plausibleNumber(h: Heading, lastTop: number | null, last: readonly number[] | null): boolean {
  const parts = numberParts(h);
  const top = parts[0] ?? 0;
  if (parts.length > 1 || continuesNumbering(h, last)) return true;
  if (lastTop === null) return top <= FIRST_NUMBER_MAX;
  return top <= lastTop + NUMBER_JUMP || top <= 2;
}

/**
 * An ALL-CAPS line followed, in the same paragraph, by another ALL-CAPS line that does not
 * start a clause: the lines are a sentence in capitals, not a heading with its body.
 */
function continuesInCaps(lines: readonly Line[], i: number): boolean {
  const line = lines[i];
  const next = lines[i + 1];
  if (!line || !next || next.page !== line.page || next.blankBefore || next.furniture) return false;
  const t = next.raw.trim();
  if (/\p{Ll}/u.test(t) || !/\p{Lu}{2}/u.test(t)) return false;
  const h = detectHeading(next.raw);
  return h === null || h.kind === 'caps';
}

/** The top-level number a heading sets ("12" for 12.2, Section 12 or ARTICLE XII), null for others. */
export function topNumber(h: Heading): number | null {
  if (h.kind !== 'numbered' && h.kind !== 'section' && h.kind !== 'article' && h.kind !== 'roman') return null;
  const ordinal = h.ordinal ?? '';
  if (/^\d+$/.test(ordinal)) return Number(ordinal);
  return /^[ivxlc]+$/i.test(ordinal) ? romanValue(ordinal) : null;
}

export function numberParts(h: Heading): number[] {
  return (/\d+(?:\.\d+)*/.exec(h.label)?.[0] ?? '').split('.').map(Number);
}

/**
 * Whether a clause number continues the numbering of the last one (2 after 1.3, 1.4 after 1.3,
 * 1.3.1 after 1.3): then it starts a section even where the line before does not end a clause.
 */
export function continuesNumbering(h: Heading, last: readonly number[] | null): boolean {
  if (!last || (h.kind !== 'numbered' && h.kind !== 'section' && h.kind !== 'paragraph')) return false;
  const parts = numberParts(h);
  if (parts.length === last.length + 1) return parts[parts.length - 1] === 1 && last.every((n, i) => parts[i] === n);
  if (parts.length > last.length) return false;
  const d = parts.length - 1;
  return parts[d] === (last[d] ?? NaN) + 1 && parts.slice(0, d).every((n, i) => last[i] === n);
}

/**
 * A short line that can be the title under a bare label: ALL CAPS ("PAYMENT"), or, right under
 * the label (no blank line or page break between), Title Case ("Form of Notice").
 */
function isTitleLine(raw: string, afterGap: boolean): boolean {
  const t = raw.trim();
  const allCaps = !/\p{Ll}/u.test(t) && (t.match(/\p{Lu}/gu) ?? []).length >= 2;
  if (t.endsWith('.') && !allCaps) return false;
  const s = t.replace(/[.:]$/, '');
  // A semicolon joins two titles in capitals ("FORECASTS; INVENTORY"); elsewhere it marks a sentence.
  if (s.length === 0 || s.length > 100 || (allCaps ? /[.!?,](?:\s|$)/ : /[.;!?,](?:\s|$)/).test(s)) return false;
  if (allCaps) return isTitleLike(s);
  return !afterGap && isTitleLike(s, false);
}

/** An exhibit's or schedule's label inside a line ("Exhibit B", "Schedule 8.2(b)"). */
const APPENDIX_LABEL = /(?<![\p{L}\p{N}])(?:EXHIBIT|Exhibit|SCHEDULE|Schedule|ANNEXE?|Annexe?|APPENDIX|Appendix|ATTACHMENT|Attachment|ANLAGE|Anlage|ANHANG|Anhang)\s+(?:[A-Z]{1,2}(?:-\d{1,2})?|\d{1,3}(?:\.\d{1,2})*(?:\([a-z0-9]{1,3}\))?|[IVXLC]{1,6})(?![\p{L}\p{N}])/gu;

/**
 * A line that lists several exhibits or schedules by label and title and says nothing else: two
 * labels at least, and between them only titles (words starting with a capital or a digit, and
 * the small words of a title), no sentence ("Exhibit A sets out the fees payable under Exhibit B"
 * is one).
 */
function listsAppendices(raw: string): boolean {
  const labels = [...raw.matchAll(APPENDIX_LABEL)];
  if (labels.length < 2) return false;
  const titles = raw.replace(APPENDIX_LABEL, ' ');
  return titles.split(/\s+/u).every((w) => w === '' || /^[\p{Lu}\p{N}(“"‘'&]/u.test(w) || TITLE_SMALL_WORD.test(w));
}

const TITLE_SMALL_WORD = /^(?:of|and|or|the|for|to|in|on|a|an|by|with|de|du|des|et|la|le|les|und|der|die|das|von|zur|zum)$/u;

/** The next line with text (furniture skipped) is an exhibit or schedule heading too. */
function nextIsAppendix(lines: readonly Line[], i: number): boolean {
  for (let j = i + 1; j < lines.length; j++) {
    const next = lines[j] as Line;
    if (next.furniture || next.raw.trim() === '') continue;
    return detectHeading(next.raw)?.kind === 'appendix';
  }
  return false;
}

function continuesInLowerCase(lines: readonly Line[], i: number): boolean {
  const line = lines[i];
  const next = lines[i + 1];
  if (!line || !next || next.page !== line.page || next.blankBefore) return false;
  return /^\p{Ll}/u.test(next.raw.trimStart());
}

function firstContent(text: string, from: number, to: number): number {
  let i = from;
  while (i < to && /\s/.test(text[i] ?? '')) i++;
  return i;
}

/** `end` moved back over whitespace in `s`. */
function trimmedEnd(s: string, end: number): number {
  let e = Math.min(end, s.length);
  while (e > 0 && /\s/.test(s[e - 1] ?? '')) e--;
  return e;
}
