/**
 * Sentence boundaries for legal text.
 *
 * The built-in `Intl.Segmenter` (Unicode UAX #29 sentence rules, from ICU) finds the candidate
 * boundaries; a merge pass then undoes the false splits legal text is full of: after
 * abbreviations ("Acme Inc.", "No.", "Art.", "e.g.", "U.S.", "Smith v. Jones", "et al."), after
 * single-letter initials ("J. Smith"), between a number and its continuation ("Section 5. 2") and
 * in a German date ("31. Dezember 2025").
 * Merging errs on the safe side: a missed boundary makes a sentence longer, never cuts one.
 *
 * Two practical notes:
 *   - Line breaks inside a paragraph are not sentence breaks (UAX #29 treats them as such), so
 *     they are read as spaces (same length, offsets unchanged).
 *   - V8's segmenter is quadratic in the length of the string it is given (1 MB in one call
 *     takes ~20 s, the same text in paragraphs ~30 ms), so text is segmented in bounded windows;
 *     each window gives back its last, possibly unfinished, sentence to the next one.
 * Where `Intl.Segmenter` is missing, a punctuation rule stands in for it.
 */

/** A sentence: [start, end) offsets of its content (no leading or trailing whitespace). */
export interface Span {
  readonly start: number;
  readonly end: number;
}

const WINDOW = 4096;
/** A "sentence" longer than this is cut at the window edge (the chunker splits it anyway). */
const MAX_WINDOW = 16384;
const LINE_BREAKS = /[\n\r\u2028\u2029]/g;

/**
 * Abbreviations after which a period does not end a sentence (case-sensitive, word-final); a
 * company's suffix in capitals too, as cover pages and preambles write it ("BETWEEN VAPOTHERM,
 * INC. AND MEDICA, S.p.A.").
 */
const ABBREVIATION =
  /(?:^|[\s("'“‘[])(?:Inc|INC|Co|CO|Corp|CORP|Ltd|LTD|PTY|BROS|MFG|Pty|Cie|Bros|Mfg|No|Nos|Nr|Sec|Secs|Sect|Art|Arts|Para|Paras|para|paras|Cl|cl|Ch|ch|Pt|pt|Sch|sch|Ex|Exh|Fig|fig|Vol|vol|Reg|Regs|Dept|Mr|Mrs|Ms|Dr|Prof|St|Jr|Sr|Hon|Messrs|v|vs|cf|viz|approx|al|ibid|Ibid|op|cit|p|pp|seq|Abs|Ziff|lit|bzw|ggf|vgl|gem|Nrn|Rn|Az|Mio|Mrd|ca|Mme|Mlle|MM|av|env|max|min)\.["'”’)\]]*$/;
/**
 * A street abbreviation before the house number ("Friedrich-Ebert-Str. 68", "Hauptstr. 5",
 * "Suite 800, 2130 Holcombe Blvd. 7"): the address goes on.
 */
const STREET = /(?:(?:^|[\s("'“‘[-])(?:Str|Ave|Av|Blvd|Rd|Ste|Bldg|Pl|Sq|Hwy|Pkwy)|\p{Ll}(?:str|straße|strasse|weg|platz|gasse))\.$/u;
/**
 * A redaction mark written with dots ("[...***...]", "[…***…]"): no sentence ends inside its
 * brackets, nor after it unless a capital starts the next ("[...***...] ([...***...]) years").
 */
const INSIDE_REDACTION = /\[[.…*\s]*$/u;
const REDACTION_DOTS = /\[\s*(?:\.{2,}|…)\s*\*+\s*(?:\.{2,}|…)\s*\]$/u;
/** Dotted initialisms: U.S., e.g., i.e., S.A., z.B., L.L.C. */
const INITIALISM = /(?:^|[^\p{L}.])(?:\p{L}\.){2,}["'”’)\]]*$/u;
/** A single capital letter and a period: an initial ("J. Smith"). */
const INITIAL = /(?:^|[^\p{L}\p{N}.])\p{Lu}\.$/u;
/** Ends with a number and a period, and the next piece starts with a digit: "Section 5. 2". */
const NUMBER_DOT = /\d\.$/;
const STARTS_CONTINUATION = /^[\p{Ll},;:)\]]/u;
/** A German date's day ("am 31. Dezember 2025"): the period makes the number an ordinal, not a sentence end. */
const DAY_DOT = /(?:^|[^\p{L}\p{N}.])(?:[1-9]|[12]\d|3[01])\.$/u;
const MONTH_AND_YEAR = /^(?:Januar|Jänner|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember)\s+\d/u;

let segmenter: Intl.Segmenter | null | undefined;
function getSegmenter(): Intl.Segmenter | null {
  if (segmenter === undefined) {
    segmenter = typeof Intl !== 'undefined' && typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'sentence' }) : null;
  }
  return segmenter;
}

/**
 * The sentences of `text[from, to)`, in order, as content spans (absolute offsets into `text`).
 * Whitespace-only input gives no sentence. Every non-whitespace character lies in one span.
 */
export function splitSentences(text: string, from = 0, to = text.length): Span[] {
  const flat = text.slice(from, to).replace(LINE_BREAKS, ' ');
  const forced = new Set<number>();
  const starts = candidateStarts(flat, forced);
  const merged = mergeFalseSplits(flat, starts, forced);
  const spans: Span[] = [];
  for (let i = 0; i < merged.length; i++) {
    const span = trimSpan(flat, merged[i] ?? 0, merged[i + 1] ?? flat.length);
    if (span) spans.push({ start: span.start + from, end: span.end + from });
  }
  return spans;
}

/** Offsets where candidate sentences begin (always starting with 0). */
function candidateStarts(flat: string, forced: Set<number>): number[] {
  const seg = getSegmenter();
  if (!seg) return regexStarts(flat);
  const starts = [0];
  let pos = 0;
  let width = WINDOW;
  while (pos < flat.length) {
    const end = Math.min(flat.length, pos + width);
    const window = flat.slice(pos, end);
    const local: number[] = [];
    for (const s of seg.segment(window)) local.push(s.index);
    if (end === flat.length) {
      for (const s of local) if (s > 0) starts.push(pos + s);
      break;
    }
    // The last segment may continue past the window: hand it to the next window.
    const last = local[local.length - 1] ?? 0;
    if (last === 0) {
      if (width < MAX_WINDOW) {
        width *= 2;
        continue;
      }
      const cut = lastWhitespace(flat, pos, end);
      starts.push(cut);
      forced.add(cut);
      pos = cut;
      width = WINDOW;
      continue;
    }
    for (const s of local) if (s > 0) starts.push(pos + s);
    pos += last;
    width = WINDOW;
  }
  return starts;
}

function lastWhitespace(flat: string, from: number, to: number): number {
  for (let i = to - 1; i > from; i--) if (/\s/.test(flat[i] ?? '')) return i + 1;
  return to;
}

/** Stand-in for Intl.Segmenter: a break after . ! ? (and closing quotes) followed by space. */
function regexStarts(flat: string): number[] {
  const starts = [0];
  // From the start of a run of stops only: a long run of "?" is not retried from each of its characters.
  const re = /(?<![.!?])[.!?]+["'”’)\]]*\s+(?=\S)/g;
  for (let m = re.exec(flat); m !== null; m = re.exec(flat)) starts.push(m.index + m[0].length);
  return starts;
}

function mergeFalseSplits(flat: string, starts: readonly number[], forced: ReadonlySet<number>): number[] {
  const kept: number[] = [];
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i] ?? 0;
    if (i > 0 && !forced.has(start) && isFalseSplit(flat, kept[kept.length - 1] ?? 0, start)) continue;
    kept.push(start);
  }
  return kept;
}

/** Whether the boundary at `at` (between the piece starting at `prevStart` and the next) is false. */
function isFalseSplit(flat: string, prevStart: number, at: number): boolean {
  const before = flat.slice(Math.max(prevStart, at - 40), at).trimEnd();
  const next = flat.slice(at, at + 8).trimStart();
  if (before === '' || next === '') return false;
  if (STARTS_CONTINUATION.test(next) && !/[!?]["'”’)\]]*$/.test(before)) return true;
  if (ABBREVIATION.test(before)) return true;
  if (INITIALISM.test(before)) return true;
  if (INITIAL.test(before)) return true;
  if (STREET.test(before) && /^\d/.test(next)) return true;
  if (INSIDE_REDACTION.test(before) || (REDACTION_DOTS.test(before) && !/^\p{Lu}/u.test(next))) return true;
  if (DAY_DOT.test(before) && MONTH_AND_YEAR.test(flat.slice(at, at + 16).trimStart())) return true;
  return NUMBER_DOT.test(before) && /^\d/.test(next);
}

/**
 * A lettered or numbered item that starts after a full stop ("… provisions thereof. (c) In the
 * event of termination …"): UAX #29 sees no sentence start before "(", yet the item is a sentence
 * of its own.
 */
const ITEM_START = /(?<=[.!?]["'”’)\]]*)\s+(?=\((?:[a-z]|[ivx]{1,5}|\d{1,2})\)\s+\p{Lu})/gu;

/** The spans cut again where an item starts after a full stop (for reading and quoting sentences; the chunker and the classifier keep splitSentences' spans). */
export function splitItems(text: string, spans: readonly Span[]): Span[] {
  const out: Span[] = [];
  for (const span of spans) {
    let start = span.start;
    for (const m of text.slice(span.start, span.end).matchAll(ITEM_START)) {
      const end = span.start + m.index;
      if (end > start && !ABBREVIATION.test(text.slice(Math.max(start, end - 40), end))) {
        out.push({ start, end });
        start = end + m[0].length;
      }
    }
    out.push({ start, end: span.end });
  }
  return out;
}

/** A lone item label ending a sentence: "c.", "(d)", "4.", "iv)", "ii." ("… property damage liability. ii.", "… commencing on January 1, 2016. 3."). */
const NEXT_LABEL = /(?<=[.;:)])\s+(?:\(?[a-z]\)|[a-z]\.|\(?[ivx]{1,4}\)|[ivx]{2,4}\.|\d{1,2}\.)$/u;

/** The sentence without the next item's label that a sentence split left at its end: it is not part of what the sentence says (quotes, table findings). */
export function withoutNextLabel(sentence: string): string {
  return sentence.replace(NEXT_LABEL, '');
}

function trimSpan(flat: string, start: number, end: number): Span | null {
  let s = start;
  let e = end;
  while (s < e && isSpace(flat.charCodeAt(s))) s++;
  while (e > s && isSpace(flat.charCodeAt(e - 1))) e--;
  return s < e ? { start: s, end: e } : null;
}

/** The characters JavaScript's `\s` matches (the chunker collapses exactly these). */
export function isSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 160) return false;
  return code === 160 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}
