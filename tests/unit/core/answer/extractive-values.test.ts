/**
 * Extractive answers that state the answer: the value asked leads ("New York law governs [1]"),
 * the first quote is the sentence holding it, and a heading, a contents line or a definition is
 * never quoted as the answer when the clause is at hand.
 */
import { describe, expect, it } from 'vitest';
import { turnFromAsk } from '../../../../src/core/answer/answer';
import { isDefinition, isHeadingOnly, isOpeningStatement, isTocLine } from '../../../../src/core/answer/quote-kind';
import { askResult, MSA, NDA, PASSAGES } from '../../../helpers/ask-fixtures';

describe('what a quote is', () => {
  it.each([
    ['12. TERMINATION BY THE FRANCHISEE.', true],
    ['10.0 REPRESENTATIONS AND WARRANTIES. 10.1 Mutual Warranty.', true],
    ['ARTICLE 9 INDEMNIFICATION 22', true],
    ['Section 14.2 Governing Law.', true],
    ['(d) Exhibits', true],
    ['8.2 Termination by Franchisor with Notice.', true],
    ['f. Payment of Liabilities and Obligations.', true],
    ['a. The Supplier shall deliver the Products.', false],
    ['This Agreement is governed by the laws of the State of New York.', false],
    ['14.2 Governing Law. This Agreement is governed by the laws of the State of New York.', false],
    ['Article 12 – Droit applicable. Le présent contrat est régi par le droit français.', false],
  ])('%s → heading only: %s', (text, heading) => {
    expect(isHeadingOnly(text)).toBe(heading);
  });

  it('tells contents lines and definitions', () => {
    expect(isTocLine('Governing Law ........................ 14')).toBe(true);
    expect(isTocLine('ARTICLE 9 INDEMNIFICATION 22')).toBe(true);
    expect(isTocLine('The fee is payable within 30')).toBe(false);
    expect(isTocLine('Governing Law ______ 14')).toBe(true);
    // A form's blank in a clause is no leader.
    expect(isTocLine('The term of this Agreement shall extend from the date of execution hereof through and until _______, unless extended.')).toBe(false);
    expect(isHeadingOnly('6. TERM. The term of this Agreement shall extend from the date of execution hereof through and until _______, unless extended by written agreement of the parties.')).toBe(false);
    expect(isDefinition('"Term" means the Initial Term and any Renewal Term.')).toBe(true);
    expect(isDefinition('“Laufzeit“ bezeichnet die Dauer dieses Vertrags.')).toBe(true);
    expect(isDefinition('The Term shall be three years.')).toBe(false);
  });

  it.each([
    ['EXCLUSIVE DISTRIBUTOR AGREEMENT ("Agreement") dated as April 15, 1994 by and between IMRS OPERATIONS INC. and Delteq Pte Ltd.', true],
    ['This Agreement is made and entered into as of June 1, 2020 by and among Acme Inc., Beta LLC and Gamma GmbH.', true],
    ['Le présent contrat est conclu entre la société Alpha SA et la société Beta SARL.', true],
    ['Exhibit 10.8 Services Agreement Oaktree Capital Management, L.P. THIS SERVICES AGREEMENT (this “Agreement”) is made on 25 September 2018', true],
    ['This Agreement is made subject to the approval of the Board.', false],
    ['Dieser Vertrag wird zwischen der Alpha GmbH und der Beta AG geschlossen.', true],
    ['Any dispute between the parties arising under this Agreement shall be settled by arbitration.', false],
    ['Any agreement entered into between Distributor and a sub-distributor shall be in writing.', false],
    ['Les différends entre les parties sont soumis au tribunal de commerce de Paris.', false],
  ])('%s → the contract\'s opening statement: %s', (text, opening) => {
    expect(isOpeningStatement(text)).toBe(opening);
  });
});

describe('extractive answers lead with the value asked', () => {
  it('does not quote a piece cut from inside a redaction bracket', async () => {
    const termination = { doc: MSA, seq: 45, text: 'Either Party may terminate this Agreement upon one hundred eighty (180) days prior written notice to the other Party.', page: 8, section: ['10 Term and Termination', '10.2'] };
    const redacted = { doc: MSA, seq: 44, text: 'If BII provides XENCOR written notice of its exercise of the first right to negotiate within [...***...] after receipt of such written notice from XENCOR, then for a period of [...***...] following such written notice from BII the Parties shall negotiate.', page: 7, section: ['4 Negotiation'] };
    for (const sources of [[termination, redacted], [redacted, termination]]) {
      for (const question of ['How long after written notice from XENCOR can either party terminate the agreement?', 'receipt of written notice from XENCOR period']) {
        const quotes = (await turnFromAsk(askResult(question, sources))).answer!.quotes.map((q) => q.text);
        expect(quotes.length).toBeGreaterThan(0);
        // Neither "… within [..." nor "***...] after receipt …": pieces cut at the redaction.
        for (const q of quotes) expect({ question, cutAtBracket: /\[\.\.\.$|^\*\*\*\.\.\.\]/u.test(q) }).toEqual({ question, cutAtBracket: false });
      }
    }
  });

  it('quotes the same words once when a schedule or a copy repeats them', async () => {
    const text = 'Either Party may initiate a resolution procedure by providing written notice ("Dispute Notice") to the other Party.';
    const main = { doc: MSA, seq: 60, text, page: 12, section: ['15 Dispute Resolution', '15.2'] };
    const schedule = { doc: MSA, seq: 90, text: `  ${text.replace(' by ', '  by\n')}`, page: 40, section: ['SCHEDULE 1', '15 Dispute Resolution'] };
    const quotes = (await turnFromAsk(askResult('How can either party start the dispute resolution procedure?', [main, schedule]))).answer!.quotes.map((q) => q.text.replace(/\s+/gu, ' '));
    expect(quotes).toHaveLength(1);
  });

  it('quotes a sentence without the next item\'s label run into it', async () => {
    const breach = { doc: MSA, seq: 43, text: 'b. In the event of a material breach by the Supplier, the Client may terminate this Agreement (except that the Client may not claim consequential damages). c. Each party shall bear its own costs.', page: 6, section: ['25 Remedies'] };
    const turn = await turnFromAsk(askResult('What can the client do after a material breach by the supplier?', [breach]));
    const quote = turn.answer!.quotes[0]!.text;
    expect(quote).toMatch(/consequential damages\)\.$/u);
    expect(turn.answer!.verification.ok).toBe(true);
    // A roman item label ("ii.") as an insurance clause's list runs on.
    const insurance = { doc: MSA, seq: 44, text: 'i. The Supplier shall maintain commercial general liability insurance covering bodily injury and property damage liability. ii. The Supplier shall maintain workers compensation insurance as the law requires.', page: 6, section: ['26 Insurance'] };
    const insured = await turnFromAsk(askResult('What general liability insurance must the supplier maintain?', [insurance]));
    expect(insured.answer!.quotes[0]!.text).toMatch(/property damage liability\.$/u);
  });

  it('asked when the term ends, also says when the same clause renews it by itself', async () => {
    // An outsourcing agreement (train): the end date, then yearly renewals unless notice is given.
    const term = { doc: MSA, seq: 3, text: '1.2 TERM. The term of this Agreement will commence on January 1, 1998 (the "Effective Date") and will end on December 31, 1998. Thereafter this Agreement will automatically be renewed for successive additional periods of one year, unless either party gives notice of cancellation on or before October 1 of any such year.', page: 1, section: ['1 SERVICES', '1.2 TERM'] };
    const turn = await turnFromAsk(askResult('How long is the outsourcing agreement?', [term]));
    const leads = turn.answer!.text.split('\n\n');
    expect(leads[0]).toBe('The initial term ends: December 31, 1998 [1]');
    expect(leads[1]).toBe('Renewal term: 1 year, each renewal [1]');
    expect(turn.answer!.quotes.map((q) => q.text).join(' ')).toContain('automatically be renewed');
    expect(turn.value).toMatchObject({ kind: 'expiration_date' });
    expect(turn.answer!.verification.ok).toBe(true);
    // An extension the parties must agree on is not said beside the end.
    const chosen = { ...term, text: 'The term of this Agreement will end on December 31, 1998. By mutual agreement of the Parties, the term may be extended by successive periods of three (3) years.' };
    const agreed = await turnFromAsk(askResult('How long is the outsourcing agreement?', [chosen]));
    expect(agreed.answer!.text).not.toContain('Renewal term');
  });

  it('never quotes a table of contents run into a passage, though it names the clause asked about', async () => {
    // A licence agreement's contents page, extracted as one passage, before the clause it lists.
    const contents = { doc: MSA, seq: 1, text: '1. Definitions 1 2. Grant of License 4 3. License Fees and Milestone Payments 5 3.1. Upfront Payment 5 3.2. Milestone payments 5 3.3. Royalties 6 3.4. Reports 6 3.5. Records and Audits 6', page: 2, section: [] };
    const clause = { doc: MSA, seq: 12, text: '3.2. Milestone payments Upon achievement of each of the milestone events set out below, the Licensee shall pay to the Licensor the non-refundable amounts set out below next to such milestone event.', page: 8, section: ['3 License Fees and Milestone Payments', '3.2 Milestone payments'] };
    const turn = await turnFromAsk(askResult('what are the milestone payments?', [contents, clause]));
    const quotes = turn.answer!.quotes.map((q) => q.text);
    expect(quotes.some((q) => q.includes('Licensee shall pay'))).toBe(true);
    expect(quotes.some((q) => /Royalties 6|Upfront Payment 5/u.test(q))).toBe(false);
  });


  it('governing law: "New York law governs [1]", then the sentence naming it', async () => {
    const turn = await turnFromAsk(askResult('Which law governs the MSA?', [PASSAGES.law, PASSAGES.cap]));
    const text = turn.answer!.text;
    expect(text.split('\n\n')[0]).toBe('New York law governs [1]');
    expect(turn.value).toMatchObject({ kind: 'governing_law', value: { type: 'jurisdiction', name: 'New York' }, source: 1 });
    expect(turn.answer!.quotes[0]!.text).toContain('laws of the State of New York');
    expect(turn.answer!.verification.ok).toBe(true);
  });

  it('says which document states the value when the passages come from several', async () => {
    const turn = await turnFromAsk(askResult('Which law governs?', [PASSAGES.confidentiality, PASSAGES.law]));
    expect(turn.answer!.text.split('\n\n')[0]).toBe('In Master Services Agreement: New York law governs [2]');
    expect(turn.answer!.verification.ok).toBe(true);
    const fr = await turnFromAsk(askResult('Quel droit régit le contrat ?', [PASSAGES.confidentiality, PASSAGES.law], { language: 'fr' }));
    expect(fr.answer!.text.split('\n\n')[0]).toBe('Dans Master Services Agreement\u00a0: Droit applicable : New York [2]');
  });

  it('states the value of each document the passages come from, each quoted, and "not stated" only when none states it', async () => {
    const ndaLaw = { doc: NDA, seq: 9, text: 'This Agreement shall be governed by the laws of England and Wales.', page: 2, section: ['9 Governing Law'] };
    const turn = await turnFromAsk(askResult('Which law governs?', [PASSAGES.law, PASSAGES.confidentiality, ndaLaw]));
    expect(turn.answer!.text.split('\n\n').slice(0, 2)).toEqual(['In Master Services Agreement: New York law governs [1]', 'In Mutual Non-Disclosure Agreement: English law governs [3]']);
    const quotes = turn.answer!.quotes.map((q) => q.text);
    expect(quotes[0]).toContain('State of New York');
    expect(quotes[1]).toContain('England and Wales');
    expect(turn.value).toMatchObject({ value: { name: 'New York' }, source: 1 });
    expect(turn.answer!.verification.ok).toBe(true);
    // The first passage's document states no law: the other's law leads, then the document shown that names none.
    const other = await turnFromAsk(askResult('Which law governs?', [PASSAGES.confidentiality, PASSAGES.cap, ndaLaw]));
    expect(other.answer!.text.split('\n\n').slice(0, 3)).toEqual([
      'In Mutual Non-Disclosure Agreement: English law governs [3]',
      'In Master Services Agreement: None of these passages names the governing law.',
      'From the documents, verbatim:',
    ]);
    // Two contracts in the same words: each one's clause is quoted for its own line.
    const same = await turnFromAsk(askResult('Which law governs?', [PASSAGES.law, { ...ndaLaw, text: PASSAGES.law.text }]));
    expect(same.answer!.text.split('\n\n').slice(0, 2)).toEqual(['In Master Services Agreement: New York law governs [1]', 'In Mutual Non-Disclosure Agreement: New York law governs [2]']);
    expect(same.answer!.quotes.map((q) => q.foundIn)).toEqual([1, 2]);
    // No document shown names one: said once.
    const none = await turnFromAsk(askResult('Which law governs?', [PASSAGES.confidentiality, PASSAGES.cap]));
    expect(none.answer!.text.split('\n\n')[0]).toBe('None of these passages names the governing law.');
  });

  it('governing law of a country English names by an adjective: "German law governs", "English law governs"; "Singapore law" as said', async () => {
    const lead = async (text: string) => (await turnFromAsk(askResult('Which law governs the MSA?', [{ ...PASSAGES.law, text }]))).answer!.text.split('\n\n')[0];
    expect(await lead('The laws of the Federal Republic of Germany shall apply to the Agreement and any legal relations thereof.')).toBe('German law governs [1]');
    expect(await lead('This Agreement shall be governed by the laws of England and Wales.')).toBe('English law governs [1]');
    expect(await lead('This Agreement shall be governed by the laws of Singapore.')).toBe('Singapore law governs [1]');
  });

  it('with the value found, quotes no other passage that only shares a word with the question', async () => {
    const tax = { doc: MSA, seq: 41, text: 'All fees are net, plus the value added tax applying to them, if any.', page: 5, section: ['4 Fees', '4.2'] };
    const turn = await turnFromAsk(askResult('which law applies to the MSA?', [PASSAGES.law, tax]));
    expect(turn.answer!.text.split('\n\n')[0]).toBe('New York law governs [1]');
    expect(turn.answer!.quotes.map((q) => q.text).join(' ')).not.toContain('value added tax');
    // Without a value found the other passage may still be quoted.
    const plain = await turnFromAsk(askResult('what applies to the fees?', [tax, PASSAGES.law]));
    expect(plain.answer!.quotes.map((q) => q.text).join(' ')).toContain('value added tax');
  });

  it('renewal and notice: the length, from the term clause', async () => {
    const renewal = await turnFromAsk(askResult('Does the MSA renew automatically, and for how long?', [PASSAGES.term]));
    expect(renewal.answer!.text.split('\n\n')[0]).toBe('Renewal term: 1 year, each renewal [1]');
    const notice = await turnFromAsk(askResult('How much notice is needed to stop the MSA from renewing?', [PASSAGES.term]));
    expect(notice.value?.value).toEqual({ type: 'duration', duration: { amount: 90, unit: 'days' }, successive: false });
    expect(notice.answer!.quotes[0]!.text).toContain('ninety (90) days');
  });

  it('in French, the lead is French', async () => {
    const turn = await turnFromAsk({ ...askResult('Quel est le droit applicable au MSA ?', [PASSAGES.law]), language: 'fr' });
    expect(turn.answer!.text.split('\n\n')[0]).toBe('Droit applicable : New York [1]');
  });

  it('never quotes a bare heading when the clause is in the passage', async () => {
    const spec = { doc: MSA, seq: 30, text: '12. TERMINATION BY THE FRANCHISEE.\n\n12.1 The Franchisee may terminate this Agreement on ninety (90) days written notice if the Franchisor fails to cure a material breach.', section: ['12 Termination by the Franchisee'] };
    const turn = await turnFromAsk(askResult('Can the franchisee terminate?', [spec]));
    expect(turn.answer!.quotes.length).toBeGreaterThan(0);
    for (const q of turn.answer!.quotes) expect(isHeadingOnly(q.text)).toBe(false);
  });

  it('states the cap asked for, and asks no value of a yes/no clause question', async () => {
    const cap = await turnFromAsk(askResult('Is there a cap on liability in the MSA?', [PASSAGES.cap]));
    expect(cap.value).toMatchObject({ kind: 'liability_cap', value: { type: 'formula', months: 12 } });
    const confidential = await turnFromAsk(askResult('Must the MSA be kept confidential?', [PASSAGES.cap]));
    expect(confidential.value ?? null).toBeNull();
    expect(confidential.answer!.text.startsWith('From the documents, verbatim:')).toBe(true);
  });

  it('says so first when the value asked is in none of the passages quoted', async () => {
    const turn = await turnFromAsk(askResult('Which law governs the MSA?', [PASSAGES.cap]));
    expect(turn.value ?? null).toBeNull();
    expect(turn.answer!.text.split('\n\n').slice(0, 2)).toEqual(['None of these passages names the governing law.', 'From the documents, verbatim:']);
    const fr = await turnFromAsk({ ...askResult('Quel est le droit applicable au MSA ?', [PASSAGES.cap]), language: 'fr' });
    expect(fr.answer!.text.split('\n\n')[0]).toBe('Aucun de ces passages n’indique le droit applicable.');
  });
});
