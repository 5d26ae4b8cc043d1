import { describe, expect, it } from 'vitest';
import { calibratedCoverage, DEFAULT_SUFFICIENCY_THRESHOLD, LEXICAL_COVERAGE_MIDPOINT, lexicalCoverage, retrievalScore } from '../../../../src/core/search/sufficiency';
import type { RankedCandidate } from '../../../../src/core/search-types';

const idf = { queryTerms: (t: string) => t.split(' '), idf: (t: string) => ({ renew: 3, notic: 1 })[t] ?? 0 };
const cand = (terms: string[], extra: Partial<RankedCandidate> = {}): RankedCandidate => ({ chunkId: 'd:0', documentId: 'd', score: 1, lexicalScore: 1, lexicalRank: 1, denseScore: null, denseRank: null, terms, foundBy: ['lexical'], rerankScore: null, phrase: false, ...extra });

describe('sufficiency', () => {
  it('maps the coverage midpoint to the threshold, monotonically', () => {
    expect(calibratedCoverage(LEXICAL_COVERAGE_MIDPOINT)).toBeCloseTo(DEFAULT_SUFFICIENCY_THRESHOLD);
    expect(calibratedCoverage(0)).toBe(0);
    expect(calibratedCoverage(1)).toBe(1);
    const xs = [0, 0.1, 0.2, 0.25, 0.3, 0.6, 0.9, 1];
    const ys = xs.map((x) => calibratedCoverage(x));
    expect([...ys].sort((a, b) => a - b)).toEqual(ys);
  });

  it('measures coverage over the analysed query terms', () => {
    const response = { query: 'How much notice to stop renewing?', terms: ['notic', 'renew'], ranked: [cand(['notic'])] };
    expect(lexicalCoverage(response, idf)).toBeCloseTo(1 / 4);
    expect(retrievalScore({ ...response, ranked: [cand(['notic', 'renew'])] }, idf)).toBe(1);
  });

  it('uses the reranker logit when there is one', () => {
    expect(retrievalScore({ query: 'q', terms: [], ranked: [cand([], { rerankScore: 0 })] }, idf)).toBeCloseTo(0.5);
  });
});
