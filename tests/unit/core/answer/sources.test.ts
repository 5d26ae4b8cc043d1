import { describe, expect, it } from 'vitest';
import { checkAnswer } from '../../../../src/core/answer/citations';
import { composeExtractive, extractiveAnswer } from '../../../../src/core/answer/extractive';
import { turnFromAsk } from '../../../../src/core/answer/answer';
import { buildSources, formatSources, fromPassage, labelQuotedSources, MAX_CONTEXT_CHARS } from '../../../../src/core/answer/sources';
import { askResult, CLAUSES, MSA, PASSAGES, passage } from '../../../helpers/ask-fixtures';

const longClause = (n: number) =>
  Array.from({ length: n }, (_, i) => (i === n - 3 ? 'The Supplier shall maintain professional indemnity insurance of at least five million euros per claim.' : `Clause filler sentence number ${i} describes an unrelated administrative matter in detail.`)).join(' ');

describe('numbered sources', () => {
  it('numbers passages with file, page and section, and shows neighbours when the budget allows', () => {
    const sources = buildSources('liability cap', [fromPassage(passage(PASSAGES.cap)), fromPassage(passage(PASSAGES.term, 2))]);
    expect(sources.map((s) => [s.n, s.file, s.pageStart])).toEqual([
      [1, 'Master Services Agreement.pdf', 5],
      [2, 'Master Services Agreement.pdf', 7],
    ]);
    expect(sources[0]!.before).toEqual([CLAUSES.capBefore]);
    expect(sources[0]!.after).toEqual([CLAUSES.capAfter]);
    expect(formatSources(sources)).toContain('[1] Master Services Agreement.pdf — p. 5 — § ARTICLE 12 LIMITATION OF LIABILITY › 12.2 Liability Cap');
  });

  it('keeps the context within 6,000 characters, cutting a long passage to its most relevant verbatim part', () => {
    const big = longClause(80);
    const candidates = [0, 1, 2, 3, 4].map((i) => fromPassage(passage({ doc: MSA, seq: 100 + i, text: i === 2 ? big : longClause(40 + i), page: 3 }, i + 1)));
    const sources = buildSources('What professional indemnity insurance must the supplier maintain?', candidates);
    expect(formatSources(sources).length).toBeLessThanOrEqual(MAX_CONTEXT_CHARS);
    expect(sources).toHaveLength(5);
    const cut = sources[2]!;
    expect(big.includes(cut.text)).toBe(true);
    expect(cut.text).toContain('professional indemnity insurance');
    expect(cut.before).toEqual([]);
  });

  it('a passage cut to fit keeps the span stating the value asked for, not only the sentences sharing the question’s words', () => {
    const filler = (i: number) => `Licensee shall deliver the usage report numbered ${i} to Licensor within ten days of each quarter.`;
    const term = 'It shall commence on the Effective Date and continue for twenty (20) years.';
    const survival = 'Sections 1, 7 and 12 shall survive any expiration or termination of this Agreement in perpetuity. Upon expiration of the initial term of this Agreement, all licences end.';
    const text = [term, ...Array.from({ length: 12 }, (_, i) => filler(i)), survival].join(' ');
    const candidates = [0, 1, 2, 3, 4].map((i) => fromPassage(passage({ doc: MSA, seq: 200 + i, text: i === 0 ? text : longClause(40 + i), page: 7 }, i + 1)));
    const question = 'When does the initial term of this agreement expire?';
    const plain = buildSources(question, candidates);
    expect(plain[0]!.text).not.toContain('twenty (20) years');
    const at = text.indexOf('twenty (20) years');
    const kept = buildSources(question, candidates, undefined, (c) => (c.text === text ? { start: at, end: at + 17 } : null));
    expect(text.includes(kept[0]!.text)).toBe(true);
    expect(kept[0]!.text).toContain('continue for twenty (20) years');
    expect(formatSources(kept).length).toBeLessThanOrEqual(MAX_CONTEXT_CHARS);
  });

  it('drops a duplicate chunk and leads with a pinned passage', () => {
    const pinned = { ...fromPassage(passage(PASSAGES.law)), score: null, pinned: true };
    const sources = buildSources('and this one?', [pinned, fromPassage(passage(PASSAGES.law)), fromPassage(passage(PASSAGES.term, 2))]);
    expect(sources.map((s) => [s.n, s.chunkId, s.pinned])).toEqual([
      [1, 'msa:70', true],
      [2, 'msa:55', false],
    ]);
  });
});

describe('extractive answers', () => {
  it('quotes the sentences that answer the question, verbatim and cited', () => {
    const sources = buildSources('How much notice is needed to stop the renewal?', [fromPassage(passage(PASSAGES.cap)), fromPassage(passage(PASSAGES.term, 2)), fromPassage(passage(PASSAGES.law, 3))]);
    const text = composeExtractive('How much notice is needed to stop the renewal?', sources, 'en');
    // The value asked leads, from the source that states it; then the verbatim quotes.
    expect(text.split('\n\n').slice(0, 2)).toEqual(['Notice to stop a renewal: 90 days [2]', 'From the documents, verbatim:']);
    expect(text).toContain('> Thereafter it renews automatically for successive one (1) year periods unless either party gives written notice of non-renewal at least ninety (90) days before the end of the then-current term. [2]');
    const checked = checkAnswer(text, sources);
    expect(checked.verification).toMatchObject({ unresolvedCitations: 0, unverifiedQuotes: 0, ok: true });
    expect(checked.quotes.length).toBeGreaterThan(0);
    expect(checked.quotes.every((q) => q.status === 'verbatim')).toBe(true);
  });

  it('writes its lead in the reply language and cuts a very long sentence around the question terms', () => {
    const long = `${'Der Auftragnehmer erbringt die vereinbarten Leistungen mit der gebotenen Sorgfalt, '.repeat(8)}und haftet für Vorsatz und grobe Fahrlässigkeit unbeschränkt, ${'im Übrigen nach Maßgabe der gesetzlichen Vorschriften, '.repeat(6)}soweit nichts anderes vereinbart ist.`;
    const sources = buildSources('Haftet der Auftragnehmer für grobe Fahrlässigkeit?', [{ ...fromPassage(passage({ doc: { ...MSA, language: 'de' }, seq: 1, text: long })), language: 'de' }]);
    const text = composeExtractive('Haftet der Auftragnehmer für grobe Fahrlässigkeit?', sources, 'de');
    expect(text.startsWith('Aus den Dokumenten, wörtlich:')).toBe(true);
    expect(text).toContain('grobe Fahrlässigkeit');
    expect(text).toMatch(/…/);
    expect(checkAnswer(text, sources).verification.ok).toBe(true);
  });

  it('quotes a clause with its heading, never the heading alone', () => {
    const text = '3. Limitation of Liability 3.1 Exclusion. Neither party is liable for indirect loss. 3.2 Liability Cap. The total liability of each party shall not exceed the fees paid in the twelve (12) months before the claim.';
    const sources = buildSources('is there a cap on liability?', [fromPassage(passage({ doc: MSA, seq: 3, text }))]);
    const answer = composeExtractive('is there a cap on liability?', sources, 'en');
    expect(answer).toContain('> 3.2 Liability Cap. The total liability of each party shall not exceed the fees paid in the twelve (12) months before the claim. [1]');
    expect(checkAnswer(answer, sources).verification.ok).toBe(true);
  });

  it('quotes the sentence stating what the question asks for (an amount, a period) among those sharing its words, and its word family counts', () => {
    // An endorsement agreement's consideration clause (Pharmagen's, shortened): "pay" is asked, "payment" written.
    const text = "5. Consideration. As consideration for Celebrity's services under this Agreement, HDS agrees as follows: A. In-kind Payment: HDS will provide Celebrity with a complimentary supply of Clotamin product during the Term. B. Cash Payment: (1) HDS will provide payment of Fifty Thousand and NO/100 Dollars ($50,000) made payable to Celebrity's agent.";
    const sources = buildSources('how much does HDS pay celebrity?', [fromPassage(passage({ doc: MSA, seq: 5, text }))]);
    const answer = composeExtractive('how much does HDS pay celebrity?', sources, 'en');
    expect(answer).toContain("> B. Cash Payment: (1) HDS will provide payment of Fifty Thousand and NO/100 Dollars ($50,000) made payable to Celebrity's agent. [1]");
    // Asked what it is rather than how much, the first sentence sharing the words stands.
    expect(composeExtractive('what payment in kind does HDS give celebrity?', sources, 'en')).toContain('> 5. Consideration.');
  });

  it('never quotes the testimonium above the signatures as the answer', () => {
    const signatures = 'IN WITNESS WHEREOF, the parties have executed this Agreement as of the date first above written. NORTHWIND INC. By: /s/ Jane Doe';
    const clause = 'Either party may terminate this Agreement without cause on sixty (60) days written notice.';
    const sources = buildSources('can the agreement be terminated without cause?', [fromPassage(passage({ doc: MSA, seq: 9, text: signatures })), fromPassage(passage({ doc: MSA, seq: 4, text: clause }))]);
    const answer = composeExtractive('can the agreement be terminated without cause?', sources, 'en');
    expect(answer).not.toContain('IN WITNESS WHEREOF');
    expect(answer).toContain(`> ${clause} [2]`);
  });

  it('never quotes the signature block, whose names the question shares', () => {
    // An endorsement agreement's last page (Pharmagen's): "HDS" and "Silas" name the contract and stand in the signatures.
    const block = 'IN WITNESS WHEREOF, the parties hereto have executed this Agreement on the day and date first above written. WITNESS: Healthcare Distribution Specialists LLC ("HDS") By: /s/ Linda Lee By: /s/ Mackie A. Barch Date: February 17, 2012 Title: CEO WITNESS: Paul Silas ("Celebrity") By: /s/ Carolyn Silas By: /s/ Paul Silas Date: March 8, 2012';
    const clause = 'HDS will provide payment of Fifty Thousand Dollars ($50,000) made payable to Celebrity’s agent.';
    const question = 'how much does HDS pay silas?';
    const sources = buildSources(question, [fromPassage(passage({ doc: MSA, seq: 4, text: clause })), fromPassage(passage({ doc: MSA, seq: 9, text: block }))]);
    const answer = composeExtractive(question, sources, 'en');
    expect(answer).toContain(`> ${clause} [1]`);
    expect(answer).not.toContain('/s/');
    // Unsigned, with its labels: "By:" and "Name:" / "Title:".
    const unsigned = 'ACME CORP. By: ______________ Name: Jane Doe Title: Chief Executive Officer of Silas Holdings';
    expect(composeExtractive(question, buildSources(question, [fromPassage(passage({ doc: MSA, seq: 4, text: clause })), fromPassage(passage({ doc: MSA, seq: 9, text: unsigned }))]), 'en')).not.toContain('Jane Doe');
  });

  it.each([
    ['en', 'can either party assign its rights under the Amendment?', 'The undersigned has read this Amendment, agrees hereto, and is an authorized representative of its respective party.', 'Any attempt by either party to assign any right under the Agreement without such permission will be voidable.'],
    ['fr', 'le contrat peut-il être cédé ?', 'Le soussigné, dûment habilité, déclare avoir lu le présent avenant.', 'Aucune des parties ne peut céder le présent contrat sans le consentement écrit préalable de l’autre partie.'],
  ])('never quotes the signatories’ statement as the answer (%s)', (language, question, signatories, clause) => {
    const sources = buildSources(question, [fromPassage(passage({ doc: MSA, seq: 9, text: signatories })), fromPassage(passage({ doc: MSA, seq: 4, text: clause }))]);
    const answer = composeExtractive(question, sources, language);
    expect(answer).not.toContain(signatories.slice(0, 14));
    expect(answer).toContain(`> ${clause} [2]`);
  });

  it('quotes the sentence up to the next lettered item, not into it', () => {
    const text = 'This Agreement shall be governed by and construed in accordance with the laws of the Arizona, without regard to the conflict of laws provisions thereof. (c) In the event of termination under either section 6(a) or 6(b) of this agreement, Contractor shall be paid all fees and expenses.';
    const question = 'which law governs the agreement?';
    const answer = composeExtractive(question, buildSources(question, [fromPassage(passage({ doc: MSA, seq: 4, text }))]), 'en');
    expect(answer).toContain('> This Agreement shall be governed by and construed in accordance with the laws of the Arizona, without regard to the conflict of laws provisions thereof. [1]');
    expect(answer).not.toContain('In the event of termination');
  });

  it('quotes a preamble naming the parties whole, on to the last name it defines, though it runs past one window', () => {
    const preamble = 'THIS AGREEMENT made this 5th day of December, 2007, between R. C. Boyd Enterprises, LLC, a Texas limited liability company, whose principal place of business is located at 2003 Navasota Cove, Westlake, Texas, referred to in this Agreement as "Company" or "Boyd", and Cano Petroleum, Inc., a Delaware corporation qualified to transact business in Texas, whose principal place of business is located at 801 Cherry Street, Suite 3200, Fort Worth, Texas 76102, referred to in this agreement as "Sponsor" or "Cano". WHEREAS, the Company is the owner of the rights to the television production.';
    const question = 'who is the sponsor?';
    const sources = buildSources(question, [fromPassage(passage({ doc: MSA, seq: 1, text: preamble }))]).map((s) => ({ ...s, parties: ['R. C. Boyd Enterprises', 'Cano Petroleum'] }));
    const answer = extractiveAnswer(question, sources, 'en', undefined, 'parties');
    expect(answer.text).toMatch(/^Parties: R\. C\. Boyd Enterprises \(“Company”, “Boyd”\); Cano Petroleum \(“Sponsor”, “Cano”\) \[1\]/u);
    expect(answer.text).toContain('referred to in this agreement as "Sponsor" or "Cano"');
  });

  it('states the value from a sentence that reads as the asked clause, before one ranked above it that does not', () => {
    const forecast = 'Each rolling forecast shall remain in effect for the next three (3) Calendar Years.';
    const term = 'This Agreement shall have an initial term of ten (10) years commencing on the Effective Date.';
    const question = 'supply agreement: how long does it run?';
    const sources = buildSources(question, [fromPassage(passage({ doc: MSA, seq: 5, text: forecast })), fromPassage(passage({ doc: MSA, seq: 15, text: term }))]).map((s) => ({ ...s, effectiveDate: '2019-03-27' }));
    // The ask path's classifier reads the term sentence as the expiration clause, the forecast not.
    const kindOf = (_source: unknown, sentence: string) => ({ score: sentence.startsWith('This Agreement shall have') ? 0.9 : 0.1, sure: false });
    const answer = extractiveAnswer(question, sources, 'en', kindOf, 'expiration_date');
    expect(answer.value?.source).toBe(2);
    expect(answer.value?.display).toContain('10 years');
    // Without the classifier's reading, the first source stating a length wins.
    expect(extractiveAnswer(question, sources, 'en', undefined, 'expiration_date').value).toMatchObject({ source: 1 });
  });

  it('quotes a further passage only when it reads clearly as the asked clause, not one that just reaches the kind', () => {
    const clause = '13.9 Non-Compete Commitment. Bioamber will not engage in the development of biocatalysts other than E. coli for the production of succinic acid.';
    const bribes = 'Cargill will not pay or receive bribes or participate in any other unethical, fraudulent or corrupt practice in the development of the biocatalysts.';
    const question = 'does the development agreement have a non-compete?';
    const sources = buildSources(question, [fromPassage(passage({ doc: MSA, seq: 13, text: clause })), fromPassage(passage({ doc: MSA, seq: 11, text: bribes }))]);
    const reading = (further: number, sure = { clause: false, further: false }) => (_source: unknown, sentence: string) =>
      sentence.startsWith('13.9') ? { score: 0.9, sure: sure.clause } : { score: further, sure: sure.further };
    expect(extractiveAnswer(question, sources, 'en', reading(0.6)).text).not.toContain('bribes');
    expect(extractiveAnswer(question, sources, 'en', reading(0.8)).text).toContain('bribes');
    expect(extractiveAnswer(question, sources, 'en', reading(0.6)).text).toContain('13.9 Non-Compete Commitment.');
    // When the clause reads as the kind surely, a further sentence must too: its clause score alone is not enough.
    expect(extractiveAnswer(question, sources, 'en', reading(0.8, { clause: true, further: false })).text).not.toContain('bribes');
    expect(extractiveAnswer(question, sources, 'en', reading(0.8, { clause: true, further: true })).text).toContain('bribes');
    // Or, not sure, very clearly the kind to the model alone (two logits above its threshold).
    expect(extractiveAnswer(question, sources, 'en', reading(0.9, { clause: true, further: false })).text).toContain('bribes');
  });

  it('quotes a definition after the clause that acts on it, and states no value from a definition of another word', () => {
    const definition = '2.8 Change of Control. “Change of Control” means any transaction that would result in the Control of a Person changing from one Person to another Person.';
    const clause = '(c) In the event that Vendor consummates any Change of Control of Vendor to a Restricted Entity without the prior written consent of AT&T, AT&T may terminate this Agreement.';
    const question = 'what happens to the maintenance agreement if one side gets bought in a change of control?';
    const sources = buildSources(question, [fromPassage(passage({ doc: MSA, seq: 2, text: definition })), fromPassage(passage({ doc: MSA, seq: 15, text: clause }))]);
    const text = composeExtractive(question, sources, 'en');
    expect(text.indexOf('(c) In the event that Vendor')).toBeGreaterThan(0);
    expect(text.indexOf('(c) In the event that Vendor')).toBeLessThan(text.indexOf('“Change of Control” means'));
    expect(checkAnswer(text, sources).verification.ok).toBe(true);

    const quarter = '1.29 “Calendar Quarter” means each successive period of three (3) calendar months commencing on January 1, April 1, July 1 and October 1, except that the first Calendar Quarter of the Term shall commence on the Effective Date.';
    const term = '12.1.1 Term. This Agreement shall commence on the Effective Date and, unless earlier terminated, shall continue in force and effect until the date of expiration of the last Royalty Term for the last Licensed Product.';
    const asked = 'how long does the agreement run?';
    const answer = extractiveAnswer(asked, buildSources(asked, [fromPassage(passage({ doc: MSA, seq: 7, text: quarter })), fromPassage(passage({ doc: MSA, seq: 66, text: term }))]).map((x) => ({ ...x, effectiveDate: '2020-02-20' })), 'en', undefined, 'expiration_date');
    expect(answer.value).toMatchObject({ source: 2, value: { type: 'perpetual', onEvent: true } });
    expect(answer.text).not.toContain('3 months');
  });

  it('quotes the clause asked before the contract\'s opening statement whose title names it, and the opening statement when the parties or the date are asked', () => {
    // Hyperion's "EXCLUSIVE DISTRIBUTOR AGREEMENT": the title gives the preamble the words of the exclusivity asked about.
    const opening = 'EXCLUSIVE DISTRIBUTOR AGREEMENT ("Agreement") dated as April 15, 1994 by and between IMRS Operations Inc., a Delaware corporation ("Developer") and Delteq Pte Ltd, a Singapore company ("Distributor").';
    const grant = '1.1 Exclusive Distribution License. Developer hereby grants to Distributor an exclusive, non-transferable right and license to market and distribute the Products in the Territory.';
    const build = (question: string, page = 1) => buildSources(question, [fromPassage(passage({ doc: MSA, seq: 0, text: opening, page })), fromPassage(passage({ doc: MSA, seq: 3, text: grant, page: 2 }, 2))]);
    const reading = () => ({ score: 0.9, sure: true });
    const exclusive = 'is the distributor appointed exclusively?';
    const answer = extractiveAnswer(exclusive, build(exclusive), 'en', reading).text;
    expect(answer.indexOf('1.1 Exclusive Distribution License.')).toBeGreaterThan(-1);
    expect(answer.indexOf('1.1 Exclusive Distribution License.')).toBeLessThan(answer.indexOf('by and between'));
    // Without a clause asked, the same unless the question asks what the opening statement says
    // (who the parties are, what the contract is, its date): then retrieval's order stands.
    const plain = composeExtractive(exclusive, build(exclusive), 'en');
    expect(plain.indexOf('1.1 Exclusive')).toBeGreaterThan(-1);
    expect(plain.indexOf('1.1 Exclusive')).toBeLessThan(plain.indexOf('by and between'));
    for (const about of ['who is the exclusive distributor?', 'what is this exclusive distributor agreement?', 'qui est le distributeur exclusif ?', 'Wer ist der exklusive Händler?']) {
      const text = composeExtractive(about, build(about), 'en');
      expect(text.indexOf('by and between')).toBeLessThan(text.indexOf('1.1 Exclusive') >>> 0);
    }
    // Far from the contract's opening, retrieval's order stands.
    const later = extractiveAnswer(exclusive, build(exclusive, 9), 'en', reading).text;
    expect(later.indexOf('by and between')).toBeLessThan(later.indexOf('1.1 Exclusive'));
    // Asked when it was signed, the opening statement is the answer: "dated as April 15, 1994".
    const signed = 'when was the distributor agreement signed?';
    const dated = extractiveAnswer(signed, build(signed), 'en', reading, 'effective_date');
    expect(dated.value).toMatchObject({ source: 1, value: { type: 'date', iso: '1994-04-15' } });
    expect(dated.text.indexOf('by and between')).toBeLessThan(dated.text.indexOf('1.1 Exclusive') >>> 0);
  });

  it('says so when there is no passage at all', () => {
    expect(composeExtractive('anything', [], 'fr')).toBe('Aucun passage des documents ne correspond à cette question.');
  });
});

// Two sub-clauses packed in one passage, which starts in 14.2 (invented, real-shaped).
const PACKED = {
  doc: MSA,
  seq: 56,
  page: 7,
  section: ['ARTICLE 14 TERM AND TERMINATION', '14.2 Termination for Cause'],
  text:
    'Either party may terminate this Agreement on written notice if the other party commits a material breach which it fails to remedy within thirty (30) days of that notice. ' +
    '14.3 Termination for Convenience. The Customer may terminate this Agreement for convenience on ninety (90) days written notice to the Supplier.',
};

describe('section labels of sources and quotes', () => {
  it('labels a quoted source with the section its quote sits in, not the one its passage starts in', () => {
    const sources = buildSources('terminate for convenience', [fromPassage(passage(PACKED)), fromPassage(passage(PASSAGES.law, 2))]);
    expect(sources[0]!.sectionPath).toEqual(PACKED.section);
    const answer = checkAnswer('The Customer may walk away: “The Customer may terminate this Agreement for convenience on ninety (90) days written notice” [1].', sources);
    const labelled = labelQuotedSources(sources, answer);
    expect(labelled[0]!.sectionPath).toEqual(['ARTICLE 14 TERM AND TERMINATION', '14.3 Termination for Convenience']);
    // Not quoted: unchanged.
    expect(labelled[1]).toBe(sources[1]);
    // A quote from the clause the passage starts in keeps its label.
    const first = checkAnswer('“Either party may terminate this Agreement on written notice” [1].', sources);
    expect(labelQuotedSources(sources, first)[0]!.sectionPath).toEqual(PACKED.section);
  });

  it('gives the turn’s sources the label of what the extractive answer quotes', async () => {
    const turn = await turnFromAsk(askResult('Can the Customer terminate for convenience, and on how much notice?', [PACKED]));
    expect(turn.state).toBe('answered');
    expect(turn.answer?.text).toContain('The Customer may terminate this Agreement for convenience');
    expect(turn.sources[0]!.sectionPath).toEqual(['ARTICLE 14 TERM AND TERMINATION', '14.3 Termination for Convenience']);
  });

  it('labels a passage cut to a run from its middle with the section at the cut', () => {
    const clause = (k: number) =>
      k === 60
        ? '5.60 Escrow. The Supplier shall deposit the source code of the Software with an independent escrow agent within thirty (30) days of the Effective Date.'
        : `5.${k} Administrative Matter ${k}. The parties shall keep the records described in this clause number ${k} in good order for the duration of the Agreement and for a reasonable period thereafter.`;
    const text = Array.from({ length: 70 }, (_, i) => clause(i + 1)).join(' ');
    const sources = buildSources('Must the supplier deposit the source code with an escrow agent?', [fromPassage(passage({ doc: MSA, seq: 20, text, page: 3, section: ['5 General Obligations', '5.1 Administrative Matter 1'] }))]);
    const cut = sources[0]!;
    const at = text.indexOf(cut.text);
    expect(at).toBeGreaterThan(0);
    expect(cut.text).toContain('source code');
    // The sub-clause the cut falls in: the last heading at or before it.
    const before = [...text.matchAll(/5\.(\d+) /g)].filter((m) => m.index <= at).at(-1)![1];
    expect(cut.sectionPath[0]).toBe('5 General Obligations');
    expect(cut.sectionPath[1]).toMatch(new RegExp(`^5\\.${before} `));
  });
});
