import { describe, expect, it } from 'vitest';
import { askJson, askText } from '../../../src/cli/ask-output';
import type { TurnRecord } from '../../../src/core/answer-types';

/** An insufficient turn as the ask path records it (only the fields `npm run ask` prints). */
function insufficientTurn(): TurnRecord {
  return {
    question: 'How long does the Lucent co-branding agreement last before any renewal?',
    state: 'insufficient',
    writer: 'app',
    answer: { text: 'The documents do not contain enough evidence to answer this. The closest passages are below.', quotes: [], verification: { citations: 0, unresolvedCitations: 0, quotes: 0, unverifiedQuotes: 0, sentences: 2, uncitedSentences: 2, ok: true } },
    value: null,
    scope: { source: 'question', documentIds: ['d1'], matched: ['Lucent co-branding agreement'] },
    sufficiency: { score: 0.4, threshold: 0.6172, reasons: ['No passage in “CO-BRANDING AGREEMENT” is an expiration date clause.'], signals: { retrieval: 0.66, clause: 0.25, answer_type: 1 } },
    sources: [{ n: 1, documentId: 'd1', path: 'Co-Branding Agreement.pdf', title: 'CO-BRANDING AGREEMENT', pageStart: 2, pageEnd: 2, pages: 9, mediaType: 'application/pdf', sectionPath: ['11'], text: '11. The Term of this Agreement will commence on the date above, and shall continue for a term of one (1) year.' }],
  } as unknown as TurnRecord;
}

describe('npm run ask output', () => {
  it('says why an answer is insufficient, in text and in JSON', () => {
    const turn = insufficientTurn();
    const text = askText(turn, null, false);
    expect(text).toContain('- No passage in “CO-BRANDING AGREEMENT” is an expiration date clause.');
    const json = askJson(turn, null, new Map([['d1', 'contracts/Co-Branding Agreement.pdf']]));
    expect(json['sufficiency']).toEqual({ score: 0.4, threshold: 0.6172, reasons: ['No passage in “CO-BRANDING AGREEMENT” is an expiration date clause.'], signals: { retrieval: 0.66, clause: 0.25, answer_type: 1 } });
    expect(json['scope']).toEqual({ source: 'question', files: ['contracts/Co-Branding Agreement.pdf'] });
  });

  it('gives no reasons under an answer', () => {
    const turn = { ...insufficientTurn(), state: 'answered', sufficiency: { score: 0.9, threshold: 0.6, reasons: [] } } as unknown as TurnRecord;
    expect(askText(turn, null, false)).not.toMatch(/^- /mu);
    expect(askJson(turn, null, new Map())['sufficiency']).toEqual({ score: 0.9, threshold: 0.6, reasons: [], signals: {} });
  });
});
