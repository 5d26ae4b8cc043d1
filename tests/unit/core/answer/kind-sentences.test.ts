/**
 * Quotes of the asked clause kind: the ask path reads each shown passage's sentences with the
 * clause classifier and keeps those of the asked kind; the extractive answer quotes such a
 * sentence before one that only shares the question's words.
 */
import { describe, expect, it } from 'vitest';
import { turnFromAsk } from '../../../../src/core/answer/answer';
import { kindSentences, strongestKindSentence } from '../../../../src/core/ask/kind-sentences';
import type { ClauseClassifier, ClauseLabel, ClausePassage } from '../../../../src/core/ports';
import { askResult, MSA, passage } from '../../../helpers/ask-fixtures';
import { builtinClassifier } from '../../../../src/playbooks/classifiers';

const VESTS = 'It is hereby stated, the Application developed under this agreement is the exclusive worldwide sole property of Client.';
const WARRANTY = 'The Client guarantees that any artwork furnished to the Developer for inclusion in the Application is owned by the Client or used with the permission of its owner.';
const IP = { doc: MSA, seq: 14, text: `${VESTS} ${WARRANTY}`, page: 6, section: ['14 INTELLECTUAL PROPERTY'] };

/** Reads "sole property" as IP ownership, nothing else. */
const classifier = {
  classify: async (passages: readonly ClausePassage[]): Promise<ClauseLabel[][]> =>
    passages.map((p) => (/sole property/.test(p.text) ? [{ type: 'ip_ownership_assignment', score: 0.9 }] : [{ type: 'ip_ownership_assignment', score: 0.2 }])),
} as unknown as ClauseClassifier;

describe('sentences of the asked kind', () => {
  it('keeps, per passage, the sentences the classifier reads as the asked kind', async () => {
    const found = await kindSentences(classifier, [{ type: 'ip_ownership_assignment', score: 0.8 }], [passage(IP)]);
    expect(Object.values(found)).toEqual([[{ text: VESTS, score: 0.9, sure: true }]]);
    expect(await kindSentences(classifier, [], [passage(IP)])).toEqual({});
  });

  it('reads each sentence in its document\'s language: the classifier decides what it can read there', async () => {
    const seen: (string | null | undefined)[] = [];
    const recording = { classify: async (passages: readonly ClausePassage[]) => passages.map((p) => (seen.push(p.language), [])) } as unknown as ClauseClassifier;
    const french = passage({ ...IP, doc: { ...MSA, id: 'fr-msa', language: 'fr' } });
    await kindSentences(recording, [{ type: 'ip_ownership_assignment', score: 0.8 }], [french]);
    expect(new Set(seen)).toEqual(new Set(['fr']));
    // The built-in classifier reads a French court clause as no non-compete (its English model read one).
    const court = passage({ doc: { ...MSA, id: 'fr-msa', language: 'fr' }, seq: 6, text: 'Article 6 – Droit applicable. Tout litige relèvera de la compétence exclusive des tribunaux de Lyon.', section: ['Article 6 Droit applicable'] });
    expect(await kindSentences(builtinClassifier(), [{ type: 'non_compete', score: 0.9 }], [court])).toEqual({});
  });

  it('marks a sentence sure only when it reads as the kind as a contract is held to have it, not a short one of another clause', async () => {
    const costs = 'Each party shall bear its own costs.';
    const insurance = 'Supplier shall maintain, at its own expense, commercial general liability insurance with limits of not less than $1,000,000 per occurrence.';
    const found = await kindSentences(builtinClassifier(), [{ type: 'insurance', score: 0.9 }], [passage({ doc: MSA, seq: 9, text: `${costs} ${insurance}`, section: ['9 COSTS AND INSURANCE'] })]);
    const [sentences] = Object.values(found);
    // The model alone scores the costs sentence above the insurance threshold; it is not sure of it.
    expect(sentences!.find((s) => s.text === costs)).toMatchObject({ sure: false });
    expect(sentences!.find((s) => s.text === insurance)).toMatchObject({ sure: true });
  });

  it('quotes the sentence of the kind, not the one sharing the question’s words', async () => {
    const question = 'Who owns the Application developed for the Client?';
    const plain = await turnFromAsk(askResult(question, [IP]));
    expect(plain.answer!.quotes[0]!.text).toContain('owned by the Client');
    const kinds = await kindSentences(classifier, [{ type: 'ip_ownership_assignment', score: 0.8 }], [passage(IP)]);
    const turn = await turnFromAsk(askResult(question, [IP], { kindSentences: kinds }));
    expect(turn.answer!.quotes[0]!.text).toContain('exclusive worldwide sole property of Client');
  });

  it('a passage cut to fit keeps the sentence of the kind, though it shares no word with the question', async () => {
    const assigns = 'Developer hereby irrevocably assigns to Client all right, title and interest in the deliverables, which shall be the sole property of Client.';
    const filler = Array.from({ length: 70 }, (_, i) => `The work product of milestone ${i + 1} shall be delivered to the Client with its documentation and tested before acceptance.`);
    // (Headed "Deliverables": a heading "Ownership" would share the question's "owns" through its word family.)
    const long = { doc: MSA, seq: 3, text: `3. Deliverables. ${assigns} ${filler.join(' ')}`, page: 2, section: ['3 Deliverables'] };
    const question = 'Who owns the work product?';
    const plain = await turnFromAsk(askResult(question, [long]));
    expect(plain.sources[0]!.text).not.toContain('irrevocably assigns');
    const kinds = await kindSentences(classifier, [{ type: 'ip_ownership_assignment', score: 0.8 }], [passage(long)]);
    const turn = await turnFromAsk(askResult(question, [long], { kindSentences: kinds }));
    expect(turn.sources[0]!.text.length).toBeLessThan(long.text.length);
    expect(turn.sources[0]!.text).toMatch(/^3\. Deliverables\. Developer hereby irrevocably assigns/u);
    expect(turn.answer!.quotes[0]!.text).toContain('sole property of Client');
  });

  it('the strongest sentence of a chunk: a sure one first, then the higher score, only among those the text shown holds', () => {
    const found = { c: [{ text: 'A.', score: 0.95, sure: false }, { text: 'B.', score: 0.7, sure: true }, { text: 'C.', score: 0.9, sure: true }] };
    expect(strongestKindSentence(found, 'c', 'A. B. C.')?.text).toBe('C.');
    expect(strongestKindSentence(found, 'c', 'A. B.')?.text).toBe('B.');
    expect(strongestKindSentence(found, 'c', 'A.')?.text).toBe('A.');
    expect(strongestKindSentence(found, 'other', 'A. B. C.')).toBeNull();
  });
});

