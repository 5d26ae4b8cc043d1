import { describe, expect, it } from 'vitest';
import { expectedAnswerType, mentionsAnswerType } from '../../../../src/core/search/answer-type';

describe('answer type', () => {
  it('recognises questions asking for a period or a date', () => {
    for (const q of ['How long does the warranty last?', 'When does the initial term expire?', 'How much notice must be given?', 'How many days to cure a breach?', 'What cure period applies?']) {
      expect(expectedAnswerType(q, 'en')).toBe('temporal');
    }
    for (const q of ['Which law governs this agreement?', 'How much is the fee?', 'Who owns the IP?']) expect(expectedAnswerType(q, 'en')).toBeNull();
  });

  it('spots periods and dates in a passage', () => {
    for (const t of ['within thirty (30) days of receipt', 'for 6 months', 'upon [***] days prior notice', 'renews annually', 'until September 30, 1997', 'ninety (90) calendar days']) {
      expect(mentionsAnswerType(t, 'temporal', 'en')).toBe(true);
    }
    expect(mentionsAnswerType('All notices shall be in writing and delivered by hand.', 'temporal', 'en')).toBe(false);
  });

  it('has no rules for other languages', () => {
    expect(expectedAnswerType('Wie lange gilt die Gewährleistung?', 'de')).toBeNull();
    expect(mentionsAnswerType('30 Tage', 'temporal', 'de')).toBe(false);
  });
});
