import { describe, expect, it } from 'vitest';
import { countNonSpace, layoutPage, type LayoutItem } from '../../../src/parsers/pdf-layout';

/** An item at (x, y) in a 12-point font, about 0.5 em per character. */
function item(str: string, x: number, y: number, o: { size?: number; eol?: boolean; width?: number } = {}): LayoutItem {
  const size = o.size ?? 12;
  return { str, transform: [size, 0, 0, size, x, y], width: o.width ?? str.length * size * 0.5, height: size, hasEOL: o.eol ?? false };
}

describe('layoutPage', () => {
  it('returns "" for no items', () => {
    expect(layoutPage([])).toBe('');
    expect(layoutPage([item('', 0, 0, { eol: true }), item('   ', 72, 700)])).toBe('');
  });

  it('breaks lines on hasEOL and on a baseline change', () => {
    const text = layoutPage([item('First line', 72, 700, { eol: true }), item('second line', 72, 686), item('third line', 72, 672)]);
    expect(text).toBe('First line\nsecond line\nthird line');
  });

  it('joins a word split into several items without a space', () => {
    const a = item('Agree', 72, 700);
    const b = item('ment', 72 + a.width, 700); // touching
    const c = item('s', 72 + a.width + b.width + 0.4, 700); // kerning-sized gap
    expect(layoutPage([a, b, c])).toBe('Agreements');
  });

  it('inserts one space where the gap is a space', () => {
    const a = item('Governing', 72, 700);
    const b = item('Law', 72 + a.width + 3, 700);
    expect(layoutPage([a, b])).toBe('Governing Law');
    // Items that carry their own space get no second one.
    const c = item('Section ', 72, 680);
    const d = item('12', 72 + c.width + 3, 680);
    expect(layoutPage([c, d])).toBe('Section 12');
  });

  it('handles pdf.js empty end-of-line markers', () => {
    expect(layoutPage([item('one', 72, 700), item('', 90, 700, { eol: true }), item('two', 72, 686)])).toBe('one\ntwo');
  });

  it('keeps a raised footnote marker on its line', () => {
    const a = item('the Services', 72, 700);
    const sup = item('1', 72 + a.width, 704, { size: 7 });
    const b = item('are provided', 72 + a.width + sup.width + 3, 700);
    expect(layoutPage([a, sup, b])).toBe('the Services1 are provided');
  });

  it('separates paragraphs by a blank line when the vertical gap is clearly larger', () => {
    const items = [
      item('12.1 The first paragraph runs', 72, 700, { eol: true }),
      item('over two lines.', 72, 686, { eol: true }),
      item('12.2 The second paragraph', 72, 662, { eol: true }), // 24 pt instead of 14
      item('also has two lines.', 72, 648, { eol: true }),
      item('12.3 A third one.', 72, 630), // 18 pt: still clearly more than 14
    ];
    expect(layoutPage(items)).toBe('12.1 The first paragraph runs\nover two lines.\n\n12.2 The second paragraph\nalso has two lines.\n\n12.3 A third one.');
  });

  it('keeps evenly spaced lines in one paragraph (double spacing too)', () => {
    const items = [0, 1, 2, 3].map((i) => item(`line ${i}`, 72, 700 - i * 24, { eol: true }));
    expect(layoutPage(items)).toBe('line 0\nline 1\nline 2\nline 3');
  });

  it('keeps pdf.js order for columns and starts a paragraph where the text jumps up', () => {
    const left = [item('Left column one', 72, 700, { eol: true }), item('left column two', 72, 686, { eol: true })];
    const right = [item('Right column one', 320, 700, { eol: true }), item('right column two', 320, 686)];
    expect(layoutPage([...left, ...right])).toBe('Left column one\nleft column two\n\nRight column one\nright column two');
  });

  it('starts a new line when the text jumps back on the same baseline', () => {
    expect(layoutPage([item('later words', 300, 700), item('earlier words', 72, 700)])).toBe('later words\nearlier words');
  });

  it('drops fake-bold duplicates drawn on top of each other', () => {
    expect(layoutPage([item('BOLD', 72, 700), item('BOLD', 72.2, 700)])).toBe('BOLD');
  });

  it('reads rotated text along its own direction', () => {
    // Rotated 90° counter-clockwise: the writing direction is +y, the next line is to the right (+x).
    const rot = (str: string, x: number, y: number): LayoutItem => ({ str, transform: [0, 12, -12, 0, x, y], width: str.length * 6, height: 12, hasEOL: false });
    const a = rot('Rotated', 100, 100);
    const b = rot('text', 100, 100 + 7 * 6 + 3);
    const c = rot('next line', 114, 100);
    expect(layoutPage([a, b, c])).toBe('Rotated text\nnext line');
  });

  it('leaves no trailing spaces and collapses runs of spaces', () => {
    const text = layoutPage([item('Fee   ', 72, 700), item('  $245  ', 120, 700, { eol: true }), item('Next ', 72, 686)]);
    expect(text).toBe('Fee $245\nNext');
    expect(text.split('\n').every((l) => l === l.trimEnd())).toBe(true);
  });

  it('counts non-space characters', () => {
    expect(countNonSpace(' a b\n\nc\t')).toBe(3);
  });

  it('counts like a regex per character, pairs as one character, Unicode spaces as spaces', () => {
    const reference = (text: string) => [...text].filter((ch) => !/\s/.test(ch)).length;
    for (const text of ['', 'a\u00a0b\u2003c\u3000d\ufeff', '😀 😀x', '\ud800 \udc00', 'é\u2028\u2029\u202f\u205f\u1680\v\f', 'x'.repeat(10) + '\u200a']) {
      expect(countNonSpace(text)).toBe(reference(text));
    }
  });
});
