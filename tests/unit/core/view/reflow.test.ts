import { describe, expect, it } from 'vitest';
import { reflowLines } from '../../../../src/core/view/reflow';

describe('reflowLines (the viewer’s text on a phone)', () => {
  it('joins the printed lines of a paragraph, keeps paragraphs, clauses, items and headings on their own lines', () => {
    const text = [
      '12. LIMITATION OF LIABILITY',
      '12.1 Exclusion of Indirect Damages. Neither Party is liable to the other for any indirect,',
      'incidental, special or punitive damages, arising out of',
      'or relating to this Agreement.',
      '',
      '12.2 Liability Cap. Except for the Excluded Claims, each Party’s liability shall not exceed',
      'the fees paid:',
      '(a) in the twelve months; or',
      '(b) one million euros.',
      '• a bullet',
      '12.3 Excluded Claims. These do not apply to a breach of Section 6 (Confidentiality) or',
      'Section 7 (Data Protection).',
    ].join('\n');
    const out = reflowLines(text);
    expect(out.length).toBe(text.length);
    expect(out.split('\n')).toEqual([
      '12. LIMITATION OF LIABILITY',
      '12.1 Exclusion of Indirect Damages. Neither Party is liable to the other for any indirect, incidental, special or punitive damages, arising out of or relating to this Agreement.',
      '',
      '12.2 Liability Cap. Except for the Excluded Claims, each Party’s liability shall not exceed the fees paid:',
      '(a) in the twelve months; or',
      '(b) one million euros.',
      '• a bullet',
      '12.3 Excluded Claims. These do not apply to a breach of Section 6 (Confidentiality) or Section 7 (Data Protection).',
    ]);
  });

  it('leaves a text without line breaks alone', () => {
    expect(reflowLines('One line.')).toBe('One line.');
  });
});
