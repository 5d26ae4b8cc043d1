/**
 * Where a flag's marked words (the words that read most as its clause kind: scan Evidence.focus)
 * sit in its passage's text on one page, so the viewer marks them inside the passage's highlight
 * as the flag card and the reports do. The words are looked up as the passage itself is
 * (align.ts: whitespace, hyphens and case folded), since the passage the viewer reads back may
 * have been re-read since the scan. Null when they are not on this page (a passage running over
 * a page break marks them on the page that holds them) or only partly found.
 */
import type { Range } from '../search/highlight';
import { alignPassage } from './align';

/** Share of the marked words that must be found in the passage's text on the page. */
const MIN_COVERAGE = 0.8;
/** Characters (spaces aside) a piece between ellipses needs to place the mark. */
const MIN_PIECE = 12;

/** An ellipsis where a quote left words out ("… a. Termination by Nexstar … within thirty (30) days …"). */
const ELLIPSIS = /\s*(?:…|\.\.\.|\[\s*(?:…|\.\.\.)\s*\])\s*/u;

/**
 * The marked words' range in `passageOnPage` (offsets into it), or null. Words quoted with parts
 * left out are looked up piece by piece and marked from the first piece to the last.
 */
export function focusInPassage(passageOnPage: string, focus: string): Range | null {
  if (passageOnPage.trim() === '') return null;
  const all = focus.split(ELLIPSIS).filter((p) => p.trim() !== '');
  // A word or two between ellipses could be found anywhere: the longer pieces place the mark.
  const long = all.filter((p) => p.replace(/\s+/gu, '').length >= MIN_PIECE);
  const pieces = long.length > 0 ? long : all;
  if (pieces.length === 0) return null;
  const found: Range[] = [];
  let hint = 0;
  for (const piece of pieces) {
    const { ranges, coverage } = alignPassage(piece, [passageOnPage], { hint });
    if (coverage < MIN_COVERAGE || ranges.length === 0) return null;
    const range = { start: Math.min(...ranges.map((r) => r.start)), end: Math.max(...ranges.map((r) => r.end)) };
    found.push(range);
    hint = range.end / passageOnPage.length;
  }
  return { start: Math.min(...found.map((r) => r.start)), end: Math.max(...found.map((r) => r.end)) };
}
