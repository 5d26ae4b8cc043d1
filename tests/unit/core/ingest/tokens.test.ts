import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateTokens, fitTokens } from '../../../../src/core/ingest/tokens';

const PARAGRAPHS = [
  `The Supplier shall indemnify, defend and hold harmless the Customer and its Affiliates, and their respective officers, directors, employees and agents, from and against any and all losses, damages, liabilities, costs and expenses (including reasonable attorneys' fees) arising out of or relating to any third-party claim that the Services infringe any intellectual property right.`,
  `12.2 Limitation. Neither party shall be liable to the other for any indirect, incidental, special, consequential or punitive damages, including loss of profits, revenue or data, even if advised of the possibility of such damages. The aggregate liability of each party under this Agreement shall not exceed the fees paid in the twelve (12) months preceding the claim.`,
  `This Agreement shall be governed by and construed in accordance with the laws of England and Wales, and each party irrevocably submits to the exclusive jurisdiction of the courts of England and Wales over any claim or matter arising under or in connection with this Agreement.`,
];

describe('estimateTokens', () => {
  it('gives about 1.3 tokens per word on English contract prose', () => {
    const ratios = PARAGRAPHS.map((p) => estimateTokens(p) / p.split(/\s+/).length);
    for (const r of ratios) expect(r).toBeGreaterThan(1.0);
    for (const r of ratios) expect(r).toBeLessThan(1.5);
    const mean = ratios.reduce((a, b) => a + b, 0) / ratios.length;
    expect(mean).toBeGreaterThan(1.15);
    expect(mean).toBeLessThan(1.4);
  });

  it('prices runs: words, long words, numbers, punctuation, CJK', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens(' \n\t ')).toBe(0);
    expect(estimateTokens('the')).toBe(1);
    expect(estimateTokens('Agreement')).toBe(1);
    expect(estimateTokens('indemnification')).toBe(2);
    expect(estimateTokens('2019')).toBe(2);
    expect(estimateTokens('1,000,000')).toBe(5);
    expect(estimateTokens('(a)')).toBe(3);
    expect(estimateTokens('合同')).toBe(2);
    expect(estimateTokens('𐀀𐀀')).toBe(1);
    expect(estimateTokens('🙂')).toBe(1);
  });

  it('is additive over whitespace and never drops when a run is cut', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 60 });
    fc.assert(
      fc.property(text, text, fc.constantFrom(' ', '\n', '\t', '\u00a0'), (a, b, ws) => {
        expect(estimateTokens(a + ws + b)).toBe(estimateTokens(a) + estimateTokens(b));
        expect(estimateTokens(a) + estimateTokens(b)).toBeGreaterThanOrEqual(estimateTokens(a + b));
      }),
      { numRuns: 500 },
    );
  });
});

describe('fitTokens', () => {
  const pieces = ['a', 'B', 'é', 'e\u0301', '7', '.', ',', '—', '中', 'ア', '😀', '𝐀', '\ud800', '\udc00', ' ', 'word', '12345'];
  const textArb = fc.array(fc.constantFrom(...pieces), { maxLength: 60 }).map((a) => a.join(''));
  /** The largest prefix end within the budget, found by estimating every prefix (not inside a pair). */
  function reference(text: string, start: number, end: number, budget: number): number {
    let best = start + 1;
    for (let m = start + 1; m <= end; m++) {
      const inPair = m < end && (text.charCodeAt(m - 1) & 0xfc00) === 0xd800 && (text.charCodeAt(m) & 0xfc00) === 0xdc00;
      if (!inPair && estimateTokens(text.slice(start, m)) <= budget) best = m;
    }
    return best;
  }

  it('ends where estimating every prefix does', () => {
    fc.assert(
      fc.property(textArb, fc.nat(), fc.integer({ min: 1, max: 8 }), (text, at, budget) => {
        fc.pre(text.length > 0);
        const start = at % text.length;
        fc.pre((text.charCodeAt(start) & 0xfc00) !== 0xdc00 || start === 0 || (text.charCodeAt(start - 1) & 0xfc00) !== 0xd800);
        expect(fitTokens(text, start, text.length, budget)).toBe(reference(text, start, text.length, budget));
      }),
      { numRuns: 500 },
    );
  });

  it('cuts a long word into pieces of the budget', () => {
    const word = 'A'.repeat(5_000_000);
    let s = 0;
    let n = 0;
    while (s < word.length) {
      s = fitTokens(word, s, Math.min(word.length, s + 11 * 512 + 16), 512);
      n++;
    }
    expect(n).toBe(Math.ceil(5_000_000 / 5120));
  });
});
