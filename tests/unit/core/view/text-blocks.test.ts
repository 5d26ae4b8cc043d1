import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blockAt, blockStart, textBlockEnds } from '../../../../src/core/view/text-blocks';

const blocks = (text: string, max?: number) => {
  const ends = textBlockEnds(text, max);
  return [...ends].map((end, i) => text.slice(blockStart(ends, i), end));
};

describe('textBlockEnds', () => {
  it('partitions any text into blocks no longer than the limit (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n', '\n\n', '😀', 'é'), maxLength: 3000 }), fc.integer({ min: 16, max: 400 }), (text, max) => {
        const parts = blocks(text, max);
        expect(parts.join('')).toBe(text);
        for (const p of parts) {
          expect(p.length).toBeGreaterThan(0);
          expect(p.length).toBeLessThanOrEqual(max);
          // Never between the two halves of a surrogate pair.
          expect(/^[\udc00-\udfff]/.test(p)).toBe(false);
        }
      }),
    );
  });

  it('ends blocks after blank lines, else line breaks, else spaces', () => {
    const para = (n: number) => `${'word '.repeat(n).trim()}.`;
    expect(blocks(`${para(10)}\n\n${para(10)}\n\n${para(10)}`, 100)).toEqual([`${para(10)}\n\n`, `${para(10)}\n\n`, para(10)]);
    expect(blocks(`${para(10)}\n\n${para(10)}\n\n${para(10)}`, 120)).toEqual([`${para(10)}\n\n${para(10)}\n\n`, para(10)]);
    expect(blocks(`${para(12)}\n${para(12)}`, 80)).toEqual([`${para(12)}\n`, para(12)]);
    expect(blocks('x'.repeat(40) + ' ' + 'y'.repeat(40), 64)).toEqual(['x'.repeat(40) + ' ', 'y'.repeat(40)]);
  });

  it('is linear on a 50 MB one-page text', () => {
    const text = 'The supplier shall indemnify the customer against losses.\n'.repeat(880_000);
    const t = performance.now();
    const ends = textBlockEnds(text);
    expect(performance.now() - t).toBeLessThan(1000);
    expect(ends.at(-1)).toBe(text.length);
    expect(ends.length).toBeGreaterThan(text.length / 4096);
  });
});

describe('blockAt', () => {
  it('finds the block holding an offset', () => {
    const ends = Uint32Array.from([10, 20, 35]);
    expect([0, 9, 10, 19, 20, 34, 35, 99].map((o) => blockAt(ends, o))).toEqual([0, 0, 1, 1, 2, 2, 2, 2]);
    expect(blockStart(ends, 2)).toBe(20);
  });
});
