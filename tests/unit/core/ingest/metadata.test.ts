import { describe, expect, it } from 'vitest';
import { extractAliases, isAbbreviation, legalEntity, longForm } from '../../../../src/core/ingest/aliases';
import { cleanPages } from '../../../../src/core/ingest/clean';
import { detectLanguage } from '../../../../src/core/text/language';
import { extractMetadata, meaningfulTitle, runningTitle, titleFromText } from '../../../../src/core/ingest/metadata';

const US_PREAMBLE = `MASTER SERVICES AGREEMENT

This Master Services Agreement (the "Agreement") is entered into as of March 1, 2024 (the "Effective Date") by and between ACME CORP., a Delaware corporation ("Acme"), and Beta Solutions, Inc., a California corporation ("Beta") (each a "Party" and together the "Parties").

1. DEFINITIONS

1.1 "Confidential Information" means any information disclosed by a Party to the other Party.
1.2 "Affiliate" means any entity that controls, is controlled by or is under common control with a Party.`;

const UK_PREAMBLE = `THIS AGREEMENT is dated 1 May 2024 and is made between Northwind Ltd (the "Supplier") and Contoso GmbH (the "Customer").

The Supplier appoints Globex Trading (hereinafter referred to as "Distributor") as its non-exclusive distributor.`;

const GDPR_TEXT = `DATA PROCESSING AGREEMENT

This Data Processing Agreement supplements the Agreement and governs the processing of personal data under Regulation (EU) 2016/679 (the "GDPR"). The Processor shall assist the Controller in complying with the General Data Protection Regulation (GDPR), shall appoint a Data Protection Officer (DPO) and shall cooperate with the supervisory authority.`;

const FR_TEXT = `CONTRAT DE PRESTATION DE SERVICES

ENTRE LES SOUSSIGNÉS :

La société ACME France SAS, au capital de 10 000 euros, immatriculée au RCS de Paris sous le numéro 123 456 789, dont le siège social est situé 1 rue de la Paix, 75002 Paris (ci-après « le Prestataire »),

ET

La société Dupont et Fils SARL, dont le siège social est situé à Lyon (ci-après dénommée « le Client »),

Le Prestataire traite les données conformément au règlement général sur la protection des données (« RGPD »). La Commission nationale de l'informatique et des libertés (CNIL) est l'autorité de contrôle compétente.`;

const DE_TEXT = `Gesetz zum Schutz von Geschäftsgeheimnissen (GeschGehG)

Vertrag zwischen der Muster GmbH, Musterstraße 1, 10115 Berlin, vertreten durch den Geschäftsführer Max Mustermann
– nachfolgend „Auftragnehmer“ genannt –
und der Beispiel AG, Beispielweg 2, 80331 München
– nachfolgend „Auftraggeber“ genannt –

Die Parteien beachten die Verordnung (EU) 2016/679 (Datenschutz-Grundverordnung, „DSGVO“) sowie das Bundesdatenschutzgesetz (BDSG).

§ 1 Begriffsbestimmungen
„Vertrauliche Informationen“ sind alle Informationen, die als vertraulich gekennzeichnet sind.`;

describe('extractAliases', () => {
  it('finds defined abbreviations in GDPR-like text, with their long forms', () => {
    const r = extractAliases(GDPR_TEXT);
    expect(r.aliases).toEqual(['GDPR', 'General Data Protection Regulation', 'Data Protection Officer', 'DPO']);
    expect(r.parties).toEqual([]);
  });

  it('finds the parties of a US contract preamble and keeps role words as defined terms', () => {
    const r = extractAliases(US_PREAMBLE);
    expect(r.parties).toEqual(['ACME CORP.', 'Beta Solutions, Inc.']);
    expect(r.aliases).toEqual(['ACME CORP.', 'Acme', 'Beta Solutions, Inc.', 'Beta']);
    expect(r.definedTerms).toEqual(['Agreement', 'Effective Date', 'Acme', 'Beta', 'Party', 'Parties', 'Confidential Information', 'Affiliate']);
    for (const generic of ['Agreement', 'Party', 'Effective Date', 'Confidential Information']) expect(r.aliases).not.toContain(generic);
  });

  it('finds "between X Ltd (the "Supplier") and Y GmbH (the "Customer")" and "hereinafter referred to as"', () => {
    const r = extractAliases(UK_PREAMBLE);
    expect(r.parties).toEqual(['Northwind Ltd', 'Contoso GmbH', 'Globex Trading']);
    expect(r.aliases).toEqual(['Northwind Ltd', 'Supplier', 'Contoso GmbH', 'Customer', 'Globex Trading', 'Distributor']);
  });

  it('reads a French contract: « ci-après » parties and (« RGPD »)', () => {
    const r = extractAliases(FR_TEXT);
    expect(r.parties).toEqual(['ACME France SAS', 'Dupont et Fils SARL']);
    expect(r.aliases).toEqual([
      'ACME France SAS',
      'Prestataire',
      'Dupont et Fils SARL',
      'Client',
      'règlement général sur la protection des données',
      'RGPD',
      "Commission nationale de l'informatique et des libertés",
      'CNIL',
    ]);
  });

  it('reads a German text: „nachfolgend“ asides, (…, „DSGVO“) and (BDSG)', () => {
    const r = extractAliases(DE_TEXT);
    expect(r.parties).toEqual(['Muster GmbH', 'Beispiel AG']);
    expect(r.aliases).toEqual([
      'Gesetz zum Schutz von Geschäftsgeheimnissen',
      'GeschGehG',
      'Muster GmbH',
      'Auftragnehmer',
      'Beispiel AG',
      'Auftraggeber',
      'Datenschutz-Grundverordnung',
      'DSGVO',
      'Bundesdatenschutzgesetz',
      'BDSG',
    ]);
    expect(r.definedTerms).toEqual(['Auftragnehmer', 'Auftraggeber', 'DSGVO', 'Vertrauliche Informationen']);
  });

  it('takes parties only from the first pages, abbreviations from anywhere', () => {
    const late = `${'Filler sentence about nothing in particular. '.repeat(40)}\n\nbetween Late Ltd (the "Seller") and the General Data Protection Regulation (GDPR).`;
    const r = extractAliases(late, { partyChars: 100 });
    expect(r.parties).toEqual([]);
    expect(r.aliases).toEqual(['General Data Protection Regulation', 'GDPR']);
    expect(r.definedTerms).toEqual(['Seller']);
  });

  it('dedupes case-insensitively and caps the lists', () => {
    const letter = (i: number): string => String.fromCharCode(65 + (i % 26));
    const many = Array.from({ length: 30 }, (_, i) => {
      const initials = [letter(i), letter(i + 1), letter(i + 3 + Math.floor(i / 26))];
      return `under the ${initials.map((c) => `${c}orem`).join(' ')} (${initials.join('')})`;
    }).join('. ');
    expect(extractAliases(many).aliases).toHaveLength(20);
    expect(extractAliases(many, { maxAliases: 5 }).aliases).toEqual(['Aorem Borem Dorem', 'ABD', 'Borem Corem Eorem', 'BCE', 'Corem Dorem Forem']);
    const twice = 'under the General Data Protection Regulation (GDPR). Again the general data protection regulation (GDPR).';
    expect(extractAliases(twice).aliases).toEqual(['General Data Protection Regulation', 'GDPR']);
    const terms = Array.from({ length: 30 }, (_, i) => `(the "Term ${String.fromCharCode(65 + (i % 26))}${'x'.repeat(i)}")`).join(' ');
    expect(extractAliases(terms, { maxDefinedTerms: 7 }).definedTerms).toHaveLength(7);
  });

  it('does not take a quoted word in running text for a definition', () => {
    const r = extractAliases('Information marked "Confidential" or not is protected. The word "shall" is mandatory.');
    expect(r).toEqual({ aliases: [], parties: [], definedTerms: [] });
  });

  it('names no party for a thing defined in running text', () => {
    expect(extractAliases('processing pursuant to the Data Protection Act (the "Act").').parties).toEqual([]);
    expect(extractAliases('the Services described in Schedule A (the "Services").').parties).toEqual([]);
    expect(extractAliases('delivered to the Customer at the Main Premises (the "Site").').parties).toEqual([]);
  });

  it('finds a person party after a list label', () => {
    const r = extractAliases('BETWEEN:\n\n(1) Jane Doe, an individual residing at 5 Main Street, Springfield (the "Consultant"); and\n(2) Initech LLC (the "Client").');
    expect(r.parties).toEqual(['Jane Doe', 'Initech LLC']);
  });
});

describe('alias helpers', () => {
  it('recognises abbreviation shapes', () => {
    for (const a of ['GDPR', 'DSGVO', 'GeschGehG', 'eIDAS', 'BDSG', 'CNIL']) expect(isAbbreviation(a)).toBe(true);
    for (const w of ['Acme', 'Supplier', 'A', 'McDonald', 'General Data']) expect(isAbbreviation(w)).toBe(false);
  });

  it('finds long forms with Schwartz–Hearst', () => {
    expect(longForm('GDPR', 'in complying with the General Data Protection Regulation')).toBe('General Data Protection Regulation');
    expect(longForm('GeschGehG', 'Gesetz zum Schutz von Geschäftsgeheimnissen')).toBe('Gesetz zum Schutz von Geschäftsgeheimnissen');
    expect(longForm('EU', 'Regulation')).toBeNull();
    expect(longForm('ACME', 'between ACME CORP., a Delaware')).toBeNull();
  });

  it('finds company names ending in a legal form', () => {
    expect(legalEntity('by and between ACME CORP., a Delaware corporation')).toBe('ACME CORP.');
    expect(legalEntity('zwischen der Muster GmbH, Musterstraße 1')).toBe('Muster GmbH');
    expect(legalEntity('Banco Bilbao Vizcaya Argentaria, S.A.')).toBe('Banco Bilbao Vizcaya Argentaria, S.A.');
    expect(legalEntity('Acme Widgets, a Delaware Corporation')).toBeNull();
    expect(legalEntity('the Company shall')).toBeNull();
  });
});

describe('titles', () => {
  it('keeps a meaningful PDF title and rejects generated ones', () => {
    expect(meaningfulTitle('Master Services Agreement', 'msa.pdf')).toBe('Master Services Agreement');
    for (const bad of ['Microsoft Word - MSA final.docx', 'MSA_final_v3', 'msa final', 'Untitled', 'Document1', '2024-03-01', '12345', 'C:\\Users\\x\\msa.docx', 'contract.pdf', '', null, undefined]) {
      expect(meaningfulTitle(bad, 'msa final.pdf')).toBeNull();
    }
  });

  it('falls back to the first heading-like line', () => {
    expect(titleFromText([{ page: 1, text: 'CONFIDENTIAL\n\nMASTER SERVICES AGREEMENT\n\nThis Agreement is made…' }])).toBe('MASTER SERVICES AGREEMENT');
    expect(titleFromText([{ page: 1, text: 'Gesetz zum Schutz von Geschäftsgeheimnissen\n\nVom 18. April 2019' }])).toBe('Gesetz zum Schutz von Geschäftsgeheimnissen');
    expect(titleFromText([{ page: 1, text: '# Data Retention Policy\n\n## Scope\nThis policy…' }])).toBe('Data Retention Policy');
    expect(titleFromText([{ page: 1, text: 'Conditions générales de vente\n\nLes présentes conditions…' }])).toBe('Conditions générales de vente');
    expect(titleFromText([{ page: 1, text: 'AGREEMENT AND PLAN\nOF MERGER\n\nby and among' }])).toBe('AGREEMENT AND PLAN OF MERGER');
  });

  it('takes the agreement’s own title, not a legend, a filing header or a party line above it', () => {
    const legend = 'Exhibit 4.15\nTHE SYMBOL “****” DENOTES PLACES WHERE PORTIONS OF THIS DOCUMENT HAVE BEEN OMITTED PURSUANT TO A REQUEST\nFOR CONFIDENTIAL TREATMENT. SUCH MATERIAL WILL BE FILED SEPARATELY WITH THE SECURITIES AND EXCHANGE\nCOMMISSION.\nPRODUCT MANUFACTURING AGREEMENT\nThis Product Manufacturing Agreement (“Agreement”) is made as of the Effective Date.';
    expect(titleFromText([{ page: 1, text: legend }])).toBe('PRODUCT MANUFACTURING AGREEMENT');
    const filing = '[***] Certain confidential information contained in this document, marked by brackets, has been omitted and filed separately with the\nSecurities and Exchange Commission pursuant to Rule 406 of the Securities Act of 1933, as amended.\n\nSupply Agreement\n\nThis Supply Agreement is made…';
    expect(titleFromText([{ page: 1, text: filing }])).toBe('Supply Agreement');
    expect(titleFromText([{ page: 1, text: 'EXHIBIT 10.6\n\nWATCHGUARD TECHNOLOGIES, INC.\nDISTRIBUTOR AGREEMENT\n\nThis Agreement is made…' }])).toBe('DISTRIBUTOR AGREEMENT');
    const capsLegend = 'CERTAIN CONFIDENTIAL PORTIONS OF THIS EXHIBIT HAVE BEEN OMITTED AND\nREPLACED WITH [***]. SUCH PORTIONS ARE FILED SEPARATELY.\n\nLICENSE AGREEMENT\n\nThis License Agreement…';
    expect(titleFromText([{ page: 1, text: capsLegend }])).toBe('LICENSE AGREEMENT');
  });

  it('never takes a street line of an address for the title', () => {
    const cover = 'Exhibit 10.14\n“Agreement”\nbetween\nNLS-1 Pharma AG\nAlter Postplatz 2\n6370 Stans\nSwitzerland “Licensor” / “NLS”\nand\nEurofarma Laboratórios S.A.\nAvenida Vereador José Diniz 3465\n';
    expect(titleFromText([{ page: 1, text: cover }])).toBeNull();
    expect(titleFromText([{ page: 1, text: 'Rue de la Paix 12b\n\nDistribution Agreement\n' }])).toBe('Distribution Agreement');
    // A title ending in its number is still one.
    expect(titleFromText([{ page: 1, text: 'Amendment No 2\n\nThis amendment…' }])).toBe('Amendment No 2');
  });

  it('takes a running head naming the kind of document when the opening names none', () => {
    expect(runningTitle(['Source: NLS PHARMACEUTICS LTD., F-#, #/#/#', 'License and Development Agreement'])).toBe('License and Development Agreement');
    expect(runningTitle(['Page # of #', 'Confidential', 'Exhibit #.# Supply Agreement'])).toBeNull();
    const pages = [{ page: 1, text: 'between\nNLS-1 Pharma AG\nAlter Postplatz 2\nand\nEurofarma S.A.\n' }];
    expect(extractMetadata(pages, { fileName: 'x.pdf', runningHeads: ['License and Development Agreement'] }).title).toBe('License and Development Agreement');
    // The opening's own title wins over a running head.
    expect(extractMetadata([{ page: 1, text: 'SUPPLY AGREEMENT\n\nThis Supply Agreement is made between A Ltd and B Ltd.' }], { fileName: 'x.pdf', runningHeads: ['Master Agreement'] }).title).toBe('SUPPLY AGREEMENT');
  });

  it('returns null when the text starts with a clause or a sentence', () => {
    expect(titleFromText([{ page: 1, text: '1. Definitions\n\nIn this Agreement…' }])).toBeNull();
    expect(titleFromText([{ page: 1, text: 'The parties agree as follows. Each party shall\nperform its obligations.' }])).toBeNull();
    expect(titleFromText([{ page: 1, text: '' }])).toBeNull();
  });
});

describe('extractMetadata', () => {
  it('puts title, aliases, parties and defined terms together', () => {
    const meta = extractMetadata([{ page: 1, text: US_PREAMBLE }], { fileName: 'msa.pdf', pdfTitle: 'Microsoft Word - MSA.docx' });
    expect(meta).toMatchObject({
      title: 'MASTER SERVICES AGREEMENT',
      aliases: ['ACME CORP.', 'Acme', 'Beta Solutions, Inc.', 'Beta'],
      parties: ['ACME CORP.', 'Beta Solutions, Inc.'],
      definedTerms: ['Agreement', 'Effective Date', 'Acme', 'Beta', 'Party', 'Parties', 'Confidential Information', 'Affiliate'],
    });
    expect(extractMetadata([{ page: 1, text: DE_TEXT }], { fileName: 'x.pdf', pdfTitle: 'Geschäftsgeheimnisgesetz' }).title).toBe('Geschäftsgeheimnisgesetz');
    expect(extractMetadata([{ page: 1, text: GDPR_TEXT }], { fileName: 'dpa.pdf' }).title).toBe('DATA PROCESSING AGREEMENT');
  });

  it('looks for parties in the first ten pages only', () => {
    const pages = Array.from({ length: 12 }, (_, i) => ({ page: i + 1, text: i === 11 ? 'between Late Ltd (the "Seller")' : 'Nothing here.' }));
    expect(extractMetadata(pages, { fileName: 'x.pdf' }).parties).toEqual([]);
    expect(extractMetadata(pages, { fileName: 'x.pdf' }, { partyPages: 12 }).parties).toEqual(['Late Ltd']);
  });
});

describe('a 300-page document', () => {
  it('is cleaned, identified and described in well under a few seconds', () => {
    const subjects = ['Supplier', 'Customer', 'Licensor', 'Licensee', 'Processor', 'Controller', 'Agent'];
    const paragraph = (n: number): string =>
      `The ${subjects[n % 7]} shall perform the Services with reasonable skill and care. Upon termi-\nnation of this Agreement the ${subjects[(n + 3) % 7]} shall return the Confidential Information of the ${subjects[(n + 5) % 7]}.`;
    const pages = Array.from({ length: 300 }, (_, i) => ({
      page: i + 1,
      text: `ACME CORP – CONFIDENTIAL\n\n${Array.from({ length: 16 }, (_, k) => `${i + 1}.${k + 1} ${paragraph(i + k)}`).join('\n\n')}\n\nPage ${i + 1} of 300`,
    }));
    pages[0] = { page: 1, text: `MASTER SERVICES AGREEMENT\n\nbetween ACME CORP., a Delaware corporation ("Acme"), and Beta GmbH (the "Customer").\n\n${pages[0]?.text ?? ''}` };
    const t0 = performance.now();
    const { pages: cleaned, report } = cleanPages(pages);
    const language = detectLanguage(cleaned.map((p) => p.text).join('\n'));
    const meta = extractMetadata(cleaned, { fileName: 'msa.pdf', pdfTitle: null });
    const ms = performance.now() - t0;
    expect(report.headerFooterPatterns).toEqual(['ACME CORP – CONFIDENTIAL', 'Page # of #']);
    expect(report.joinedHyphens).toBe(300 * 16);
    expect(language.code).toBe('en');
    expect(meta).toMatchObject({ title: 'MASTER SERVICES AGREEMENT', parties: ['ACME CORP.', 'Beta GmbH'] });
    // Measured at about 0.1-0.3 s on a 2-core machine; the bound only catches a pathological slowdown.
    expect(ms).toBeLessThan(5000);
  });
});
