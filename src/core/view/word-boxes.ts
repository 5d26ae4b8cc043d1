/**
 * The boxes to draw over a page picture for a passage of its OCR text: the passage is aligned
 * with the words OCR read (align.ts), and the boxes of the words it covers are joined into one
 * rectangle per run of words on a line, as a highlighter pen would mark them. Coordinates are
 * the picture's pixels (PageLayout); callers scale them to whatever size they draw the picture.
 * Pure.
 */
import type { OcrWord, PageLayout } from '../types';
import { alignPassage } from './align';

export interface Box {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

export interface PassageBoxes {
  /** One box per run of covered words on a line, top to bottom. */
  readonly boxes: Box[];
  /** Indices of the covered words. */
  readonly words: number[];
  /** Share of the passage found among the words (align.ts `coverage`). */
  readonly coverage: number;
}

/**
 * The boxes of the words that hold `passage`. `hint` (0..1) is where the passage starts in the
 * page text, which tells repeated wording apart.
 */
export function passageBoxes(passage: string, layout: PageLayout, hint = 0): PassageBoxes {
  const words = layout.words;
  const { ranges, coverage } = alignPassage(passage, words.map((w) => w.text), { hint });
  const covered = ranges.map((r) => r.piece);
  return { boxes: mergeLineBoxes(covered.map((i) => words[i]!)), words: covered, coverage };
}

/** Joins consecutive words of one line into one box (words in reading order). */
export function mergeLineBoxes(words: readonly OcrWord[]): Box[] {
  const boxes: Box[] = [];
  let line: number | null = null;
  let box: { x0: number; y0: number; x1: number; y1: number } | null = null;
  let last: OcrWord | null = null;
  for (const w of words) {
    // A new box on another line, or where the run jumps back (a column, or words out of order).
    if (box && last && w.line === line && w.x0 >= last.x0) {
      box.x0 = Math.min(box.x0, w.x0);
      box.y0 = Math.min(box.y0, w.y0);
      box.x1 = Math.max(box.x1, w.x1);
      box.y1 = Math.max(box.y1, w.y1);
    } else {
      if (box) boxes.push(box);
      box = { x0: w.x0, y0: w.y0, x1: w.x1, y1: w.y1 };
      line = w.line;
    }
    last = w;
  }
  if (box) boxes.push(box);
  return boxes;
}
