/**
 * A table of contents run into one passage ("13.1 Force Majeure. 68 13.2 Change in Control of
 * Harpoon. 68 13.3 Export Control. 69 …"): section numbers, titles and page numbers one after
 * another, with no clause text. Such a passage names clause kinds without being a clause, so it
 * is no clause of any kind (clauses/classifier.ts): no scan flag, no clause kind of a contract
 * rests on it. Dot leaders are read line by line elsewhere (ingest/headings.ts, answer/quote-kind.ts).
 */

/**
 * One entry: a section number, a title of a few words, a page number; the title may follow a
 * dotted number without a space, as text extraction leaves it ("2.10Change Order 2"). Bounded
 * (a title is at most 90 characters), so linear in the text.
 */
const ENTRY = /(?:^|\s)(?:(?:article|section|clause)\s+)?(?:\d+(?:\.\d+)*\.?|[IVXLC]+\.?)(?:\s+|(?<=\.\d{1,3})(?=\p{Lu}))[^.\n]{2,90}?\.?\s+(\d{1,3})(?=\s|$)/giu;
/** The same on one line of a contents page, where a title may run longer ("17.3.2 Termination by FMI for Breach …; Termination by Roche Without Cause … 54"). */
const LINE_ENTRY = /(?:^|\s)(?:(?:article|section|clause)\s+)?(?:\d+(?:\.\d+)*\.?|[IVXLC]+\.?)(?:\s+|(?<=\.\d{1,3})(?=\p{Lu}))[^.\n]{2,200}?\.?\s+(\d{1,3})(?=\s|$)/giu;
/**
 * At least this many entries, covering this share of the text, their page numbers rising; a
 * short piece of a contents page split off by the sections it names ("5.8 Exclusivity with
 * Respect to the Territory. 35 5.9 In-License Agreements. 35 ARTICLE 6 36 PAYMENTS AND RECORDS
 * 6.1 Upfront Payment. 36") has three, covering more of it. Over the 6,147 passages of the
 * corpus-large training contracts, 3 entries covering ≥ 0.65 are 8 more pieces of contents
 * pages and nothing else (2 entries: clauses that cite articles).
 */
const MIN_ENTRIES = 4;
const MIN_COVERED = 0.6;
const FEW_ENTRIES = 3;
const FEW_COVERED = 0.65;
const MIN_RISING = 0.8;

export function isContentsPassage(text: string): boolean {
  if (text.length < 40) return false;
  let entries = 0;
  let covered = 0;
  let rising = 0;
  let last = -1;
  for (const m of text.matchAll(ENTRY)) {
    entries++;
    covered += m[0].length;
    const page = Number(m[1]);
    if (last >= 0 && page >= last) rising++;
    last = page;
  }
  const share = covered / text.length;
  const enough = (entries >= MIN_ENTRIES && share >= MIN_COVERED) || (entries >= FEW_ENTRIES && share >= FEW_COVERED);
  return enough && rising >= MIN_RISING * (entries - 1);
}

/** The title of a table of contents, alone or with its first entries on the same line ("TABLE OF CONTENTS Page ARTICLE 1 …"). */
const CONTENTS_TITLE = /^(?:table\s+of\s+contents?|contents|index|inhaltsverzeichnis|inhaltsübersicht|table\s+des\s+matières|sommaire)(?:\s+(?:page|seite)s?)?(?=\s|$)/iu;
/** A roman page number after the last entry, a word of its own ("… 14.14 Compliance with Laws 24 -iii-"). */
const ROMAN_FOLIO = /^[-–—]?[ivx]{1,5}[-–—]?$|^[-–—]$/u;
/** Entries cover at least this share of a contents line (the rest is stray marks). */
const LINE_COVERED = 0.85;
/** No line of a table of contents is longer (a longer one is not read at all). */
const MAX_CONTENTS_LINE = 2_000;

export function isContentsTitle(line: string): boolean {
  return CONTENTS_TITLE.test(line.trim());
}

/**
 * A line's words, one space apart, without a contents title before them or a roman page number
 * after them. Splitting on whitespace first keeps every pattern here linear: nothing backtracks
 * over a long run of spaces, as PDF text has between a title and its page number.
 */
function contentsWords(line: string): string {
  const words = line.split(/\s+/u).filter((w) => w.length > 0);
  while (words.length > 1 && ROMAN_FOLIO.test(words[words.length - 1]!)) words.pop();
  return words.join(' ').replace(CONTENTS_TITLE, '').trim();
}

/**
 * One line of a table of contents without dot leaders: entries (a section number, a title, a
 * page number) and nothing else — "ARTICLE 14 MISCELLANEOUS 18", "1.1 “Acceptance Criteria” 5",
 * "3.1 Price 2 3.2 Purchase Orders 2 3.3 Delivery 3". Alone such a line could be a heading with
 * a number after it; layout.ts reads it as contents only in a run of them (or under a contents
 * title), where a heading's page number is what it is.
 */
export function isContentsLine(line: string): boolean {
  if (line.length > MAX_CONTENTS_LINE) return false;
  const t = contentsWords(line);
  if (t.length < 4) return false;
  let covered = 0;
  let end = 0;
  for (const m of t.matchAll(LINE_ENTRY)) {
    covered += m[0].length;
    end = (m.index ?? 0) + m[0].length;
  }
  return end === t.length && covered >= LINE_COVERED * t.length;
}

/** The page number a contents line ends with (a roman folio after it left out), NaN if none. */
export function contentsPage(line: string): number {
  if (line.length > MAX_CONTENTS_LINE) return NaN;
  const last = contentsWords(line).split(' ').pop() ?? '';
  return /^\d{1,3}$/u.test(last) ? Number(last) : NaN;
}
