import { describe, expect, it } from 'vitest';
import { createAnalyzer, rawTokens } from '../../../../src/core/search/analyzer';

const analyzer = createAnalyzer();

describe('legal-aware analyzer', () => {
  it('keeps clause numbers, section signs, filing codes and amounts whole', () => {
    expect(analyzer.terms('See Section 5.2 and 12.2.1')).toEqual(expect.arrayContaining(['section_5.2', '5.2', '12.2.1']));
    expect(analyzer.terms('under § 7 and §§ 12a')).toEqual(expect.arrayContaining(['§7', '§12a']));
    expect(analyzer.terms('the annual report on Form 10-K')).toContain('10-k');
    expect(analyzer.terms('a cap of $1,000,000.00')).toContain('1000000.00');
  });

  it('emits labelled references as compounds next to their parts', () => {
    const terms = analyzer.terms('as set out in Schedule B and Exhibit A');
    expect(terms).toEqual(expect.arrayContaining(['schedule_b', 'exhibit_a', 'schedul', 'exhibit']));
    expect(terms).not.toContain('b');
  });

  it('queries and documents meet on the same terms', () => {
    const doc = new Set(analyzer.terms('Either party may terminate this Agreement upon thirty days notice.'));
    for (const t of analyzer.terms('termination notice')) expect(doc.has(t)).toBe(true);
  });

  it('splits hyphenated words and keeps the joined form', () => {
    expect(analyzer.terms('a non-compete covenant')).toEqual(expect.arrayContaining(['non', 'compet', 'noncompet']));
  });

  it('stems and drops stop words per language', () => {
    expect(analyzer.terms('The Parties shall', 'en')).toEqual(['parti']);
    expect(analyzer.terms("la résiliation de l'accord", 'fr')).toEqual(['résili', 'accord']);
    expect(analyzer.terms('die Kündigung des Vertrages', 'de')).toEqual(['kundig', 'vertrag']);
    // German section references survive analysis.
    expect(analyzer.terms('nach § 5 Absatz 2', 'de')).toEqual(expect.arrayContaining(['§5', 'absatz_2']));
  });

  it('reports raw token offsets that slice back to the token', () => {
    const text = 'Under § 12.2, the Provider’s liability…';
    for (const t of rawTokens(text)) expect(text.slice(t.start, t.end).toLowerCase()).toBe(t.text);
  });
});

describe('analyzer memo', () => {
  it('gives the same terms on a second pass and per language', () => {
    const a = createAnalyzer();
    const text = 'The Licensee shall indemnify the Licensor; Haftung und Gewährleistung.';
    const first = a.terms(text, 'en');
    expect(a.terms(text, 'en')).toEqual(first);
    expect(a.terms('Gewährleistungen', 'de')).not.toEqual(a.terms('Gewährleistungen', 'en'));
  });
});
