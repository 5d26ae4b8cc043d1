/**
 * Page text cleaning, applied after extraction and before chunking (one pass over a document).
 *
 * Rules (all decided on lines; nothing is reflowed, reordered or rewritten except the two
 * edits below, so tables, captions, blank-line paragraphs and the extractor's column order stay):
 *
 * 1. Running headers and footers. The first and last `edgeLines` (3) non-empty lines of each page
 *    are keyed (trimmed, case kept, whitespace collapsed, digit runs and lower-case roman
 *    numerals → "#"). A key seen on at least `minShare` (45 %: half the pages, less an unnumbered
 *    cover page, so that running heads alternating between odd and even pages count) of the pages
 *    with text, and on at least `minPages` (3) pages, is a running header/footer; its lines are removed wherever they
 *    sit in an edge zone. So a heading that appears once is never removed, body text is never
 *    looked at, and "Page 3 of 12" ~ "Page 4 of 12". A key needs two letters (bare numbers are
 *    rule 2's business), and a line whose text varies between pages and reads as a clause heading
 *    ("Article 5" / "Article 6" at the top of each page) is kept.
 * 2. Page-number lines ("3", "- 3 -", "Page 3", "Page 3 of 12", "Seite 3 von 12", "3/12", "iii")
 *    are removed when they sit at the very top or bottom of a page (a number between dashes,
 *    "-4-", "- 4 -", wherever it sits: a filing whose printed pages do not match the PDF's has them
 *    mid-page), counting only lines removed
 *    by rule 1 as already gone. A line of dashes alone (an EDGAR filing's underline under a
 *    heading, a rule in a signature block or table) goes wherever it sits; dashes inside a line stay. A bare number must be plausible as a page label: within 20 of the
 *    page index, or at an offset from it shared by several pages. Upper-case roman numerals count
 *    only at the bottom ("IV" at the top is a part label).
 * 3. Words hyphenated across a line break (also across a page break, after rules 1-2) are joined:
 *    the continuation token moves up to the end of the previous line, the rest of its line stays.
 *      - soft hyphen (U+00AD): always joined without the hyphen;
 *      - the second part starts with a capital ("Franco-\nGerman", "Datenschutz-\nGrundverordnung"):
 *        joined with the hyphen kept;
 *      - otherwise the document decides: if it spells the word with a hyphen elsewhere more often
 *        than without, the hyphen stays ("non-\ncompete" → "non-compete"); if it spells it joined
 *        elsewhere, it is joined ("termi-\nnation" → "termination"); with no evidence, when both
 *        parts are words of the document (left part ≥ 3 letters) the hyphen stays ("third-\nparty"),
 *        else the word is joined (plain typesetting hyphenation);
 *      - never when either part is not letters ("Section 5-\n2"), across a blank line, or on a
 *        line that looks like a table row (a tab, two pipes, or two runs of 2+ spaces).
 * Pages where nothing was removed keep their text byte for byte (apart from rule 3).
 */
import { detectHeading } from './headings';
import type { MarkedHeading } from '../types';

export interface CleanPage {
  /** 1-based page number. */
  readonly page: number;
  readonly text: string;
  /** Headings the format marked on the page: passed through unchanged (see layout.ts). */
  readonly headings?: readonly MarkedHeading[] | undefined;
}

export interface CleanOptions {
  /** Non-empty lines at the top and at the bottom of a page that may be headers/footers. */
  readonly edgeLines?: number;
  /** Share of the pages with text a running header/footer must appear on. */
  readonly minShare?: number;
  /** Fewest pages a running header/footer must appear on. */
  readonly minPages?: number;
  readonly joinHyphens?: boolean;
}

export interface CleanReport {
  /** Non-empty lines removed (running headers/footers and page numbers). */
  readonly removedLines: number;
  /** The running header/footer patterns found, as first seen with digits as "#" ("Page # of #"). */
  readonly headerFooterPatterns: string[];
  /** Page-number-only lines among `removedLines`. */
  readonly pageNumberLines: number;
  /** Words joined across a line or page break. */
  readonly joinedHyphens: number;
}

export interface CleanResult {
  readonly pages: CleanPage[];
  readonly report: CleanReport;
}

interface PageLines {
  readonly page: number;
  lines: string[];
  /** Indices of removed lines. */
  readonly removed: Set<number>;
  /** Indices (into lines) of the non-empty lines in each edge zone. */
  readonly top: number[];
  readonly bottom: number[];
  /** The edge lines that may be running headers/footers (fewer on short pages). */
  readonly furniture: number[];
}

const PAGE_WORD = String.raw`(?:page|p\.|pg\.?|pp\.|seite|s\.|página|pág\.|pagina|pag\.|blatt|bladzijde|blz\.|folio|feuille|f\.)`;
const PAGE_OF = String.raw`(?:of|/|von|sur|de|di|van|da|\|)`;
/** "Page 3", "Page 3 of 12", "Seite 3 von 12", "Page iii" (case-insensitive). */
const WORDED_PAGE_NUMBER = new RegExp(String.raw`^[-–—]?\s*${PAGE_WORD}\s*(?:\d{1,4}|[ivxlc]{1,7})\s*(?:${PAGE_OF}\s*\d{1,4})?\s*[-–—]?$`, 'iu');
/** "3", "- 3 -", "[3]", "3/12", "3 of 12". Group 1 is the page label. */
const BARE_PAGE_NUMBER = new RegExp(String.raw`^(?:[-–—]\s*)?\[?(\d{1,4})\]?(?:\s*[-–—])?(?:\s*${PAGE_OF}\s*\d{1,4})?$`, 'iu');
/** "-2-", "- 2 -", "– 12 –": a printed page's number between dashes, which no clause text is. */
const DASHED_PAGE_NUMBER = /^[-–—]\s*\d{1,4}\s*[-–—]$/u;
/** A line of dashes alone: an EDGAR filing's underline ("Termination Period.\n------------------") or a rule. */
const DASH_RULE = /^(?:[-–—]\s+)*[-–—]{3,}(?:\s+[-–—]{3,})*$/u;
const ROMAN = /^(?=[mdclxvi])m{0,3}(?:cm|cd|d?c{0,3})(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})$/i;
const ROMAN_PAGE_NUMBER = /^(?:[-–—]\s*)?([ivxlc]{1,7}|[IVXLC]{1,7})(?:\s*[-–—])?$/u;

/** A word broken by a hyphen at the end of a line (matched from the start of a run of letters only: linear). */
const HYPHEN_END = /(?<!\p{L})(\p{L}+)([-\u00AD\u2010])[ \t\r]*$/u;
const WORD_START = /^\p{L}+/u;

export function cleanPages(pages: readonly CleanPage[], options: CleanOptions = {}): CleanResult {
  const edgeLines = options.edgeLines ?? 3;
  const docs: PageLines[] = pages.map((p) => splitPage(p, edgeLines));
  const withText = docs.filter((d) => d.top.length > 0).length;

  const patterns = findRunningPatterns(docs, withText, options.minShare ?? 0.45, options.minPages ?? 3);
  for (const d of docs) {
    for (const i of d.furniture) {
      if (patterns.has(furnitureKey(d.lines[i] ?? ''))) d.removed.add(i);
    }
  }
  const pageNumberLines = removePageNumbers(docs);
  for (const d of docs) {
    d.lines.forEach((line, i) => {
      if (DASH_RULE.test(line.trim())) d.removed.add(i);
    });
  }
  let removedLines = 0;
  for (const d of docs) removedLines += d.removed.size;

  const out = docs.map(compact);
  const joinedHyphens = options.joinHyphens === false ? 0 : joinHyphenation(out);
  return {
    pages: out.map((lines, i) => {
      const headings = pages[i]?.headings;
      return { page: docs[i]?.page ?? i + 1, text: lines.join('\n'), ...(headings ? { headings } : {}) };
    }),
    report: { removedLines, headerFooterPatterns: [...patterns.values()], pageNumberLines, joinedHyphens },
  };
}

function splitPage(p: CleanPage, edgeLines: number): PageLines {
  const lines = p.text.split('\n');
  const content: number[] = [];
  for (let i = 0; i < lines.length; i++) if ((lines[i] ?? '').trim() !== '') content.push(i);
  // For running headers/footers the zones shrink to a third of a short page's lines, so they
  // never meet in the middle and a short page's body is not mistaken for furniture.
  const furniture = Math.min(edgeLines, Math.floor(content.length / 3));
  return {
    page: p.page,
    lines,
    removed: new Set(),
    top: content.slice(0, edgeLines),
    bottom: content.slice(-edgeLines),
    furniture: [...content.slice(0, furniture), ...(furniture > 0 ? content.slice(-furniture) : [])],
  };
}

/**
 * Whitespace collapsed, digit runs and lower-case roman numerals as "#". Case is kept: a cover
 * title "MASTER SERVICES AGREEMENT" is not the running head "Master Services Agreement".
 */
export function furnitureKey(line: string): string {
  return line
    .trim()
    .replace(/\b[ivxl]{1,6}\b/g, (m) => (ROMAN.test(m) ? '#' : m))
    .replace(/\d+/g, '#')
    .replace(/\s+/g, ' ');
}

/** Keys of running headers/footers → the pattern as first seen (digits as "#"). */
function findRunningPatterns(docs: readonly PageLines[], withText: number, minShare: number, minPages: number): Map<string, string> {
  const seen = new Map<string, { pages: Set<number>; texts: Set<string>; first: string }>();
  docs.forEach((d, pageIndex) => {
    for (const i of new Set(d.furniture)) {
      const raw = (d.lines[i] ?? '').trim();
      if (raw.length > 200) continue;
      const key = furnitureKey(raw);
      if ((key.match(/\p{L}/gu) ?? []).length < 2) continue;
      let entry = seen.get(key);
      if (!entry) seen.set(key, (entry = { pages: new Set(), texts: new Set(), first: raw.replace(/\s+/g, ' ').replace(/\d+/g, '#') }));
      entry.pages.add(pageIndex);
      entry.texts.add(raw.replace(/\s+/g, ' '));
    }
  });
  const need = Math.max(minPages, Math.ceil(withText * minShare));
  const patterns = new Map<string, string>();
  for (const [key, entry] of seen) {
    if (entry.pages.size < need) continue;
    // "Article 5" on one page and "Article 6" on the next: clause headings, not furniture.
    if (entry.texts.size > 1 && isClauseHeading(entry.first.replace(/#/g, '1'))) continue;
    patterns.set(key, entry.first);
  }
  return patterns;
}

function isClauseHeading(line: string): boolean {
  const h = detectHeading(line);
  return h !== null && h.kind !== 'caps';
}

/** Removes page-number lines at the outer edges of each page; returns how many. */
function removePageNumbers(docs: readonly PageLines[]): number {
  // Bare numbers must sit near their page index, or at an offset several pages share.
  const offsets = new Map<number, number>();
  const bare = (d: PageLines, pageIndex: number, i: number): number | null => {
    const n = BARE_PAGE_NUMBER.exec((d.lines[i] ?? '').trim())?.[1];
    return n === undefined ? null : Number(n) - (pageIndex + 1);
  };
  docs.forEach((d, pageIndex) => {
    for (const i of new Set([...d.top, ...d.bottom])) {
      const off = bare(d, pageIndex, i);
      if (off !== null) offsets.set(off, (offsets.get(off) ?? 0) + 1);
    }
  });
  const sharedOffset = Math.max(2, Math.ceil(docs.length * 0.3));
  const isPageNumber = (d: PageLines, pageIndex: number, i: number, atBottom: boolean): boolean => {
    const s = (d.lines[i] ?? '').trim();
    if (WORDED_PAGE_NUMBER.test(s)) return true;
    const off = bare(d, pageIndex, i);
    if (off !== null) return Math.abs(off) <= 20 || (offsets.get(off) ?? 0) >= sharedOffset;
    const roman = ROMAN_PAGE_NUMBER.exec(s)?.[1];
    if (roman === undefined || !ROMAN.test(roman)) return false;
    return atBottom || roman === roman.toLowerCase();
  };

  let count = 0;
  docs.forEach((d, pageIndex) => {
    for (const [zone, atBottom] of [[d.top, false], [[...d.bottom].reverse(), true]] as const) {
      for (const i of zone) {
        if (d.removed.has(i)) continue;
        if (!isPageNumber(d, pageIndex, i, atBottom)) break;
        d.removed.add(i);
        count++;
      }
    }
    // A filing whose printed pages do not match the PDF's puts their numbers mid-page ("… which
    // form\n-4-\nshall include …"): a number between dashes alone on its line goes wherever it sits.
    for (let i = 0; i < d.lines.length; i++) {
      if (d.removed.has(i) || !DASHED_PAGE_NUMBER.test((d.lines[i] ?? '').trim())) continue;
      d.removed.add(i);
      count++;
    }
  });
  return count;
}

/** The page's lines without the removed ones; blank lines left at the edges or doubled by a removal go too. */
function compact(d: PageLines): string[] {
  if (d.removed.size === 0) return d.lines;
  const out: string[] = [];
  let afterRemoval = false;
  for (let i = 0; i < d.lines.length; i++) {
    const line = d.lines[i] ?? '';
    if (d.removed.has(i)) {
      afterRemoval = true;
      continue;
    }
    const blank = line.trim() === '';
    if (blank && afterRemoval && (out.length === 0 || (out[out.length - 1] ?? '').trim() === '')) continue;
    if (!blank) afterRemoval = false;
    out.push(line);
  }
  while (out.length > 0 && (out[out.length - 1] ?? '').trim() === '') out.pop();
  while (out.length > 0 && (out[0] ?? '').trim() === '') out.shift();
  return out;
}

export function isTableRow(line: string): boolean {
  if (line.includes('\t')) return true;
  if ((line.match(/\|/g) ?? []).length >= 2) return true;
  return (line.trim().match(/\S {2,}(?=\S)/g) ?? []).length >= 2;
}

interface HyphenSite {
  readonly page: number;
  readonly line: number;
  readonly nextPage: number;
  readonly nextLine: number;
  readonly left: string;
  readonly right: string;
  readonly hyphen: string;
}

/** Joins words hyphenated across line (and page) breaks in place; returns how many. */
function joinHyphenation(pages: string[][]): number {
  const sites = findHyphenSites(pages);
  if (sites.length === 0) return 0;
  const vocab = buildVocabulary(pages, sites.filter(needsEvidence));
  // Right to left, so that moving a token never shifts a site not yet handled.
  for (let s = sites.length - 1; s >= 0; s--) {
    const site = sites[s] as HyphenSite;
    const keepHyphen = site.hyphen !== '\u00AD' && decideKeepHyphen(site, vocab);
    const lines = pages[site.page] as string[];
    const nextLines = pages[site.nextPage] as string[];
    const next = nextLines[site.nextLine] ?? '';
    const lead = next.length - next.trimStart().length;
    const token = /^\S+/.exec(next.slice(lead))?.[0] ?? '';
    const rest = next.slice(lead + token.length).replace(/^[ \t]+/, '');
    const current = (lines[site.line] ?? '').replace(/(?<![ \t\r])[ \t\r]+$/, '');
    lines[site.line] = current.slice(0, current.length - 1) + (keepHyphen ? site.hyphen : '') + token;
    if (rest.trim() === '') nextLines.splice(site.nextLine, 1);
    else nextLines[site.nextLine] = next.slice(0, lead) + rest;
  }
  return sites.length;
}

/** A cheap test before the regex: the last non-blank character is a hyphen. */
function endsWithHyphen(line: string): boolean {
  let e = line.length - 1;
  while (e >= 0 && (line[e] === ' ' || line[e] === '\t' || line[e] === '\r')) e--;
  const c = line[e];
  return c === '-' || c === '\u00AD' || c === '\u2010';
}

function findHyphenSites(pages: readonly string[][]): HyphenSite[] {
  const sites: HyphenSite[] = [];
  for (let p = 0; p < pages.length; p++) {
    const lines = pages[p] as string[];
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] ?? '';
      if (!endsWithHyphen(line)) continue;
      const m = HYPHEN_END.exec(line.slice(-80));
      if (!m || isTableRow(line)) continue;
      let np = p;
      let ni = i + 1;
      if (ni >= lines.length) {
        // Across a page break: the first non-blank line of the next page.
        np = p + 1;
        const nextLines = pages[np];
        if (!nextLines) continue;
        ni = nextLines.findIndex((l) => l.trim() !== '');
        if (ni < 0) continue;
      }
      const next = pages[np]?.[ni] ?? '';
      if (next.trim() === '' || isTableRow(next)) continue;
      const right = WORD_START.exec(next.trimStart())?.[0];
      if (!right) continue;
      sites.push({ page: p, line: i, nextPage: np, nextLine: ni, left: m[1] ?? '', right, hyphen: m[2] ?? '-' });
    }
  }
  return sites;
}

interface Vocabulary {
  readonly words: Map<string, number>;
  readonly compounds: Map<string, number>;
}

/**
 * How often the document writes each part, the joined word and the hyphenated compound of the
 * break sites (lower case), not counting the sites themselves. Only those words are counted.
 */
function buildVocabulary(pages: readonly string[][], sites: readonly HyphenSite[]): Vocabulary {
  const words = new Map<string, number>();
  const compounds = new Map<string, number>();
  if (sites.length === 0) return { words, compounds };
  for (const s of sites) {
    const left = s.left.toLowerCase();
    const right = s.right.toLowerCase();
    words.set(left, 0);
    words.set(right, 0);
    words.set(left + right, 0);
    compounds.set(`${left}-${right}`, 0);
  }
  const text = pages.map((lines) => lines.join('\n')).join('\n').toLowerCase();
  for (const m of text.matchAll(/\p{L}+(?:[-\u2010]\p{L}+)*/gu)) {
    const token = m[0];
    if (token.includes('-') || token.includes('\u2010')) {
      const parts = token.split(/[-\u2010]/);
      const compound = parts.join('-');
      const c = compounds.get(compound);
      if (c !== undefined) compounds.set(compound, c + 1);
      for (const part of parts) {
        const w = words.get(part);
        if (w !== undefined) words.set(part, w + 1);
      }
    } else {
      const w = words.get(token);
      if (w !== undefined) words.set(token, w + 1);
    }
  }
  for (const s of sites) {
    for (const fragment of [s.left.toLowerCase(), s.right.toLowerCase()]) words.set(fragment, (words.get(fragment) ?? 0) - 1);
  }
  return { words, compounds };
}

const allCaps = (w: string): boolean => !/\p{Ll}/u.test(w);

/** "Franco-German", "Datenschutz-Grundverordnung": a capital after the break keeps the hyphen. */
function capitalCompound(site: HyphenSite): boolean {
  // ALL-CAPS text ("TERMI-\nNATION") goes by the evidence.
  return /^\p{Lu}/u.test(site.right) && !(allCaps(site.left) && allCaps(site.right));
}

function needsEvidence(site: HyphenSite): boolean {
  return site.hyphen !== '\u00AD' && !capitalCompound(site);
}

function decideKeepHyphen(site: HyphenSite, vocab: Vocabulary): boolean {
  if (capitalCompound(site)) return true;
  const left = site.left.toLowerCase();
  const right = site.right.toLowerCase();
  const hyphenated = vocab.compounds.get(`${left}-${right}`) ?? 0;
  const joined = vocab.words.get(left + right) ?? 0;
  if (hyphenated > joined) return true;
  if (joined > 0) return false;
  return left.length >= 3 && (vocab.words.get(left) ?? 0) > 0 && (vocab.words.get(right) ?? 0) > 0;
}
