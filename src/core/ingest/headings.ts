/**
 * Heading and clause-number detection for one line of legal text (no context; the section stack
 * in structure.ts and the layout pass in layout.ts add the context: sub-clause nesting, whether a
 * line may start a section at all, title lines under a bare label).
 *
 * Ranks (a heading of rank r closes every open section of rank ≥ r):
 *   0  Exhibit / Schedule / Annex / Appendix / Attachment (also Annexe, Anlage, Anhang): resets the path
 *   1  ARTICLE IV, Article 5, Art. 1102; "IV. TITLE"; PART II, CHAPTER 3, TITLE I, Chapitre, Teil, …
 *      (containers report 1; the section stack nests them between 0 and 1 in order of appearance)
 *   2  § 7, Section 5, bare "5." / "5 Title", short ALL-CAPS lines
 *   3  5.2 (and Section 5.2)     4  5.2.1     5  5.2.1.1     6  deeper
 *   5+ sub-clauses (a) (i) (A) (1) a) 1): provisional 5, nested by the section stack
 *   markdown # … ###### : 1 … 6
 *
 * What is never a heading, however it looks: a table-of-contents line (a dot leader to a page
 * number), a street address ("700 Dresher Road, Suite 100", "42 West 42nd Street, New York"),
 * an amount or a row of figures, a bare number, and an ALL-CAPS line that is a sentence (commas,
 * an open parenthesis) or a company name (a signature block: "ACME CORP. GLOBEX LLC"). A styled
 * heading (markdown, Word's heading styles) that holds a whole clause ("2.2 Support. During the
 * Subscription Period, …") is its label and short title; the rest is body text.
 */

import { CARDINALS, ORDINALS } from '../text/number-words';

export type HeadingKind = 'appendix' | 'article' | 'part' | 'roman' | 'section' | 'paragraph' | 'numbered' | 'caps' | 'markdown' | 'subclause';

/** 1: a section number ("12" of 12.2, § 5, Article 1101); 2: a container (ARTICLE IV, PART II); 3: an appendix letter. */
export type OrdinalTier = 1 | 2 | 3;

export type SubclauseStyle = 'lower' | 'upper' | 'lower-roman' | 'upper-roman' | 'digit';

export interface Subclause {
  readonly style: SubclauseStyle;
  readonly value: number;
  /** "(a)" or "a)" */
  readonly form: 'paren' | 'close';
  /** The other reading of an ambiguous label: (i) is roman one or the letter after (h). */
  readonly alt?: { readonly style: SubclauseStyle; readonly value: number };
}

export interface Heading {
  readonly kind: HeadingKind;
  /** The label as written, whitespace normalised: "ARTICLE IV", "12.2", "(a)", "§ 5", "Exhibit A"; "" for caps and plain markdown headings. */
  readonly label: string;
  readonly title: string | null;
  /** The number the section is known by: "12" for 12.2, "IV", "5" for § 5, "A" for Exhibit A; null for caps, markdown and sub-clauses. */
  readonly ordinal: string | null;
  readonly tier: OrdinalTier | null;
  readonly rank: number;
  /** Offsets into the line: the heading (label, separators, title) is line[start, end); body text may follow. */
  readonly start: number;
  readonly end: number;
  /** The title is the whole rest of the line (it could be the start of a wrapped sentence). */
  readonly titleIsRest: boolean;
  /** Where the text after the label and its separators begins (`end` of the line when nothing follows). */
  readonly restStart: number;
  readonly sub?: Subclause;
}

const APPENDIX = /^(EXHIBIT|Exhibit|SCHEDULE|Schedule|ANNEXE?|Annexe?|APPENDIX|Appendix|ATTACHMENT|Attachment|ANLAGE|Anlage|ANHANG|Anhang)\s+([A-Z]{1,2}(?:-\d{1,2})?|\d{1,3}(?:\.\d{1,2})?|[IVXLC]{1,6})(?![\p{L}\p{N}])/u;
const ARTICLE = /^(ARTICLE|Article|ART\.|Art\.|ARTIKEL|Artikel|ARTICOLO|Articolo|ARTÍCULO|Artículo)\s*((?:[LRDA]\.?\s?)?\d{1,5}(?:-\d{1,3})*[a-z]?(?:er)?|[IVXLC]{1,7}(?:er)?)(?![\p{L}\p{N}])/u;
/**
 * "ARTICLE TWO", "Article Twelve", "ARTICLE FIRST", "SECTION TWENTY-ONE": an article or section
 * numbered in English words (read as its number), in capitals or capitalised.
 */
const WORD_NUMBERS: Readonly<Record<string, number>> = { ...CARDINALS, ...ORDINALS };
const TENS: Readonly<Record<string, number>> = { twenty: 20, thirty: 30, forty: 40, fifty: 50 };
const KEYWORD_COMPOUND = /^(ARTICLE|Article|SECTION|Section)\s+([A-Za-z]+[-\s][A-Za-z]+)\.?(?![\p{L}\p{N}-])/u;
const KEYWORD_WORD = /^(ARTICLE|Article|SECTION|Section)\s+([A-Za-z]+)\.?(?![\p{L}\p{N}-])/u;
const WORD_CASE = /^(?:[A-Z]+(?:[-\s][A-Z]+)?|[A-Z][a-z]+(?:[-\s][A-Za-z][a-z]+)?)$/u;

/** The number an English number word or compound names ("TWENTY-ONE" → 21, "Fifth" → 5); null for other words. */
function numberWord(word: string): number | null {
  if (!WORD_CASE.test(word)) return null;
  const [first, second] = word.toLowerCase().split(/[-\s]/u) as [string, string | undefined];
  if (second === undefined) return WORD_NUMBERS[first] ?? TENS[first] ?? null;
  const tens = TENS[first];
  const unit = WORD_NUMBERS[second];
  return tens !== undefined && unit !== undefined && unit < 10 ? tens + unit : null;
}

const PART = /^(PART|Part|CHAPTER|Chapter|TITLE|Title|BOOK|Book|DIVISION|Division|SUBPART|Subpart|CHAPITRE|Chapitre|TITRE|Titre|LIVRE|Livre|TEIL|Teil|KAPITEL|Kapitel|ABSCHNITT|Abschnitt|BUCH|Buch)\s+(\d{1,3}|[IVXLC]{1,7}(?:er)?|[A-Z])(?![\p{L}\p{N}])/u;
const SECTION = /^(SECTION|Section|SEC\.|Sec\.|CLAUSE|Clause)\s*(\d{1,3}(?:\.\d{1,2}){0,4})\.?(?![\p{L}\p{N}])/u;
const PARAGRAPH = /^(§§?)\s*(\d{1,4}[a-z]?)(?![\p{L}\p{N}])/u;
const NUMBERED = /^([1-9]\d{0,2})((?:\.\d{1,2}){0,4})(\.?)(?=\s|$)/u;
/**
 * A clause number run into its title by the PDF's text ("13.8Assignment.", "11.1Warranty.",
 * "12.EXCLUSIVITY:"): dotted or ending in a dot, then a capital and two more letters of one case,
 * so "12ABC", "3.5GHz" and "1.5x" stay text.
 */
const NUMBERED_GLUED = /^([1-9]\d{0,2})((?:\.\d{1,2}){0,4})(\.?)(?=\p{Lu}(?:\p{Ll}{2}|\p{Lu}{2}))/u;
const SUBCLAUSE = /^\(([a-z]{1,2}|[ivxlc]{1,6}|[A-Z]{1,2}|[IVXLC]{1,6}|\d{1,2})\)(?=\s|$)/u;
const SUBCLAUSE_CLOSE = /^([a-z]|[ivx]{1,5}|\d{1,2})\)(?=\s|$)/u;
const ROMAN_TITLED = /^([IVXLC]{1,7})[.)](?=\s)/u;
const MARKDOWN = /^(#{1,6})[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/u;
/** A roman numeral of one letter worth 50 or more: read as a letter of a list, not as a section number. */
const LONE_LARGE_ROMAN = /^[LC]$/u;
const ROMAN = /^(?=[MDCLXVI])M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})$/i;

/** Month names (en, de) that turn "5 January 2020" into a date rather than a clause. */
const MONTH = /^(?:Jan(?:uary|uar)?|Feb(?:ruary|ruar)?|Mar(?:ch)?|März|Apr(?:il)?|May|Mai|June?|Juni|July?|Juli|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Okt(?:ober)?|Nov(?:ember)?|Dec(?:ember)?|Dez(?:ember)?)\b/u;
const STARTS_UPPER = /^["'“‘«(]?[\p{Lu}\p{Lt}\p{Lo}]/u;
/**
 * A table-of-contents entry: the line ends with a dot leader ("....", "……", ". . .", "____")
 * and at most a page number. What `/(?:\.{4,}|…{2,}|(?:\. ){3,}|_{4,})\s*[\w.-]*\s*$/` says,
 * checked from the end in one pass (that regex takes minutes on a long line of dots).
 */
function endsWithDotLeader(s: string): boolean {
  let end = s.length;
  while (end > 0 && isSpaceCode(s.charCodeAt(end - 1))) end--;
  let start = end;
  while (start > 0 && isTokenCode(s.charCodeAt(start - 1))) start--;
  // The leader may end anywhere from the spaces before that token to the end of the line.
  let first = start;
  while (first > 0 && isSpaceCode(s.charCodeAt(first - 1))) first--;
  for (let q = s.length; q >= first; q--) {
    const c = s.charCodeAt(q - 1);
    if ((c === DOT || c === UNDERSCORE || c === ELLIPSIS || c === SPACE) && leaderEndsAt(s, q)) return true;
  }
  return false;
}

const DOT = 0x2e;
const UNDERSCORE = 0x5f;
const ELLIPSIS = 0x2026;
const SPACE = 0x20;

/** `\s` of a regex, by code unit. */
function isSpaceCode(c: number): boolean {
  return (c >= 0x09 && c <= 0x0d) || c === 0x20 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** `[\w.-]`, by code unit. */
function isTokenCode(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === UNDERSCORE || c === DOT || c === 0x2d;
}

/** A leader ends at `q`: four dots, two ellipses, three ". " or four underscores right before it. */
function leaderEndsAt(s: string, q: number): boolean {
  const run = (code: number, n: number) => {
    if (q < n) return false;
    for (let k = q - n; k < q; k++) if (s.charCodeAt(k) !== code) return false;
    return true;
  };
  return run(DOT, 4) || run(ELLIPSIS, 2) || run(UNDERSCORE, 4) || (q >= 6 && s.slice(q - 6, q) === '. . . ');
}

/**
 * Legal forms that end a company name (a closed class), for signature blocks and party lines.
 * Case-sensitive: "a Delaware corporation" is a description, not a name.
 */
export const COMPANY_FORM =
  /(?<![\p{L}\p{N}])(?:GmbH|GMBH|AG|KG|Inc\.?|INC\.?|Incorporated|INCORPORATED|Corp\.?|CORP\.?|Corporation|CORPORATION|Co\.|CO\.|Company|COMPANY|Pty\.? Ltd\.?|Ltd\.?|LTD\.?|Limited|LIMITED|PLC|plc|L\.L\.C\.|LLC|L\.L\.P\.|LLP|L\.P\.|S\.A\.S\.?|SAS|S\.A\.R\.L\.|SARL|S\.A\.|S\.p\.A\.|S\.r\.l\.|B\.V\.|N\.V\.|A\/S|ApS|Oyj)(?![\p{L}\p{N}])/u;

/** Detects a heading or clause number at the start of `line`; null when the line is ordinary text. */
export function detectHeading(line: string): Heading | null {
  const start = line.search(/\S/);
  if (start < 0) return null;
  const end = trimmedEnd(line);
  const s = line.slice(start, end);
  if (endsWithDotLeader(s)) return null;
  const md = MARKDOWN.exec(s);
  if (md) return markdown(md, start, end);
  return detectPlain(s, start, end, line);
}

function detectPlain(s: string, start: number, end: number, line: string): Heading | null {
  let m: RegExpExecArray | null;
  if ((m = APPENDIX.exec(s))) return keyword('appendix', m, start, end, line, 0, 3, m[2] ?? null);
  if ((m = ARTICLE.exec(s))) {
    const num = (m[2] ?? '').replace(/er$/, '');
    const roman = ROMAN.test(num);
    return keyword('article', m, start, end, line, 1, roman ? 2 : 1, roman ? num : num.replace(/[\s.]/g, ''));
  }
  const worded = wordKeyword(s);
  if (worded) {
    const { match, n } = worded;
    return /^section$/iu.test(match[1]!) ? keyword('section', match, start, end, line, numberRank(n), 1, n) : keyword('article', match, start, end, line, 1, 1, n);
  }
  if ((m = PART.exec(s))) return keyword('part', m, start, end, line, 1, 2, (m[2] ?? '').replace(/er$/, ''));
  if ((m = SECTION.exec(s))) {
    const num = m[2] ?? '';
    return keyword('section', m, start, end, line, numberRank(num), 1, num.split('.')[0] ?? num);
  }
  if ((m = PARAGRAPH.exec(s))) return keyword('paragraph', m, start, end, line, 2, 1, m[2] ?? null);
  if ((m = SUBCLAUSE.exec(s)) || (m = SUBCLAUSE_CLOSE.exec(s))) return subclause(m, start, end, line);
  if ((m = NUMBERED.exec(s))) return numbered(m, start, end, line);
  if ((m = NUMBERED_GLUED.exec(s)) && (m[2] !== '' || m[3] === '.')) return numbered(m, start, end, line);
  // A lone "C." or "L." is a letter in a lettered list ("A. Product … C. Certificate of Analysis"),
  // as "A." and "B." are: no contract numbers a section 50 or 100 in one roman letter.
  if ((m = ROMAN_TITLED.exec(s)) && ROMAN.test(m[1] ?? '') && !LONE_LARGE_ROMAN.test(m[1] ?? '')) return romanTitled(m, start, end, line);
  return caps(s, start, end);
}

/** A keyword and an English number: a compound ("SECTION TWENTY-ONE") before a single word ("ARTICLE TWO PROJECT": the title follows). */
function wordKeyword(s: string): { readonly match: RegExpExecArray; readonly n: string } | null {
  for (const re of [KEYWORD_COMPOUND, KEYWORD_WORD]) {
    const match = re.exec(s);
    const n = match ? numberWord(match[2]!) : null;
    if (match && n !== null) return { match, n: String(n) };
  }
  return null;
}

function keyword(kind: HeadingKind, m: RegExpExecArray, start: number, end: number, line: string, rank: number, tier: OrdinalTier, ordinal: string | null): Heading | null {
  const labelEnd = start + m[0].length;
  const rest = parseRest(line, labelEnd, end, true, true);
  if (!rest) return null;
  const label = `${m[1]}${/[.§]$/.test(m[1] ?? '') && !m[0].includes(' ') ? '' : ' '}${(m[2] ?? '').trim()}`.replace(/\s+/g, ' ');
  return { kind, label, title: rest.title, ordinal, tier, rank, start, end: rest.end, titleIsRest: rest.titleIsRest, restStart: rest.restStart };
}

function numbered(m: RegExpExecArray, start: number, end: number, line: string): Heading | null {
  const label = `${m[1]}${m[2]}`;
  const depth = label.split('.').length;
  const after = line.slice(start + m[0].length, end).trim();
  // A bare integer alone on a line is a page number, not a clause.
  if (after === '' && depth === 1 && m[3] === '') return null;
  if (after !== '') {
    if (!STARTS_UPPER.test(after) || MONTH.test(after)) return null;
    // A row of figures ("1 Widget 5 10.00") is a table, not a clause.
    const firstTokens = after.split(/\s+/).slice(0, 4);
    if (firstTokens.filter((t) => /^[\d.,%$€£()-]+$/.test(t) && /\d/.test(t)).length >= 2) return null;
    if (depth === 1 && m[3] === '' && isAddress(after)) return null;
  }
  const rest = parseRest(line, start + m[0].length, end, true, false);
  if (!rest) return null;
  return { kind: 'numbered', label, title: rest.title, ordinal: m[1] ?? null, tier: 1, rank: numberRank(label), start, end: rest.end, titleIsRest: rest.titleIsRest, restStart: rest.restStart };
}

function numberRank(label: string): number {
  return Math.min(6, 1 + label.split('.').length);
}

function subclause(m: RegExpExecArray, start: number, end: number, line: string): Heading {
  const raw = m[1] ?? '';
  const form = m[0].startsWith('(') ? 'paren' : 'close';
  const rest = parseRest(line, start + m[0].length, end, false, false) ?? { title: null, end: start + m[0].length, titleIsRest: false, restStart: start + m[0].length };
  return { kind: 'subclause', label: m[0], title: rest.title, ordinal: raw, tier: null, rank: 5, start, end: rest.end, titleIsRest: rest.titleIsRest, restStart: rest.restStart, sub: { ...readSubclause(raw), form } };
}

/** Reads a sub-clause label: (a) letter, (iv) roman, (A), (IV), (1); (i)/(v)/(x) carry both readings. */
function readSubclause(raw: string): { style: SubclauseStyle; value: number; alt?: { style: SubclauseStyle; value: number } } {
  if (/^\d+$/.test(raw)) return { style: 'digit', value: Number(raw) };
  const upper = raw === raw.toUpperCase();
  const letter: SubclauseStyle = upper ? 'upper' : 'lower';
  const roman: SubclauseStyle = upper ? 'upper-roman' : 'lower-roman';
  const lower = raw.toLowerCase();
  const letterValue = lower.length === 1 ? lower.charCodeAt(0) - 96 : lower[0] === lower[1] ? 26 + lower.charCodeAt(0) - 96 : NaN;
  if (lower.length === 1 && /[ivx]/.test(lower)) return { style: roman, value: romanValue(lower), alt: { style: letter, value: letterValue } };
  if (lower.length > 1 && ROMAN.test(lower)) return { style: roman, value: romanValue(lower) };
  return { style: letter, value: Number.isNaN(letterValue) ? 0 : letterValue };
}

export function romanValue(s: string): number {
  const v: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };
  let total = 0;
  const t = s.toLowerCase();
  for (let i = 0; i < t.length; i++) {
    const cur = v[t[i] ?? ''] ?? 0;
    const next = v[t[i + 1] ?? ''] ?? 0;
    total += cur < next ? -cur : cur;
  }
  return total;
}

function romanTitled(m: RegExpExecArray, start: number, end: number, line: string): Heading | null {
  const after = line.slice(start + m[0].length, end);
  if (/\b\p{Lu}\.\s/u.test(after.slice(0, 40))) return null; // "I. Smith and J. Doe": initials
  const rest = parseRest(line, start + m[0].length, end, true, false);
  if (!rest || rest.title === null) return null;
  const num = m[1] ?? '';
  return { kind: 'roman', label: num, title: rest.title, ordinal: num, tier: 2, rank: 1, start, end: rest.end, titleIsRest: rest.titleIsRest, restStart: rest.restStart };
}

/**
 * The rest of a line after a bare number reads as a street address: capitalised words and
 * numbers only, with a number after the first word (a suite, a street or postal number:
 * "Dresher Road, Suite 100", "West 42nd Street", "Main Street, Springfield, IL 60446").
 */
function isAddress(after: string): boolean {
  const words = after.replace(/[,.]/g, ' ').split(/\s+/).filter(Boolean);
  if (words.length < 2) return false;
  if (!words.every((w) => /^[\p{Lu}\d#]/u.test(w) || /^\p{Ll}{1,3}$/u.test(w))) return false;
  return words.slice(1).some((w) => /\d/.test(w));
}

/**
 * A status stamp on a line of its own ("CONFIDENTIAL", "Draft", "EXECUTION COPY", "Execution
 * Version", "Exhibit 10.13"): marks the copy, names no section and no document.
 */
const STATUS_STAMP =
  /^(?:strictly\s+|highly\s+|streng\s+|strictement\s+)?(?:confidential|private\s*(?:&|and)\s*confidential|privileged(?:\s*(?:&|and)\s*confidential)?|draft|execution\s+(?:version|copy)|final|conformed\s+copy|vertraulich|confidentiel(?:le)?|confidencial|riservato|vertrouwelijk|entwurf|projet|borrador|bozza|concept|rascunho|exhibit\s+[\d.]+|anlage\s+[\d.]+)\b[\s\p{P}\d]*$/iu;

/**
 * A section path inside an attachment: its outermost heading is an exhibit's, a schedule's, an
 * annex's or an appendix's ("EXHIBIT G CONFIDENTIALITY AGREEMENT", "Schedule 2", "Anlage 1").
 */
export function isAttachmentPath(sectionPath: readonly string[]): boolean {
  const outer = sectionPath[0];
  return outer !== undefined && APPENDIX.test(outer.trim());
}

export function isStatusStamp(line: string): boolean {
  return STATUS_STAMP.test(line.trim());
}

/** A sum of money: a currency sign or code beside a figure, or a figure and a currency's name. */
const CAPS_AMOUNT = /[$€£¥]\s?\d|\d\s?[$€£¥]|\b(?:USD|EUR|GBP|CHF|JPY)\s?\d|(?<![\d,.])\d[\d,.]*\s*\)?\s*(?:DOLLARS|EUROS|POUNDS|FRANCS)\b|\b(?:DOLLARS|EUROS|POUNDS|FRANCS)\s*\(\s*[$€£¥]?\s?\d/u;

function caps(s: string, start: number, end: number): Heading | null {
  if (s.length < 4 || s.length > 80 || /\p{Ll}/u.test(s) || /[,;]$/.test(s)) return null;
  // A sentence in capitals (a disclaimer's line), not a title: several commas, an unclosed parenthesis.
  if ((s.match(/,/g) ?? []).length >= 2 || (s.match(/\(/g) ?? []).length !== (s.match(/\)/g) ?? []).length) return null;
  // A company name (a signature block, a party line) is not a section, nor a stamp ("EXECUTION COPY").
  if (COMPANY_FORM.test(s) || isStatusStamp(s)) return null;
  // An amount spelled out in capitals, as a price is set on its own line after "… will be:"
  // ("TWO HUNDRED THOUSAND EUROS (200,000 €)", a translated outsourcing agreement), is not a title.
  if (CAPS_AMOUNT.test(s)) return null;
  const words = s.split(/\s+/);
  if (words.length > 10) return null;
  const letters = (s.match(/\p{Lu}/gu) ?? []).length;
  const visible = s.replace(/\s+/g, '').length;
  if (letters < 4 || letters / visible < 0.6 || !words.some((w) => (w.match(/\p{Lu}/gu) ?? []).length >= 3)) return null;
  const title = s.replace(/[.:]$/, '').replace(/\s+/g, ' ');
  return { kind: 'caps', label: '', title, ordinal: null, tier: null, rank: 2, start, end, titleIsRest: true, restStart: start };
}

function markdown(m: RegExpExecArray, start: number, end: number): Heading | null {
  const raw = m[2] ?? '';
  const content = raw.trim();
  return headingOfLevel(content, (m[1] ?? '#').length, start, end, start + (m[0].indexOf(raw) + raw.indexOf(content)));
}

/**
 * A line the source format marks as a heading of `level` (Word's Heading 2, HTML h2): read
 * like the markdown heading "## line", without the marker. Null for a blank line or a paragraph
 * in a heading style.
 */
export function markedHeading(line: string, level: number): Heading | null {
  const start = line.search(/\S/);
  if (start < 0) return null;
  const end = trimmedEnd(line);
  return headingOfLevel(line.slice(start, end), level, start, end, start);
}

/** `content` starts at `offset` of the text; the heading line spans start..end. */
function headingOfLevel(content: string, level: number, start: number, end: number, offset: number): Heading | null {
  if (content === '') return null;
  const inner = detectPlain(content, 0, content.length, content);
  if (inner !== null && inner.kind !== 'caps') {
    // A styled heading holding a whole clause ("2.2 Support. During …"): the label and its short
    // title are the heading, the rest of the line is body text.
    const whole = inner.end >= content.length;
    return {
      kind: 'markdown',
      label: inner.label,
      title: inner.title,
      ordinal: inner.ordinal,
      tier: inner.tier,
      rank: level,
      start,
      end: whole ? end : offset + inner.end,
      titleIsRest: false,
      restStart: whole ? end : offset + inner.restStart,
    };
  }
  // Without a label, a styled line of several sentences is a paragraph in a heading style.
  if (content.length > 200 || /\p{Ll}{2}[.;!?]\s+\p{L}/u.test(content)) return null;
  return { kind: 'markdown', label: '', title: content.replace(/\s+/g, ' '), ordinal: null, tier: null, rank: level, start, end, titleIsRest: false, restStart: end };
}

interface Rest {
  readonly title: string | null;
  readonly end: number;
  readonly titleIsRest: boolean;
  readonly restStart: number;
}

/**
 * What follows a label: a title ("Limitation." then body, or the whole short rest of the line)
 * and where the heading ends. `strict` rejects a rest that starts in lower case ("Section 5.2 of
 * this Agreement" is a reference, not a heading). `lenient` (keyword headings) takes any short
 * rest without sentence punctuation as a title ("§ 5 Kündigung des Vertrages durch den Mieter").
 */
function parseRest(line: string, pos: number, end: number, strict: boolean, lenient: boolean): Rest | null {
  let p = pos;
  while (p < end && /[\s.:\-–—]/.test(line[p] ?? '')) p++;
  if (p >= end) return { title: null, end, titleIsRest: false, restStart: end };
  const rest = line.slice(p, end);
  if (strict && !STARTS_UPPER.test(rest)) return null;
  const headEnd = trimmedEnd(line.slice(0, p));
  // "Limitation. Neither party …" / "Payment – The Customer …"
  const sep = /(?:[.:]|\s[–—-])\s+(?=\S)/.exec(rest.slice(0, 120));
  if (sep) {
    const piece = rest.slice(0, sep.index).trim();
    if (wordCount(piece) <= 8 && isTitleLike(piece) && !/\b\p{L}$/u.test(piece)) {
      const sepEnd = p + sep.index + sep[0].trimEnd().length;
      return { title: piece, end: sepEnd, titleIsRest: false, restStart: p };
    }
  }
  const whole = rest.replace(/[.:]$/, '').trim();
  const sentenceLike = /[.;!?,](?:\s|$)/.test(whole) || /[,;]$/.test(rest);
  // "Quality Agreement; Product Complaints and Recalls", "Shipment, Delivery and Risk of Loss":
  // a title in Title Case may hold ";" and ",", a sentence may not.
  const titleWithParts = !/[.!?](?:\s|$)/.test(whole) && !/[,;]$/.test(rest) && isTitleLike(whole, false);
  if ((!sentenceLike || titleWithParts) && wordCount(whole) <= 12 && (isTitleLike(whole) || (lenient && STARTS_UPPER.test(whole)))) {
    return { title: whole.replace(/\s+/g, ' '), end, titleIsRest: true, restStart: p };
  }
  return { title: null, end: headEnd, titleIsRest: false, restStart: p };
}

/** A short phrase that reads as a title: ALL CAPS, Title Case, or (when `allowShort`) at most three words. */
export function isTitleLike(s: string, allowShort = true): boolean {
  const words = s.split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.length > 12) return false;
  const firstLetter = /\p{L}/u.exec(s)?.[0];
  if (!firstLetter || /\p{Ll}/u.test(firstLetter)) return false;
  if (!/\p{Ll}/u.test(s)) return true;
  if (words.every((w) => (w.match(/\p{L}/gu) ?? []).length < 4 || /^[^\p{L}]*[\p{Lu}\p{Lt}]/u.test(w))) return true;
  return allowShort && words.length <= 3;
}

function wordCount(s: string): number {
  return s.split(/\s+/).filter(Boolean).length;
}

function trimmedEnd(s: string): number {
  let e = s.length;
  while (e > 0 && /\s/.test(s[e - 1] ?? '')) e--;
  return e;
}
