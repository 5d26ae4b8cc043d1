/** The value an answer leads with, said in the reply's language. */
import { describe, expect, it } from 'vitest';
import { formatValue, valueSentence } from '../../../../src/core/answer/value-line';
import { extractValue } from '../../../../src/core/values/extract';
import type { TypedValue } from '../../../../src/core/values/types';

describe('value lines in the reply\'s language', () => {
  it('says the contract\'s start and the first of the month as French and German write them', () => {
    const term = extractValue('expiration_date', 'Il est conclu pour une durée de trois (3) ans à compter de sa date d’effet.', { effectiveDate: '2024-03-01' })!;
    expect(valueSentence(term, 'fr')).toBe('Fin de la durée initiale : 3 ans après la date d’effet (1er mars 2027)');
    expect(valueSentence(term, 'de')).toBe('Ende der Laufzeit: 3 Jahre nach dem Inkrafttreten (1. März 2027)');
    expect(valueSentence(term, 'en')).toBe('The initial term ends: 3 years after the Effective Date (March 1, 2027)');
  });

  it('says the term\'s length beside its end date when the clause states both', () => {
    const term = extractValue('expiration_date', '2. Term of Agreement. The term of this Agreement shall be for one (1) year commencing on the Effective Date and ending on February 19, 2013 ("Term").')!;
    expect(valueSentence(term, 'en')).toBe('The initial term ends: February 19, 2013 (a term of 1 year)');
    expect(valueSentence(term, 'fr')).toBe('Fin de la durée initiale : 19 février 2013 (durée : 1 an)');
    expect(valueSentence(term, 'de')).toBe('Ende der Laufzeit: 19. Februar 2013 (Laufzeit: 1 Jahr)');
    expect(formatValue({ type: 'date', iso: '2013-02-19' }, 'en')).toBe('February 19, 2013');
  });

  it('says the other end a clause sets beside the one read, quoted as the contract words it', () => {
    const term = extractValue('expiration_date', 'This Agreement shall continue in full force for ten (10) years from the Launch, or the date of expiry of the last valid patent of the Licensed Product, whichever comes later.')!;
    expect(valueSentence(term, 'en')).toBe('The initial term ends: 10 years after Launch, or the date of expiry of the last valid patent of the Licensed Product, whichever is later');
    expect(valueSentence(term, 'fr')).toBe('Fin de la durée initiale : 10 ans après Launch, ou « the date of expiry of the last valid patent of the Licensed Product », selon ce qui arrive le plus tard');
    expect(valueSentence(term, 'de')).toBe('Ende der Laufzeit: 10 Jahre nach Launch, oder „the date of expiry of the last valid patent of the Licensed Product“, je nachdem, was später eintritt');
    const listed = { type: 'date' as const, iso: '2022-12-31', otherEnd: { which: 'earlier' as const, text: null } };
    expect(formatValue(listed, 'en')).toBe('December 31, 2022, or an earlier end the clause names');
    expect(formatValue(listed, 'fr')).toBe('31 décembre 2022, ou une fin antérieure que la clause prévoit');
    expect(formatValue(listed, 'de')).toBe('31. Dezember 2022, oder ein früheres Ende, das die Klausel nennt');
  });

  it('names a country\'s law in the reply\'s language, a state as written', () => {
    const law = extractValue('governing_law', 'Dieser Vertrag unterliegt dem Recht der Bundesrepublik Deutschland.')!;
    expect(valueSentence(law, 'de')).toBe('Anwendbares Recht: Deutschland');
    expect(valueSentence(law, 'fr')).toBe('Droit applicable : Allemagne');
    expect(valueSentence(law, 'en')).toBe('German law governs');
    expect(formatValue({ type: 'jurisdiction', name: 'England and Wales' }, 'fr')).toBe('Angleterre et pays de Galles');
    expect(formatValue({ type: 'jurisdiction', name: 'New York' }, 'de')).toBe('New York');
  });

  it('tells an end on an event from a term that runs until terminated', () => {
    const event = extractValue('expiration_date', 'This Agreement shall terminate upon the completion of the Project.')!;
    expect(valueSentence(event, 'en')).toBe('The initial term ends: no end date (it ends on an event the contract names)');
    expect(valueSentence(event, 'de')).toBe('Ende der Laufzeit: kein Enddatum (endet mit einem im Vertrag genannten Ereignis)');
    expect(formatValue({ type: 'perpetual' }, 'en')).toBe('no end date (until terminated)');
  });

  it('says a value the filed copy blanks out is redacted, with the words as written', () => {
    const term = extractValue('expiration_date', 'The Agreement enters into force on the Signing Date; it will have a duration of [*****] as from the Start Date.')!;
    expect(valueSentence(term, 'en')).toBe('The end of the initial term is redacted in this copy: [*****]');
    expect(valueSentence(term, 'fr')).toBe('La fin de la durée initiale est caviardée dans cette copie : [*****]');
    expect(valueSentence(term, 'de')).toBe('Das Ende der Laufzeit ist in dieser Fassung geschwärzt: [*****]');
    const cap = extractValue('liability_cap', 'IN NO EVENT SHALL EITHER PARTY’S LIABILITY EXCEED [***].')!;
    expect(valueSentence(cap, 'en')).toBe('The cap on liability is redacted in this copy: [***]');
    expect(formatValue(cap.value, 'de')).toBe('in dieser Fassung geschwärzt ([***])');
  });

  it('says a value a form leaves blank is left blank, with the blank as written', () => {
    // An endorsement form (Sport-Haley's): the term's end is to be filled in.
    const term = extractValue('expiration_date', 'The term of this Agreement shall extend from the date of execution hereof through and until _______, unless extended by written agreement of the parties.')!;
    expect(term.value).toEqual({ type: 'redacted', text: '_______', blank: true });
    expect(valueSentence(term, 'en')).toBe('The end of the initial term is left blank in this copy: _______');
    expect(valueSentence(term, 'fr')).toBe('La fin de la durée initiale est laissée en blanc dans cette copie : _______');
    expect(valueSentence(term, 'de')).toBe('Das Ende der Laufzeit ist in dieser Fassung nicht ausgefüllt: _______');
    const notice = extractValue('termination_notice', 'Either party may terminate this Agreement without cause upon ______ days prior written notice to the other party.')!;
    expect(valueSentence(notice, 'en')).toBe('The notice to terminate is left blank in this copy: ______ days');
    expect(formatValue(notice.value, 'en')).toBe('left blank in this copy (______ days)');
    // A blank elsewhere in the sentence (the date of signing) is no term.
    expect(extractValue('expiration_date', 'This Agreement is made effective this ____ day of ________, 19__ and shall continue for a period of three (3) years.')?.value.type).toBe('relative_date');
  });

  it('states each party with the names the contract defines for it', () => {
    const parties: TypedValue = { kind: 'parties', value: { type: 'parties', names: ['R. C. Boyd Enterprises', 'Cano Petroleum'], defined: [['Company', 'Boyd'], ['Sponsor', 'Cano']] }, display: 'R. C. Boyd Enterprises; Cano Petroleum', span: { start: 0, end: 10 } };
    expect(valueSentence(parties, 'en')).toBe('Parties: R. C. Boyd Enterprises (“Company”, “Boyd”); Cano Petroleum (“Sponsor”, “Cano”)');
    // Quoted as the reply's language quotes.
    expect(valueSentence({ ...parties, value: { type: 'parties', names: ['Fabrikam', 'Contoso'], defined: [[], ['Kunde']] } }, 'de')).toBe('Parteien: Fabrikam; Contoso („Kunde“)');
    expect(valueSentence(parties, 'fr')).toBe('Parties : R. C. Boyd Enterprises (« Company », « Boyd »); Cano Petroleum (« Sponsor », « Cano »)');
  });
});
