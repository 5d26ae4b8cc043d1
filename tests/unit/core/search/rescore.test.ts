import { describe, expect, it } from 'vitest';
import { canonicalTerms, DEFAULT_RESCORE, rescore, withinOneEdit } from '../../../../src/core/search/rescore';
import type { SearchHit } from '../../../../src/core/types';

const hit = (id: string, score: number, terms: string[]): SearchHit => ({ chunkId: `d:${id}`, documentId: 'd', score, terms, foundBy: ['lexical'] });

describe('rescore', () => {
  it('maps fuzzy matches to their query term', () => {
    expect(withinOneEdit('liabil', 'liabl')).toBe(true);
    expect(withinOneEdit('compet', 'competit')).toBe(false);
    expect(canonicalTerms(['liabil', 'cap'], ['liabl', 'cap', 'other'])).toEqual(new Map([['liabil', 'liabil'], ['cap', 'cap'], ['liabl', 'liabil']]));
  });

  it('maps a word of the query word\'s family to it, so the proximity reads "payment" where "pay" was asked', () => {
    expect(canonicalTerms(['pai', 'royalti'], ['payment', 'royalti', 'sold'], 'en')).toEqual(new Map([['pai', 'pai'], ['royalti', 'royalti'], ['payment', 'pai']]));
    expect(canonicalTerms(['zahl'], ['zahlung'], 'de').get('zahlung')).toBe('zahl');
  });

  it('lifts the passage where the query terms stand together', () => {
    const hits = [hit('notices', 10, ['notic', 'renew']), hit('term', 9, ['notic', 'renew'])];
    const texts = [
      'Notices. Notices must be in writing and sent to the addresses of the parties set out in Schedule A. Fees are due on each renewal.',
      'This Agreement renews automatically unless a party gives notice of non-renewal.',
    ];
    const weights = new Map([['notic', 2], ['renew', 4]]);
    const out = rescore(hits, { query: 'notice stop agreement renewing', question: 'How much notice must be given to stop the agreement from renewing?', language: 'en', weights, texts }, DEFAULT_RESCORE);
    expect(out.map((h) => h.chunkId)).toEqual(['d:term', 'd:notices']);
  });

  it('boosts a passage stating the answer type the question asks for', () => {
    const hits = [hit('a', 10, ['warranti']), hit('b', 9.5, ['warranti'])];
    const texts = ['The Seller warrants the products against defects in workmanship.', 'The warranty period is twenty-four (24) months from delivery.'];
    const context = { query: 'warranty', question: 'How long does the warranty last?', language: 'en', weights: new Map([['warranti', 2]]), texts };
    expect(rescore(hits, context, { ...DEFAULT_RESCORE, answerType: 0.2 })[0]?.chunkId).toBe('d:b');
    expect(rescore(hits, context, { ...DEFAULT_RESCORE, answerType: 0 })[0]?.chunkId).toBe('d:a');
  });

  it('keeps candidates past the top N below the re-scored ones, in BM25 order', () => {
    const hits = [hit('1', 10, []), hit('2', 9, []), hit('3', 8, []), hit('4', 7, [])];
    const out = rescore(hits, { query: 'x', question: 'x', language: 'en', weights: new Map(), texts: [] }, { ...DEFAULT_RESCORE, topN: 2 });
    expect(out.map((h) => h.chunkId)).toEqual(['d:1', 'd:2', 'd:3', 'd:4']);
    expect(Math.min(out[0]!.score, out[1]!.score)).toBeGreaterThanOrEqual(out[2]!.score);
  });

  it('returns the hits unchanged when off', () => {
    const hits = [hit('1', 10, []), hit('2', 9, [])];
    expect(rescore(hits, { query: 'x', question: 'x', language: 'en', weights: new Map(), texts: [] }, { ...DEFAULT_RESCORE, topN: 0 })).toEqual(hits);
  });
});
