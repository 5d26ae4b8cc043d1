import { describe, expect, it } from 'vitest';
import { wordsFromTsv } from '../../../src/ocr/words';

const row = (level: number, block: number, par: number, line: number, word: number, box: [number, number, number, number], conf: number, text: string) =>
  [level, 1, block, par, line, word, ...box, conf, text].join('\t');

describe('wordsFromTsv', () => {
  it('keeps the words (level 5) with their boxes and a line number per printed line', () => {
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      row(1, 0, 0, 0, 0, [0, 0, 1700, 2200], -1, ''),
      row(4, 1, 1, 1, 0, [200, 200, 600, 40], -1, ''),
      row(5, 1, 1, 1, 1, [200, 200, 90, 40], 96, '12.'),
      row(5, 1, 1, 1, 2, [300, 200, 300, 40], 95, 'TERMINATION'),
      row(5, 1, 2, 1, 1, [200, 300, 120, 30], 91, 'Either'),
      row(5, 1, 2, 1, 2, [330, 300, 80, 30], 40, '   '),
      row(5, 1, 2, 2, 1, [200, 340, 100, 30], 93, 'party'),
    ].join('\n');
    expect(wordsFromTsv(tsv)).toEqual([
      { text: '12.', x0: 200, y0: 200, x1: 290, y1: 240, line: 0 },
      { text: 'TERMINATION', x0: 300, y0: 200, x1: 600, y1: 240, line: 0 },
      { text: 'Either', x0: 200, y0: 300, x1: 320, y1: 330, line: 1 },
      { text: 'party', x0: 200, y0: 340, x1: 300, y1: 370, line: 2 },
    ]);
  });

  it('gives no words for no output', () => {
    expect(wordsFromTsv(null)).toEqual([]);
    expect(wordsFromTsv('')).toEqual([]);
  });
});
