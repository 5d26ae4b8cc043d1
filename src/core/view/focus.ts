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

/** The marked words' range in `passageOnPage` (offsets into it), or null. */
export function focusInPassage(passageOnPage: string, focus: string): Range | null {
  if (focus.trim() === '' || passageOnPage.trim() === '') return null;
  const { ranges, coverage } = alignPassage(focus, [passageOnPage]);
  if (coverage < MIN_COVERAGE || ranges.length === 0) return null;
  return { start: Math.min(...ranges.map((r) => r.start)), end: Math.max(...ranges.map((r) => r.end)) };
}
