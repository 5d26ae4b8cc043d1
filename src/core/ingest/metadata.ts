/**
 * Document metadata from its (cleaned) pages: a title, the names it goes by, its parties and
 * defined terms. Run it on the output of cleanPages, so running headers are not taken for titles.
 *
 * Title: the PDF metadata title when it is meaningful (not "Microsoft Word - x.docx", not a file
 * name or the file's own name, not "Untitled"/"Document1", not only digits and signs, not a
 * machine id), else the first heading-like line of the first two pages: a markdown heading
 * (without the #s), an ALL-CAPS line (with the ALL-CAPS lines that continue it), a Title Case
 * line standing alone, or a short line standing alone as the very first line ("Conditions
 * générales de vente"). Status stamps ("CONFIDENTIAL", "Draft", "Execution Version") are
 * skipped; a clause heading ("1. Definitions", "Article 1", "§ 1") ends the search; else null.
 * The title is the document's own, not what a filing or a party line puts above it: a legend in
 * capitals ("THE SYMBOL "****" DENOTES PLACES WHERE PORTIONS … HAVE BEEN OMITTED. …": a run of
 * capital lines that is a sentence), a line that continues a sentence begun on the line before
 * ("… filed separately with the / Securities and Exchange Commission pursuant to Rule 406 …"),
 * and a company name ("WATCHGUARD TECHNOLOGIES, INC." above "DISTRIBUTOR AGREEMENT") are skipped.
 */
import { extractAliases, type AliasOptions } from './aliases';
import { COMPANY_FORM, detectHeading, isStatusStamp } from './headings';
import { extractIdentity, type DocumentIdentity } from './identity';
import { isPartyName } from './identity/parties';
import { isTitleLine } from './identity/title';
import { documentNounStrength } from './identity/nouns';

export interface MetadataPage {
  readonly page: number;
  readonly text: string;
}

export interface MetadataSource {
  readonly fileName: string;
  readonly pdfTitle?: string | null | undefined;
  /** The running headers and footers cleanPages removed (digits as "#"). */
  readonly runningHeads?: readonly string[] | undefined;
}

export interface DocumentMetadata {
  readonly title: string | null;
  /** Names and abbreviations identifying the document or its parties (long and short forms). */
  readonly aliases: string[];
  /** Party names, long form. */
  readonly parties: string[];
  /** Terms the document defines ("Agreement", "Effective Date", "Supplier", …). */
  readonly definedTerms: string[];
  /** Title, parties with their short names and roles, brands, kind, effective date (identity/). */
  readonly identity: DocumentIdentity;
}

/** Aliases kept per document (names of the parties and brands first, then defined abbreviations). */
const MAX_ALIASES = 24;

export interface MetadataOptions extends Omit<AliasOptions, 'partyChars'> {
  /** Pages searched for parties (default 10). */
  readonly partyPages?: number;
  /** Pages searched for a title line (default 2). */
  readonly titlePages?: number;
}

export function extractMetadata(pages: readonly MetadataPage[], source: MetadataSource, options: MetadataOptions = {}): DocumentMetadata {
  const partyPages = options.partyPages ?? 10;
  const maxChars = options.maxChars ?? 1_000_000;
  // Pages joined with "\n" up to the scan limit; parties only in the first pages.
  let text = '';
  let partyChars = 0;
  for (let i = 0; i < pages.length && text.length < maxChars; i++) {
    text += (i > 0 ? '\n' : '') + (pages[i]?.text ?? '');
    if (i < partyPages) partyChars = text.length;
  }
  const found = extractAliases(text, { ...options, maxChars, partyChars });
  const identity = extractIdentity(pages);
  // A heading naming the kind of contract first; else a running head naming it; else the file's own title, else the first heading-like line.
  const title = identity.title ?? runningTitle(source.runningHeads ?? []) ?? meaningfulTitle(source.pdfTitle, source.fileName) ?? titleFromText(pages.slice(0, options.titlePages ?? 2));
  const parties = identity.parties.length > 0 ? identity.parties.map((p) => p.name) : found.parties.filter(isPartyName);
  const seen = new Set<string>();
  const aliases = [...identity.parties.flatMap((p) => [p.name, ...p.shortNames]), ...identity.brands, ...found.aliases].filter((a) => {
    const key = a.toLowerCase().replace(/[\s.]+/g, ' ').trim();
    if (key === '' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { title, aliases: aliases.slice(0, MAX_ALIASES), parties, definedTerms: found.definedTerms, identity: { ...identity, title } };
}

/**
 * A running head that names the kind of document ("License and Development Agreement" atop every
 * page after a cover whose text layer has no title): the title when the opening has none. Heads
 * with a number in them ("Page # of #", "Exhibit #") are not titles.
 */
export function runningTitle(heads: readonly string[]): string | null {
  for (const head of heads) {
    const text = head.replace(/\s+/gu, ' ').trim();
    if (!text.includes('#') && isTitleLine(text)) return text;
  }
  return null;
}

const FILE_EXTENSION = /\.(?:docx?|dotx?|pdf|rtf|odt|ott|txt|md|pages|xlsx?|pptx?|html?|xml|tex|wpd|eml|msg)$/i;
const PLACEHOLDER =
  /^(?:untitled(?: document)?|sans titre|document sans titre|ohne titel|unbenannt|sin t[íi]tulo|senza titolo|naamloos|sem t[íi]tulo|new document|nouveau document|neues dokument|document|dokument|documento|doc|title|titre|titel|presentation|powerpoint[- ]pr[äa]sentation|powerpoint presentation|slide)\s*[-_]?\s*\d*$/i;

/** The PDF metadata title, or null when it says nothing about the document. */
export function meaningfulTitle(raw: string | null | undefined, fileName: string): string | null {
  const t = (raw ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^["'“”„«»]+|["'“”„«»]+$/gu, '')
    .trim();
  if (t.length < 3 || t.length > 200) return null;
  if ((t.match(/\p{L}/gu) ?? []).length < 2) return null;
  if (/^(?:microsoft\s+)?(?:word|excel|powerpoint)\s+-\s/i.test(t)) return null;
  if (FILE_EXTENSION.test(t) || /^(?:[a-z]:\\|\\\\|\/|~\/|file:)/i.test(t)) return null;
  if (PLACEHOLDER.test(t)) return null;
  if (!t.includes(' ') && (/[_]/.test(t) || (/\d/.test(t) && t.length > 6))) return null;
  if (fileStem(t) === fileStem(fileName)) return null;
  return t;
}

function fileStem(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? name;
  return base
    .replace(FILE_EXTENSION, '')
    .toLowerCase()
    .replace(/[_\-.\s]+/g, ' ')
    .trim();
}

/** The first heading-like line of the first pages, or null. */
export function titleFromText(pages: readonly MetadataPage[]): string | null {
  const lines: { text: string; page: number; blankAfter: boolean }[] = [];
  for (const p of pages) {
    const raw = p.text.split('\n');
    for (let i = 0; i < raw.length; i++) {
      const text = (raw[i] ?? '').trim();
      if (text === '') continue;
      const next = raw[i + 1];
      lines.push({ text, page: p.page, blankAfter: next === undefined || next.trim() === '' });
    }
  }
  let seen = 0;
  for (let i = 0; i < lines.length && seen < 40; i++) {
    const line = lines[i];
    if (!line) break;
    const s = line.text;
    const md = /^#{1,6}\s+(.+?)(?:\s+#+)?$/.exec(s);
    if (md) return tidy(md[1] ?? '');
    if (isStatusStamp(s) || !/\p{L}.*\p{L}/u.test(s) || /^[\p{N}\p{P}\p{S}\s]+$/u.test(s)) continue;
    seen++;
    const h = detectHeading(s);
    if (h && h.kind !== 'caps' && h.kind !== 'markdown') return null;
    const before = lines[i - 1];
    // The rest of a sentence from the line before (a legend wrapped over lines), or a party's name.
    if (before && !before.blankAfter && before.page === line.page && /[\p{Ll},]$/u.test(before.text)) continue;
    if (isCompanyName(s) || (ADDRESS_LINE.test(s) && documentNounStrength(s) === 0)) continue;
    if (isCapsTitle(s) && isLegend(lines, i)) {
      while (i + 1 < lines.length && !lines[i]!.blankAfter && lines[i + 1]!.page === line.page && isCapsLine(lines[i + 1]!.text) && !/[.!?]$/.test(lines[i]!.text)) i++;
      continue;
    }
    if (isCapsTitle(s)) {
      let title = s;
      for (let j = i + 1; j < lines.length && j <= i + 2; j++) {
        const next = lines[j];
        const prev = lines[j - 1];
        if (!next || !prev || prev.blankAfter || next.page !== line.page || /[.,;:]$/.test(prev.text)) break;
        if (!isCapsTitle(next.text) || /\d/.test(next.text) || title.length + next.text.length > 200) break;
        title += ` ${next.text}`;
      }
      return tidy(title);
    }
    const continues = !line.blankAfter && /^\p{Ll}/u.test(lines[i + 1]?.text ?? '');
    if (continues || /[,;:]$/.test(s) || /\.\s/.test(s) || s.length > 150) continue;
    const words = s.split(/\s+/);
    if (!/^\p{Lu}/u.test(s) || words.length > 14) continue;
    if (isTitleCase(words) || (seen === 1 && words.length <= 10 && !/\.$/.test(s))) return tidy(s);
  }
  return null;
}

/**
 * A street line of an address: a few words and a house number ("Alter Postplatz 2", "Avenida
 * Vereador José Diniz 3465", "Rue de la Paix 12b"), or a number before the street ("2929 E.
 * Commercial Blvd"). Under a party's name, never a title.
 */
const ADDRESS_LINE = /^(?:\p{Lu}[\p{L}'’.-]{0,30}(?:\s[\p{L}'’.-]{1,30}){0,5}\s\d{1,5}[a-z]?|\d{1,5}[a-z]?\s(?:[NSEW]\.?\s)?\p{Lu}[\p{L}'’.-]{0,30}(?:\s[\p{L}'’.,-]{1,30}){0,6})$/u;

/**
 * The capital lines from `i` on (same page, no blank line) read as a sentence, not a title: a
 * full stop inside them, or more words than a title has.
 */
function isLegend(lines: readonly { text: string; page: number; blankAfter: boolean }[], i: number): boolean {
  let run = lines[i]!.text;
  for (let j = i; j + 1 < lines.length && !lines[j]!.blankAfter && lines[j + 1]!.page === lines[i]!.page && isCapsLine(lines[j + 1]!.text) && !/[.!?]$/.test(lines[j]!.text); j++) {
    run += ` ${lines[j + 1]!.text}`;
  }
  return /\p{L}{2}[.!?]\s+\S/u.test(run) || run.split(/\s+/).length > 15 || (/\.$/.test(run) && run.split(/\s+/).length > 8);
}

function isCapsLine(s: string): boolean {
  return !/\p{Ll}/u.test(s) && (s.match(/\p{Lu}/gu) ?? []).length >= 4;
}

/** A company name standing alone ("WATCHGUARD TECHNOLOGIES, INC."): a party, not the title. */
function isCompanyName(s: string): boolean {
  const t = trimEndChars(s, '.,;:');
  return t.split(/\s+/).length <= 8 && new RegExp(`${COMPANY_FORM.source}$`, 'u').test(`${t}${/\.$/.test(s) ? '.' : ''}`);
}

/** `s` without the run of `chars` at its end (a loop: `/[.,;:]+$/` is quadratic on a long run that does not end the line). */
function trimEndChars(s: string, chars: string): string {
  let end = s.length;
  while (end > 0 && chars.includes(s[end - 1]!)) end--;
  return s.slice(0, end);
}

function isCapsTitle(s: string): boolean {
  const letters = (s.match(/\p{L}/gu) ?? []).length;
  if (letters < 4 || /\p{Ll}/u.test(s)) return false;
  if (s.length > 150 || s.split(/\s+/).length > 15 || /[,;:]$/.test(s)) return false;
  return letters / s.replace(/\s+/g, '').length >= 0.6;
}

function isTitleCase(words: readonly string[]): boolean {
  const long = words.filter((w) => (w.match(/\p{L}/gu) ?? []).length >= 4);
  if (long.length === 0) return false;
  return long.filter((w) => /^[^\p{L}]*\p{Lu}/u.test(w)).length / long.length >= 0.75;
}

function tidy(s: string): string | null {
  const t = s.replace(/\s+/g, ' ').replace(/[.:]$/, '').trim();
  return t.length >= 2 ? t : null;
}
