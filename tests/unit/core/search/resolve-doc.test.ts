import { describe, expect, it } from 'vitest';
import { groupCopies, matchDocuments, resolveDocument, sameWork } from '../../../../src/core/search/resolve-doc';
import type { NamedDocument } from '../../../../src/core/search-types';
import type { TermStats } from '../../../../src/core/search/term-stats';

const docs: NamedDocument[] = [
  { id: 'aura', name: 'AURA-STRATEGIC ALLIANCE AGREEMENT.pdf', title: 'STRATEGIC ALLIANCE AGREEMENT', aliases: ['AURA SYSTEMS INC.', 'Aura', 'ZANOTTI EAST INC.', 'Zanotti'] },
  { id: 'kitov', name: 'Kitov_Manufacturing Agreement.pdf', title: null, aliases: ['DEXCEL LTD.', 'Dexcel', 'KITOV Pharma Ltd.', 'Kitov'] },
  { id: 'nano', name: 'NANOPHASE-DISTRIBUTOR AGREEMENT.pdf', title: 'DISTRIBUTOR AGREEMENT', aliases: ['Nanophase Technologies Corporation', 'NTC'] },
];

describe('resolveDocument', () => {
  it('drops defined-term parentheses of the naming clause with the names', () => {
    const r = resolveDocument('Consider the STRATEGIC ALLIANCE AGREEMENT between AURA SYSTEMS INC. ("Aura"); ZANOTTI EAST INC. ("Zanotti") (collectively the “Parties”); which jurisdiction\'s law governs this agreement?', docs);
    expect(r?.documentId).toBe('aura');
    expect(r?.remainder).toBe("which jurisdiction's law governs this agreement?");
  });

  it('handles adjacent parentheses declaring the parties', () => {
    const r = resolveDocument('Consider the PRODUCT MANUFACTURING AGREEMENT between DEXCEL LTD. ("Dexcel"); KITOV Pharma Ltd. ("Kitov")("Parties" and individually a "Party"); how long does the warranty last?', docs);
    expect(r?.documentId).toBe('kitov');
    expect(r?.remainder).toBe('how long does the warranty last?');
  });

  it('keeps parentheses of a clause that named nothing', () => {
    const r = resolveDocument('Consider the DISTRIBUTOR AGREEMENT between Nanophase Technologies Corporation ("NTC"); what does the term "Products" (as "Goods") cover?', docs);
    expect(r?.documentId).toBe('nano');
    expect(r?.remainder).toBe('what does the term "Products" (as "Goods") cover?');
  });
});

describe('resolveDocument', () => {
  const doc = (id: string, title: string | null, aliases: string[], name = `${id}.pdf`) => ({ id, name, title, aliases });
  const docs = [
    doc('alliance', 'STRATEGIC ALLIANCE AGREEMENT', ['AURA SYSTEMS INC.', 'Aura', 'ZANOTTI EAST INC.', 'Zanotti']),
    doc('alliance-scan', 'STRATEGIC ALLIANCE AGREEMENT', ['AURA SYSTEMS INC.', 'Aura', 'ZANOTTI EAST INC.', 'Zanotti'], 'SCANNED_AURA.pdf'),
    doc('distributor', 'DISTRIBUTOR AGREEMENT', ['WatchGuard Technologies, Inc.', 'WGT', 'European Micro']),
    doc('gdpr', 'General Data Protection Regulation', ['GDPR', 'General Data Protection Regulation']),
  ];

  it('finds the named document and strips the naming clause', () => {
    const r = resolveDocument('Consider the DISTRIBUTOR AGREEMENT between WatchGuard Technologies, Inc. ("WGT"); European Micro; which law governs it?', docs);
    expect(r?.documentIds).toEqual(['distributor']);
    expect(r?.remainder).toBe('which law governs it?');
  });

  it('resolves an abbreviation and keeps the rest of the question', () => {
    const r = resolveDocument('what does the GDPR say about data breaches?', docs);
    expect(r?.documentId).toBe('gdpr');
    expect(r?.remainder).toBe('what does the say about data breaches?');
  });

  it('returns every document named equally well (a contract and its scanned copy)', () => {
    const r = resolveDocument('Consider the STRATEGIC ALLIANCE AGREEMENT between AURA SYSTEMS INC. ("Aura"); ZANOTTI EAST INC. ("Zanotti"); is there a non-compete?', docs);
    expect([...(r?.documentIds ?? [])].sort()).toEqual(['alliance', 'alliance-scan']);
  });

  it('resolves nothing when the question names no document', () => {
    expect(resolveDocument('Is there a cap on liability?', docs)).toBeNull();
  });
});

describe('matchDocuments', () => {
  const doc = (id: string, title: string | null, aliases: string[], name = `${id}.pdf`): NamedDocument => ({ id, name, title, aliases });
  const docs = [
    doc('nw-contoso', 'DISTRIBUTION AGREEMENT', ['Northwind Traders Ltd.', 'Northwind', 'Contoso Pharma Inc.', 'Contoso']),
    doc('nw-fabrikam', 'DISTRIBUTION AGREEMENT', ['Northwind Traders Ltd.', 'Northwind', 'Fabrikam GmbH', 'Fabrikam']),
    doc('msa', 'MASTER SERVICES AGREEMENT', ['Contoso Pharma Inc.', 'Contoso', 'Litware LLC', 'Litware']),
    doc('gdpr', 'General Data Protection Regulation', ['GDPR'], 'GDPR_Regulation_2016-679.pdf'),
    doc('lease', null, [], 'warehouse-lease.pdf'),
  ];

  it('names a document by its title and a party', () => {
    const m = matchDocuments('Consider the Distribution Agreement between Northwind and Fabrikam; is there a non-compete?', docs);
    expect(m.kind === 'resolved' && m.resolution.documentIds).toEqual(['nw-fabrikam']);
    expect(m.kind === 'resolved' && m.resolution.matched).toEqual(['Distribution Agreement', 'Northwind', 'Fabrikam']);
    expect(m.kind === 'resolved' && m.resolution.remainder).toBe('is there a non-compete?');
  });

  it('names a document by a party alone, when only one document has it (two words at least)', () => {
    const m = matchDocuments('What does the Litware LLC contract say about fees?', docs);
    expect(m.kind === 'resolved' && m.resolution.documentIds).toEqual(['msa']);
  });

  it('names a document by an alias (an abbreviation) and by its file name', () => {
    expect(resolveDocument('Does the GDPR require a DPO?', docs)?.documentIds).toEqual(['gdpr']);
    expect(resolveDocument('what is the rent in the warehouse lease?', docs)?.documentIds).toEqual(['lease']);
  });

  it('asks which document when the naming words fit several different ones', () => {
    const m = matchDocuments('In the Distribution Agreement, how much notice stops the renewal?', docs);
    expect(m.kind).toBe('ambiguous');
    expect(m.kind === 'ambiguous' && m.candidates.map((d) => d.id)).toEqual(['nw-contoso', 'nw-fabrikam']);
    expect(m.kind === 'ambiguous' && m.matched).toEqual(['Distribution Agreement']);
  });

  it('does not take a name no text holds for the one document whose text has the word beside it', () => {
    // "outsourcing" is in the text of nw-fabrikam only; "Acme" in no text at all.
    const terms = new Map<string, TermStats>([
      ['acme', { idf: 0, documents: [] }],
      ['outsourcing', { idf: 6.2, documents: ['nw-fabrikam'] }],
    ]);
    const m = matchDocuments('is there a cap on liability in the Acme outsourcing agreement?', docs, { terms });
    expect(m.kind).toBe('not_found');
    expect(m.kind === 'not_found' && m.phrase).toBe('Acme outsourcing agreement');
  });

  it('names a party joined by "_" written as one word or two, though its contract uses it everywhere', () => {
    // "plan_b" is split for search: "plan" is in every development plan, so the word is common here.
    const datacall = doc('datacall', 'CONTENT LICENSING AGREEMENT', ['Data Call Technologies, Inc.', 'Data Call Technologies', 'PLAN_B MEDIA AG', 'PLAN_B MEDIA', 'plan_b']);
    const harpoon = doc('harpoon', 'DEVELOPMENT AND OPTION AGREEMENT', ['Harpoon Therapeutics, Inc.', 'Harpoon', 'AbbVie Biotechnology Ltd', 'AbbVie']);
    const terms = new Map<string, TermStats>([
      ['plan_b', { idf: 2.26, documents: [], nameIdf: 4.33 }],
      ['plan', { idf: 2.26, documents: [], nameIdf: 4.33 }],
      ['contract', { idf: 2.7, documents: [], nameIdf: 4.33 }],
    ]);
    for (const question of ['how long does the plan_b contract run?', 'how long does the plan b contract run?', 'Quelle est la durée du contrat avec plan_b ?']) {
      const m = matchDocuments(question, [...docs, datacall, harpoon], { terms });
      expect(m.kind === 'resolved' && m.resolution.documentIds, question).toEqual(['datacall']);
    }
    // A word joined by "_" names its party alone even where the name's other words are no organisation word.
    const printer = doc('printer', 'PRINTING SERVICES AGREEMENT', ['KWIK_PRINT LABELS LLC', 'KWIK_PRINT LABELS']);
    const printTerms = new Map<string, TermStats>([['kwik_print', { idf: 2.1, documents: [], nameIdf: 4.33 }]]);
    const named = matchDocuments('when does the kwik_print contract end?', [...docs, datacall, harpoon, printer], { terms: printTerms });
    expect(named.kind === 'resolved' && named.resolution.documentIds).toEqual(['printer']);
    // A plan alone names nothing.
    expect(matchDocuments('what does the development plan say about milestones?', [...docs, datacall, harpoon], { terms }).kind).not.toBe('resolved');
  });

  it('does not take the capital every German noun has for a name its text holds', () => {
    // "Rechtsverletzer" and "Schadensersatz" are rare words of the statute's text only.
    const statute = doc('geschgehg', 'Gesetz zum Schutz von Geschäftsgeheimnissen', ['GeschGehG']);
    const terms = new Map<string, TermStats>([
      ['rechtsverletzer', { idf: 6.4, documents: ['geschgehg'] }],
      ['schadensersatz', { idf: 6.9, documents: ['geschgehg'] }],
      ['inktomi', { idf: 1.5, documents: [] }],
    ]);
    const question = 'Wann muss ein Rechtsverletzer Schadensersatz leisten?';
    expect(matchDocuments(question, [...docs, statute], { terms }).kind).toBe('resolved');
    expect(matchDocuments(question, [...docs, statute], { terms, language: 'de' }).kind).toBe('none');
    // A party's name is still a name in German, where a name stands.
    const inktomi = doc('inktomi', 'SOFTWARE HOSTING AGREEMENT', ['INKTOMI CORPORATION', 'Inktomi', 'MICROSOFT CORPORATION', 'Microsoft']);
    const m = matchDocuments('Welches Recht gilt für den Vertrag mit Inktomi?', [...docs, inktomi, statute], { terms, language: 'de' });
    expect(m.kind === 'resolved' && m.resolution.documentIds).toEqual(['inktomi']);
  });

  it('reads a German compound title as the document it names, and keeps the question\'s German nouns', () => {
    const liefer = doc('liefer', 'LIEFERVERTRAG', ['Nordlicht GmbH', 'Südwerk AG']);
    const contrat = doc('contrat', 'CONTRAT DE DISTRIBUTION', ['Société Alpine SAS']);
    for (const question of ['Wann endet der Liefervertrag?', 'Welches Recht gilt für den Liefervertrag?', 'When does the Liefervertrag end?']) {
      const m = matchDocuments(question, [...docs, liefer, contrat], { language: 'de' });
      expect({ question, ids: m.kind === 'resolved' ? m.resolution.documentIds : m.kind }).toEqual({ question, ids: ['liefer'] });
    }
    // The question without the name keeps what it asks ("Wettbewerbsverbot" is a noun, not a name).
    const m = matchDocuments('Gibt es ein Wettbewerbsverbot im Liefervertrag?', [...docs, liefer, contrat], { language: 'de' });
    expect(m.kind === 'resolved' && m.resolution.remainder).toBe('Gibt es ein Wettbewerbsverbot im?');
    // "Vertrag" alone names no document.
    expect(matchDocuments('Wann endet der Vertrag?', [...docs, liefer, contrat], { language: 'de' }).kind).toBe('none');
  });

  it('does not credit a document whose text holds a rare word of the name with the other words, which name another document', () => {
    // "EIT" is the outsourcing agreement's defined short name (common in its own text, so not rare);
    // "outsourcing" is its title word and in the text of a second contract too.
    const both = [
      doc('eit', 'OUTSOURCING AGREEMENT', ['ESPACIO INFORMATION TECHNOLOGY, SA.', 'EIT']),
      doc('dev', 'DEVELOPMENT AGREEMENT', ['Cargill, Incorporated', 'Cargill', 'Bioamber S.A.S.', 'Bioamber']),
    ];
    const terms = new Map<string, TermStats>([
      ['eit', { idf: 2.6, documents: [] }],
      ['outsourcing', { idf: 5.4, documents: ['eit', 'dev'] }],
    ]);
    const m = matchDocuments('how much notice to terminate the EIT outsourcing agreement?', both, { terms });
    expect(m.kind === 'resolved' && m.resolution.documentIds).toEqual(['eit']);
  });

  it('a name no document has before a title word ("the Acme distribution") names a document: not found, the titles that fit offered', () => {
    const terms = new Map<string, TermStats>([['acme', { idf: 0, documents: [] }]]);
    const m = matchDocuments('What does the Acme distribution say about exclusivity?', docs, { terms });
    expect(m.kind).toBe('not_found');
    expect(m.kind === 'not_found' && m.phrase).toBe('Acme distribution');
    expect(m.kind === 'not_found' && m.candidates.map((d) => d.id).sort()).toEqual(['nw-contoso', 'nw-fabrikam']);
    // A verb after the name is no title: nothing is named, the question searches everything.
    expect(matchDocuments('Does Acme provide services?', docs, { terms }).kind).toBe('none');
  });

  it('a name no document has that heads the question ("HealthGate: who owns …") names a document: not found', () => {
    const terms = new Map<string, TermStats>([['acme', { idf: 0, documents: [] }], ['healthgate', { idf: 0, documents: [] }]]);
    for (const [question, phrase] of [
      ['HealthGate: who owns the software it develops?', 'HealthGate'],
      ['Acme - is liability capped?', 'Acme'],
      ['the Acme Blackwell deal — can it be ended early?', 'Acme Blackwell deal'],
      ['Acme Blackwell: renewal term?', 'Acme Blackwell'],
    ] as const) {
      const m = matchDocuments(question, docs, { terms });
      expect(m.kind, question).toBe('not_found');
      expect(m.kind === 'not_found' && m.phrase, question).toBe(phrase);
    }
    // A heading word every text has ("Note:") is no name; nor is a name later in the question without a naming position.
    expect(matchDocuments('Note: is liability capped?', docs, { terms }).kind).toBe('none');
    expect(matchDocuments('Is liability capped: does Acme provide services?', docs, { terms }).kind).toBe('none');
  });

  it('takes a name written with digits first ("49ers") as a name its text may hold', () => {
    const terms = new Map<string, TermStats>([['49ers', { idf: 6.2, documents: ['nw-fabrikam'] }]]);
    const m = matchDocuments('What is the term of the 49ers distribution?', docs, { terms });
    expect(m.kind === 'resolved' && m.resolution.documentIds).toEqual(['nw-fabrikam']);
    // An ordinal or a decade is no name.
    expect(matchDocuments('What happens on the 21st anniversary?', docs, { terms }).kind).toBe('none');
  });

  it('tells documents named alike apart by a word only one of their texts holds', () => {
    // "wexcombe" is in the text of nw-fabrikam only (a product, a site, a party not recognised).
    const terms = new Map<string, TermStats>([
      ['wexcombe', { idf: 6.2, documents: ['nw-fabrikam'] }],
      ['renewal', { idf: 2.1, documents: [] }],
    ]);
    const q = 'how much notice stops the renewal of wexcombe supplies under the Distribution Agreement?';
    const m = matchDocuments(q, docs, { terms });
    expect(m.kind === 'resolved' && m.resolution.documentIds).toEqual(['nw-fabrikam']);
    // A word the texts of both (or of many) hold tells nothing: the question stays ambiguous.
    const both = new Map<string, TermStats>([['wexcombe', { idf: 6.2, documents: ['nw-fabrikam', 'nw-contoso'] }]]);
    expect(matchDocuments(q, docs, { terms: both }).kind).toBe('ambiguous');
    const many = new Map<string, TermStats>([['wexcombe', { idf: 3.1, documents: ['nw-fabrikam', 'a', 'b', 'c', 'd'] }]]);
    expect(matchDocuments(q, docs, { terms: many }).kind).toBe('ambiguous');
  });

  it('does not take a capitalised defined term for a party whose name holds one of its words', () => {
    const withInformation = [...docs, doc('isa', 'STRATEGIC ALLIANCE AGREEMENT', ['Information System Associates, Inc.']), doc('sina', 'CONTENT LICENSE AGREEMENT', ['Beijing Internet Information Service Co., Ltd.'])];
    // "Information" is in every other passage of this workspace: a defined term, not a name.
    const terms = new Map<string, TermStats>([
      ['information', { idf: 1.7, documents: [] }],
      ['confidential', { idf: 2.1, documents: [] }],
      ['exclusions', { idf: 5.0, documents: [] }],
    ]);
    expect(matchDocuments('What are the exclusions from Confidential Information?', withInformation, { terms }).kind).toBe('none');
    // A name that is rare here still names its document, capitalised or not.
    const rare = new Map<string, TermStats>([['information', { idf: 6.5, documents: ['isa', 'sina'] }]]);
    expect(matchDocuments('What does the Information System Associates agreement say about fees?', withInformation, { terms: rare }).kind).toBe('resolved');
  });

  it('takes the first word of a name like "ValueAct Group" for the party, even where its contract uses it everywhere', () => {
    const withGroup = [...docs, doc('allison', 'COOPERATION AGREEMENT', ['ValueAct Group', 'Allison Transmission Holdings, Inc.'])];
    // In a small workspace the name is in most passages: common text, yet written as a name.
    const terms = new Map<string, TermStats>([
      ['valueact', { idf: 1.2, documents: [] }],
      ['group', { idf: 1.4, documents: [] }],
      ['law', { idf: 3.5, documents: [] }],
    ]);
    expect(matchDocuments('what law governs our agreement with ValueAct?', withGroup, { terms })).toMatchObject({ kind: 'resolved', resolution: { documentId: 'allison' } });
    // The kind of organisation alone names nobody.
    expect(matchDocuments('which Group members are bound by the standstill?', withGroup, { terms }).kind).toBe('none');
  });

  it('takes a name two documents share as ambiguous too (a party of both)', () => {
    const m = matchDocuments('What do we owe Northwind Traders Ltd. under the agreement?', docs);
    expect(m.kind).toBe('ambiguous');
  });

  it('searches documents named each by its own names together', () => {
    const m = matchDocuments('Compare the Master Services Agreement and the Distribution Agreement with Fabrikam on liability', docs);
    expect(m.kind === 'resolved' && [...m.resolution.documentIds].sort()).toEqual(['msa', 'nw-fabrikam']);
  });

  it('takes a contract and its scan (same title, same parties) as one document', () => {
    const scan = doc('nw-contoso-scan', 'DISTRIBUTION AGREEMENT', ['Northwind Traders Ltd.', 'Contoso Pharma Inc.', 'Contoso'], 'scan.pdf');
    expect(sameWork(docs[0]!, scan)).toBe(true);
    expect(sameWork(docs[0]!, docs[1]!)).toBe(false);
    const m = matchDocuments('Consider the Distribution Agreement between Northwind and Contoso; which law governs?', [...docs, scan]);
    expect(m.kind === 'resolved' && [...m.resolution.documentIds].sort()).toEqual(['nw-contoso', 'nw-contoso-scan']);
    expect(groupCopies([docs[0]!, docs[1]!, scan]).map((g) => g.map((d) => d.id))).toEqual([['nw-contoso', 'nw-contoso-scan'], ['nw-fabrikam']]);
  });

  it('takes one file saved in two formats, and a title that is the other’s short name, as one work', () => {
    const md: NamedDocument = { id: 'md', name: 'DE_GeschGehG.md', path: 'statutes/DE_GeschGehG.md', title: 'Gesetz zum Schutz von Geschäftsgeheimnissen (GeschGehG)', aliases: ['Gesetz zum Schutz von Geschäftsgeheimnissen', 'GeschGehG'] };
    const pdf: NamedDocument = { id: 'pdf', name: 'DE_GeschGehG.pdf', path: 'statutes/DE_GeschGehG.pdf', title: 'GeschGehG', aliases: [] };
    expect(sameWork(md, pdf)).toBe(true);
    expect(matchDocuments('Was ist ein Geschäftsgeheimnis im Sinne des GeschGehG?', [md, pdf]).kind).toBe('resolved');
    // Grouped though the PDF has no names to look it up by (so its passages repeating the Markdown's are shown once).
    expect(groupCopies([md, docs[0]!, pdf]).map((g) => g.map((d) => d.id))).toEqual([['md', 'pdf'], [docs[0]!.id]]);
    // Under another file name it needs names in common with the Markdown (it has none).
    expect(groupCopies([md, { ...pdf, path: 'elsewhere.pdf', name: 'elsewhere.pdf' }]).map((g) => g.map((d) => d.id))).toEqual([['md'], ['pdf']]);
    // Another folder's file of that name is another document, and so is a file with another title.
    expect(sameWork(md, { ...pdf, path: 'old/DE_GeschGehG.pdf' })).toBe(false);
    expect(sameWork(md, { ...pdf, title: 'Verordnung über Geschäftsgeheimnisse' })).toBe(false);
    // The short name in parentheses with names in common: a copy, whatever the file is called.
    const other = { ...pdf, id: 'other', name: 'geschgehg-print.pdf', path: 'geschgehg-print.pdf', aliases: ['GeschGehG', 'Gesetz zum Schutz von Geschäftsgeheimnissen'] };
    expect(sameWork(md, other)).toBe(true);
  });

  it('finds nothing in a question that names no document', () => {
    expect(matchDocuments('Is there a cap on liability?', docs).kind).toBe('none');
    expect(matchDocuments('', docs).kind).toBe('none');
  });
});

describe('matchDocuments: names written otherwise, amendments, untitled copies', () => {
  const doc = (id: string, title: string | null, aliases: string[], name = `${id}.pdf`): NamedDocument => ({ id, name, title, aliases });
  const docs = [
    doc('msa', 'MASTER SERVICES AGREEMENT', ['BlueHarbor, LLC', 'Clear Meadow Inc.']),
    doc('reseller', 'MARKETING AND RESELLER AGREEMENT', ['Orrin Medical Ltd.', 'Orrin', 'Tal J. K. Partners Ltd.']),
    doc('cobrand', 'CO-BRANDING AGREEMENT', ['QuoteLine, Inc.', 'KD Whitfeild, Inc.']),
    doc('mfg', 'MANUFACTURING AGREEMENT', ['Heron Foods, LLC', 'Kestrel Nutrition Corporation']),
    doc('mfg-amendment', 'AMENDMENT NO. 2 TO HERON FOODS, LLC and KESTREL NUTRITION CORPORATION MANUFACTURING AGREEMENT', ['Heron Foods, LLC', 'Kestrel Nutrition Corporation']),
    doc('supply', 'SUPPLY AGREEMENT', ['Heron Foods, LLC', 'Marten Farms Inc.']),
  ];
  const resolved = (q: string, list = docs) => {
    const m = matchDocuments(q, list);
    return m.kind === 'resolved' ? m.resolution.documentIds : m.kind;
  };

  it('finds a party written with other spaces or punctuation, or with one letter swapped', () => {
    expect(resolved('does our services agreement with Blue Harbor bar us from hiring their people')).toEqual(['msa']);
    expect(resolved("is tal j.k. partners' liability capped under the marketing deal?")).toEqual(['reseller']);
    expect(resolved('which law governs our co-branding agreement with k.d. whitfield?')).toEqual(['cobrand']);
  });

  it('does not take a common phrase for a name', () => {
    expect(resolved('is there a clear meaning of services in the agreement?')).not.toEqual(['msa']);
  });

  it('finds a file named after its filer, the company run together with its legal form ("StampscomInc_2000…")', () => {
    const filed = [
      ...docs,
      doc('cobrand-filed', 'MANIFEST SYSTEM SERVICES AND CO-BRANDING AGREEMENT', ['iShip.com, Inc.', 'Mail Boxes Etc. USA, Inc.'], 'StampscomInc_20001114_10-Q_EX-10.47_Co-Branding Agreement.pdf'),
    ];
    expect(resolved('when will the Stamps.com agreement end if nobody renews it?', filed)).toEqual(['cobrand-filed']);
    expect(resolved('which law governs the stamps com co-branding agreement', filed)).toEqual(['cobrand-filed']);
    // A brand with a small letter before its capital is written as a name: it tells the two co-branding agreements apart.
    expect(resolved('when will the co-branding agreement with iShip end?', filed)).toEqual(['cobrand-filed']);
    // Not a part of the run-together name: "Stamps" alone names no file.
    expect(resolved('when will the Stamps agreement end?', filed)).not.toEqual(['cobrand-filed']);
  });

  it('takes the agreement with its amendments when the question does not ask about an amendment', () => {
    expect(resolved('What does the Heron Foods manufacturing agreement say about assignment?')).toEqual(['mfg', 'mfg-amendment']);
    // Asked about the amendment, the amendment comes first.
    const m = matchDocuments('What does the amendment to the Heron Foods manufacturing agreement change?', docs);
    expect(m.kind === 'resolved' && m.resolution.documentId).toBe('mfg-amendment');
  });

  it('takes the amendment the question numbers when there are several', () => {
    const three = doc('mfg-amendment-3', 'AMENDMENT NO. 3 TO HERON FOODS, LLC and KESTREL NUTRITION CORPORATION MANUFACTURING AGREEMENT', ['Heron Foods, LLC', 'Kestrel Nutrition Corporation']);
    const first = doc('mfg-first', 'FIRST AMENDMENT TO MANUFACTURING AGREEMENT', ['Heron Foods, LLC', 'Kestrel Nutrition Corporation']);
    const all = [...docs, three, first];
    const top = (q: string) => {
      const m = matchDocuments(q, all);
      return m.kind === 'resolved' ? m.resolution.documentId : m.kind;
    };
    expect(top('Are there liquidated damages in Amendment No. 3 to the Heron Foods manufacturing agreement?')).toBe('mfg-amendment-3');
    expect(top('does the second amendment to our manufacturing agreement with Kestrel change the price?')).toBe('mfg-amendment');
    expect(top('Any exclusivity in the first amendment to our manufacturing agreement with Heron Foods')).toBe('mfg-first');
    // Not numbered: which amendment is meant is asked.
    expect(top('What does the amendment to the Heron Foods manufacturing agreement change?')).toBe('ambiguous');
  });

  it('reads a party named as who acts as the role the contract gives it, in the query only', () => {
    const agency = (id: string, parties: { name: string; shortNames: string[]; role: string | null }[]): NamedDocument => ({ id, name: `${id}.pdf`, title: 'AGENCY AGREEMENT', aliases: parties.flatMap((p) => [p.name, ...p.shortNames]), identity: { title: 'AGENCY AGREEMENT', parties, brands: [], kind: 'agency agreement', effectiveDate: null } });
    const list = [
      agency('banco', [{ name: 'El Banco Financial Corporation', shortNames: [], role: 'Company' }, { name: 'Keefe Capital Markets Inc.', shortNames: ['Keefe'], role: 'Agent' }]),
      agency('micoa', [{ name: 'Mutual Insurance Corporation of America', shortNames: ['MICOA'], role: null }, { name: 'Stratton Cheeseman Inc.', shortNames: [], role: 'Agency' }]),
    ];
    const resolved = (q: string) => {
      const m = matchDocuments(q, list);
      return m.kind === 'resolved' ? { ids: m.resolution.documentIds, query: m.resolution.remainder, kind: m.resolution.kindText } : null;
    };
    // "The Company agrees to indemnify the Agent" is what the question asks about, not the Agent's mirror clause.
    expect(resolved('does El Banco indemnify the agent?')).toEqual({ ids: ['banco'], query: 'does the Company indemnify the agent?', kind: 'does indemnify the agent?' });
    expect(resolved('what fee does Keefe get under the El Banco agency agreement?')?.query).toBe('what fee does the Agent get under the?');
    expect(resolved('Keefe must pay which expenses under the El Banco agreement?')?.query).toBe('the Agent must pay which expenses under the?');
    // Not the subject (acted on, possessive: the name describes), a party without a role, the
    // contract's handle ("our agreement with …"), a heading: the name goes as before.
    expect(resolved('must the agent indemnify El Banco?')?.query).toBe('must the agent indemnify?');
    expect(resolved("does El Banco's agent get a fee?")?.query).toBe('does agent get a fee?');
    expect(resolved('can MICOA audit the books of the agency?')?.query).toBe('can audit the books of the agency?');
    expect(resolved('is there a cap in our agency deal with El Banco?')?.query).toBe('is there a cap in our with?');
    expect(resolved('Keefe – who pays the expenses?')?.query).toBe('– who pays the expenses?');
  });

  it('knows a party by its initials written in capitals ("KBW"), not by a lower-case word', () => {
    const agency = (id: string, party: string): NamedDocument => ({ id, name: `${id}.pdf`, title: 'AGENCY AGREEMENT', aliases: [party], identity: { title: 'AGENCY AGREEMENT', parties: [{ name: party, shortNames: [], role: null }], brands: [], kind: 'agency agreement', effectiveDate: null } });
    const list = [agency('a', 'Keefe, Bruyette & Woods, Inc.'), agency('b', 'Pacific Atlantic Yards LLC'), agency('c', 'Marlow Capital Partners Inc.')];
    const m = matchDocuments('Does our agency agreement with KBW have an exclusivity clause?', list);
    expect(m.kind === 'resolved' && m.resolution.documentIds).toEqual(['a']);
    expect(matchDocuments('how much do we pay under the agency agreement?', list).kind).toBe('ambiguous');
  });

  it('reads a legal form in dotted letters as one word, so the initials before it name the party ("ATR" of "Avions de Transport Regional, G.I.E.")', () => {
    const contract = (id: string, title: string, parties: string[]): NamedDocument => ({ id, name: `${id}.pdf`, title, aliases: parties, identity: { title, parties: parties.map((name) => ({ name, shortNames: [], role: null })), brands: [], kind: title.toLowerCase(), effectiveDate: null } });
    const list = [
      contract('gm', 'GLOBAL MAINTENANCE AGREEMENT', ['AZUL LINHAS AÉREAS BRASILEIRAS S/A', 'AVIONS DE TRANSPORT REGIONAL, G.I.E.']),
      contract('sp', 'SUPPLY AGREEMENT', ['Miltenyi Biotec GmbH', 'Bellicum Pharmaceuticals, Inc.']),
      contract('ho', 'SERVICES AND HOSTING AGREEMENT', ['Vitalibis Inc', 'Votocast, Inc.']),
    ];
    const m = matchDocuments('Is there a cap on ATR’s liability?', list);
    expect(m.kind === 'resolved' && m.resolution.documentIds).toEqual(['gm']);
  });

  it('knows a party whose name is common words when the question writes the name out whole, in lower case', () => {
    const contract = (id: string, title: string, parties: string[]): NamedDocument => ({ id, name: `${id}.pdf`, title, aliases: parties, identity: { title, parties: parties.map((name) => ({ name, shortNames: [], role: null })), brands: [], kind: title.toLowerCase(), effectiveDate: null } });
    const list = [
      contract('nc', 'NON COMPETITION AGREEMENT AND RIGHT OF FIRST OFFER', ['Glacier Gold Ltd.', 'Northern Timber Corporation']),
      contract('fr', 'FRANCHISE AGREEMENT', ['Clearair International Group, Inc.']),
      contract('en', 'ENDORSEMENT AGREEMENT', ['Horologe Group, Inc.', 'The Vance Family Trust']),
    ];
    const top = (q: string) => {
      const m = matchDocuments(q, list);
      return m.kind === 'resolved' ? m.resolution.documentIds : m.kind;
    };
    expect(top('when does the northern timber non-compete start?')).toEqual(['nc']);
    expect(top('can glacier gold sell the land?')).toEqual(['nc']);
    expect(top('who pays the premiums under the vance family trust endorsement?')).toEqual(['en']);
    // One of the words alone, or the words apart, name nothing.
    expect(top('is timber from northern forests covered?')).toBe('none');
    expect(top('does any contract cover gold?')).toBe('none');
  });

  it('knows a title by its initials joined by "&", however they are typed ("o&m", "O&M")', () => {
    const list: NamedDocument[] = [
      { id: 'om', name: 'SANDRIDGE-OPERATIONS AND MAINTENANCE AGREEMENT.PDF', title: 'OPERATIONS AND MAINTENANCE AGREEMENT', aliases: ['Piñon Gathering Company, LLC', 'SandRidge Midstream, Inc.'] },
      { id: 'supply', name: 'VAPOTHERM - Manufacturing and Supply Agreement.PDF', title: 'MANUFACTURING AND SUPPLY AGREEMENT', aliases: ['Vapotherm, Inc.', 'Medica S.p.A.'] },
    ];
    for (const q of ['when does the sandridge o&m agreement end?', 'when does the O&M agreement end?', 'who may terminate the o&m contract?']) {
      const m = matchDocuments(q, list);
      expect(m.kind === 'resolved' && m.resolution.documentIds, q).toEqual(['om']);
    }
    // Letters joined by "&" that are no title's initials name nothing.
    expect(matchDocuments('who pays for r&d under the agreement?', list).kind).not.toBe('resolved');
  });

  it('knows a name written with or without a final "s" ("Stremick\'s" for "Stremicks")', () => {
    const mfg = (id: string, party: string): NamedDocument => ({ id, name: `${id}.pdf`, title: 'MANUFACTURING AGREEMENT', aliases: [party], identity: { title: 'MANUFACTURING AGREEMENT', parties: [{ name: party, shortNames: [], role: null }], brands: [], kind: 'manufacturing agreement', effectiveDate: null } });
    const list = [mfg('s', 'Stremicks Heritage Foods, LLC'), mfg('e', 'Electra Vehicles Corp.'), mfg('m', 'Magenta Therapeutics, Inc.')];
    const m = matchDocuments("Is there a minimum purchase commitment in the Stremick's manufacturing contract?", list);
    expect(m.kind === 'resolved' && m.resolution.documentIds).toEqual(['s']);
  });

  it('reads the title\'s kind word after a party\'s word as the document noun ("the golf endorsement"), and nothing else', () => {
    const endorsement = (id: string, parties: string[]): NamedDocument => ({ id, name: `${id}.pdf`, title: 'ENDORSEMENT AGREEMENT', aliases: parties, identity: { title: 'ENDORSEMENT AGREEMENT', parties: parties.map((name) => ({ name, shortNames: [], role: null })), brands: [], kind: 'endorsement agreement', effectiveDate: null } });
    const list = [endorsement('golf', ['Square Two Golf', 'Kathy Whitworth']), endorsement('vitamins', ['Healthcare Distribution Specialists', 'Paul Silas']), { id: 'msa', name: 'msa.pdf', title: 'MASTER SERVICES AGREEMENT', aliases: ['Contoso Ltd'] }];
    const m = matchDocuments('can the golf endorsement be terminated without cause?', list);
    expect(m.kind === 'resolved' && m.resolution.documentIds).toEqual(['golf']);
    expect(matchDocuments("what's the endorsement fee?", list).kind).toBe('none');
    expect(matchDocuments('is the endorsement exclusive?', list).kind).toBe('none');
  });

  it('keeps a name written with an underscore whole ("plan_b")', () => {
    const lic = (id: string, party: string, short: string[]): NamedDocument => ({ id, name: `${id}.pdf`, title: 'CONTENT LICENSING AGREEMENT', aliases: [party, ...short], identity: { title: 'CONTENT LICENSING AGREEMENT', parties: [{ name: party, shortNames: short, role: null }], brands: [], kind: 'content licensing agreement', effectiveDate: null } });
    const list = [lic('p', 'PLAN_B MEDIA AG', ['plan_b']), lic('q', 'Data Call Technologies, Inc.', []), lic('r', 'Planet Media Inc.', [])];
    const m = matchDocuments('plan_b license agreement - which law applies?', list);
    expect(m.kind === 'resolved' && m.resolution.documentIds).toEqual(['p']);
  });

  it('takes an untitled copy with the same names (a text export of a PDF) as the same document', () => {
    const copy = doc('msa-text', null, ['BlueHarbor, LLC', 'Clear Meadow Inc.'], 'msa.txt');
    expect(sameWork(docs[0]!, copy)).toBe(true);
    expect(sameWork(docs[1]!, copy)).toBe(false);
    const m = matchDocuments('What does the BlueHarbor services agreement say about audits?', [...docs, copy]);
    expect(m.kind === 'resolved' && [...m.resolution.documentIds].sort()).toEqual(['msa', 'msa-text']);
  });
});
