/**
 * Plain text and Markdown: one page, unless the text contains form feeds (\f), which split
 * pages the way printers do. Line endings become "\n". Pages are capped like a PDF's
 * (budgets.ts maxPages): a text of 100,000 form feeds fails by name before it is split.
 * Environment-neutral.
 */
import { AbortedError } from '../core/errors';
import type { ParsedItem } from '../core/ports';
import { budgetError, DEFAULT_BUDGETS, formatCount } from './budgets';

export type TextFlavour = 'text' | 'markdown';

const TEXT_MEDIA_TYPES: Readonly<Record<TextFlavour, string>> = { text: 'text/plain', markdown: 'text/markdown' };

/** CRLF and lone CR become LF. */
export function normalizeNewlines(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/**
 * The pages of a text: split on form feeds; blank pages after the last form feed (a trailing
 * "\f" or "\f\n") are dropped, blank pages in the middle kept so numbering matches print.
 */
export function splitTextPages(text: string): string[] {
  const pages = normalizeNewlines(text).replace(/^\uFEFF/, '').split('\f');
  while (pages.length > 1 && pages[pages.length - 1]!.trim() === '') pages.pop();
  return pages;
}

/**
 * A Markdown file's YAML front matter ("---", "title: …", "slug: …", "---" at its very start):
 * metadata for a site generator, not text of the document. Only a block of `key: value`, list,
 * indented and empty lines counts, closed by "---" or "..." within its first 60 lines. Each line
 * fits one alternative in one way (they differ in their first character), so a block that never
 * closes fails in linear time.
 */
const FRONT_MATTER = /^\uFEFF?---[ \t]*\n((?:(?:[A-Za-z_][^:\n]*:[^\n]*|[ \t][^\n]*|- [^\n]*|)\n){0,60}?)(?:---|\.\.\.)[ \t]*(?:\n|$)/u;

/** The text without its front matter, and the front matter's title if it has one. */
function splitFrontMatter(text: string): { readonly body: string; readonly title: string | null } {
  const m = FRONT_MATTER.exec(normalizeNewlines(text));
  if (!m) return { body: text, title: null };
  const title = /^title:(.*)$/imu.exec(m[1]!)?.[1]?.trim().replace(/^["']|["']$/gu, '') ?? null;
  return { body: normalizeNewlines(text).slice(m[0].length), title: title ? cleanTitle(title) : null };
}

/** First ATX (`# Title`) or setext (`Title\n===`) level-1 heading of a Markdown text. */
export function markdownTitle(text: string): string | null {
  const lines = normalizeNewlines(text).split('\n');
  let inFence = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s{0,3}(```|~~~)/.test(line)) inFence = !inFence;
    if (inFence) continue;
    const atx = /^\s{0,3}#\s+(.+?)\s*#*\s*$/.exec(line);
    if (atx?.[1]) return cleanTitle(atx[1]);
    const next = lines[i + 1];
    if (line.trim() && next !== undefined && /^\s{0,3}=+\s*$/.test(next)) return cleanTitle(line);
  }
  return null;
}

/** First non-empty line of a plain text when it reads like a title (short, no sentence end). */
export function plainTextTitle(text: string): string | null {
  const first = normalizeNewlines(text)
    .split('\n')
    .find((l) => l.trim() !== '');
  if (!first) return null;
  const line = first.trim();
  if (line.length > 100 || /[.,;:]$/.test(line)) return null;
  return cleanTitle(line);
}

function cleanTitle(raw: string): string | null {
  const title = raw
    .replace(/[*_`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return title.length >= 2 ? title : null;
}

/** The number of pages `splitTextPages` gives, counted without splitting (form feeds before the last visible character, plus one). */
export function countTextPages(text: string): number {
  let last = text.length - 1;
  while (last >= 0 && /\s/.test(text[last]!)) last--;
  let pages = 1;
  for (let at = text.indexOf('\f'); at >= 0 && at < last; at = text.indexOf('\f', at + 1)) pages++;
  return pages;
}

/**
 * Markdown headings as one kind, each said once: a setext heading ("Title" over "====" or
 * "----") becomes an ATX one ("# Title", "## Title"), so its underline is not read as text; a
 * heading that repeats the heading right above it (assembled files often carry a file's own
 * title under the heading that introduces it: "### Article 1101" then "Article 1101 / ----") is
 * dropped, so a passage does not read "Article 1101 Article 1101". Fenced code is left alone.
 */
export function tidyMarkdown(text: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  let inFence = false;
  /** The text of the last heading, while only blank lines followed it. */
  let lastHeading: string | null = null;
  const key = (s: string) => s.replace(/[*_`]+/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s{0,3}(```|~~~)/.test(line)) inFence = !inFence;
    if (inFence) {
      out.push(line);
      lastHeading = null;
      continue;
    }
    const next = lines[i + 1];
    const setext = line.trim() !== '' && !/^\s{0,3}([#>*+-]|\d+[.)])\s/.test(line) && next !== undefined && /^\s{0,3}(=+|-{2,})\s*$/.test(next) ? (next.trim()[0] === '=' ? 1 : 2) : 0;
    const atx = /^\s{0,3}(#{1,6})\s+(.+?)(?:\s+#+)?\s*$/.exec(line);
    const heading = setext ? line.trim() : atx ? atx[2]! : null;
    if (heading !== null) {
      if (setext) i++; // the underline
      if (lastHeading !== null && key(heading) === lastHeading) continue;
      out.push(setext ? `${'#'.repeat(setext)} ${heading}` : line);
      lastHeading = key(heading);
      continue;
    }
    if (line.trim() !== '') lastHeading = null;
    out.push(line);
  }
  return out.join('\n');
}

/** Yields `info` then one item per page. The caller has decoded the bytes. */
export async function* parseText(text: string, flavour: TextFlavour, fileName: string, signal?: AbortSignal, maxPages = DEFAULT_BUDGETS.maxPages): AsyncGenerator<ParsedItem> {
  const count = countTextPages(text);
  if (count > maxPages) throw budgetError(fileName, 'maxPages', `the text has too many pages to read (${formatCount(count)} pages separated by form feeds; the limit is ${formatCount(maxPages)})`, { max: maxPages, actual: count });
  const front = flavour === 'markdown' ? splitFrontMatter(text) : { body: text, title: null };
  const pages = splitTextPages(front.body);
  const title = flavour === 'markdown' ? (markdownTitle(front.body) ?? front.title) : plainTextTitle(text);
  yield { kind: 'info', info: { pages: pages.length, title, mediaType: TEXT_MEDIA_TYPES[flavour] } };
  for (let i = 0; i < pages.length; i++) {
    if (signal?.aborted) throw new AbortedError(`parsing ${fileName}`);
    const page = flavour === 'markdown' ? tidyMarkdown(pages[i]!) : pages[i]!;
    yield { kind: 'page', page: { page: i + 1, text: page, ocr: false, confidence: null, needsOcr: false } };
  }
}
