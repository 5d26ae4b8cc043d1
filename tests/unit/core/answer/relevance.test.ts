/**
 * The sentences the extractive answer ranks and quotes (answer/relevance.ts sentenceSpans): an
 * item that starts after a full stop is a sentence of its own, a list's lead-in is not cut from its
 * first item at the item's number, and a phrase with no verb is no sentence.
 */
import { describe, expect, it } from 'vitest';
import { bestWindow, SentenceRanker, sentenceSpans } from '../../../../src/core/answer/relevance';

const read = (text: string) => sentenceSpans(text).map((s) => text.slice(s.start, s.end));

describe('the sentences an answer quotes', () => {
  it('leaves the next item\'s heading where a passage ends out of the sentence before it', () => {
    // A content licence's governing-law clause, its chunk ending at the next item's heading (Ideanomics').
    const text = 'This Agreement shall be governed by the laws of the State of New York, without giving effect to any conflicts of laws principles. (b) Dispute Resolution.';
    expect(read(text)).toEqual(['This Agreement shall be governed by the laws of the State of New York, without giving effect to any conflicts of laws principles.', '(b) Dispute Resolution.']);
    // A short phrase that is no heading still joins the sentence before it.
    expect(read('The fee is due on signing. Or sooner.')).toEqual(['The fee is due on signing. Or sooner.']);
  });

  it('reads a word of a question word’s family as that word ("payment", "payable" for "pay"; "sold" for "sell")', () => {
    const text = 'HDS will provide payment of Fifty Thousand Dollars made payable to the agent. The Products sold in the Territory bear the Marks.';
    const pay = new SentenceRanker('how much does HDS pay?', [text], ['en']).of(0);
    expect(pay[0]!.hits.map((h) => h.term)).toEqual(['hd', 'pai', 'pai']);
    expect(pay[1]!.matched).toBe(0);
    const sell = new SentenceRanker('which products can be sold?', [text], ['en']).of(0);
    expect(sell[1]!.hits.map((h) => h.term)).toEqual(['product', 'sold']);
    expect(new SentenceRanker('what can the distributor sell?', [text], ['en']).of(0)[1]!.hits.map((h) => h.term)).toEqual(['sell']);
  });

  it('keeps a list’s lead-in with its first item ("… ist 1. Geschäftsgeheimnis eine Information …")', () => {
    const text = '§ 2 Begriffsbestimmungen Im Sinne dieses Gesetzes ist 1. Geschäftsgeheimnis eine Information, die nicht allgemein bekannt ist. 2. Inhaber eines Geschäftsgeheimnisses jede natürliche Person.';
    expect(read(text)[0]).toBe('§ 2 Begriffsbestimmungen Im Sinne dieses Gesetzes ist 1. Geschäftsgeheimnis eine Information, die nicht allgemein bekannt ist.');
  });

  it('ends a sentence at a reference’s number ("as set out in Section 5.")', () => {
    const text = 'Each party shall pay the fees as set out in Section 5. The Supplier shall deliver the goods within thirty days.';
    expect(read(text)).toEqual(['Each party shall pay the fees as set out in Section 5.', 'The Supplier shall deliver the goods within thirty days.']);
    const german = 'Die Vergütung richtet sich nach den Abschnitten 1. Der Lieferant liefert die Ware binnen dreißig Tagen.';
    expect(read(german)).toHaveLength(2);
  });

  it('starts a sentence at an item after a full stop', () => {
    const text = 'This Agreement is governed by the laws of Arizona without regard to conflicts rules. (c) In the event of termination, Contractor shall be paid all fees.';
    expect(read(text)).toEqual(['This Agreement is governed by the laws of Arizona without regard to conflicts rules.', '(c) In the event of termination, Contractor shall be paid all fees.']);
  });

  it('joins a phrase that opens with a preposition and has no verb to the sentence after it (a full stop typed for a comma)', () => {
    const text = '10.3 Effect of Termination. Upon termination of this Agreement. VOTOCAST shall immediately cease providing all Services. Upon termination, the Supplier shall return all materials.';
    expect(read(text)).toEqual([
      '10.3 Effect of Termination. Upon termination of this Agreement. VOTOCAST shall immediately cease providing all Services.',
      'Upon termination, the Supplier shall return all materials.',
    ]);
    // A sentence with its verb stands alone, however it opens.
    expect(read('After the Effective Date the parties will meet monthly. The Buyer pays all invoices within thirty days.')).toHaveLength(2);
  });
});

describe('the part of a long passage an answer shows', () => {
  const heading = '3. Ownership. ';
  const assigns = 'Consultant hereby irrevocably assigns to Company all right, title and interest in the Inventions.';
  const other = 'Consultant agrees to sign any documents necessary for perfecting the intellectual property rights.';
  const text = `${heading}${assigns} ${other}`;
  // As the ranker scores them: the heading is no sentence; only the second shares the question's words.
  const sentences = [
    { start: heading.length, end: heading.length + assigns.length, score: 0, matched: 0, hits: [] },
    { start: heading.length + assigns.length + 1, end: text.length, score: 4, matched: 2, hits: [] },
  ];

  it('keeps the span it must hold, though that span starts at a heading before any sentence', () => {
    const plain = bestWindow(text, sentences, 110);
    expect(text.slice(plain.start, plain.end)).toBe(other);
    const kept = bestWindow(text, sentences, 110, { start: 0, end: heading.length + assigns.length });
    expect(text.slice(kept.start, kept.end)).toBe(assigns);
    // A span stating a value inside a sentence: the run holding its start.
    const value = text.indexOf('intellectual');
    const held = bestWindow(text, sentences, 110, { start: value, end: value + 12 });
    expect(text.slice(held.start, held.end)).toBe(other);
  });
});

