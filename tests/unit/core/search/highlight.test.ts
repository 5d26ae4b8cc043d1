import { describe, expect, it } from 'vitest';
import { createAnalyzer } from '../../../../src/core/search/analyzer';
import { highlightRanges } from '../../../../src/core/search/highlight';

const terms = (q: string) => q.split(/[^\p{L}]+/u).map((w) => createAnalyzer().term(w.toLowerCase(), 'en')).filter((t): t is string => t !== null);
const marked = (text: string, query: string, withQuery = true) => highlightRanges(text, terms(query), 'en', undefined, withQuery ? query : undefined).map((r) => text.slice(r.start, r.end));

describe('highlightRanges', () => {
  it('marks the words of the query’s stems, inflected', () => {
    expect(marked('Either party may terminate; termination takes effect after notice.', 'termination notice')).toEqual(['terminate', 'termination', 'notice']);
  });

  it('does not mark "competent" for "non-compete", nor "compete" for "competent"', () => {
    const text = 'The Distributor shall not compete with the Supplier. Disputes go to the competent courts of Paris.';
    expect(terms('non-compete')).toContain(createAnalyzer().term('competent', 'en'));
    expect(marked(text, 'non-compete', false)).toEqual(['compete', 'competent']); // the stems alone
    expect(marked(text, 'non-compete')).toEqual(['compete']);
    expect(marked(text, 'competent courts')).toEqual(['competent', 'courts']);
  });
});
