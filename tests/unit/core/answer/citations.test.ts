import { appReply } from '../../../../src/core/answer/answer';
import { describe, expect, it } from 'vitest';
import { answerSegments, checkAnswer } from '../../../../src/core/answer/citations';
import { buildSources, fromPassage } from '../../../../src/core/answer/sources';
import { isVerbatim, quoteParts, quoteStart } from '../../../../src/core/answer/verbatim';
import { CLAUSES, PASSAGES, passage } from '../../../helpers/ask-fixtures';

const sources = buildSources('liability cap and term', [passage(PASSAGES.cap), passage(PASSAGES.term, 2), passage(PASSAGES.law, 3)].map(fromPassage));

describe('verbatim quotes', () => {
  it('accepts the words of the source whatever the quotation marks, dashes and spacing', () => {
    const passageText = 'The fee is “net thirty (30) days” — payable in U.S. dollars.\nLate   payments bear interest.';
    expect(isVerbatim('The fee is "net thirty (30) days" - payable in U.S. dollars', passageText)).toBe(true);
    expect(isVerbatim("the fee is 'net thirty (30) days'", passageText)).toBe(true); // first letter's case, end punctuation
    expect(isVerbatim('payable in U.S. dollars. Late payments bear interest.', passageText)).toBe(true);
  });

  it('rejects a paraphrase and a changed word, however small', () => {
    const passageText = CLAUSES.cap;
    expect(isVerbatim('total liability shall not exceed the fees paid in the twelve months before the claim', passageText)).toBe(false);
    expect(isVerbatim('shall not exceed the fees paid by Customer in the six (6) months preceding the claim', passageText)).toBe(false);
    expect(isVerbatim("each party's total liability arising out of or relating to this Agreement shall not exceed", passageText)).toBe(true);
  });

  it('reads an ellipsis as an omission: each part must be there, in order', () => {
    expect(isVerbatim("each party's total liability … shall not exceed the fees paid by Customer", CLAUSES.cap)).toBe(true);
    expect(isVerbatim("each party's total liability [...] shall not exceed", CLAUSES.cap)).toBe(true);
    expect(isVerbatim("shall not exceed … each party's total liability", CLAUSES.cap)).toBe(false);
    expect(quoteParts('… a b …')).toEqual(['a b']);
    expect(isVerbatim('“…”', CLAUSES.cap)).toBe(false);
  });

  it('finds where a quote begins in its passage, whatever the spacing, punctuation and case', () => {
    const passageText = '8.2 Cause. Either party may terminate. 8.3 Convenience. The Customer may   terminate on “ninety (90) days” notice.';
    expect(quoteStart('the Customer may terminate on "ninety (90) days" notice', passageText)).toBe(passageText.indexOf('The Customer'));
    expect(quoteStart('… Customer may terminate … notice', passageText)).toBe(passageText.indexOf('Customer may'));
    expect(quoteStart('The Supplier may terminate', passageText)).toBe(-1);
    expect(quoteStart('“…”', passageText)).toBe(-1);
  });
});

describe('checking an answer', () => {
  it('maps each [n] to the chunk of source n, by code', () => {
    const text = 'Liability is capped at twelve months of fees [1]. The term is three years [2, 3].';
    const checked = checkAnswer(text, sources);
    expect(checked.citations.map((c) => [c.n, c.chunkId])).toEqual([
      [1, sources[0]!.chunkId],
      [2, sources[1]!.chunkId],
      [3, sources[2]!.chunkId],
    ]);
    expect(checked.verification).toMatchObject({ citations: 3, unresolvedCitations: 0, ok: true, uncitedSentences: 0 });
  });

  it('marks invented citation numbers and expands ranges', () => {
    const checked = checkAnswer('The cap is in the agreement [7]. See also [0] and [2-3], [Source 1].', sources);
    expect(checked.citations.map((c) => [c.n, c.chunkId === null])).toEqual([
      [7, true],
      [0, true],
      [2, false],
      [3, false],
      [1, false],
    ]);
    expect(checked.verification.unresolvedCitations).toBe(2);
    expect(checked.verification.ok).toBe(false);
  });

  it("reads a bracketed number inside a quotation as the document's words, not a citation", () => {
    const clause = { ...sources[0]!, text: 'The Supplier shall pay the amounts set out in Schedule [12] within thirty days.' };
    const text = '> The Supplier shall pay the amounts set out in Schedule [12] within thirty days. [1]\n\nIt says “set out in Schedule [12] within thirty days” [1].';
    const checked = checkAnswer(text, [clause]);
    expect(checked.citations.map((c) => c.n)).toEqual([1, 1]);
    expect(checked.quotes.map((q) => q.status)).toEqual(['verbatim', 'verbatim']);
    expect(checked.verification.ok).toBe(true);
  });

  it('does not read Markdown links or footnote marks as citations', () => {
    expect(checkAnswer('See [1](https://example.org) and [^2].', sources).citations).toEqual([]);
  });

  it('marks a paraphrase presented as a quote, and a quote attributed to the wrong source', () => {
    const text = [
      'The agreement says “total liability shall never exceed one year of fees” [1].',
      'It also provides that it “renews automatically for successive one (1) year periods” [1].',
      'The courts “located in New York County have exclusive jurisdiction” [3].',
      'Short terms such as "Customer" are not quotes [1].',
    ].join(' ');
    const checked = checkAnswer(text, sources);
    expect(checked.quotes.map((q) => [q.status, q.cited, q.foundIn])).toEqual([
      ['not_found', [1], null],
      ['wrong_source', [1], 2],
      ['verbatim', [3], 3],
    ]);
    expect(checked.verification).toMatchObject({ quotes: 3, unverifiedQuotes: 2, ok: false });
  });

  it('checks block quotes line by line against the citation on the line', () => {
    const text = `From the documents:\n\n> ${CLAUSES.term.split('. ')[0]}. [2]\n\n> This Agreement renews every month. [2]`;
    const checked = checkAnswer(text, sources);
    expect(checked.quotes.map((q) => q.status)).toEqual(['verbatim', 'not_found']);
    expect(checked.quotes[0]!.start).toBe(text.indexOf('>'));
  });

  it('counts sentences that cite nothing, and attaches a citation after the period to its sentence', () => {
    const checked = checkAnswer('The cap is twelve months of fees. [1] The governing law is that of New York. Ask me more about it please.', sources);
    expect(checked.verification.sentences).toBe(3);
    expect(checked.verification.uncitedSentences).toBe(2);
  });

  it('cuts the answer into renderable pieces that give the text back', () => {
    const text = 'It says “each party\'s total liability arising out of or relating to this Agreement” [1] and more [9].';
    const checked = checkAnswer(text, sources);
    const pieces = answerSegments(checked);
    expect(pieces.map((p) => p.text).join('')).toBe(text);
    expect(pieces.find((p) => p.quote)?.quote?.status).toBe('verbatim');
    expect(pieces.filter((p) => p.citations.length > 0).map((p) => [p.text, p.citations[0]!.chunkId !== null])).toEqual([
      ['[1]', true],
      ['[9]', false],
    ]);
  });
});

describe('appReply', () => {
  it('does not take the user’s words the app repeats in quotation marks for an unverified quotation', () => {
    const reply = appReply('No document here matches “Acme distribution agreement”. The closest ones are below; or search all documents.');
    expect(reply.quotes).toEqual([]);
    expect(reply.verification).toMatchObject({ quotes: 0, unverifiedQuotes: 0, ok: true });
    // The same words from a model are checked against the sources, and fail.
    expect(checkAnswer('No document here matches “Acme distribution agreement”.', []).verification.unverifiedQuotes).toBe(1);
  });
});
