import { describe, expect, it } from 'vitest';
import { SectionStack, detectHeading, formatPath, sectionOrdinal, sectionTitle, type Heading } from '../../../../src/core/ingest/structure';

const h = (line: string): Heading => {
  const found = detectHeading(line);
  if (!found) throw new Error(`no heading in ${JSON.stringify(line)}`);
  return found;
};
const brief = (line: string) => {
  const x = detectHeading(line);
  return x && { kind: x.kind, label: x.label, title: x.title, ordinal: x.ordinal, rank: x.rank, body: line.slice(x.end).trim() || null };
};

describe('detectHeading', () => {
  it.each([
    ['ARTICLE IV', { kind: 'article', label: 'ARTICLE IV', title: null, ordinal: 'IV', rank: 1, body: null }],
    ['Article 5 – Payment', { kind: 'article', label: 'Article 5', title: 'Payment', ordinal: '5', rank: 1, body: null }],
    // An article numbered in words is read as its number; "Article Three below." in running text is no heading.
    ['ARTICLE TWO PROJECT', { kind: 'article', label: 'ARTICLE TWO', title: 'PROJECT', ordinal: '2', rank: 1, body: null }],
    ['Article Twelve – Term', { kind: 'article', label: 'Article Twelve', title: 'Term', ordinal: '12', rank: 1, body: null }],
    // Sections numbered in words, compounds included (an endorsement agreement's "SECTION TWENTY-ONE. HEADINGS").
    ['SECTION TWENTY. GOVERNING LAW; ARBITRATION', { kind: 'section', label: 'SECTION TWENTY', title: 'GOVERNING LAW; ARBITRATION', ordinal: '20', rank: 2, body: null }],
    ['SECTION TWENTY-ONE. HEADINGS', { kind: 'section', label: 'SECTION TWENTY-ONE', title: 'HEADINGS', ordinal: '21', rank: 2, body: null }],
    ['ARTICLE THIRTY-FIRST MISCELLANEOUS', { kind: 'article', label: 'ARTICLE THIRTY-FIRST', title: 'MISCELLANEOUS', ordinal: '31', rank: 1, body: null }],
    ['Article Three below.', null],
    ['ARTICLE XII: LIMITATION OF LIABILITY', { kind: 'article', label: 'ARTICLE XII', title: 'LIMITATION OF LIABILITY', ordinal: 'XII', rank: 1, body: null }],
    ['PART II', { kind: 'part', label: 'PART II', title: null, ordinal: 'II', rank: 1, body: null }],
    ['CHAPTER 3 General Provisions', { kind: 'part', label: 'CHAPTER 3', title: 'General Provisions', ordinal: '3', rank: 1, body: null }],
    ['Section 5.2 Payment Terms', { kind: 'section', label: 'Section 5.2', title: 'Payment Terms', ordinal: '5', rank: 3, body: null }],
    ['SECTION 7. TERM', { kind: 'section', label: 'SECTION 7', title: 'TERM', ordinal: '7', rank: 2, body: null }],
    ['5', null],
    ['5.', { kind: 'numbered', label: '5', title: null, ordinal: '5', rank: 2, body: null }],
    ['5. Payment', { kind: 'numbered', label: '5', title: 'Payment', ordinal: '5', rank: 2, body: null }],
    ['5.2', { kind: 'numbered', label: '5.2', title: null, ordinal: '5', rank: 3, body: null }],
    ['5.2.1 Invoices', { kind: 'numbered', label: '5.2.1', title: 'Invoices', ordinal: '5', rank: 4, body: null }],
    [
      '12.2 Limitation. Neither party shall be liable for indirect loss.',
      { kind: 'numbered', label: '12.2', title: 'Limitation', ordinal: '12', rank: 3, body: 'Neither party shall be liable for indirect loss.' },
    ],
    ['12 Limitation of Liability', { kind: 'numbered', label: '12', title: 'Limitation of Liability', ordinal: '12', rank: 2, body: null }],
    // A number run into its title by the PDF's text (a promotion agreement's "13.8Assignment.", "12.EXCLUSIVITY:").
    ['13.8Assignment. This Agreement may not be assigned.', { kind: 'numbered', label: '13.8', title: 'Assignment', ordinal: '13', rank: 3, body: 'This Agreement may not be assigned.' }],
    ['12.EXCLUSIVITY: In consideration of the fees paid', { kind: 'numbered', label: '12', title: 'EXCLUSIVITY', ordinal: '12', rank: 2, body: 'In consideration of the fees paid' }],
    ['12ABC Corp. shall deliver', null],
    ['3.5GHz radios are supplied', null],
    ['5.2 The Customer shall pay all invoices within thirty days.', { kind: 'numbered', label: '5.2', title: null, ordinal: '5', rank: 3, body: 'The Customer shall pay all invoices within thirty days.' }],
    ['1.1 "Agreement" means this agreement.', { kind: 'numbered', label: '1.1', title: null, ordinal: '1', rank: 3, body: '"Agreement" means this agreement.' }],
    ['§ 5 Kündigung', { kind: 'paragraph', label: '§ 5', title: 'Kündigung', ordinal: '5', rank: 2, body: null }],
    ['§7', { kind: 'paragraph', label: '§7', title: null, ordinal: '7', rank: 2, body: null }],
    ['§ 535 Inhalt und Hauptpflichten des Mietvertrags', { kind: 'paragraph', label: '§ 535', title: 'Inhalt und Hauptpflichten des Mietvertrags', ordinal: '535', rank: 2, body: null }],
    ['Article 1101', { kind: 'article', label: 'Article 1101', title: null, ordinal: '1101', rank: 1, body: null }],
    ['Art. 1102', { kind: 'article', label: 'Art. 1102', title: null, ordinal: '1102', rank: 1, body: null }],
    ['IV. TERMINATION', { kind: 'roman', label: 'IV', title: 'TERMINATION', ordinal: 'IV', rank: 1, body: null }],
    ['LIMITATION OF LIABILITY', { kind: 'caps', label: '', title: 'LIMITATION OF LIABILITY', ordinal: null, rank: 2, body: null }],
    ['## 5. Payment', { kind: 'markdown', label: '5', title: 'Payment', ordinal: '5', rank: 2, body: null }],
    ['### Definitions', { kind: 'markdown', label: '', title: 'Definitions', ordinal: null, rank: 3, body: null }],
    ['Exhibit A', { kind: 'appendix', label: 'Exhibit A', title: null, ordinal: 'A', rank: 0, body: null }],
    ['SCHEDULE 2 – PRICING', { kind: 'appendix', label: 'SCHEDULE 2', title: 'PRICING', ordinal: '2', rank: 0, body: null }],
    ['Annex 1', { kind: 'appendix', label: 'Annex 1', title: null, ordinal: '1', rank: 0, body: null }],
    ['Appendix C: Data Processing Terms', { kind: 'appendix', label: 'Appendix C', title: 'Data Processing Terms', ordinal: 'C', rank: 0, body: null }],
    ['(a) the Goods;', { kind: 'subclause', label: '(a)', title: null, ordinal: 'a', rank: 5, body: 'the Goods;' }],
    ['  (iv) any other amount', { kind: 'subclause', label: '(iv)', title: null, ordinal: 'iv', rank: 5, body: 'any other amount' }],
  ])('%j', (line, expected) => {
    expect(brief(line)).toEqual(expected);
  });

  it.each([
    '2019',
    '1,000,000',
    '1.000.000',
    '12.05.2019',
    '5.2 million dollars were paid.',
    '5 January 2020',
    '30 days after the notice',
    '- 5 -',
    'Page 3 of 10',
    '1 Widget 5 10.00',
    '2019 2020 2021',
    '12.5 13.7 14.2',
    'Section 5.2 of this Agreement applies.',
    'Section Two of this Agreement shall survive.',
    'Section one applies to all Products.',
    'Article 5 of the Regulation provides that',
    'Exhibit A sets out the prices.',
    'Schedule 2 to the Agreement',
    'Title to the Goods passes on delivery.',
    'IN WITNESS WHEREOF, the parties have executed this Agreement.',
    'THE PARTIES AGREE THAT THE SUPPLIER SHALL NOT BE LIABLE FOR ANY LOSS OF PROFIT OR REVENUE WHATSOEVER',
    'NOW, THEREFORE,',
    'I. Smith and J. Doe',
    'USA',
    'The Supplier shall deliver the Goods.',
    // street addresses
    '700 Dresher Road, Suite 100',
    '42 West 42nd Street, New York, NY 10036',
    // amounts, bare numbers, table rows
    '$1,000,000',
    // a price set on its own line after "… will be:" (a translated outsourcing agreement)
    'TWO HUNDRED THOUSAND EUROS (200,000 €)',
    'FIFTY THOUSAND DOLLARS ($50,000)',
    '600',
    '2 Gadget 7 12.50',
    // table-of-contents lines
    '1.4 ORGANIZATION OF THIS SPECIAL PUBLICATION ........................ 3',
    'APPENDIX A REFERENCES ........................................ A-1',
    '5. Payment . . . . . . . . 12',
    // signature blocks and party lines
    'ACME CORP. GLOBEX LLC',
    'ENERGOUS CORPORATION DIALOG SEMICONDUCTOR (UK) LTD',
    'WATCHGUARD TECHNOLOGIES, INC.',
    // a sentence in capitals
    'ANY OBLIGATION, LIABILITY, RIGHT, REMEDY OR CLAIM IN TORT (INCLUDING',
    // a status stamp (Square Two Golf's endorsement agreement put every section under "EXECUTION COPY")
    'EXECUTION COPY',
    'CONFIDENTIAL',
    'EXECUTION VERSION',
    'DRAFT 3',
  ])('%j is not a heading', (line) => {
    expect(detectHeading(line)).toBeNull();
  });
});

describe('SectionStack', () => {
  const run = (lines: string[]) => {
    const stack = new SectionStack();
    return lines.map((l) => {
      stack.push(h(l));
      return formatPath(stack.path);
    });
  };

  it('nests by rank and pops every open section of the same or lower rank', () => {
    expect(run(['ARTICLE XII LIMITATION OF LIABILITY', '12.1 Exclusion', '(a) lost profits', '(b) lost data', '12.2 Cap', 'ARTICLE XIII'])).toEqual([
      ['ARTICLE XII LIMITATION OF LIABILITY'],
      ['ARTICLE XII LIMITATION OF LIABILITY', '12.1 Exclusion'],
      ['ARTICLE XII LIMITATION OF LIABILITY', '12.1 Exclusion', '(a)'],
      ['ARTICLE XII LIMITATION OF LIABILITY', '12.1 Exclusion', '(b)'],
      ['ARTICLE XII LIMITATION OF LIABILITY', '12.2 Cap'],
      ['ARTICLE XIII'],
    ]);
  });

  it('the document’s title line is no parent of its numbered sections; a caps section heading still is', () => {
    expect(run(['SPONSORED RESEARCH AND LICENSE AGREEMENT', '1.2', '2.2 Project Plan', 'ARTICLE VIII TERM'])).toEqual([
      ['SPONSORED RESEARCH AND LICENSE AGREEMENT'],
      ['1.2'],
      ['2.2 Project Plan'],
      ['ARTICLE VIII TERM'],
    ]);
    expect(run(['MASTER SERVICES AGREEMENT', 'DEFINITIONS', '1.1', 'TERM', '2.1'])).toEqual([['MASTER SERVICES AGREEMENT'], ['DEFINITIONS'], ['DEFINITIONS', '1.1'], ['TERM'], ['TERM', '2.1']]);
    // Once sections are numbered, a later caps line naming an agreement is a heading like any other.
    expect(run(['1. Scope', 'FORM OF SUPPLY AGREEMENT', '1.1']).at(-1)).toEqual(['FORM OF SUPPLY AGREEMENT', '1.1']);
  });

  it('a roman numeral for the first section is its number written otherwise: section 2 is its sibling', () => {
    expect(run(['I. DEFINITIONS', '1.1', '2. LICENCE', '2.1 Grant', '12. MISCELLANEOUS'])).toEqual([['I DEFINITIONS'], ['I DEFINITIONS', '1.1'], ['2 LICENCE'], ['2 LICENCE', '2.1 Grant'], ['12 MISCELLANEOUS']]);
    // Roman parts holding sections numbered from 1 stay their parents.
    expect(run(['IV. TERMINATION', '1. Notice']).at(-1)).toEqual(['IV TERMINATION', '1 Notice']);
    expect(run(['I. GENERAL TERMS', '1. Definitions', '2. Scope', '2.1 Services']).slice(2)).toEqual([['I GENERAL TERMS', '2 Scope'], ['I GENERAL TERMS', '2 Scope', '2.1 Services']]);
  });

  it('a lone "C." or "L." is a letter of a list, as "A." and "B." are, not section 100 or 50 parenting the next numbered section', () => {
    // Gridiron / Shi Farms supply agreement: "1. Products and Payments A. Product. … C. Certificate of Analysis (COA). … 5. Entire Agreement"
    // (section 5 was labelled "C Certificate of Analysis (COA) › 5 Entire Agreement").
    expect(detectHeading('A. Product. Shi Farms agrees to sell Product.')).toBeNull();
    expect(detectHeading('C. Certificate of Analysis (COA). The Biomass must be tested.')).toBeNull();
    expect(detectHeading('L. Lease Terms. The lease runs for a year.')).toBeNull();
    expect(run(['1. Products and Payments', '5. Entire Agreement']).at(-1)).toEqual(['5 Entire Agreement']);
    // Roman numerals of more than one letter, and I, V, X, stay section numbers.
    expect(run(['XL. Notices', '1. Form']).at(-1)).toEqual(['XL Notices', '1 Form']);
  });

  it('sections numbered 2.x hang under an article numbered in words', () => {
    expect(run(['ARTICLE ONE DEFINITIONS', '1.1 Affiliates', 'ARTICLE TWO PROJECT', '2.1 Performance of Project'])).toEqual([
      ['ARTICLE ONE DEFINITIONS'],
      ['ARTICLE ONE DEFINITIONS', '1.1 Affiliates'],
      ['ARTICLE TWO PROJECT'],
      ['ARTICLE TWO PROJECT', '2.1 Performance of Project'],
    ]);
  });

  it('an appendix resets the path', () => {
    expect(run(['ARTICLE II', '2.1 Services', 'Exhibit A', '1. Scope']).slice(2)).toEqual([['Exhibit A'], ['Exhibit A', '1 Scope']]);
  });

  it('reads (i) as a letter after (h) and as a roman numeral under (a)', () => {
    const stack = new SectionStack();
    for (const l of ['5.1 Events', '(g) war', '(h) strike', '(i) flood']) stack.push(h(l));
    expect(formatPath(stack.path)).toEqual(['5.1 Events', '(i)']);
    expect(stack.path[1]?.styleKey).toBe('lower(');

    const nested = new SectionStack();
    const paths = ['5.2 Payment', '(a) fees, including:', '(i) licence fees;', '(ii) support fees;', '(iii) any other fees; and', '(b) expenses'].map((l) => {
      nested.push(h(l));
      return formatPath(nested.path);
    });
    expect(paths).toEqual([
      ['5.2 Payment'],
      ['5.2 Payment', '(a)'],
      ['5.2 Payment', '(a)', '(i)'],
      ['5.2 Payment', '(a)', '(ii)'],
      ['5.2 Payment', '(a)', '(iii)'],
      ['5.2 Payment', '(b)'],
    ]);
  });

  it('reads (v) after (iv) as roman and after (u) as a letter; (A) nests under (i)', () => {
    const roman = new SectionStack();
    for (const l of ['(a) x', '(i) x', '(ii) x', '(iii) x', '(iv) x', '(v) x']) roman.push(h(l));
    expect(formatPath(roman.path)).toEqual(['(a)', '(v)']);
    expect(roman.path[1]?.value).toBe(5);

    const letters = new SectionStack();
    for (const l of ['(t) x', '(u) x', '(v) x']) letters.push(h(l));
    expect(formatPath(letters.path)).toEqual(['(v)']);
    expect(letters.path[0]?.styleKey).toBe('lower(');

    const deep = new SectionStack();
    for (const l of ['(a) x', '(i) x', '(A) x', '(1) x']) deep.push(h(l));
    expect(deep.path.map((e) => e.rank)).toEqual([5, 6, 7, 8]);
  });

  it('nests containers (Part, Chapter, Livre, Titre) in order of appearance, above articles', () => {
    expect(run(['PART II', 'CHAPTER 3', 'Article 7', 'CHAPTER 4', 'PART III'])).toEqual([
      ['PART II'],
      ['PART II', 'CHAPTER 3'],
      ['PART II', 'CHAPTER 3', 'Article 7'],
      ['PART II', 'CHAPTER 4'],
      ['PART III'],
    ]);
  });

  it('derives the ordinal and the title', () => {
    const stack = new SectionStack();
    stack.push(h('ARTICLE IV PAYMENT'));
    expect(sectionOrdinal(stack.path)).toBe('IV');
    stack.push(h('4.2 Invoices'));
    expect(sectionOrdinal(stack.path)).toBe('4');
    expect(sectionTitle(stack.path)).toBe('Invoices');
    stack.push(h('(a) monthly'));
    expect(sectionTitle(stack.path)).toBe('Invoices');

    const statute = new SectionStack();
    statute.push(h('§ 5 Kündigung'));
    expect(sectionOrdinal(statute.path)).toBe('5');

    const exhibit = new SectionStack();
    exhibit.push(h('Exhibit B'));
    expect(sectionOrdinal(exhibit.path)).toBe('B');
    exhibit.push(h('LIMITATION OF LIABILITY'));
    expect(sectionOrdinal(exhibit.path)).toBe('B');
    expect(sectionOrdinal(new SectionStack().path)).toBeNull();
  });
});
