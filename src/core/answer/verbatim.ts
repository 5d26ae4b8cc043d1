/**
 * Is a quoted span verbatim in a passage? Both sides are normalised the same way first —
 * Unicode compatibility forms, every quotation mark and apostrophe to one character, dashes to
 * "-", "…" to "...", runs of whitespace to one space, soft hyphens and Markdown emphasis marks
 * ("**", "__") dropped — and then the quote
 * must occur as it is. Two liberties only, both about how a quote sits in a sentence, never about
 * its words: the first letter's case, and punctuation at its two ends. An ellipsis ("...",
 * "[...]", "(…)") marks an omission: each part must occur, in order.
 */

const QUOTE_CHARS = /['"\u2018\u2019\u201a\u201b\u2032\u0060\u00b4\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb\u2039\u203a]/g;
const DASHES = /[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g;
const SPACES = /[\s\u00a0\u2000-\u200b\u202f\u205f\u3000\ufeff]+/g;
const ELLIPSIS = /\s*(?:\[\s*\.\.\.\s*\]|\(\s*\.\.\.\s*\)|\.\.\.)\s*/;
const EDGE_PUNCTUATION = /^[\s.,;:!?'()[\]-]+|[\s.,;:!?'()[\]-]+$/g;

function normalizeVerbatim(text: string): string {
  return text.normalize('NFKC').replace(/\u00ad|\*\*|__/g, '').replace(QUOTE_CHARS, "'").replace(DASHES, '-').replace(/\u2026/g, '...').replace(SPACES, ' ').trim();
}

/** The parts of a quote between omission marks, each with its edge punctuation removed. */
export function quoteParts(quote: string): string[] {
  return normalizeVerbatim(quote)
    .split(ELLIPSIS)
    .map((p) => p.replace(EDGE_PUNCTUATION, ''))
    .filter((p) => /[\p{L}\p{N}]/u.test(p));
}

function swapFirstCase(s: string): string {
  const first = s[0] ?? '';
  const swapped = first === first.toLowerCase() ? first.toUpperCase() : first.toLowerCase();
  return swapped + s.slice(1);
}

/** Position after `part` in `haystack` at or after `from`, or -1. */
function findPart(haystack: string, part: string, from: number): number {
  for (const candidate of [part, swapFirstCase(part)]) {
    const at = haystack.indexOf(candidate, from);
    if (at >= 0) return at + candidate.length;
  }
  return -1;
}

/** Whether `quote` occurs verbatim in `passage` (see above). A quote with no words is not verifiable. */
export function isVerbatim(quote: string, passage: string): boolean {
  const parts = quoteParts(quote);
  if (parts.length === 0) return false;
  const haystack = normalizeVerbatim(passage);
  let at = 0;
  for (const part of parts) {
    at = findPart(haystack, part, at);
    if (at < 0) return false;
  }
  return true;
}

/**
 * Where a quote begins in a passage: the offset of its first words (up to eight, in order, any
 * spacing or punctuation between them, any case), or -1 when they are not there.
 */
export function quoteStart(quote: string, passage: string): number {
  const words = (quoteParts(quote)[0] ?? '').match(/[\p{L}\p{N}]+/gu)?.slice(0, 8) ?? [];
  if (words.length === 0) return -1;
  return new RegExp(words.join('[^\\p{L}\\p{N}]+'), 'iu').exec(passage)?.index ?? -1;
}
