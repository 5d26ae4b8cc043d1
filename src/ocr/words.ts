/**
 * The words of a page as Tesseract read them, from its TSV output (one row per layout element;
 * level 5 rows are words: block, paragraph, line and word numbers, left, top, width, height,
 * confidence, text). Only words with text are kept, in reading order, each with its box in the
 * image's pixels and a page-wide line number (block/paragraph/line changes start a new line).
 * The viewer draws a passage's highlight over these boxes (src/core/view/word-boxes.ts).
 * Environment-neutral.
 */
import type { OcrWord } from '../core/types';

const WORD_LEVEL = 5;

export function wordsFromTsv(tsv: string | null | undefined): OcrWord[] {
  if (!tsv) return [];
  const words: OcrWord[] = [];
  let lineKey = '';
  let line = -1;
  for (const row of tsv.split('\n')) {
    const cols = row.split('\t');
    if (cols.length < 12 || Number(cols[0]) !== WORD_LEVEL) continue; // other levels, or a header row
    const text = cols.slice(11).join('\t').trim();
    const [left, top, width, height] = [cols[6], cols[7], cols[8], cols[9]].map(Number) as [number, number, number, number];
    if (!text || ![left, top, width, height].every(Number.isFinite) || width < 0 || height < 0) continue;
    const key = `${cols[1]}.${cols[2]}.${cols[3]}.${cols[4]}`;
    if (key !== lineKey) {
      lineKey = key;
      line++;
    }
    words.push({ text, x0: left, y0: top, x1: left + width, y1: top + height, line });
  }
  return words;
}
