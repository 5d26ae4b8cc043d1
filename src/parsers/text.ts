/**
 * Plain text and Markdown: one page, unless the text contains form feeds (\f), which split
 * pages the way printers do. Line endings become "\n". Environment-neutral.
 */
import { AbortedError } from '../core/errors';
import type { ParsedItem } from '../core/ports';

export type TextFlavour = 'text' | 'markdown';

export const TEXT_MEDIA_TYPES: Readonly<Record<TextFlavour, string>> = { text: 'text/plain', markdown: 'text/markdown' };

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

/** Yields `info` then one item per page. The caller has decoded the bytes. */
export async function* parseText(text: string, flavour: TextFlavour, fileName: string, signal?: AbortSignal): AsyncGenerator<ParsedItem> {
  const pages = splitTextPages(text);
  const title = flavour === 'markdown' ? markdownTitle(text) : plainTextTitle(text);
  yield { kind: 'info', info: { pages: pages.length, title, mediaType: TEXT_MEDIA_TYPES[flavour] } };
  for (let i = 0; i < pages.length; i++) {
    if (signal?.aborted) throw new AbortedError(`parsing ${fileName}`);
    yield { kind: 'page', page: { page: i + 1, text: pages[i]!, ocr: false, confidence: null, needsOcr: false } };
  }
}
