import { describe, expect, it } from 'vitest';
import { expectedAnswerType, mentionsAnswerType } from '../../../../src/core/search/answer-type';

describe('answer type', () => {
  it('recognises questions asking for a period or a date', () => {
    for (const q of ['How long does the warranty last?', 'When does the initial term expire?', 'How much notice must be given?', 'How many days to cure a breach?', 'What cure period applies?']) {
      expect(expectedAnswerType(q, 'en')).toBe('temporal');
    }
    for (const q of ['Who owns the IP?', 'Is there a non-compete?']) expect(expectedAnswerType(q, 'en')).toBeNull();
  });

  it('reads "when" with a modal or "liable" as asking for conditions, not a date', () => {
    for (const q of ['When may the Licensor terminate?', 'When can either party assign the agreement?', 'When is the Supplier liable for indirect loss?']) expect(expectedAnswerType(q, 'en')).toBeNull();
    for (const q of ['Wann haftet der Rechtsverletzer für den Schaden des Inhabers?', 'Wann kann der Vertrag gekündigt werden?', 'Wann ist der Lizenznehmer zur Zahlung verpflichtet?']) expect(expectedAnswerType(q, 'de')).toBeNull();
    expect(expectedAnswerType('Quand une partie peut-elle résilier le contrat ?', 'fr')).toBeNull();
    expect(expectedAnswerType('Wann endet der Vertrag?', 'de')).toBe('temporal');
    expect(expectedAnswerType('Quand le contrat prend-il fin ?', 'fr')).toBe('temporal');
    expect(expectedAnswerType('When is the renewal notice due?', 'en')).toBe('temporal');
  });

  it('recognises questions asking for an amount or a place of law', () => {
    for (const q of ['How much is the fee?', 'What is the price per unit?', 'Is there a cap on liability, and what is it?']) expect(expectedAnswerType(q, 'en')).toBe('amount');
    for (const q of ['Which jurisdiction’s law governs this agreement?', 'Which courts have jurisdiction?', 'Where must disputes be resolved?']) expect(expectedAnswerType(q, 'en')).toBe('jurisdiction');
    expect(expectedAnswerType('Quelle est la loi applicable ?', 'fr')).toBe('jurisdiction');
    expect(expectedAnswerType('Wie lange gilt die Gewährleistung?', 'de')).toBe('temporal');
    expect(expectedAnswerType('Combien de jours pour le préavis ?', 'fr')).toBe('temporal');
  });

  it('spots periods, dates, amounts and places of law in a passage', () => {
    for (const t of ['within thirty (30) days of receipt', 'for 6 months', 'upon [***] days prior notice', 'renews annually', 'until September 30, 1997', 'ninety (90) calendar days']) {
      expect(mentionsAnswerType(t, 'temporal', 'en')).toBe(true);
    }
    expect(mentionsAnswerType('All notices shall be in writing and delivered by hand.', 'temporal', 'en')).toBe(false);
    for (const t of ['shall not exceed $50,000', 'ten percent (10%) of the fees', 'USD 1,000']) expect(mentionsAnswerType(t, 'amount', 'en')).toBe(true);
    expect(mentionsAnswerType('governed by the laws of the State of California', 'jurisdiction', 'en')).toBe(true);
    expect(mentionsAnswerType('the courts of London have exclusive jurisdiction', 'jurisdiction', 'en')).toBe(true);
    expect(mentionsAnswerType('governed by and in accordance with the laws in the State of Washington', 'jurisdiction', 'en')).toBe(true);
    expect(mentionsAnswerType('each party shall comply with applicable laws', 'jurisdiction', 'en')).toBe(false);
    expect(mentionsAnswerType('innerhalb von 30 Tagen', 'temporal', 'de')).toBe(true);
    expect(mentionsAnswerType('soumis au droit français', 'jurisdiction', 'fr')).toBe(true);
    expect(mentionsAnswerType('Es gilt österreichisches Recht.', 'jurisdiction', 'de')).toBe(true);
    expect(mentionsAnswerType('Ausschließlich zuständig sind die Gerichte in München.', 'jurisdiction', 'de')).toBe(true);
    expect(mentionsAnswerType('pour une durée d’une année', 'temporal', 'fr')).toBe(true);
  });

  it('reads a date written day first, with an ordinal, or as numbers, and a yearly period, as a date (en/fr/de)', () => {
    // A translated outsourcing agreement: "how long does it last?" is answered here, not by nothing.
    const passage = '13.1. The present Agreement is effective as from 1 January 2009. It is established by calendar year and renewed tacitly every year.';
    expect(mentionsAnswerType(passage, 'temporal', 'en')).toBe(true);
    for (const t of ['effective as from 1 January 2009', 'made this 24th day of February, 1998', 'dated 2009-01-01', 'renewed tacitly every year']) expect(mentionsAnswerType(t, 'temporal', 'en')).toBe(true);
    expect(mentionsAnswerType('Le contrat prend effet le 1er janvier 2020.', 'temporal', 'fr')).toBe(true);
    expect(mentionsAnswerType('Il est reconduit tacitement chaque année.', 'temporal', 'fr')).toBe(true);
    expect(mentionsAnswerType('Der Vertrag tritt am 1. Januar 2020 in Kraft.', 'temporal', 'de')).toBe(true);
    expect(mentionsAnswerType('Er verlängert sich jedes Jahr.', 'temporal', 'de')).toBe(true);
    // A year alone, or a word holding "Jahr", is no date.
    expect(mentionsAnswerType('the 2009 budget', 'temporal', 'en')).toBe(false);
    expect(mentionsAnswerType('Die Jahresrechnung wird geprüft.', 'temporal', 'de')).toBe(false);
  });

  it('reads a quantity counted in a unit as an amount (en/fr/de)', () => {
    // The walkthrough of 2026-12-07: "how much hemp does gridiron have to buy?" abstained over the passage stating it.
    expect(expectedAnswerType('how much hemp does gridiron have to buy?', 'en')).toBe('amount');
    for (const t of ['Gridiron agrees to purchase 30,000 lbs. of hemp biomass', 'a minimum of five hundred (500) units per quarter', 'at least 1,000 metric tons of ore', '20,000 gallons per month']) {
      expect(mentionsAnswerType(t, 'amount', 'en')).toBe(true);
    }
    expect(mentionsAnswerType('L’acheteur achète au moins 500 tonnes de minerai par an.', 'amount', 'fr')).toBe(true);
    expect(mentionsAnswerType('Der Käufer nimmt mindestens 1.000 Stück pro Jahr ab.', 'amount', 'de')).toBe(true);
    // A number without a unit, a unit without a number, or a unit word inside a longer word is none.
    for (const t of ['each of the units delivered', 'in two cases', 'Section 3 of the Agreement']) expect(mentionsAnswerType(t, 'amount', 'en')).toBe(false);
    expect(mentionsAnswerType('Die 100 Stückpreise gelten weiter.', 'amount', 'de')).toBe(false);
  });

  it('has no rules for languages without them', () => {
    expect(expectedAnswerType('Quanto tempo dura la garanzia?', 'it')).toBeNull();
    expect(mentionsAnswerType('30 giorni', 'temporal', 'it')).toBe(false);
  });
});
