import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alignPassage, fold, type PieceRange } from '../../../../src/core/view/align';

/** The text each range covers, in order. */
const covered = (pieces: readonly string[], ranges: readonly PieceRange[]) => ranges.map((r) => pieces[r.piece]!.slice(r.start, r.end));

describe('fold', () => {
  it('keeps letters, digits and punctuation, lower-cased; drops whitespace and hyphens', () => {
    expect(fold('The  Supplier-\nshall (12) months.').chars).toBe('thesuppliershall(12)months.');
  });

  it('spells out ligatures and maps every comparable character back to its source', () => {
    const f = fold('ﬁnal Ofﬁce');
    expect(f.chars).toBe('finaloffice');
    // "fi" both come from the ligature at 0; the second ligature is at 7.
    expect([...f.from]).toEqual([0, 0, 1, 2, 3, 5, 6, 7, 7, 8, 9]);
    expect(f.to[0]).toBe(1);
  });

  it('drops soft hyphens, zero-width characters and non-breaking spaces', () => {
    expect(fold('termi\u00adnation\u200b of\u00a0the').chars).toBe('terminationofthe');
  });
});

describe('alignPassage', () => {
  it('finds a passage split across text-layer items with other spacing', () => {
    const pieces = ['12.2 Liability Cap. ', 'The aggregate liability of either', 'party shall not exceed the fees paid in the twelve', '(12) months preceding the claim.', 'Page 5 of 7'];
    const passage = 'The aggregate liability of either party shall not exceed the fees paid in the twelve (12) months preceding the claim.';
    const a = alignPassage(passage, pieces);
    expect(a.coverage).toBe(1);
    expect(a.ranges.map((r) => r.piece)).toEqual([1, 2, 3]);
    expect(covered(pieces, a.ranges).join(' ')).toBe(passage);
  });

  it('matches a word the stored text joined across a hyphenated line break, and a ligature', () => {
    const pieces = ['Either party may termi-', 'nate this Agreement on ﬁnal notice.'];
    const a = alignPassage('Either party may terminate this Agreement on final notice.', pieces);
    expect(a.coverage).toBe(1);
    // The line-end hyphen is no comparable character: the highlight ends on the letters.
    expect(covered(pieces, a.ranges)).toEqual(['Either party may termi', 'nate this Agreement on ﬁnal notice.']);
  });

  it('skips a running header that cleaning removed from the middle of the passage', () => {
    const pieces = ['the Customer shall pay all', 'ACME CORP – CONFIDENTIAL', 'undisputed invoices within thirty days.'];
    const a = alignPassage('the Customer shall pay all undisputed invoices within thirty days.', pieces);
    expect(a.coverage).toBe(1);
    expect(a.ranges.map((r) => r.piece)).toEqual([0, 2]);
  });

  it('finds lines the stored text put in another (reading) order', () => {
    const pieces = ['(b) the second indented item of the list;', 'The paragraph that followed the list in the content stream.', '(a) the first indented item of the list;'];
    const passage = '(a) the first indented item of the list;\n(b) the second indented item of the list;';
    const a = alignPassage(passage, pieces);
    expect(a.coverage).toBe(1);
    expect(a.ranges.map((r) => r.piece).sort()).toEqual([0, 2]);
  });

  it('tolerates list labels and table separators the stored text wrote in', () => {
    const pieces = ['The Supplier shall deliver the Products', 'within fourteen days.', 'Event', 'Notice period', 'Pandemic', '5 days'];
    const a = alignPassage('(a) The Supplier shall deliver the Products within fourteen days.\n\nEvent | Notice period\nPandemic | 5 days', pieces);
    expect(a.coverage).toBeGreaterThan(0.9);
    expect(a.ranges.map((r) => r.piece)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('takes the occurrence nearest the hint when the wording repeats', () => {
    const sentence = 'Notices shall be given in writing.';
    const pieces = [sentence, 'Other clauses in between fill the page.', sentence];
    expect(alignPassage(sentence, pieces, { hint: 0 }).ranges[0]?.piece).toBe(0);
    expect(alignPassage(sentence, pieces, { hint: 1 }).ranges[0]?.piece).toBe(2);
  });

  it('reports nothing found for text that is not there', () => {
    const a = alignPassage('Governing law and jurisdiction', ['The Supplier shall deliver the Products.']);
    expect(a.ranges).toEqual([]);
    expect(a.coverage).toBe(0);
  });

  it('covers OCR slips partially rather than failing', () => {
    const pieces = ['The', 'Supp1ier', 'shall', 'indemnify', 'the', 'Customer', 'against', 'all', 'claims.'];
    const a = alignPassage('The Supplier shall indemnify the Customer against all claims.', pieces);
    expect(a.coverage).toBeGreaterThan(0.8);
    expect(a.ranges.map((r) => r.piece)).toEqual(expect.arrayContaining([2, 3, 4, 5, 6, 7, 8]));
  });

  it('finds any passage of a text split at random into pieces with altered spacing (property)', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9.,;()]{1,9}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 12, maxLength: 60 }), fc.nat(), fc.nat(), fc.nat(), (words, a, b, seed) => {
        const text = words.join(' ');
        // Pieces: the words regrouped at random, with their own spacing.
        const pieces: string[] = [];
        let k = seed;
        for (let i = 0; i < words.length; ) {
          const n = 1 + (k % 4);
          k = (k * 1103515245 + 12345) % 2147483648;
          pieces.push(words.slice(i, i + n).join(k % 2 ? '  ' : ' '));
          i += n;
        }
        const from = a % words.length;
        const to = Math.min(words.length, from + 1 + (b % 10));
        const passage = words.slice(from, to).join('\n');
        const result = alignPassage(passage, pieces, { hint: from / words.length });
        expect(result.coverage).toBe(1);
        expect(fold(covered(pieces, result.ranges).join('')).chars).toContain(fold(passage).chars);
        expect(text.length).toBeGreaterThan(0);
      }),
      { numRuns: 200 },
    );
  });
});
