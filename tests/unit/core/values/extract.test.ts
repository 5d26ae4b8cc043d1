import { describe, expect, it } from 'vitest';
import { askedValue, extractValue, valueKindOf } from '../../../../src/core/values/extract';
import { normaliseJurisdiction, sameJurisdiction } from '../../../../src/core/values/jurisdiction';
import { addDuration, durationsIn } from '../../../../src/core/values/terms';
import type { ValueKind } from '../../../../src/core/values/types';

const read = (kind: ValueKind, text: string, effectiveDate: string | null = null) => extractValue(kind, text, { effectiveDate });
/** The length `kind` reads in `text`. */
function expectDuration(kind: ValueKind, text: string, amount: number, unit: string): void {
  const v = read(kind, text);
  expect(v?.value.type).toBe('duration');
  if (v?.value.type === 'duration') expect(v.value.duration).toEqual({ amount, unit });
}

describe('which value a question asks for (en/fr/de)', () => {
  it.each([
    ['Which jurisdiction’s law governs the Acme supply agreement?', 'governing_law'],
    ['choice of law in our agency agreement with Stratton?', 'governing_law'],
    ['Quel est le droit applicable au contrat de distribution ?', 'governing_law'],
    ['Welches Recht ist auf den Liefervertrag anwendbar?', 'governing_law'],
    ['How much notice must be given to stop the agreement from renewing?', 'notice_period'],
    ['Quel est le préavis de non-renouvellement ?', 'notice_period'],
    ['How much notice do we need to give to terminate the MSA?', 'termination_notice'],
    ['what is the notice period for termination under the supply agreement', 'termination_notice'],
    ['Quel est le préavis de résiliation du contrat ?', 'termination_notice'],
    ['Wie lang ist die Kündigungsfrist?', 'termination_notice'],
    ['Does the hosting agreement renew automatically, and for how long?', 'renewal_term'],
    ['Verlängert sich der Vertrag automatisch?', 'renewal_term'],
    ['When does the initial term of the reseller agreement expire?', 'expiration_date'],
    ['Quelle est la durée du contrat ?', 'expiration_date'],
    ['Wie lange ist die Laufzeit des Vertrags?', 'expiration_date'],
    ['max liability under the maintenance contract?', 'liability_cap'],
    ['Quelle est la limitation de responsabilité du contrat ?', 'liability_cap'],
    ['Quelle est l’échéance du contrat de bail ?', 'expiration_date'],
    ['Who are the parties to the NDA?', 'parties'],
    ['when was the Diversinet reseller agreement signed?', 'effective_date'],
    ['Quand le contrat a-t-il été signé ?', 'effective_date'],
    ['Quelle loi régit le contrat de licence ?', 'governing_law'],
    ['À quel droit le contrat est-il soumis ?', 'governing_law'],
    ['Welchem Recht unterliegt der Vertrag?', 'governing_law'],
    ['Ist die Haftung des Lieferanten begrenzt?', 'liability_cap'],
    ['Wie hoch ist die Haftung maximal?', 'liability_cap'],
    ['La responsabilité du prestataire est-elle plafonnée ?', 'liability_cap'],
    ['Jusqu’à quel montant le fournisseur est-il responsable ?', 'liability_cap'],
    ['Wie lange läuft der Wartungsvertrag?', 'expiration_date'],
    ['Combien de temps dure le contrat ?', 'expiration_date'],
    ['how far ahead must we give notice if we don’t want it to roll over?', 'notice_period'],
    ['what is the latest we can send the non-renewal letter?', 'notice_period'],
    ['by when do we have to tell them we don’t want it to continue?', 'notice_period'],
  ])('%s → %s', (question, kind) => {
    expect(valueKindOf(question)).toBe(kind);
  });

  it('reads "who is the licensor?" as asking the parties (each with its defined names), in en/fr/de, not a person or a thing', () => {
    for (const q of ['who is the sponsor under the boyd agreement?', 'Who is the licensee?', 'Which party is the supplier in the supply agreement?', 'who are the distributors', 'Qui est le licencié ?', 'Wer ist der Lizenznehmer?', 'who is the customer under this agreement']) expect(valueKindOf(q), q).toBe('parties');
    for (const q of ['who is the owner of the software?', 'who is the agent for service of process?', 'who is the project manager?', 'who is the distributor of the products in Canada?']) expect(valueKindOf(q), q).toBeNull();
  });

  it('reads a renewal named only to be set aside as a question about the end of the term', () => {
    expect(valueKindOf('How long does the consulting agreement last before any renewal?')).toBe('expiration_date');
    expect(valueKindOf('When will the service contract end if nobody renews it?')).toBe('expiration_date');
    expect(valueKindOf('how long will the supply deal run if it is not renewed')).toBe('expiration_date');
    expect(valueKindOf('What is the term of the licence without extensions?')).toBe('expiration_date');
    // A renewal asked about, or a notice before it, stays that.
    expect(valueKindOf('How long is each renewal term?')).toBe('renewal_term');
    expect(valueKindOf('When must notice be given before renewal?')).toBe('notice_period');
    expect(valueKindOf('When will the lease end?')).toBe('expiration_date');
  });

  it('reads an extension after the term as a renewal, and a deadline to stop one as its notice', () => {
    expect(valueKindOf('Can the supply deal be extended after the initial term, and for how long?')).toBe('renewal_term');
    expect(valueKindOf('How long is each extension of the hosting agreement?')).toBe('renewal_term');
    expect(valueKindOf('Once the first term ends, does the agency agreement roll over?')).toBe('renewal_term');
    expect(valueKindOf('What is the deadline to opt out of renewal?')).toBe('notice_period');
    expect(valueKindOf("If we don't want the lease to renew, when do we have to tell the landlord?")).toBe('notice_period');
    expect(valueKindOf('How far in advance must we say we will not renew?')).toBe('notice_period');
    // Set aside, an extension still asks the end of the term as it stands.
    expect(valueKindOf('How long does the licence last before any extension?')).toBe('expiration_date');
  });

  it('asks for no value on a yes/no clause question or an uncapped-liability question', () => {
    expect(valueKindOf('Is there a non-compete clause?')).toBeNull();
    expect(valueKindOf('Is liability uncapped for breach of confidentiality?')).toBeNull();
  });

  it('weighs the clause kind the question head reads: none for a kind without the value, the kind\'s value when the words name none', () => {
    // "How long" reads as an expiration; asked about a warranty, it is the warranty's length.
    expect(askedValue('How long is the warranty under the supply agreement?', [{ type: 'warranty_duration' }])).toBeNull();
    // A sum asked: no law, date or length answers it, whatever the words or the head name; a cap does.
    expect(askedValue("what's the renewal fee?", [{ type: 'renewal_term' }])).toBeNull();
    expect(askedValue('what is the initial franchise fee?', [{ type: 'expiration_date' }])).toBeNull();
    expect(askedValue('How much notice do we need to give to stop it renewing?', [{ type: 'notice_period_to_terminate_renewal' }])).toBe('notice_period');
    expect(askedValue("what's the cap on fees payable?", [{ type: 'cap_on_liability' }])).toBe('liability_cap');
    // "provision" is a clause in English (the German „Provision“, a commission, is not read).
    expect(askedValue('what does the renewal provision say?', [{ type: 'renewal_term' }])).toBe('renewal_term');
    expect(askedValue('Wie hoch sind die Provisionen?', [{ type: 'renewal_term' }])).toBeNull();
    expect(askedValue('How long does the warranty under the supply agreement last?', [{ type: 'warranty_duration' }])).toBeNull();
    // No kind read: the agreement's end only when the question asks it of the agreement or asks nothing else.
    expect(askedValue('how long is the lock-up?', [])).toBeNull();
    expect(askedValue('how long does the standstill period last?', [])).toBeNull();
    expect(askedValue('how long does the agreement last?', [])).toBe('expiration_date');
    expect(askedValue('when does it end?', [])).toBe('expiration_date');
    expect(askedValue('what is the term of this contract?', [])).toBe('expiration_date');
    expect(askedValue('term and expiry of the alliance?', [])).toBe('expiration_date');
    expect(askedValue('Quelle est la durée de l’alliance ?', [])).toBe('expiration_date');
    expect(askedValue('which law governs?', [])).toBe('governing_law');
    // The agreement is what lasts: its term, whatever kind the head reads in "run" or "last".
    expect(askedValue('how long does the Integrity services agreement last?', [{ type: 'warranty_duration' }])).toBe('expiration_date');
    expect(askedValue('How long does our deal with ValueAct run?', [{ type: 'warranty_duration' }])).toBe('expiration_date');
    expect(askedValue('what is the term of the Integrity agreement?', [{ type: 'warranty_duration' }])).toBe('expiration_date');
    // The kind of contract named without "agreement": "the Gridiron endorsement", "our Acme sponsorship".
    expect(askedValue('how long does the Gridiron endorsement last?', [{ type: 'warranty_duration' }])).toBe('expiration_date');
    expect(askedValue('How long does our sponsorship with the Forty Niners run?', [{ type: 'warranty_duration' }])).toBe('expiration_date');
    expect(askedValue('How long does the warranty under the Gridiron endorsement last?', [{ type: 'warranty_duration' }])).toBeNull();
    // "It" is the agreement when the question names it and nothing else (the document's name masked: "agreement: …").
    expect(askedValue('agreement: how long does it run?', [{ type: 'warranty_duration' }])).toBe('expiration_date');
    expect(askedValue('the agreement - how long will it last', [{ type: 'warranty_duration' }])).toBe('expiration_date');
    expect(askedValue('how long does it run?', [{ type: 'warranty_duration' }])).toBeNull();
    expect(askedValue('agreement: is there a warranty, and how long does it last?', [{ type: 'warranty_duration' }])).toBeNull();
    expect(valueKindOf('What is the term of this contract?')).toBe('expiration_date');
    expect(valueKindOf('Quand le contrat Alpine prend-il fin ?')).toBe('expiration_date');
    expect(valueKindOf('Quand le bail prendra-t-il fin ?')).toBe('expiration_date');
    expect(valueKindOf('Jusqu’à quand court le contrat ?')).toBe('expiration_date');
    expect(valueKindOf('Bis wann läuft der Liefervertrag?')).toBe('expiration_date');
    expect(valueKindOf('What is the renewal term of this contract?')).toBe('renewal_term');
    expect(askedValue('exceptions to the liability cap in the distribution deal?', [{ type: 'uncapped_liability' }])).toBeNull();
    expect(askedValue('Can the supply deal be prolonged after year one?', [{ type: 'renewal_term' }])).toBe('renewal_term');
    expect(valueKindOf('Can the supply deal be prolonged after year one?')).toBeNull();
    // The words win when they name a value and the kind has one; without a kind, the words alone.
    expect(askedValue('How many days’ notice prevents automatic renewal?', [{ type: 'renewal_term' }])).toBe('notice_period');
    expect(askedValue('Which jurisdiction’s law governs the supply agreement?', [])).toBe('governing_law');
    expect(askedValue("Under which jurisdiction's law is our licence deal construed?", [{ type: 'license_grant' }])).toBe('governing_law');
    expect(askedValue('Is there a non-compete clause?', [{ type: 'non_compete' }])).toBeNull();
    // A termination clause states the notice to end the contract when the words ask for it, and nothing when they do not.
    expect(askedValue('How much notice does Clear Capital need to give to terminate for convenience?', [{ type: 'termination_for_convenience' }])).toBe('termination_notice');
    expect(askedValue('Can Clear Capital terminate the MSA for convenience?', [{ type: 'termination_for_convenience' }])).toBeNull();
    expect(askedValue('How much notice to terminate the MSA?', [{ type: 'notice_period_to_terminate_renewal' }])).toBe('termination_notice');
  });
});

describe('governing law', () => {
  it.each([
    ['This Agreement shall be governed by and construed in accordance with the laws of the State of New York, without giving effect to its conflict of laws principles.', 'New York'],
    ['THIS AGREEMENT SHALL BE GOVERNED BY AND CONSTRUED IN ACCORDANCE WITH THE INTERNAL LAWS OF THE STATE OF DELAWARE APPLICABLE TO CONTRACTS MADE AND TO BE PERFORMED THEREIN.', 'Delaware'],
    ['This Agreement shall be governed by the laws of the Province of Ontario and the federal laws of Canada applicable therein.', 'Ontario'],
    ['This Agreement is governed by the laws of England and Wales.', 'England and Wales'],
    ['The parties agree that this Agreement shall be construed in accordance with English law.', 'England and Wales'],
    ['The validity and interpretation of this Agreement shall be governed by the laws of PRC.', 'China'],
    ['This Agreement shall be governed by and interpreted under the laws of the Commonwealth of Pennsylvania.', 'Pennsylvania'],
    ['Le présent contrat est régi par le droit français.', 'France'],
    ["Le présent contrat est soumis au droit de l'État de New York.", 'New York'],
    ['Dieser Vertrag unterliegt deutschem Recht unter Ausschluss des UN-Kaufrechts.', 'Germany'],
    ['Dieser Vertrag unterliegt dem Recht der Schweiz.', 'Schweiz'],
    // The place named before "the laws thereof" / "the laws of that State".
    ['This Agreement has been made in the State of Nevada and shall be governed by and construed in accordance with the laws thereof without regard to conflicts of laws.', 'Nevada'],
    ['This Agreement shall be deemed entered into in the Commonwealth of Virginia, and shall be interpreted in accordance with the laws of that Commonwealth applicable to agreements made there.', 'Virginia'],
    // An abbreviation before a capitalised "Laws"; a parenthesis and "decisions of the courts" between the law and its place; legislation.
    ['The validity and performance of this Agreement shall be governed by PRC Laws.', 'China'],
    ['This agreement shall be governed by the internal laws (exclusive of its conflicts of law provisions) and decisions of the courts of the State of Ohio.', 'Ohio'],
    ['Its validity and legal effect shall be governed by the laws and judicial decisions of the State of Georgia.', 'Georgia'],
    ['The legislation of the Republic of Poland shall apply to all relations of the Parties under this Contract.', 'Poland'],
  ])('%s', (text, name) => {
    const v = read('governing_law', text);
    expect(v?.value).toEqual({ type: 'jurisdiction', name: normaliseJurisdiction(name) });
    // The span is the words that state it.
    expect(text.slice(v!.span.start, v!.span.end)).toMatch(/law|legislation|droit|Recht|LAWS/iu);
  });

  it('reads the law from the sentence that chooses it, not the venue sentence before it', () => {
    const text = 'Any action shall be brought in the courts of the State of California. This Agreement shall be governed by the laws of the State of Texas.';
    expect(read('governing_law', text)?.value).toEqual({ type: 'jurisdiction', name: 'Texas' });
  });

  it('does not read where a party is incorporated as the governing law', () => {
    expect(read('governing_law', 'Contoso Technology, Inc., (hereinafter referred to as Party B), established and existing under the laws of the State of Delaware in the United States of America ("USA").')).toBeNull();
    expect(read('governing_law', 'Northwind Inc., a corporation organized and existing under the laws of the State of Nevada, and Fabrikam LLC, incorporated under the laws of Ontario.')).toBeNull();
    // A representation that a party is in good standing names where it is incorporated, not the contract's law.
    expect(read('governing_law', 'Fabrikam is a corporation duly organized, validly existing and in good standing under the laws of the State of Delaware.')).toBeNull();
    expect(read('governing_law', 'Each party is in good standing under the laws of the jurisdiction of its incorporation, and Northwind is in good standing under the laws of Maryland.')).toBeNull();
    const both = 'Northwind Inc., a corporation duly organized under the laws of the State of Nevada, agrees that this Agreement shall be governed by the laws of the State of New York.';
    expect(read('governing_law', both)?.value).toEqual({ type: 'jurisdiction', name: 'New York' });
  });

  it('reads "this Remarketing Agreement" as the contract itself, stating its law as plainly as "this Agreement"', () => {
    const main = read('governing_law', '15. GOVERNING LAW. THIS REMARKETING AGREEMENT AND THE PRICING AGREEMENT SHALL BE GOVERNED BY AND CONSTRUED IN ACCORDANCE WITH THE LAWS OF THE STATE OF NEW YORK.');
    const letter = read('governing_law', 'This letter is governed by, and shall be construed in accordance with, the laws of the State of New York.');
    expect(main?.confidence).toBe(1);
    expect(letter?.confidence).toBe(1);
    // Another agreement named in passing is not this one.
    expect(read('governing_law', 'The Credit Agreement shall be governed by the laws of the State of New York.')?.confidence).toBeLessThan(1);
  });

  it('compares jurisdictions as places', () => {
    expect(sameJurisdiction('England and Wales', 'England; Wales')).toBe(true);
    expect(sameJurisdiction('New York', 'New York; Massachussets')).toBe(true);
    expect(sameJurisdiction('Massachusetts', 'Massachussets')).toBe(true);
    expect(sameJurisdiction('Ontario', 'Ontario, Canada')).toBe(true);
    expect(sameJurisdiction('China', "People's Republic of China")).toBe(true);
    expect(sameJurisdiction('New York', 'New Jersey')).toBe(false);
  });
});

describe('renewal term and notice period', () => {
  it('reads the initial term after a heading that names the renewal too', () => {
    const v = extractValue('expiration_date', '3. Term and Renewal The term of this Agreement shall begin on the Effective Date and continue in effect for a period of five (5) years (the "Initial Term"), unless sooner terminated. Upon expiration of the Initial Term, this Agreement shall automatically renew for consecutive one (1) year periods.', { effectiveDate: '2011-01-11' });
    expect(v?.value).toMatchObject({ type: 'relative_date', duration: { amount: 5, unit: 'years' }, iso: '2016-01-11' });
  });

  it('reads a term that goes on until terminated as a renewal without end', () => {
    expect(read('renewal_term', 'This contract shall be for a term of one year commencing on the date first above written; thereafter, it shall automatically continue until terminated by either party upon not less than thirty (30) days prior written notice.')?.value).toEqual({ type: 'perpetual' });
  });

  it('reads renewals "for each of the subsequent three years" as one year each', () => {
    const v = read('renewal_term', '17.2 If the Publishers exercise their right of renewal under Clause 17.1, then the Publishers shall have a further right of renewal for each of the subsequent three years, provided that the right to renew shall be conditional upon the Publishers having exercised their right in the previous year.');
    expect(v?.value).toEqual({ type: 'duration', duration: { amount: 1, unit: 'years' }, successive: true });
    expect(read('renewal_term', 'The term may be extended by the Licensee for a further period of three (3) years.')?.display).toBe('3 years');
  });

  it('does not read a heading run into the sentence as a renewal', () => {
    expect(read('renewal_term', '3. Term and Renewal The term of this Agreement shall begin on the Effective Date and continue in effect for a period of five (5) years (the "Initial Term").')).toBeNull();
    expect(read('renewal_term', '3. Term and Renewal Upon expiration of the Initial Term, this Agreement shall automatically renew for consecutive one (1) year periods.')?.display).toBe('1 year');
  });

  it.each([
    ['Upon expiration of the Initial Term, this Agreement shall automatically renew for consecutive one (1) year periods, unless terminated within sixty (60) days prior to the expiration.', 1, 'years'],
    ['This Agreement shall thereafter automatically renew for successive two (2) year periods (each a "Renewal Term").', 2, 'years'],
    ['The Initial Term shall automatically be extended for an additional period of half a year unless either party provides notice at least 60 days prior to the end of such period.', 6, 'months'],
    ['This agreement shall renew automatically from year to year unless either party serves written notice.', 1, 'years'],
    ['Le contrat est renouvelé par tacite reconduction pour des périodes successives de douze (12) mois.', 12, 'months'],
    ['Der Vertrag verlängert sich jeweils um ein weiteres Jahr, sofern er nicht gekündigt wird.', 1, 'years'],
    // No length after the renewal: it renews for the term it follows.
    ['This Agreement shall be for the term of one year; thereafter, the Agreement shall renew automatically under these same terms and agreements.', 1, 'years'],
  ])('renewal: %s', (text, amount, unit) => {
    expectDuration('renewal_term', text, amount, unit);
  });

  it.each([
    ['Unless either party gives written notice of termination at least ninety (90) days prior to the end of the Initial Term, this Agreement shall automatically renew.', 90, 'days'],
    ['This Agreement shall renew unless a Party provides the other with written notice of termination at least one hundred eighty (180) days prior to the expiration of the then-current Renewal Term.', 180, 'days'],
    ['Thereafter, this Agreement shall automatically continue in effect until either party gives the other at least six (6) months prior written notice of termination.', 6, 'months'],
    ['Le contrat se renouvelle sauf dénonciation moyennant un préavis de trois (3) mois avant son échéance.', 3, 'months'],
    ['Der Vertrag verlängert sich automatisch, wenn er nicht mit einer Frist von 30 Tagen vor Ablauf gekündigt wird.', 30, 'days'],
    // No word for notice: what the party does in writing, and how long before the end.
    ['The Agreement shall be extended by one year at a time unless one Party informs the other Party in writing six (6) months before the expiry of the then current term that it does not wish to extend it.', 6, 'months'],
  ])('notice: %s', (text, amount, unit) => {
    expectDuration('notice_period', text, amount, unit);
  });

  it.each([
    ['At any time that there is no uncompleted Statement of Work outstanding, either party may terminate this Agreement for any or no reason upon fifteen (15) days advance notice to the other.', 15, 'days'],
    ['Either party may terminate this Agreement if the other party fails to cure a material breach within thirty (30) days after written notice thereof. Either party may terminate this Agreement for convenience on ninety (90) days’ prior written notice.', 90, 'days'],
    ['Chaque partie peut résilier le contrat à tout moment moyennant un préavis de trois (3) mois.', 3, 'months'],
    ['Der Vertrag kann von jeder Partei mit einer Frist von drei Monaten zum Monatsende gekündigt werden.', 3, 'months'],
  ])('notice to terminate: %s', (text, amount, unit) => {
    expectDuration('termination_notice', text, amount, unit);
  });

  it('reads no notice to terminate in a time to cure after notice, and prefers ending the contract to stopping a renewal', () => {
    expect(read('termination_notice', 'Licensee may terminate this Agreement if Licensor fails to cure such breach within thirty (30) days after receipt of written notice.')).toBeNull();
    const v = read('termination_notice', 'This Agreement renews for one year unless either party gives sixty (60) days’ notice of non-renewal. Either party may terminate this Agreement without cause upon thirty (30) days’ written notice.');
    expect(v?.display).toBe('30 days');
  });

  it('reads "ten (10) Contract Years" and "one (I) year" as lengths, keeping the text positions', () => {
    const text = 'shall continue for ten (10) Contract Years and then for one (I) year';
    const found = durationsIn(text);
    expect(found.map((f) => [f.value.amount, f.value.unit])).toEqual([
      [10, 'years'],
      [1, 'years'],
    ]);
    expect(text.slice(found[0]!.index, found[0]!.index + found[0]!.text.length)).toBe(found[0]!.text);
  });
});

describe('what renews and what is the term itself', () => {
  it('reads the term’s own verb "extend" as no renewal', () => {
    expect(read('expiration_date', 'This Agreement shall be in full force commencing on the date of execution by both Parties and shall extend for an initial term of two (2) years.', '2012-03-01')?.value).toMatchObject({ type: 'relative_date', duration: { amount: 2, unit: 'years' }, iso: '2014-03-01' });
    expect(read('expiration_date', 'The term of this Agreement and the sponsorship shall commence on January 1, 2011 and extend through December 31, 2011.')?.value).toEqual({ type: 'date', iso: '2011-12-31' });
    expect(read('renewal_term', 'The Contract Term shall extend for a period of thirty (30) years.')).toBeNull();
    // "unless sooner terminated or extended by mutual agreement": an option, the length is the term's.
    expect(read('expiration_date', 'The Agreement shall commence on the Effective Date and, unless terminated earlier or extended by mutual agreement of the parties, shall continue for twenty four (24) months following the Effective Date.', '2015-05-01')?.value).toMatchObject({ duration: { amount: 24, unit: 'months' }, iso: '2017-05-01' });
    // Renewals are still renewals.
    expect(read('renewal_term', 'Thereafter this Agreement shall automatically extend for successive one (1) year periods.')?.display).toBe('1 year');
  });

  it('reads renewals said without a number', () => {
    expect(read('renewal_term', 'After the Initial Term, this Agreement shall continue on a month to month basis until terminated by either party upon thirty (30) days prior written notice.')?.display).toBe('1 month');
    expect(read('renewal_term', 'Absent notice, the contract will automatically extend for an additional month of service.')?.display).toBe('1 month');
    expect(read('renewal_term', 'The Licensee shall have the right to renew the Agreement for another year on the same terms.')?.display).toBe('1 year');
    expect(read('renewal_term', 'The Term is 3 years from the Effective Date with an automatic 2 year term extension unless either Party objects.')?.display).toBe('2 years');
    expect(read('renewal_term', 'You will have the option to continue the relationship for two (2) additional terms of five (5) years each.')?.display).toBe('5 years');
    // "one (1) additional twelve month period": twelve months, not one.
    expect(read('renewal_term', 'The Customer may renew this Agreement for one (1) twelve month period at the then-current terms.')?.display).toBe('12 months');
  });

  it('reads a notice named before its length, and a notice period before an anniversary', () => {
    expect(read('notice_period', 'Following the Initial Term, either Party may terminate this Agreement upon written notice to the other Party of at least 3 months.')?.display).toBe('3 months');
    expect(read('notice_period', 'This Agreement shall automatically be renewed for successive one (1) year increments unless either party requests in writing, at least sixty (60) days prior to the anniversary date, that it not be renewed.')?.display).toBe('60 days');
    // A notice to end the contract at all counts; a period to answer a claim does not.
    expect(read('notice_period', "Either party may terminate this Agreement upon ninety (90) days' prior written notice.")?.display).toBe('90 days');
    expect(read('notice_period', 'Within 15 working days upon receiving the Claim Notice, the Manufacturer shall analyze and respond to the Claim.')).toBeNull();
    // "notice, up to a maximum of one (1) year": the year is the extension, not the notice.
    expect(read('renewal_term', 'Supplier may, by written notice given at least thirty (30) days prior to the end of the term, extend the term for the period set forth in such notice, up to a maximum of one (1) year.')?.display).toBe('1 year');
  });
});

describe('expiration and effective dates', () => {
  it('reads ends the team wrote in other words: the agreement terminating on a date, the earlier of, from the Effective Date to a date, a label, an unlimited period, an anniversary of the Commencement Date', () => {
    expect(read('expiration_date', 'This Agreement will terminate on March 31, 2021 unless renewed by the parties in writing.')?.value).toEqual({ type: 'date', iso: '2021-03-31' });
    expect(read('expiration_date', 'The initial term of this Agreement shall end on the earlier of (i) December 31, 2025 or (ii) the date on which the Product is withdrawn.')?.value).toEqual({ type: 'date', iso: '2025-12-31', otherEnd: { which: 'earlier', text: null } });
    expect(read('expiration_date', 'The Term of this Agreement shall be from the Effective Date to December 31, 2008.')?.value).toEqual({ type: 'date', iso: '2008-12-31' });
    expect(read('expiration_date', 'Expiration Date: December 31, 2016')?.value).toEqual({ type: 'date', iso: '2016-12-31' });
    expect(read('expiration_date', 'This Agreement shall remain in force for an unlimited period of time.')?.value).toEqual({ type: 'perpetual' });
    expect(read('expiration_date', 'The Term shall end on the 10th anniversary of the Commencement Date.', '2010-01-01')?.value).toMatchObject({ iso: '2020-01-01' });
    // A party's right to terminate on a date is no end of the term.
    expect(read('expiration_date', 'Either party may terminate this Agreement on thirty (30) days notice.')).toBeNull();
  });

  it('keeps the other end a clause sets beside the one read, and which of the two ends the term', () => {
    // A licence and development agreement (train): the term runs past ten years while a patent lasts.
    const licence = read('expiration_date', 'This Agreement will come into effect on the Effective Date and shall continue in full force for ten (10) years from the Launch (the “Initial Term”), or the date of expiry of the last valid patent of the Licensed Product, whichever comes later, subject to clauses 19.2, 19.3, 19.4 and 19.5 hereunder.');
    expect(licence?.value).toMatchObject({ type: 'relative_date', duration: { amount: 10, unit: 'years' }, otherEnd: { which: 'later', text: 'the date of expiry of the last valid patent of the Licensed Product' } });
    expect(licence?.display).toBe('10 years after Launch, or the date of expiry of the last valid patent of the Licensed Product, whichever is later');
    const study = read('expiration_date', 'The term of this Agreement shall be five (5) years following the Effective Date or until the Studies are completed, whichever is later, unless extended or unless terminated earlier in accordance with the provisions hereof.', '2016-09-23');
    expect(study?.value).toMatchObject({ iso: '2021-09-23', otherEnd: { which: 'later', text: 'until the Studies are completed' } });
    expect(read('expiration_date', 'This Agreement shall expire on June 30, 2026 or upon the completion of the Project, whichever occurs first.')?.value).toEqual({ type: 'date', iso: '2026-06-30', otherEnd: { which: 'earlier', text: 'upon the completion of the Project' } });
    // A date read after "no later than" (a deadline as often as an end) keeps its other end too.
    expect(read('expiration_date', 'This Agreement shall remain in force no later than December 31, 2025 or the completion of the Project, whichever is earlier.')?.value).toEqual({ type: 'date', iso: '2025-12-31', otherEnd: { which: 'earlier', text: 'the completion of the Project' } });
    // A period after the end is no term: a sell-off period "within a period of six (6) months of the effective date of such termination".
    expect(read('expiration_date', '(ii) Licensee or Affiliates or Distributors may sell off all previously purchased Licensed Products still in their warehouses within a period of six (6) months of the effective date of such termination (the "Sell-Off Period") provided that the sale shall be subject to the terms of this Agreement.', '2016-09-23')).toBeNull();
    // Without a second end, the value is as before; "terminated earlier" is no other end.
    expect(read('expiration_date', 'The term of this Agreement shall be two (2) years from the Effective Date, unless terminated earlier.', '2016-09-23')?.value).toEqual({ type: 'relative_date', duration: { amount: 2, unit: 'years' }, anchor: 'the Effective Date', iso: '2018-09-23' });
  });

  it('reads the date the sentence names the Effective Date, whatever words precede it', () => {
    const text = 'EXHIBIT 4.1 CONSULTING AGREEMENT THIS AGREEMENT is dated for reference the 1st day of February, 2020 (the "Effective Date").';
    expect(read('effective_date', text)?.value).toEqual({ type: 'date', iso: '2020-02-01' });
    expect(read('effective_date', 'The price list attached was last updated on March 3, 2019 (see Exhibit B).')).toBeNull();
  });

  it('reads ends said in other words: concluding, ends at, end as of, the later of, an anniversary in years, an indefinite term', () => {
    expect(read('expiration_date', '"Contract Period" shall mean that period of time commencing on January 1, 2001 and concluding December 31, 2004, unless terminated sooner.')?.value).toEqual({ type: 'date', iso: '2004-12-31' });
    expect(read('expiration_date', 'The term shall commence on May 1, 2020 and ends at April 30, 2025, with automatic renewals each for a period of one (1) year.')?.value).toEqual({ type: 'date', iso: '2025-04-30' });
    expect(read('expiration_date', 'The Term shall commence on the date of this Agreement and, unless earlier terminated, shall end as of June 30, 2003.')?.value).toEqual({ type: 'date', iso: '2003-06-30' });
    expect(read('expiration_date', 'The term will begin on March 1, 1998 and will end the later of (i) March 1, 2000 or (ii) the delivery of all placements.')?.value).toEqual({ type: 'date', iso: '2000-03-01', otherEnd: { which: 'later', text: null } });
    expect(read('expiration_date', 'Unless earlier terminated, this Agreement shall extend until the three (3) year anniversary of the Effective Date.', '2018-07-15')?.value).toMatchObject({ iso: '2021-07-15' });
    expect(read('expiration_date', 'This Agreement shall commence on the Effective Date and shall continue for a period of twelve (12) full calendar months.', '2019-02-01')?.value).toMatchObject({ duration: { amount: 12, unit: 'months' } });
    expect(read('expiration_date', 'This Agreement shall become effective on signature and continue in force for an indefinite term unless terminated.')?.value).toEqual({ type: 'perpetual' });
    // "in effect until", "valid for", and a date typed with a period after the day.
    expect(read('expiration_date', 'This Agreement shall be in effect until March 18. 2021, unless sooner terminated by either party.')?.value).toEqual({ type: 'date', iso: '2021-03-18' });
    expect(read('expiration_date', 'The Contract is valid for 5 years from signature.', '2016-01-04')?.value).toMatchObject({ duration: { amount: 5, unit: 'years' }, iso: '2021-01-04' });
  });

  it('reads an end given approximately, and an agreement commencing on one date and ending on another', () => {
    // A promotion agreement's period (seen in a walkthrough: "None of these passages states when the initial term ends").
    expect(read('expiration_date', '7.PROMOTION PERIOD: Designated Sponsor Products with Pin Codes may be distributed from approximately October 1, 2009 to approximately December 31, 2009 (the “Promotion Period”).')?.value).toEqual({ type: 'date', iso: '2009-12-31' });
    expect(read('expiration_date', 'The term of this Agreement shall end on or about December 31, 2009.')?.value).toEqual({ type: 'date', iso: '2009-12-31' });
    expect(read('expiration_date', 'This Agreement shall commence on October 1, 2009 and end on December 31, 2009.')?.value).toEqual({ type: 'date', iso: '2009-12-31' });
    expect(read('effective_date', 'This Agreement shall commence on October 1, 2009 and end on December 31, 2009.')?.value).toEqual({ type: 'date', iso: '2009-10-01' });
    // Commencing alone states no end; "about" before a number of units is no date's approximation.
    expect(read('expiration_date', 'This Agreement shall commence on October 1, 2009.')).toBeNull();
  });

  it('counts a term from an event without the name the sentence gives the period', () => {
    // A reseller agreement (corpus-large train): the event is the first purchase order, "(the “Initial Term”)" names the period.
    const v = read('expiration_date', 'This Agreement shall be effective as of the Effective Date and shall continue in effect for a period of five (5) years from the Reseller’s first purchase order for Product issued to Todos (the “Initial Term”), unless terminated earlier by one of the parties.');
    expect(v?.value).toMatchObject({ type: 'relative_date', duration: { amount: 5, unit: 'years' }, anchor: 'Reseller’s first purchase order for Product issued to Todos', iso: null });
  });

  it('reads the end of a numbered month or year as the end of the term, not a point inside it', () => {
    expect(read('expiration_date', 'Unless earlier terminated, this Agreement will terminate at the end of the thirty-sixth (36th) month following the Effective Date.', '2020-01-15')?.value).toEqual({ type: 'relative_date', duration: { amount: 36, unit: 'months' }, anchor: 'the Effective Date', iso: '2023-01-15' });
    expect(read('expiration_date', 'This Agreement shall remain in effect until the end of the third Contract Year.')?.value).toMatchObject({ type: 'relative_date', duration: { amount: 3, unit: 'years' } });
    expect(read('expiration_date', 'At the end of the first year of the Term, Licensee shall pay the annual fee.')).toBeNull();
    // Its last day, and an end at an hour of a date.
    expect(read('expiration_date', 'The Initial Term shall expire on the last day of the thirty-sixth (36th) full calendar month following the Effective Date.', '2020-01-01')?.value).toMatchObject({ type: 'relative_date', duration: { amount: 36, unit: 'months' }, iso: '2023-01-01' });
    expect(read('expiration_date', 'The Term shall end at 11:59 p.m. Eastern Time on December 31, 2023.')?.value).toEqual({ type: 'date', iso: '2023-12-31' });
    expect(read('expiration_date', 'This Agreement shall expire at 5:00 pm on June 30, 2019.')?.value).toEqual({ type: 'date', iso: '2019-06-30' });
    // Digits with the words in brackets; a German term concluded for an indefinite time.
    expect(read('expiration_date', 'This Agreement shall continue in force for a period of 10 (ten) years.', '2020-01-01')?.value).toMatchObject({ duration: { amount: 10, unit: 'years' }, iso: '2030-01-01' });
    expect(read('expiration_date', 'Dieser Vertrag wird auf unbestimmte Zeit geschlossen.')?.value).toEqual({ type: 'perpetual' });
  });

  it('does not read the definition of another period as the term', () => {
    expect(read('expiration_date', '"Quarter" means any period of three (3) consecutive calendar months that begins on January 1, April 1, July 1 or October 1, during the Term.')).toBeNull();
    expect(durationsIn('"Contract Year" means, for the first year, from March 1 of the year in which the Stadium opens.')).toEqual([]);
    // A definition counts periods from the Effective Date without being the term; one of the term itself is.
    expect(read('expiration_date', '1.29 “Calendar Quarter” means each successive period of three (3) calendar months commencing on January 1, April 1, July 1 and October 1, except that the first Calendar Quarter of the Term shall commence on the Effective Date and end on the day immediately prior to the first to occur of January 1, April 1, July 1 or October 1 after the Effective Date.', '2020-02-20')).toBeNull();
    expect(read('effective_date', '“Existing Agreement” means the license agreement between Operator and Licensor dated June 30, 2009, together with all amendments.')).toBeNull();
    expect(read('expiration_date', '“Initial Term” means the period of five (5) years from the Effective Date.', '2020-02-20')?.value).toMatchObject({ type: 'relative_date', iso: '2025-02-20' });
    expect(read('expiration_date', '« Durée initiale » désigne la période de cinq (5) ans à compter de la date d’effet.', '2020-02-20')?.value).toMatchObject({ type: 'relative_date', iso: '2025-02-20' });
    expect(read('expiration_date', '„Laufzeit“ bezeichnet den Zeitraum von fünf (5) Jahren ab dem Tag des Inkrafttretens.', '2020-02-20')?.value).toMatchObject({ type: 'relative_date', iso: '2025-02-20' });
    // "the term “…” shall mean": a non-compete's period after the franchise is not the agreement's term
    // (the walkthrough of 2026-12-07: "The initial term ends: 2 years after date of: (a) a transfer …").
    expect(read('expiration_date', '(d) As used in this Agreement, the term “Post-Term Period” shall mean a continuous uninterrupted period of two (2) years from the date of: (a) a transfer permitted under Section 14 of the Franchise Agreement; (b) expiration or termination of the Franchise Agreement.')).toBeNull();
    expect(read('expiration_date', '"Restricted Period" means the term of this Agreement and two (2) years thereafter.')).toBeNull();
    // …also as a lettered item run into the section's one long sentence (no break before "(d)").
    expect(read('expiration_date', '2. Covenants Not to Compete. (a) Member shall not compete during the term of the Franchise Agreement. (d) As used in this Agreement, the term “Post-Term Period” shall mean a continuous uninterrupted period of two (2) years from the date of: (a) a transfer permitted under Section 14 of the Franchise Agreement.')).toBeNull();
    expect(read('expiration_date', '"Contract Period" shall mean the period of three (3) years commencing on the Effective Date.', '2020-02-20')?.value).toMatchObject({ type: 'relative_date', iso: '2023-02-20' });
    // Definitions run together with semicolons are judged one by one.
    expect(read('renewal_term', '"Early Removal" means a removal before a Scheduled Event; "End Date" means the earlier of (i) the end of the Initial Term; or (ii) the end of each annual renewal of this Agreement as per Clause 3.2.')?.value).toMatchObject({ type: 'duration', duration: { amount: 1, unit: 'years' } });
  });


  it('reads an absolute end date after "until", "through", "ending on"', () => {
    expect(read('expiration_date', 'This Agreement shall begin on the Effective Date and shall continue until December 31, 2020, unless extended.')?.value).toEqual({ type: 'date', iso: '2020-12-31' });
    // The length the sentence states before its end goes with the date (said beside it).
    expect(read('expiration_date', 'The effective term is 12 months beginning March 1, 2005 and ending February 28, 2006.')?.value).toEqual({ type: 'date', iso: '2006-02-28', length: { amount: 12, unit: 'months' } });
    const endorsement = '2. Term of Agreement. The term of this Agreement shall be for one (1) year commencing on the Effective Date and ending on February 19, 2013 ("Term").';
    expect(read('expiration_date', endorsement)?.value).toEqual({ type: 'date', iso: '2013-02-19', length: { amount: 1, unit: 'years' } });
    // A notice or a point inside the term is no length of it.
    expect(read('expiration_date', 'Either party may terminate on sixty (60) days notice; otherwise this Agreement continues until December 31, 2020.')?.value).toEqual({ type: 'date', iso: '2020-12-31' });
    expect(read('expiration_date', 'After the first three months of the Term, this Agreement continues until December 31, 2020.')?.value).toEqual({ type: 'date', iso: '2020-12-31' });
    expect(read('expiration_date', 'This Agreement shall be effective through and including March 31, 2004.')?.value).toEqual({ type: 'date', iso: '2004-03-31' });
    // After a heading naming the renewal and the sub-clause's number, the term's own length.
    expect(read('expiration_date', '3. DURATION AND RENEWAL 3.1 The Agreement enters into force on the Signing Date; it will have a duration of five (5) years as from the Signing Date.', '2020-01-01')?.value).toMatchObject({ type: 'relative_date', iso: '2025-01-01' });
    // In the present tense, as a short agreement may state it.
    expect(read('expiration_date', 'This Agreement commences on January 1, 2019 and ends on December 31, 2021.')?.value).toEqual({ type: 'date', iso: '2021-12-31' });
    expect(read('expiration_date', 'This Agreement terminates on March 31, 2024.')?.value).toEqual({ type: 'date', iso: '2024-03-31' });
    expect(read('expiration_date', 'The term will continue until the earlier of (i) December 31, 2022, (ii) the termination of the Lease.')?.value).toEqual({ type: 'date', iso: '2022-12-31', otherEnd: { which: 'earlier', text: null } });
    expect(read('expiration_date', 'The Term shall begin on the Effective Date and continue for a period ending June 30, 2021.')?.value).toEqual({ type: 'date', iso: '2021-06-30' });
    expect(read('expiration_date', 'The term of this Agreement will run from the Effective Date until the close of business on September 30, 2012.')?.value).toEqual({ type: 'date', iso: '2012-09-30' });
    expect(read('expiration_date', 'Le contrat prendra fin le 31 décembre 2025.')?.value).toEqual({ type: 'date', iso: '2025-12-31' });
    expect(read('expiration_date', 'Dieser Vertrag endet am 31. Dezember 2025.')?.value).toEqual({ type: 'date', iso: '2025-12-31' });
    // A fiscal year ending on a date is no end of the term.
    expect(read('expiration_date', 'If the parties fail to agree upon a Business Plan for any Contract Year before the start of such year (with respect to the Business Plan for Contract Year ending October 31, 1999), either party may terminate.')).toBeNull();
    // A length from an event, with a last date: the last date is the expiry.
    expect(read('expiration_date', 'This Agreement shall commence as of the Effective Date and shall terminate five (5) years following the date of launch of the first Website, but in no event later than February 28, 2013.')?.value).toEqual({ type: 'date', iso: '2013-02-28' });
  });

  it('reads "to" or a dash as an end only between two dates of a range', () => {
    expect(read('expiration_date', 'The term of this Agreement shall run from January 1, 2020 to December 31, 2022.')?.value).toEqual({ type: 'date', iso: '2022-12-31' });
    expect(read('expiration_date', 'This Agreement is in effect for the period January 1, 2020 - June 30, 2021.')?.value).toEqual({ type: 'date', iso: '2021-06-30' });
    // Not an end: a date something is changed to; a letter's date after a page number "-8-".
    expect(read('expiration_date', 'Upon a Successful Remarketing, the Stated Maturity of the Debt Securities will, effective October 8, 2014, automatically be adjusted to December 15, 2017.')).toBeNull();
    // "prior to" a date is no end either; "until the end of 2006" is.
    expect(read('expiration_date', 'If the licensee terminates this agreement prior to December 31, 2006, it pays a cancellation fee.')).toBeNull();
    expect(read('expiration_date', 'This agreement will be in effect until the end of 2006 and will be evaluated at that time.')?.value).toEqual({ type: 'date', iso: '2006-12-31' });
    expect(read('expiration_date', 'The Term shall continue through the end of calendar year 2010.')?.value).toEqual({ type: 'date', iso: '2010-12-31' });
    expect(read('expiration_date', 'This decrease will stay in effect until the agent reaches $10MM in premium or at a maximum of 10 years. -8- April 7, 1999 Mr. Terrence Walsh')?.value).not.toEqual({ type: 'date', iso: '1999-04-07' });
  });

  it('reads a length from the Effective Date, resolved when the effective date is known', () => {
    const text = 'The term of this Agreement shall be five (5) years following the Effective Date, unless terminated earlier.';
    expect(read('expiration_date', text, '2016-09-23')?.value).toEqual({ type: 'relative_date', duration: { amount: 5, unit: 'years' }, anchor: 'the Effective Date', iso: '2021-09-23' });
    expect(read('expiration_date', text)?.value).toMatchObject({ type: 'relative_date', iso: null });
    expect(read('expiration_date', 'The initial term shall commence on the Effective Date and end on the fifth anniversary of the Effective Date.', '1999-04-27')?.value).toMatchObject({ iso: '2004-04-27' });
    // The ordinal as PDF text gives it.
    expect(read('expiration_date', 'This Agreement shall commence on the Effective Date and shall continue until the twentieth (20t h) anniversary of the Effective Date.', '2009-06-30')?.value).toMatchObject({ iso: '2029-06-30' });
  });

  it('counts from a start date the sentence states', () => {
    expect(read('expiration_date', 'The term of the Franchise shall be twenty (20) years, commencing on January 1, 2016.', '2015-11-17')?.value).toMatchObject({ iso: '2036-01-01' });
  });

  it('reads an indefinite term as perpetual', () => {
    expect(read('expiration_date', 'This Agreement shall be effective from the date first above written and shall continue indefinitely until terminated by either Party.')?.value).toEqual({ type: 'perpetual' });
  });

  it('reads an end on events the contract names as no end date, below any end a source states', () => {
    // The start stated first, then the end on an event.
    expect(read('expiration_date', 'This Agreement shall take effect as of the Effective Date and shall expire upon completion of the Project as set forth in the Project Plan, unless terminated earlier.')?.value).toEqual({ type: 'perpetual', onEvent: true });
    // A confidentiality period that runs after the term ends is no term.
    expect(read('expiration_date', 'During the term of this Agreement and for a period of seven (7) years after its termination or expiration each Party shall maintain in confidence the information disclosed.', '2018-11-28')).toBeNull();
    // A length counted from the Effective Date in a sentence about something else (data kept) is no term of the contract.
    expect(read('expiration_date', 'University will retain all Program Data for the sooner to occur of a New Drug Application being approved or ten (10) years from the Effective Date.', '2018-11-28')).toBeNull();
    const onEvent = (text: string) => read('expiration_date', text);
    expect(onEvent("Notwithstanding any provisions of this Agreement to the contrary, this Agreement shall terminate upon the Trust's payment to the Company of the aggregate amount of the premiums paid under the Policy.")).toMatchObject({ value: { type: 'perpetual', onEvent: true }, confidence: 0.4 });
    expect(onEvent('This Agreement shall terminate as to the Remarketing Agent and its obligations hereunder with respect to the Shares upon the earliest to occur of (a) the resignation or removal of the Remarketing Agent, (b) the completion of a successful remarketing.')?.value).toEqual({ type: 'perpetual', onEvent: true });
    expect(onEvent('Le présent contrat prendra fin de plein droit lors de la cession du fonds de commerce.')?.value).toEqual({ type: 'perpetual', onEvent: true });
    expect(onEvent('Dieser Vertrag endet mit dem Abschluss des Projekts.')?.value).toEqual({ type: 'perpetual', onEvent: true });
    // The term goes on until an event the contract names, not a date.
    expect(onEvent('This Agreement shall commence on the Effective Date and, unless earlier terminated in accordance herewith, shall continue in force and effect until (a) the date of expiration of the last Royalty Term for the last Licensed Product, or (b) the expiration of the License Option Period.')?.value).toEqual({ type: 'perpetual', onEvent: true });
    expect(onEvent('The "Term" of this Agreement shall commence on the Effective Date and shall continue in full force and effect until the expiration or earlier termination of the last Addendum to expire.')?.value).toEqual({ type: 'perpetual', onEvent: true });
    expect(onEvent('This Agreement shall remain in effect until the expiration of this Agreement.')).toBeNull();
    expect(onEvent('The license shall continue until the expiration of the Initial Term.')).toBeNull();
    expect(onEvent("This Agreement may be terminated at any time while the Employee is living by written notice thereof by either the Employer or the Employee to the other; and, in any event, this Agreement will terminate upon termination of the Employee's employment.")?.value).toEqual({ type: 'perpetual', onEvent: true });
    // A notice, the end of the term, or a party's right to terminate is no event the term ends on.
    expect(onEvent('This Agreement shall terminate upon sixty (60) days written notice by either party.')).toBeNull();
    expect(onEvent('This Agreement shall terminate upon the expiration of the Initial Term.')).toBeNull();
    expect(onEvent('Either party may terminate this Agreement upon the bankruptcy of the other party.')).toBeNull();
    // A length the passage states is the end.
    expect(onEvent('This Agreement shall continue for a period of two (2) years. This Agreement shall terminate automatically upon the bankruptcy of either party.')?.value.type).toBe('relative_date');
  });

  it('does not take a point inside the term or the notice for its length', () => {
    const v = read('expiration_date', 'The Term will begin on February 1, 1998; either party may terminate this Agreement effective at any time after the first three months of the Term, by giving 30 days notice.');
    expect(v?.value.type === 'relative_date' && v.value.duration.amount === 3).toBe(false);
  });

  it('does not take a deadline inside the term ("paid on or before") over the length the passage states, nor drop it when nothing else is said', () => {
    const franchise = '2. TERM. The term of the Franchise shall be twenty (20) years, commencing on January 1, 2016. 3. FRANCHISE FEE. (b) For each succeeding calendar year during the term of this Franchise, the Franchise Fee shall be paid to Grantor on or before March 31, 2017.';
    expect(read('expiration_date', franchise)?.value).toMatchObject({ type: 'relative_date', iso: '2036-01-01' });
    expect(read('expiration_date', 'This Agreement shall remain in effect through and until no later than June 30, 2025.')?.value).toEqual({ type: 'date', iso: '2025-06-30' });
  });

  it('does not take a period after the term ends, or a recital\'s history, for the term', () => {
    expect(read('expiration_date', 'In return for this payment, for a two-year period following the termination date, Agency will not sell any insurance to the insureds.')).toBeNull();
    expect(read('expiration_date', 'Sections 2 and 11 shall survive the expiration or termination of this Agreement in perpetuity with respect to Titles for which the licenses are perpetual.')).toBeNull();
    expect(read('expiration_date', 'WHEREAS, the initial term of Schedule 1 was for three (3) years; and WHEREAS, the Parties wish to extend it.')).toBeNull();
    expect(read('expiration_date', 'The term of this Agreement shall be fifteen (15) years from the Effective Date.', '2007-04-01')?.value).toMatchObject({ iso: '2022-04-01' });
  });

  it('does not read a length stated for something done during the term, or a long-term forecast, as the term', () => {
    expect(read('expiration_date', 'On or before the first day of each Calendar Year during the Term, Buyer shall submit a forecast for each of the next three (3) consecutive Calendar Years.')).toBeNull();
    expect(read('expiration_date', 'During the Term of this Agreement and for two (2) years thereafter, Supplier shall keep complete and accurate books and records.')).toBeNull();
    expect(read('expiration_date', 'The Long-Term Forecast shall cover the next three (3) Calendar Years.')).toBeNull();
    expect(read('expiration_date', 'Buyer may revise the forecast at any time during such period of twelve (12) months.')).toBeNull();
    // The term stated as such still reads, with a time reference beside it.
    expect(read('expiration_date', 'The term of this Agreement shall be five (5) years; during the Term, Buyer shall submit quarterly forecasts.', '2010-01-01')?.value).toMatchObject({ iso: '2015-01-01' });
  });

  it('adds calendar months and years, clipping to the month end', () => {
    expect(addDuration('2020-01-31', { amount: 1, unit: 'months' })).toBe('2020-02-29');
    expect(addDuration('2016-09-23', { amount: 5, unit: 'years' })).toBe('2021-09-23');
    expect(addDuration('2020-01-01', { amount: 90, unit: 'days' })).toBe('2020-03-31');
  });

  it('keeps a form\'s partial date partial: years and months move it, days cannot', () => {
    expect(addDuration('2017-02', { amount: 4, unit: 'years' })).toBe('2021-02');
    expect(addDuration('2017-11', { amount: 3, unit: 'months' })).toBe('2018-02');
    expect(addDuration('2000', { amount: 10, unit: 'years' })).toBe('2010');
    expect(addDuration('2000', { amount: 24, unit: 'months' })).toBe('2002');
    expect(addDuration('2000', { amount: 18, unit: 'months' })).toBeNull();
    expect(addDuration('2017-02', { amount: 90, unit: 'days' })).toBeNull();
    const term = 'This Agreement shall have a term of four (4) years from the effective date first set forth above, and shall automatically renew for additional one year terms.';
    expect(read('expiration_date', term, '2017-02')?.value).toEqual({ type: 'relative_date', duration: { amount: 4, unit: 'years' }, anchor: 'the Effective Date', iso: '2021-02' });
  });

  it('counts a length from the event its words name, and prefers a term counted from the contract\'s start', () => {
    // A confidentiality period from the last shipment is no term of the contract; the next sentence's is.
    const two = 'The duty of confidentiality shall expire two (2) years from the date of the last delivery under this contract. This contract shall be for a term of one year commencing on the date first above written; thereafter it continues until terminated.';
    expect(read('expiration_date', two, '2003-05-01')?.value).toMatchObject({ type: 'relative_date', anchor: 'the Effective Date', iso: '2004-05-01' });
    // Alone, it is kept, from its own event, which no date resolves.
    const installed = read('expiration_date', 'The initial term of support is twelve (12) months commencing on the date of installation of the system.', '1998-03-01');
    expect(installed?.value).toMatchObject({ type: 'relative_date', anchor: 'date of installation of the system', iso: null });
    expect(installed?.confidence).toBe(0.5);
    // An anniversary "of the date of this Agreement" counts from the effective date, not the start the sentence states.
    expect(read('expiration_date', 'The Term will begin on March 1, 2004 and end on the first anniversary of the date of this Agreement.', '2004-02-20')?.value).toMatchObject({ iso: '2005-02-20' });
    // "From and including the date of this Agreement" is the contract's own start.
    expect(read('expiration_date', 'The term of this Agreement is three years from and including the date of this Agreement (the "Initial Term").', '2012-10-01')?.value).toMatchObject({ iso: '2015-10-01' });
    expect(read('expiration_date', 'This agreement shall be for a term of five years from the date of this document.', '2003-05-12')?.value).toMatchObject({ iso: '2008-05-12' });
  });

  it('reads the effective date a passage states', () => {
    expect(read('effective_date', 'This Agreement is effective as of January 11, 2011 (the "Effective Date").')?.value).toEqual({ type: 'date', iso: '2011-01-11' });
  });

  it('reads the effective date a definition or a sentence naming the start gives, and "effective this", "commence upon", "as from"', () => {
    expect(read('effective_date', '1.7 "Effective Date" shall mean March 3, 2016.')?.value).toEqual({ type: 'date', iso: '2016-03-03' });
    expect(read('effective_date', '"Commencement Date" means 2 April 2007.')?.value).toEqual({ type: 'date', iso: '2007-04-02' });
    expect(read('effective_date', 'The commencement date for this Services Agreement will be 21st July 2010.')?.value).toEqual({ type: 'date', iso: '2010-07-21' });
    expect(read('effective_date', 'The Effective Date of this Agreement (herein called the "Effective Date") is October 5, 2001.')?.value).toEqual({ type: 'date', iso: '2001-10-05' });
    expect(read('effective_date', 'Executed and effective this 12th day of June, 2002.')?.value).toEqual({ type: 'date', iso: '2002-06-12' });
    expect(read('effective_date', 'The license term shall commence upon March 1, 2004 and continue for one year.')?.value).toEqual({ type: 'date', iso: '2004-03-01' });
    expect(read('effective_date', 'This Addendum is effective as from 1 July 2012.')?.value).toEqual({ type: 'date', iso: '2012-07-01' });
    // A date the sentence does not make the start.
    expect(read('effective_date', 'The Effective Date of the price increase notice shall not affect orders placed before June 1, 2015.')).toBeNull();
  });

  it('reads an end date past an extension the parties would have to agree on, and a contract terminating automatically on a date', () => {
    const agreed = 'The term of this Agreement, unless mutually extended by written agreement of the Parties or sooner terminated, shall commence as of the date hereof and shall expire on June 30, 2027.';
    expect(read('expiration_date', agreed)?.value).toEqual({ type: 'date', iso: '2027-06-30' });
    expect(read('renewal_term', agreed)).toBeNull();
    expect(read('expiration_date', 'This Agreement shall commence on the Effective Date and shall terminate automatically without further notice on March 31, 2021, unless the Parties agree in writing to extend it.')?.value).toEqual({ type: 'date', iso: '2021-03-31' });
    // An extension for further periods on agreement is a renewal term all the same, as CUAD reads it.
    expectDuration('renewal_term', 'Before the end of the Term, the Parties may agree in writing to extend this Agreement for successive two (2) year periods.', 2, 'years');
  });

  it('reads a term that runs until its parties end it, or ends when terminated, as no end date', () => {
    expect(read('expiration_date', 'This Agreement between Acme and Zenith shall be in effect from the Effective Date and remain in effect until Acme and Zenith terminate the Agreement.')?.value).toEqual({ type: 'perpetual' });
    expect(read('expiration_date', 'The term of this Agreement begins on the date of its approval and will end when terminated by either party.')?.value).toEqual({ type: 'perpetual' });
    // Until an event's termination is an end on that event, not "until terminated".
    expect(read('expiration_date', 'The Term shall continue in full force until the expiration or earlier termination of the last Statement of Work to expire.')?.value).toEqual({ type: 'perpetual', onEvent: true });
  });

  it('reads a renewal "of the same duration" as the initial term the passage states before it', () => {
    const v = read('renewal_term', 'The initial term of this Agreement is four (4) years from the Effective Date. Upon its expiry, this Agreement shall automatically renew for successive terms of the same duration unless either party objects.');
    expect(v?.value).toEqual({ type: 'duration', duration: { amount: 4, unit: 'years' }, successive: true });
    expectDuration('renewal_term', 'This Agreement shall continue for three (3) years. Each Order will then renew automatically for an additional term equal in duration to the previous term.', 3, 'years');
    // No initial term stated before: no length to give.
    expect(read('renewal_term', 'Upon expiry of the Initial Term, this Agreement shall automatically renew for successive terms of the same duration.')).toBeNull();
  });
});

describe('liability cap', () => {
  it('reads an amount or a formula', () => {
    expect(read('liability_cap', "In no event shall either party's aggregate liability exceed One Million Dollars ($1,000,000).")?.value).toMatchObject({ type: 'money', amount: 1_000_000, currency: 'USD' });
    expect(read('liability_cap', 'Each party’s total liability shall not exceed the fees paid in the twelve (12) months preceding the claim.')?.value).toMatchObject({ type: 'formula', months: 12 });
  });

  it('reads a cap as French and German contracts state it', () => {
    expect(read('liability_cap', 'La responsabilité totale du Fournisseur au titre du présent contrat est limitée au montant des sommes versées par le Distributeur au cours des douze (12) mois précédant le fait générateur.')?.value).toMatchObject({ type: 'formula', months: 12 });
    expect(read('liability_cap', 'La responsabilité de chaque partie est plafonnée à deux (2) fois le montant annuel des redevances.')?.value).toMatchObject({ type: 'formula', text: 'deux (2) fois le montant annuel des redevances' });
    expect(read('liability_cap', 'Die Haftung des Lieferanten ist auf den Auftragswert des jeweiligen Kalenderjahres begrenzt.')?.value).toMatchObject({ type: 'formula', text: 'den Auftragswert des jeweiligen Kalenderjahres', months: null });
    expect(read('liability_cap', 'Die Haftung ist der Höhe nach auf die Vergütung der letzten zwölf (12) Monate beschränkt.')?.value).toMatchObject({ type: 'formula', months: 12 });
    expect(read('liability_cap', 'Die Haftung ist auf 100.000 EUR begrenzt.')?.value).toMatchObject({ type: 'money', amount: 100_000, currency: 'EUR' });
    // No cap: unlimited liability, a payment.
    expect(read('liability_cap', 'Der Lieferant haftet unbeschränkt für Vorsatz und grobe Fahrlässigkeit.')).toBeNull();
    expect(read('liability_cap', 'Le Distributeur paiera au Fournisseur la somme de 10 000 euros par mois.')).toBeNull();
  });

  it('reads a cap stated as what was paid, with no period', () => {
    const chase = "Further, Chase's aggregate liability arising under this Agreement shall in no event exceed the total Commissions paid or payable by Chase to Affiliate under this Agreement.";
    const v = read('liability_cap', chase);
    expect(v?.value).toEqual({ type: 'formula', months: null, text: 'the total Commissions paid or payable by Chase to Affiliate under this Agreement' });
    expect(chase.slice(v!.span.start, v!.span.end)).toBe(v!.display);
    expect(read('liability_cap', 'IN NO EVENT SHALL THE LICENSOR’S LIABILITY EXCEED THE AMOUNTS ACTUALLY RECEIVED BY IT HEREUNDER.')?.display).toBe('THE AMOUNTS ACTUALLY RECEIVED BY IT HEREUNDER');
    const healthgate = 'in the event either party shall be liable to the other party on account of the performance or nonperformance of its respective obligations under this Agreement, the amount recoverable by the other party for all events, acts or omissions shall not exceed, in the aggregate, an amount equal to payments made under this Agreement.';
    expect(read('liability_cap', healthgate)?.display).toBe('an amount equal to payments made under this Agreement');
    const agent = 'Any liability of Agent will be limited in the aggregate to an amount equal to twenty four (24) times the monthly administrative fee to be paid by Client as set forth in Exhibit B hereto.';
    expect(read('liability_cap', agent)?.display).toBe('an amount equal to twenty four (24) times the monthly administrative fee to be paid by Client as set forth in Exhibit B hereto');
    // The contract's value as the cap (a translated outsourcing agreement).
    const eit = '10.3. The liability of EIT will be limited to a value equal to contractual value as per clause 7.1 and will not exceed this value.';
    const ev = read('liability_cap', eit);
    expect(ev?.value).toEqual({ type: 'formula', months: null, text: 'a value equal to contractual value as per clause 7.1' });
    expect(eit.slice(ev!.span.start, ev!.span.end)).toBe(ev!.display);
    expect(read('liability_cap', "In no event shall the Contractor's total liability exceed the total contract price.")?.display).toBe('the total contract price');
    // The greater of two measures, after words saying what is limited (a distributor agreement, corpus-large train; its measures redacted).
    const cisco =
      "ALL LIABILITY OF EACH PARTY FOR CLAIMS ARISING UNDER THIS AGREEMENT SHALL BE LIMITED SEPARATELY FOR PRODUCTS AND SERVICES PURCHASES TO THE GREATER OF I) [*****] OR (ll)THE MONEY PAID TO CISCO FOR PRODUCTS OR FOR SERVICES UNDER THIS AGREEMENT DURING THE [*****] PERIOD PRECEDING THE EVENT FIRST GIVING RISE TO SUCH LIABILITY.";
    const cv = read('liability_cap', cisco);
    expect(cv?.value).toMatchObject({ type: 'formula', months: null });
    expect(cv?.display).toBe('THE GREATER OF I) [*****] OR (ll)THE MONEY PAID TO CISCO FOR PRODUCTS OR FOR SERVICES UNDER THIS AGREEMENT DURING THE [*****] PERIOD PRECEDING THE EVENT FIRST GIVING RISE TO SUCH LIABILITY');
    expect(cisco.slice(cv!.span.start, cv!.span.end)).toBe(cv!.display);
    expect(read('liability_cap', "The Supplier's liability shall not exceed the lesser of (a) the charges for the affected Services or (b) the Supplier's insurance cover.")?.display).toBe(
      "the lesser of (a) the charges for the affected Services or (b) the Supplier's insurance cover",
    );
    // An exclusion of damages states no cap.
    expect(read('liability_cap', 'Neither party shall be liable for any indirect or consequential damages, including lost profits.')).toBeNull();
  });

  it('reads a cap whose amount the filed copy redacts as a cap, its amount the redaction mark', () => {
    const fusion = 'CPDC’S MAXIMUM LIABILITY TO FUSION UNDER THIS SUPPLY AGREEMENT FOR ANY REASON WHATSOEVER, INCLUDING, WILL NOT EXCEED [***].';
    const v = read('liability_cap', fusion);
    expect(v?.value).toEqual({ type: 'redacted', text: '[***]' });
    expect(fusion.slice(v!.span.start, v!.span.end)).toBe('[***]');
    expect(read('liability_cap', 'In no event shall Supplier’s aggregate liability exceed the amount of ***** in any calendar year.')?.display).toBe('*****');
    // A mark written with dots, as other filings write it (one pattern with the passage-level redaction count, text/redaction.ts).
    expect(read('liability_cap', 'In no event shall Xencor’s total liability exceed [...***...].')?.value).toEqual({ type: 'redacted', text: '[...***...]' });
  });
});

describe('redacted values', () => {
  const slot = (kind: ValueKind, text: string) => {
    const v = read(kind, text, '2020-01-01');
    return v && { value: v.value, span: text.slice(v.span.start, v.span.end) };
  };

  it('reads a term, a renewal or a notice the filed copy blanks out where the value goes', () => {
    expect(slot('expiration_date', 'The Agreement enters into force on the Signing Date; it will have a duration of [*****] as from the Start Date (the “Initial Term”).')).toEqual({ value: { type: 'redacted', text: '[*****]' }, span: '[*****]' });
    expect(slot('expiration_date', 'This Agreement shall continue for a period of [...***...] ([...***...]) years after the first commercial sale.')?.span).toBe('[...***...] ([...***...]) years');
    expect(slot('expiration_date', 'The Term shall expire on [***].')?.value).toEqual({ type: 'redacted', text: '[***]' });
    expect(slot('renewal_term', 'Thereafter, this Agreement shall automatically renew for successive [***] year periods unless either party gives notice.')?.span).toBe('[***] year');
    expect(slot('notice_period', 'This Agreement will renew automatically unless either party gives notice of non-renewal at least [***] days prior to the end of the then-current term.')?.span).toBe('[***] days');
    expect(slot('termination_notice', 'FUSION may terminate this Agreement without cause by providing CPDC with [***] prior written notice.')?.span).toBe('[***]');
    // The term's verb with where it runs from before its end ("shall extend from … through and until").
    expect(slot('expiration_date', 'The term of this Agreement shall extend from the date of execution hereof through and until [***], unless extended by written agreement of the parties.')?.span).toBe('[***]');
    expect(read('expiration_date', 'The term of this Agreement shall extend from the date of execution hereof through and until December 31, 1999, unless extended by written agreement of the parties.')?.value).toEqual({ type: 'date', iso: '1999-12-31' });
  });

  it('prefers a value stated in words and reads no mark that is not the value', () => {
    // A length written out wins over a mark elsewhere in the passage.
    expect(slot('expiration_date', 'The term of this Agreement shall be five (5) years. The price is [***] per unit.')?.value.type).toBe('relative_date');
    // A notice is no term; a time to cure is no notice to terminate; a fee is no renewal term.
    expect(slot('expiration_date', 'Either party may terminate this Agreement upon [***] days prior written notice.')).toBeNull();
    expect(slot('termination_notice', 'Licensee may terminate if Licensor fails to cure within [***] days after written notice of breach.')).toBeNull();
    expect(slot('renewal_term', 'The Agreement shall be renewed upon payment of a renewal fee of [***].')).toBeNull();
    expect(slot('expiration_date', 'The Company will deliver back the Main Element on a date (the “Due Date”) within a time period of [*****] starting from the Delivery date.')).toBeNull();
    expect(slot('expiration_date', 'This Agreement shall remain in effect provided that Licensee launches the Product within [***] months after the Effective Date.')).toBeNull();
  });
});
