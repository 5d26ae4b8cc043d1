import { describe, expect, it } from 'vitest';
import { DEFAULT_QUESTION, reduceQuestion } from '../../../../src/core/search/question';
import { questionStopWords } from '../../../../src/core/search/question-stopwords';

describe('reduceQuestion', () => {
  it('drops question phrasing and keeps the subject', () => {
    const r = reduceQuestion('How much notice must be given to stop the agreement from renewing?', 'en');
    expect(r.text).toBe('notice stop agreement renewing?');
    expect(r.dropped).toEqual(['How', 'much', 'must', 'be', 'given', 'to', 'the', 'from']);
  });

  it('keeps quoted phrases, references and numbers whatever the list says', () => {
    const r = reduceQuestion('What does "the first notice" say under Section 12.2 about the 30 days?', 'en');
    expect(r.text).toContain('"the first notice"');
    expect(r.text).toContain('Section 12.2');
    expect(r.text).toContain('30');
    expect(r.dropped).not.toContain('first');
  });

  it('leaves short keyword queries alone', () => {
    expect(reduceQuestion('notice given', 'en')).toEqual({ text: 'notice given', dropped: [] });
  });

  it('keeps the query whole when nothing would be left', () => {
    const q = 'what is it that they would have said?';
    expect(reduceQuestion(q, 'en')).toEqual({ text: q, dropped: [] });
  });

  it('handles curly apostrophes like straight ones', () => {
    expect(reduceQuestion('What’s the term of this agreement?', 'en').dropped).toContain('What’s');
  });

  it('does nothing when off or for a language without a list', () => {
    const q = 'How much notice must be given?';
    expect(reduceQuestion(q, 'en', { ...DEFAULT_QUESTION, stopWords: false }).text).toBe(q);
    expect(questionStopWords('xx').size).toBe(0);
    expect(reduceQuestion(q, 'xx').text).toBe(q);
  });

  it('keeps hyphenated legal terms', () => {
    expect(reduceQuestion('Is there a non-compete in this agreement?', 'en').text).toBe('a non-compete agreement?');
  });
});
