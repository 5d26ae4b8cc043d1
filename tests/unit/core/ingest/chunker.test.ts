import { describe, expect, it } from 'vitest';
import { chunkPages, toChunkRecords, type ChunkDraft, type PageText } from '../../../../src/core/ingest/chunker';
import { InputError } from '../../../../src/core/errors';
import { isContentsPassage } from '../../../../src/core/text/contents';

const pagesOf = (...texts: string[]): PageText[] => texts.map((text, i) => ({ page: i + 1, text }));
/** The chunk whose text contains `needle` (exactly one must). */
function chunkWith(chunks: readonly ChunkDraft[], needle: string): ChunkDraft {
  const found = chunks.filter((c) => c.text.includes(needle));
  if (found.length !== 1) throw new Error(`${found.length} chunks contain ${JSON.stringify(needle)}`);
  return found[0] as ChunkDraft;
}
const where = (c: ChunkDraft) => ({ path: c.sectionPath, ordinal: c.sectionOrdinal, title: c.sectionTitle });

const SERVICES_P1 = `MASTER SERVICES AGREEMENT

This Master Services Agreement (the "Agreement") is made on 1 March 2024 between Acme Inc., a Delaware corporation ("Acme"), and Beta Ltd. ("Supplier").

ARTICLE I
DEFINITIONS

1.1 "Affiliate" means any entity that directly or indirectly controls, is controlled by, or is under common control with a party.
1.2 "Services" means the services described in Exhibit A, as amended from time to time in accordance with Article VIII.

ARTICLE II – SERVICES

Section 2.1 Provision of Services. The Supplier shall provide the Services to Acme and its Affiliates in accordance with this Agreement and each Statement of Work.
Section 2.2 Standards. The Supplier shall perform the Services:
(a) with the skill and care of a diligent supplier of similar services;
(b) in accordance with good industry practice; and
(c) in compliance with all applicable laws, including:
(i) data protection laws; and
(ii) anti-bribery laws.`;

const SERVICES_P2 = `ARTICLE XII
LIMITATION OF LIABILITY

12.1 Exclusion. Neither party shall be liable for any indirect, special or consequential loss, or for any loss of profit, revenue or goodwill.
12.2 Limitation. Neither party's aggregate liability arising under or in connection with this Agreement shall exceed the fees paid in the twelve months preceding the claim.
12.3 Nothing in this Agreement limits liability for death or personal injury caused by negligence, or for fraud.

EXHIBIT A
SERVICE DESCRIPTION

1. Hosting
The Supplier will host the platform in two data centres located in the European Union.
2. Support
The Supplier will answer support requests within one business day.`;

describe('chunkPages on a services agreement', () => {
  const chunks = chunkPages(pagesOf(SERVICES_P1, SERVICES_P2), { targetTokens: 40, minTokens: 12 });

  it('gives every clause its section path, ordinal and title', () => {
    expect(where(chunkWith(chunks, 'This Master Services Agreement'))).toEqual({ path: ['MASTER SERVICES AGREEMENT'], ordinal: null, title: 'MASTER SERVICES AGREEMENT' });
    expect(where(chunkWith(chunks, '1.1 "Affiliate" means'))).toEqual({ path: ['ARTICLE I DEFINITIONS', '1.1'], ordinal: '1', title: 'DEFINITIONS' });
    expect(where(chunkWith(chunks, 'Section 2.1 Provision of Services.'))).toEqual({
      path: ['ARTICLE II SERVICES', 'Section 2.1 Provision of Services'],
      ordinal: '2',
      title: 'Provision of Services',
    });
    expect(where(chunkWith(chunks, '12.2 Limitation.'))).toEqual({ path: ['ARTICLE XII LIMITATION OF LIABILITY', '12.2 Limitation'], ordinal: '12', title: 'Limitation' });
    expect(where(chunkWith(chunks, '12.3 Nothing'))).toEqual({ path: ['ARTICLE XII LIMITATION OF LIABILITY', '12.3'], ordinal: '12', title: 'LIMITATION OF LIABILITY' });
    expect(where(chunkWith(chunks, 'host the platform'))).toEqual({ path: ['EXHIBIT A SERVICE DESCRIPTION', '1 Hosting'], ordinal: '1', title: 'Hosting' });
  });

  it('keeps a heading with the text after it and starts sections on new chunks', () => {
    const article = chunkWith(chunks, 'ARTICLE XII LIMITATION OF LIABILITY');
    expect(article.text.startsWith('ARTICLE XII LIMITATION OF LIABILITY 12.1 Exclusion. Neither party')).toBe(true);
    expect(article).toMatchObject({ pageStart: 2, charStart: 0 });
    for (const c of chunks) expect(c.text).not.toMatch(/(ARTICLE [IVX]+|EXHIBIT A|SERVICE DESCRIPTION|\d\. (Hosting|Support))$/);
    expect(chunkWith(chunks, '12.2 Limitation.').text.startsWith('12.2 Limitation.')).toBe(true);
  });

  it('nests sub-clauses under their section, (i) under (c)', () => {
    expect(chunkWith(chunks, '(b) in accordance').sectionPath).toEqual(['ARTICLE II SERVICES', 'Section 2.2 Standards', '(b)']);
    const fine = chunkPages(pagesOf(SERVICES_P1), { targetTokens: 8, minTokens: 4 });
    expect(chunkWith(fine, '(ii) anti-bribery').sectionPath).toEqual(['ARTICLE II SERVICES', 'Section 2.2 Standards', '(c)', '(ii)']);
  });

  it('maps offsets back to the pages and gives whole paragraphs as sourceText', () => {
    const pages = pagesOf(SERVICES_P1, SERVICES_P2);
    for (const c of chunks) {
      const slice = c.pageStart === c.pageEnd ? (pages[c.pageStart - 1] as PageText).text.slice(c.charStart, c.charEnd) : (pages[c.pageStart - 1] as PageText).text.slice(c.charStart) + '\n' + (pages[c.pageEnd - 1] as PageText).text.slice(0, c.charEnd);
      expect(c.text).toBe(slice.replace(/\s+/g, ' ').trim());
      expect(c.sourceText.includes(c.text)).toBe(true);
    }
  });

  it('with default options, a short agreement is one chunk per top-level section or fewer', () => {
    const all = chunkPages(pagesOf(SERVICES_P1, SERVICES_P2));
    expect(all.length).toBeGreaterThan(1);
    expect(all.every((c) => c.tokens >= 32 && c.tokens <= 960)).toBe(true);
    expect(chunkWith(all, 'ARTICLE XII').text.startsWith('ARTICLE XII')).toBe(true);
  });
});

describe('chunkPages on statutes', () => {
  it('reads a German statute with §', () => {
    const bgb = `Bürgerliches Gesetzbuch (Auszug)

§ 535 Inhalt und Hauptpflichten des Mietvertrags
(1) Durch den Mietvertrag wird der Vermieter verpflichtet, dem Mieter den Gebrauch der Mietsache während der Mietzeit zu gewähren. Der Vermieter hat die Mietsache dem Mieter in einem zum vertragsgemäßen Gebrauch geeigneten Zustand zu überlassen und sie während der Mietzeit in diesem Zustand zu erhalten.
(2) Der Mieter ist verpflichtet, dem Vermieter die vereinbarte Miete zu entrichten.

§ 536 Mietminderung bei Sach- und Rechtsmängeln
(1) Hat die Mietsache zur Zeit der Überlassung an den Mieter einen Mangel, der ihre Tauglichkeit zum vertragsgemäßen Gebrauch aufhebt, so ist der Mieter für die Zeit, in der die Tauglichkeit aufgehoben ist, von der Entrichtung der Miete befreit.`;
    const chunks = chunkPages(pagesOf(bgb), { targetTokens: 30, minTokens: 10 });
    expect(where(chunkWith(chunks, 'Der Mieter ist verpflichtet'))).toEqual({
      path: ['§ 535 Inhalt und Hauptpflichten des Mietvertrags', '(2)'],
      ordinal: '535',
      title: 'Inhalt und Hauptpflichten des Mietvertrags',
    });
    expect(where(chunkWith(chunks, 'Hat die Mietsache'))).toEqual({ path: ['§ 536 Mietminderung bei Sach- und Rechtsmängeln', '(1)'], ordinal: '536', title: 'Mietminderung bei Sach- und Rechtsmängeln' });
  });

  it('reads the French Code civil: Livre, Titre, Chapitre, then Article 1101', () => {
    const code = `Livre III : Des différentes manières dont on acquiert la propriété

Titre III : Des sources d'obligations

Chapitre Ier : Dispositions liminaires

Article 1100
Les obligations naissent d'actes juridiques, de faits juridiques ou de l'autorité seule de la loi. Elles peuvent naître de l'exécution volontaire ou de la promesse d'exécution d'un devoir de conscience envers autrui.

Article 1101
Le contrat est un accord de volontés entre deux ou plusieurs personnes destiné à créer, modifier, transmettre ou éteindre des obligations.

Art. 1102
Chacun est libre de contracter ou de ne pas contracter, de choisir son cocontractant et de déterminer le contenu et la forme du contrat dans les limites fixées par la loi.`;
    const chunks = chunkPages(pagesOf(code), { targetTokens: 30, minTokens: 10 });
    const containers = ["Livre III Des différentes manières dont on acquiert la propriété", "Titre III Des sources d'obligations", 'Chapitre Ier Dispositions liminaires'];
    expect(where(chunkWith(chunks, 'Le contrat est un accord'))).toEqual({ path: [...containers, 'Article 1101'], ordinal: '1101', title: 'Dispositions liminaires' });
    expect(where(chunkWith(chunks, 'Chacun est libre'))).toEqual({ path: [...containers, 'Art. 1102'], ordinal: '1102', title: 'Dispositions liminaires' });
  });
});

describe('chunkPages structure across pages', () => {
  it('keeps the section across a page break, ignores running headers and page numbers, and joins a split paragraph', () => {
    const header = 'CONFIDENTIAL';
    const p1 = `${header}\n\n7. Confidentiality\n7.1 Each party shall keep the other party's Confidential Information secret and shall not disclose it to any person except its employees and advisers who need to know it for the purposes of this Agreement, provided that\n\n- 1 -`;
    const p2 = `${header}\n\nthose persons are bound by obligations of confidentiality no less strict than these.\n7.2 The obligations in this clause survive termination for five years.\n\n- 2 -`;
    const p3 = `${header}\n\n8. Termination\n8.1 Either party may terminate this Agreement on ninety days' written notice.\n\n- 3 -`;
    const chunks = chunkPages(pagesOf(p1, p2, p3), { targetTokens: 40, minTokens: 10 });
    const cont = chunkWith(chunks, 'those persons are bound');
    expect(cont.sectionPath).toEqual(['7 Confidentiality', '7.1']);
    expect(cont.sourceText).toContain('Each party shall keep');
    expect(cont.sourceText).toContain('no less strict than these.');
    expect(where(chunkWith(chunks, 'survive termination'))).toEqual({ path: ['7 Confidentiality', '7.2'], ordinal: '7', title: 'Confidentiality' });
    expect(where(chunkWith(chunks, 'ninety days'))).toEqual({ path: ['8 Termination', '8.1'], ordinal: '8', title: 'Termination' });
    for (const c of chunks) expect(c.sectionPath).not.toContain(header);
    const terminate = chunkWith(chunks, 'ninety days');
    expect(terminate.pageStart).toBe(3);
  });

  it('ranks the headings a format marks (Word, HTML) like markdown headings, with no marker in the text', () => {
    const p1 = 'Supply Agreement\n\nThe parties agree as follows.\n\nDelivery\n\nThe Supplier shall deliver the Products within fourteen days of each order.';
    const p2 = 'Force Majeure\n\nNeither party is liable for events beyond its control.\n\nNotices\n\nDelivery\n\nNotices are given in writing.';
    const pages: PageText[] = [
      { page: 1, text: p1, headings: [{ level: 1, text: 'Supply Agreement' }, { level: 2, text: 'Delivery' }] },
      // "Delivery" on page 2 is body text here: only the marked lines are headings.
      { page: 2, text: p2, headings: [{ level: 2, text: 'Force Majeure' }, { level: 2, text: 'Notices' }] },
    ];
    const chunks = chunkPages(pages, { targetTokens: 12, minTokens: 4 });
    expect(chunkWith(chunks, 'fourteen days').sectionPath).toEqual(['Supply Agreement', 'Delivery']);
    expect(chunkWith(chunks, 'beyond its control').sectionPath).toEqual(['Supply Agreement', 'Force Majeure']);
    expect(chunkWith(chunks, 'given in writing').sectionPath).toEqual(['Supply Agreement', 'Notices']);
    for (const c of chunks) expect(c.text).not.toMatch(/#/);
    // Without the marks, the same lines are plain text.
    const plain = chunkPages(pagesOf(p1, p2), { targetTokens: 12, minTokens: 4 });
    expect(chunkWith(plain, 'fourteen days').sectionPath).toEqual([]);
  });

  it('does not take references, amounts, years or dates for headings', () => {
    const text = `1. Fees
The Customer shall pay the amounts set out in the price list attached as
Exhibit A. Late payments bear interest at the rate in
Section 5.2 of the Schedule, which was 2019
5.2 million in total, payable on
5 January 2020 and thereafter.
1,000,000
2020 2021 2022
2. Term
This Agreement continues until terminated.`;
    const chunks = chunkPages(pagesOf(text), { targetTokens: 20, minTokens: 5 });
    expect(chunks.map((c) => c.sectionPath)).toEqual(chunks.map((c) => (c.text.includes('continues until') ? ['2 Term'] : ['1 Fees'])));
  });
});

describe('chunkPages: what looks like a heading but is not', () => {
  const paths = (text: string): [string, string][] => chunkPages(pagesOf(text), { targetTokens: 12, minTokens: 1, maxTokens: 200 }).map((c) => [c.text.slice(0, 24), c.sectionPath.join(' › ')]);

  it('never opens a section at a street number, and a clause’s path never comes from the line before', () => {
    const text = [
      '13. MISCELLANEOUS',
      '13.5 Notices. Notices go to the addresses below.',
      'If to the Supplier:',
      '700 Dresher Road, Suite 100',
      'Horsham, Pennsylvania 19044',
      '',
      '13.6 Amendment. No amendment is valid unless signed by both parties.',
    ].join('\n');
    expect(paths(text).at(-1)).toEqual(['13.6 Amendment. No amend', '13 MISCELLANEOUS › 13.6 Amendment']);
    expect(paths(text).some(([, p]) => p.includes('700'))).toBe(false);
  });

  it('closes a numbered section at a clause numbered under the next one ("6.0" after "Section 5")', () => {
    const text = ['Section 5. Term and Termination', '5.1 Term. This Agreement lasts two years.', '', '6.0 Force Majeure. Neither party is liable for delays beyond its control.'].join('\n');
    expect(paths(text).at(-1)).toEqual(['6.0 Force Majeure. Neith', '6.0 Force Majeure']);
  });

  it('reads a disclaimer in capitals as text of its clause, not as headings', () => {
    const text = [
      '16. Disclaimer. THE WARRANTIES ABOVE ARE EXCLUSIVE AND IN SUBSTITUTION FOR',
      'ALL OTHER WARRANTIES, EXPRESS OR IMPLIED, INCLUDING ANY IMPLIED WARRANTY OF MERCHANTABILITY;',
      'ANY OBLIGATION, LIABILITY, RIGHT, REMEDY OR CLAIM IN TORT (INCLUDING',
      'NEGLIGENCE), PRODUCT LIABILITY OR OTHER THEORY; AND CLAIM OF INFRINGEMENT.',
      '',
      '17. Representations. Distributor is responsible for its own representations.',
    ].join('\n');
    const got = paths(text);
    expect(got.filter(([, p]) => p !== '16 Disclaimer' && p !== '17 Representations')).toEqual([]);
    expect(got.at(-1)).toEqual(['17. Representations. Dis', '17 Representations']);
  });

  it('takes a filing’s exhibit number above the agreement for furniture, not a section of every clause', () => {
    const text = ['Exhibit 10.24', '', 'SUPPLY AGREEMENT', '', 'This Supply Agreement is made between Acme and Beta.', '', '1. Definitions', 'Words have their ordinary meaning.'].join('\n');
    expect(paths(text).at(-1)).toEqual(['1. Definitions Words hav', '1 Definitions']);
    expect(paths(text).some(([, p]) => p.includes('Exhibit'))).toBe(false);
  });

  it('takes a list of exhibits and schedules for a list, not the root of the clauses after it', () => {
    const text = [
      'Exhibit A Permitted Subcontractors',
      'Exhibit B Business Plan',
      'Schedule 3 Safety Reporting Requirements',
      'PROMOTION AGREEMENT',
      'This Promotion Agreement is entered into by SIGA and MMT.',
      '',
      'ARTICLE 11 TERM AND TERMINATION',
      '11.1 Term. This Agreement shall continue until the fifth anniversary of the Effective Date.',
      '',
      'Schedule 3',
      'Safety Reporting Requirements',
      'Each party reports adverse events within two days.',
    ].join('\n');
    const got = paths(text);
    expect(got.find(([t]) => t.startsWith('ARTICLE 11'))?.[1]).toBe('ARTICLE 11 TERM AND TERMINATION › 11.1 Term');
    // The schedule itself, where it stands, is a section.
    expect(got.at(-1)?.[1]).toMatch(/^Schedule 3/);
  });

  it('takes a list of exhibits run onto one line (a text export) for a list, not a heading; a sentence naming two exhibits stays text', () => {
    const text = [
      'Exhibit A Permitted Subcontractors Exhibit B Business Plan Exhibit C SIGA Press Release Schedule 1 SIGA Patents Schedule 8.2(b) Encumbrances',
      '',
      '"Affiliate" means any entity controlling a Party.',
      '',
      'ARTICLE 11 TERM AND TERMINATION',
      '11.1 Term. This Agreement shall continue until the fifth anniversary of the Effective Date.',
    ].join('\n');
    const got = paths(text);
    expect(got.some(([, p]) => p.startsWith('Exhibit'))).toBe(false);
    expect(got.find(([t]) => t.startsWith('11.1') || t.startsWith('ARTICLE 11'))?.[1]).toMatch(/^ARTICLE 11/);
    const sentence = ['Exhibit A sets out the fees payable under Exhibit B.', '', 'Exhibit B', 'Fees', 'The fees are due monthly.'].join('\n');
    expect(paths(sentence).at(-1)?.[1]).toMatch(/^Exhibit B/);
  });

  it('reads a table of contents without dot leaders as contents: no section root, no passage shared with the preamble', () => {
    // Shapes of real filings: several entries a line under its title (page 1), a label, its page
    // number and its title each on a line (page 2), one entry a line without a title (page 3).
    const toc = [
      'TABLE OF CONTENTS Page ARTICLE 1 SALE AND PURCHASE 1',
      '',
      '1.1 Supply of Cartridge 1 1.2 [* * *] 1 1.3 Purchase of Cartridge 1',
      '',
      'ARTICLE 13 TERM AND TERMINATION; BUSINESS CONTINUITY 15',
      '',
      '13.1 Term 15 13.2 Termination 16 13.3 Effect of Termination 17',
      'ARTICLE 14',
      '18',
      'MISCELLANEOUS',
      '14.1 Definitions. 18',
      '14.2 Commercial Supply of Licensed Compounds or Licensed',
      'Products. 21',
      '14.3 Governing Law 21',
      '14.10Entire Agreement 23',
    ].join('\n');
    const body = [
      'MANUFACTURING AND SUPPLY AGREEMENT',
      '',
      'This Manufacturing and Supply Agreement is dated January 1, 2013, between VAPOTHERM, INC., a Maryland corporation ("Vapotherm") and MEDICA S.p.A. ("Medica").',
      '',
      'ARTICLE 1 SALE AND PURCHASE',
      '',
      '1.1 Supply of Cartridge. Medica shall manufacture the Cartridge in such quantities as Vapotherm orders.',
    ].join('\n');
    const chunks = chunkPages(pagesOf(toc, body), { targetTokens: 12, minTokens: 1, maxTokens: 400 });
    const all = chunks.flatMap((c) => c.sectionPath);
    expect(all.filter((p) => /ARTICLE 1[34]|1[34]\.\d|TABLE OF CONTENTS/.test(p))).toEqual([]);
    expect(chunkWith(chunks, 'This Manufacturing and Supply Agreement').text).not.toContain('Governing Law');
    expect(chunkWith(chunks, 'This Manufacturing and Supply Agreement').sectionPath).toEqual(['MANUFACTURING AND SUPPLY AGREEMENT']);
    expect(chunkWith(chunks, 'Medica shall manufacture').sectionPath).toEqual(['ARTICLE 1 SALE AND PURCHASE', '1.1 Supply of Cartridge']);
    // The contents are one passage of their own, which text/contents.ts tells for what it is.
    expect(isContentsPassage(chunkWith(chunks, '14.3 Governing Law 21').text)).toBe(true);
  });

  it('still reads headings that end with a number, and a short list with numbers, as they are', () => {
    // One line that could be an entry is no table of contents; nor are falling figures.
    const text = ['ARTICLE 5 FEES', '5.1 Fees. Customer pays the fees in Schedule 2.', '', '1 Widget 300', '2 Gadget 120', '3 Sprocket 45', '', 'ARTICLE 6 TERM', '6.1 Term. Two years.'].join('\n');
    expect(paths(text).find(([t]) => t.startsWith('ARTICLE 6'))?.[1]).toBe('ARTICLE 6 TERM › 6.1 Term');
    expect(paths(text).find(([t]) => t.startsWith('ARTICLE 5'))?.[1]).toBe('ARTICLE 5 FEES › 5.1 Fees');
  });

  it('reads a styled heading holding a whole clause (Word) as its label and title, the rest as body', () => {
    const text = ['# 2. Service', '', '## 2.2 Support. During the Subscription Period, Provider will provide Technical Support as described in the Order Form.'].join('\n');
    const chunks = chunkPages(pagesOf(text), { targetTokens: 12, minTokens: 1, maxTokens: 200 });
    expect(chunks.map((c) => c.sectionPath)).toEqual([['2 Service', '2.2 Support']]);
    expect(chunks[0]!.sectionTitle).toBe('Support');
  });

  it('keeps titles with a semicolon or commas in Title Case', () => {
    const text = ['4 Quality Agreement; Product Complaints and Recalls', '4.1 The parties shall conclude the Quality Agreement.', '', '8 Warranties, Indemnities and Insurance', '8.1 Each party represents that it may sign.'].join('\n');
    expect(paths(text).map(([, p]) => p)).toEqual(['4 Quality Agreement; Product Complaints and Recalls › 4.1', '8 Warranties, Indemnities and Insurance › 8.1']);
  });

  it('takes a title in capitals with a semicolon, on the line under its label, for the title', () => {
    const text = ['ARTICLE 2', 'FORECASTS; INVENTORY', '', '2.1 Rolling Forecasts. The buyer gives a forecast each month.'].join('\n');
    expect(paths(text).map(([, p]) => p)).toEqual(['ARTICLE 2 FORECASTS; INVENTORY › 2.1 Rolling Forecasts']);
  });
});

describe('chunkPages sizes and edge cases', () => {
  it('cuts a sentence over maxTokens at semicolons first', () => {
    const clauses = Array.from({ length: 12 }, (_, i) => `the Supplier shall deliver item number ${i + 1} of the goods listed in the schedule to the warehouse of the Customer`);
    const text = `${clauses.join('; ')}.`;
    const chunks = chunkPages(pagesOf(text), { targetTokens: 60, minTokens: 10, maxTokens: 100 });
    expect(chunks.length).toBeGreaterThan(2);
    for (const c of chunks.slice(0, -1)) expect(c.text.endsWith(';')).toBe(true);
    expect(chunks.every((c) => c.tokens <= 100 && c.tokens >= 10)).toBe(true);
  });

  it('gives no chunk for a document without text, and one chunk for a tiny one', () => {
    expect(chunkPages([])).toEqual([]);
    expect(chunkPages(pagesOf('', '  \n\t', '\n\n'))).toEqual([]);
    const tiny = chunkPages(pagesOf('\n', '  Hello.  ', ' '));
    expect(tiny).toEqual([
      expect.objectContaining({ seq: 0, pageStart: 1, charStart: 0, pageEnd: 3, charEnd: 1, text: 'Hello.', sourceText: 'Hello.', sectionPath: [], sectionOrdinal: null }),
    ]);
  });

  it('rejects bad options and page numbers', () => {
    expect(() => chunkPages(pagesOf('x'), { targetTokens: 0 })).toThrow(InputError);
    expect(() => chunkPages(pagesOf('x'), { minTokens: 50, targetTokens: 40 })).toThrow(/minTokens ≤ targetTokens/);
    expect(() => chunkPages(pagesOf('x'), { minTokens: 30, targetTokens: 40, maxTokens: 50 })).toThrow(/2 × minTokens/);
    expect(() => chunkPages([{ page: 2, text: 'a' }, { page: 1, text: 'b' }])).toThrow(/page numbers must be increasing/);
  });

  it('builds records with ids and the section title', () => {
    const records = toChunkRecords('doc1', chunkPages(pagesOf(SERVICES_P1, SERVICES_P2), { targetTokens: 40, minTokens: 12 }));
    expect(records[0]).toMatchObject({ id: 'doc1:0', documentId: 'doc1', seq: 0, pageStart: 1 });
    expect(records.map((r) => r.id)).toEqual(records.map((_, i) => `doc1:${i}`));
    expect(records.find((r) => r.text.includes('12.2 Limitation'))?.sectionTitle).toBe('Limitation');
  });
});
