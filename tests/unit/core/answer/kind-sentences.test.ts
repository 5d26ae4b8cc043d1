/**
 * Quotes of the asked clause kind: the ask path reads each shown passage's sentences with the
 * clause classifier and keeps those of the asked kind; the extractive answer quotes such a
 * sentence before one that only shares the question's words.
 */
import { describe, expect, it } from 'vitest';
import { turnFromAsk } from '../../../../src/core/answer/answer';
import { kindSentences } from '../../../../src/core/ask/kind-sentences';
import type { ClauseClassifier, ClauseLabel, ClausePassage } from '../../../../src/core/ports';
import { askResult, MSA, passage } from '../../../helpers/ask-fixtures';

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
    expect(Object.values(found)).toEqual([[{ text: VESTS, score: 0.9 }]]);
    expect(await kindSentences(classifier, [], [passage(IP)])).toEqual({});
  });

  it('reads no sentence of a document in a language the kinds are not read in', async () => {
    const french = passage({ ...IP, doc: { ...MSA, id: 'fr-msa', language: 'fr' } });
    expect(await kindSentences(classifier, [{ type: 'ip_ownership_assignment', score: 0.8 }], [french])).toEqual({});
  });

  it('quotes the sentence of the kind, not the one sharing the question’s words', async () => {
    const question = 'Who owns the Application developed for the Client?';
    const plain = await turnFromAsk(askResult(question, [IP]));
    expect(plain.answer!.quotes[0]!.text).toContain('owned by the Client');
    const kinds = await kindSentences(classifier, [{ type: 'ip_ownership_assignment', score: 0.8 }], [passage(IP)]);
    const turn = await turnFromAsk(askResult(question, [IP], { kindSentences: kinds }));
    expect(turn.answer!.quotes[0]!.text).toContain('exclusive worldwide sole property of Client');
  });
});
