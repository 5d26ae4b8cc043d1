import { describe, expect, it } from 'vitest';
import type { OcrWord, PageLayout } from '../../../../src/core/types';
import { mergeLineBoxes, passageBoxes } from '../../../../src/core/view/word-boxes';

/** Words laid out left to right on lines 40 px apart, 10 px between words, 12 px per letter. */
function layout(lines: readonly string[]): PageLayout {
  const words: OcrWord[] = [];
  lines.forEach((line, n) => {
    let x = 100;
    for (const text of line.split(' ')) {
      words.push({ text, x0: x, y0: 100 + n * 40, x1: x + text.length * 12, y1: 130 + n * 40, line: n });
      x += text.length * 12 + 10;
    }
  });
  return { width: 1700, height: 2200, words };
}

describe('passageBoxes', () => {
  const page = layout(['12. TERMINATION', '12.1 Either party may terminate this Agreement', 'for convenience upon ninety (90) days notice.', '12.2 Upon termination the Customer shall pay', 'all undisputed invoices.']);

  it('draws one box per line of the passage, over exactly its words', () => {
    const r = passageBoxes('12.1 Either party may terminate this Agreement for convenience upon ninety (90) days notice.', page);
    expect(r.coverage).toBe(1);
    expect(r.boxes).toHaveLength(2);
    const line1 = page.words.filter((w) => w.line === 1);
    expect(r.boxes[0]).toEqual({ x0: line1[0]!.x0, y0: 140, x1: line1.at(-1)!.x1, y1: 170 });
    expect(r.boxes[1]!.y0).toBe(180);
    expect(r.words.every((i) => page.words[i]!.line === 1 || page.words[i]!.line === 2)).toBe(true);
  });

  it('starts mid-line where the passage does', () => {
    const r = passageBoxes('Upon termination the Customer shall pay all undisputed invoices.', page);
    const first = page.words.findIndex((w) => w.text === 'Upon');
    expect(r.words[0]).toBe(first);
    expect(r.boxes[0]!.x0).toBe(page.words[first]!.x0);
    expect(r.boxes).toHaveLength(2);
  });

  it('finds nothing for text that is not on the page', () => {
    expect(passageBoxes('governing law of Delaware', page)).toEqual({ boxes: [], words: [], coverage: 0 });
  });
});

describe('mergeLineBoxes', () => {
  it('starts a new box when the words jump back on the same line (another column)', () => {
    const w = (x0: number, text = 'w'): OcrWord => ({ text, x0, y0: 0, x1: x0 + 20, y1: 10, line: 0 });
    expect(mergeLineBoxes([w(10), w(40), w(5)])).toEqual([
      { x0: 10, y0: 0, x1: 60, y1: 10 },
      { x0: 5, y0: 0, x1: 25, y1: 10 },
    ]);
  });
});
