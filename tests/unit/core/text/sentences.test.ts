import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitItems, splitSentences } from '../../../../src/core/text/sentences';

const sentences = (text: string): string[] => splitSentences(text).map((s) => text.slice(s.start, s.end));

describe('splitSentences', () => {
  it('splits ordinary sentences and keeps offsets into the text', () => {
    const text = '  The Supplier shall deliver the Goods. The Customer shall pay!  Is that clear? ';
    expect(sentences(text)).toEqual(['The Supplier shall deliver the Goods.', 'The Customer shall pay!', 'Is that clear?']);
    expect(splitSentences(text, 2, 40)).toEqual([{ start: 2, end: 39 }]);
  });

  it('does not split after legal abbreviations, initials and section numbers', () => {
    const text = [
      'Acme Inc. and Beta Corp. agree.',
      'BETWEEN VAPOTHERM, INC. AND MEDICA, S.p.A. AND ACME CORP. AND BETA LTD. AS PARTIES.',
      'See Smith v. Jones, 123 U.S. 456 (1990), et al. for details.',
      'The notice under Sec. 4 and Art. 5 of the Regulation No. 2016/679 applies.',
      'Payment is due, e.g. by wire, i.e. within ten days.',
      'It was signed by J. R. Smith on behalf of Acme Ltd. in London.',
      'Refer to Section 5. 2 of the Schedule.',
      'Gemäß Abs. 2 Nr. 3 gilt dies entsprechend.',
      'Dieser Vertrag endet am 31. Dezember 2025.',
      'Er tritt am 1. Juli 2024 in Kraft.',
    ].join(' ');
    expect(sentences(text)).toEqual([
      'Acme Inc. and Beta Corp. agree.',
      'BETWEEN VAPOTHERM, INC. AND MEDICA, S.p.A. AND ACME CORP. AND BETA LTD. AS PARTIES.',
      'See Smith v. Jones, 123 U.S. 456 (1990), et al. for details.',
      'The notice under Sec. 4 and Art. 5 of the Regulation No. 2016/679 applies.',
      'Payment is due, e.g. by wire, i.e. within ten days.',
      'It was signed by J. R. Smith on behalf of Acme Ltd. in London.',
      'Refer to Section 5. 2 of the Schedule.',
      'Gemäß Abs. 2 Nr. 3 gilt dies entsprechend.',
      'Dieser Vertrag endet am 31. Dezember 2025.',
      'Er tritt am 1. Juli 2024 in Kraft.',
    ]);
  });

  it('reads line breaks inside a paragraph as spaces', () => {
    const text = 'The Supplier shall\ndeliver the Goods\r\nto the Customer. Then\nthe Customer pays.';
    expect(sentences(text)).toEqual(['The Supplier shall\ndeliver the Goods\r\nto the Customer.', 'Then\nthe Customer pays.']);
  });

  it('handles text in other scripts', () => {
    expect(sentences('合同是协议。当事人应当履行义务。')).toEqual(['合同是协议。', '当事人应当履行义务。']);
    expect(sentences('Le contrat est formé. Il oblige les parties.')).toEqual(['Le contrat est formé.', 'Il oblige les parties.']);
  });

  it('segments long text in windows with the same result as short pieces', () => {
    const unit = 'The Supplier shall deliver the Goods to the Customer in accordance with Section 5.2 of this Agreement. Acme Inc. shall pay, e.g. by wire. ';
    const text = unit.repeat(400);
    const spans = splitSentences(text);
    expect(spans).toHaveLength(800);
    expect(new Set(spans.map((s) => text.slice(s.start, s.end))).size).toBe(2);
  });

  it('cuts a giant sentence with no boundary somewhere (it is over any chunk limit anyway)', () => {
    const text = 'word '.repeat(10_000).trim();
    const spans = splitSentences(text);
    expect(spans.length).toBeGreaterThan(1);
    expect(spans.map((s) => text.slice(s.start, s.end)).join(' ')).toBe(text);
  });

  it('covers every non-whitespace character exactly once, in order', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (text) => {
        const spans = splitSentences(text);
        let last = 0;
        for (const s of spans) {
          expect(s.start >= last && s.start < s.end).toBe(true);
          expect(/\s/.test(text[s.start] ?? '') || /\s/.test(text[s.end - 1] ?? '')).toBe(false);
          expect(/\S/.test(text.slice(last, s.start))).toBe(false);
          last = s.end;
        }
        expect(/\S/.test(text.slice(last))).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});

describe('splitSentences: addresses', () => {
  it('does not end a sentence at a street abbreviation before the house number', () => {
    const preamble = 'by and between Miltenyi Biotec GmbH, a German corporation having an address at Friedrich-Ebert-Str. 68, 51429 Bergisch Gladbach, Germany (hereinafter referred to as "Miltenyi"), and Bellicum Pharmaceuticals, Inc.';
    expect(splitSentences(preamble)).toHaveLength(1);
    expect(splitSentences('Die Muster GmbH, Hauptstr. 5, 10115 Berlin. Sie liefert die Ware.')).toHaveLength(2);
    expect(splitSentences('Acme Inc., 500 Sunset Blvd. 90028 Los Angeles, California (the "Company").')).toHaveLength(1);
    expect(splitSentences('Acme Pty Ltd, Suite 4, 12 Main Rd. 4000 Brisbane (the "Company").')).toHaveLength(1);
  });

  it('does not end a sentence inside a redaction written with dots, nor after one unless a capital follows', () => {
    expect(splitSentences('It shall continue for a period of [...***...] ([...***...]) years after the first sale. The fee is due.')).toHaveLength(2);
    expect(splitSentences('The royalty is [...***...] percent of Net Sales.')).toHaveLength(1);
  });
});

describe('splitItems', () => {
  const items = (text: string): string[] => splitItems(text, splitSentences(text)).map((s) => text.slice(s.start, s.end));

  it('starts a sentence at a lettered or numbered item after a full stop', () => {
    const text = 'This Agreement shall be governed by the laws of Arizona, without regard to the conflict of laws provisions thereof. (c) In the event of termination, Contractor shall be paid all fees.';
    expect(splitSentences(text)).toHaveLength(1);
    expect(items(text)).toEqual(['This Agreement shall be governed by the laws of Arizona, without regard to the conflict of laws provisions thereof.', '(c) In the event of termination, Contractor shall be paid all fees.']);
    expect(items('The term ends. (iv) Each party may renew it. (2) Notices are in writing.')).toEqual(['The term ends.', '(iv) Each party may renew it.', '(2) Notices are in writing.']);
  });

  it('leaves items inside a sentence, after an abbreviation, or before a lower-case word where they are', () => {
    for (const text of ['The Supplier shall: (a) deliver the Goods; (b) invoice them.', 'The licensee is Acme Inc. (b) The licence is exclusive.', 'It ends on notice. (a) notwithstanding the above, it renews.']) {
      expect(items(text)).toEqual(sentences(text));
    }
  });
});
