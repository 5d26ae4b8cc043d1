import { describe, expect, it } from 'vitest';
import { detectQueryLanguage } from '../../../../src/core/search/query-language';
import { LexicalIndex, OFF_LANGUAGE_WEIGHT } from '../../../../src/core/search/lexical-index';
import { chunkRecord } from '../../../helpers/records';

describe('detectQueryLanguage', () => {
  it.each([
    ['Is there a cap on liability?', 'en'],
    ['how much notice stops this agreement from renewing?', 'en'],
    ['Which jurisdiction’s law governs this agreement?', 'en'],
    ['Quelle est la durée de la garantie ?', 'fr'],
    ['Quel est le délai de préavis pour résilier le contrat ?', 'fr'],
    ['Wie lange gilt die Vereinbarung?', 'de'],
    ['Was gilt für Geschäftsgeheimnisse nach dem Gesetz?', 'de'],
    ['¿Cuál es la ley aplicable al contrato?', 'es'],
  ])('%s → %s', (question, code) => {
    expect(detectQueryLanguage(question)).toBe(code);
  });

  it('gives no language for short keyword queries it cannot tell apart', () => {
    for (const q of ['non-compete', 'force majeure', 'La garantie', 'termination for convenience', 'de la', '§ 5', '12.2']) expect(detectQueryLanguage(q)).toBeNull();
  });
});

describe('a query analysed in its own language', () => {
  const index = new LexicalIndex();
  index.add({ id: 'en', name: 'lease.pdf', language: 'en' }, [
    chunkRecord('en', 0, 'Notices go to the Landlord at 1200 De La Vina Street, Santa Barbara.'),
    chunkRecord('en', 1, 'The guarantee of the Tenant lasts for the whole term of the lease.'),
  ]);
  index.add({ id: 'fr', name: 'bail.txt', language: 'fr' }, [
    chunkRecord('fr', 0, 'La durée de la garantie est de deux ans à compter de la livraison.'),
    chunkRecord('fr', 1, 'Le loyer est payable chaque mois.'),
  ]);

  it('never matches the query language’s function words in other languages', () => {
    const hits = index.search({ text: 'durée de la garantie', queryLanguage: 'fr' });
    expect(hits[0]?.chunkId).toBe('fr:0');
    expect(hits.map((h) => h.chunkId)).not.toContain('en:0');
    // Without the question's language, "de" and "la" are English words and meet the street name.
    expect(index.search({ text: 'durée de la garantie' }).map((h) => h.chunkId)).toContain('en:0');
  });

  it('ranks a match in another language below the same match in the query’s language', () => {
    const fr = index.search({ text: 'garantie', queryLanguage: 'fr', documentIds: ['fr'] })[0]!;
    const offLanguage = index.search({ text: 'guarantee', queryLanguage: 'fr', documentIds: ['en'] })[0]!;
    const sameLanguage = index.search({ text: 'guarantee', queryLanguage: 'en', documentIds: ['en'] })[0]!;
    expect(fr.chunkId).toBe('fr:0');
    expect(offLanguage.score).toBeCloseTo(sameLanguage.score * OFF_LANGUAGE_WEIGHT);
  });
});
