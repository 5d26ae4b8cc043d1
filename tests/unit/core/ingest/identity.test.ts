/**
 * Document identity from generated contract openings: titles next to legends and tables of
 * contents, parties with their defined short names and roles in several preamble styles, the
 * signature block when the preamble names none, brands, the effective date.
 */
import { describe, expect, it } from 'vitest';
import { extractIdentity } from '../../../../src/core/ingest/identity';
import { documentLabel, identityLine, shownParties } from '../../../../src/core/ingest/identity/label';
import { extractParties, isPartyName } from '../../../../src/core/ingest/identity/parties';
import { contractTitle } from '../../../../src/core/ingest/identity/title';

const page = (text: string, n = 1) => ({ page: n, text });

const US = `Exhibit 10.1

CONFIDENTIAL TREATMENT REQUESTED

STRATEGIC ALLIANCE AGREEMENT

This Strategic Alliance Agreement (the "Agreement") is entered into as of the 23rd day of September, 2016 (the "Effective Date") by and between Dialog Semiconductor (UK) Ltd., a company organized under the laws of England and Wales ("DIALOG"), and Energous Corporation, a Delaware corporation (the "Distributor").

WHEREAS, Dialog designs and sells integrated circuits;

1. DEFINITIONS`;

describe('parties', () => {
  it('reads a US preamble: each party with its defined short name or role', () => {
    expect(extractParties(US)).toEqual([
      { name: 'Dialog Semiconductor (UK) Ltd.', shortNames: ['DIALOG'], role: null },
      { name: 'Energous Corporation', shortNames: [], role: 'Distributor' },
    ]);
  });

  it('reads the parties of the opening sentence, not the securities the next sentences define', () => {
    // A remarketing agreement's preamble (MetLife's, shortened): the second sentence defines the debentures remarketed.
    const text = `REMARKETING AGREEMENT August 26, 2014 Deutsche Bank Securities Inc. 60 Wall Street New York, New York 10005 Ladies and Gentlemen: This Remarketing Agreement is dated as of August 26, 2014 (this "Remarketing Agreement"), among MetLife, Inc., a Delaware corporation (the "Company"), and Deutsche Bank Securities Inc. ("Deutsche Bank") (the "Remarketing Agents," which expression shall include any institution appointed as a Remarketing Agent in accordance with Section 8 hereof), and Deutsche Bank Trust Company Americas, not individually but solely as Stock Purchase Contract Agent (as defined below). The Remarketing Agents are undertaking to remarket Series E Senior Component Debentures, Tranche 1, due 2018 (principal amount $1,000 per Series E Senior Component Debenture) (the "First Tranche Series E Debt Securities") and Series E Senior Component Debentures, Tranche 2, due 2045 (the "Second Tranche Series E Debt Securities"), whose terms will each be modified in the event of a Successful Remarketing (as defined below).\n\n1. Definitions.`;
    expect(extractParties(text).map((p) => p.name)).toEqual(['MetLife, Inc.', 'Deutsche Bank Securities Inc.', 'Deutsche Bank Trust Company']);
  });

  it('reads the opening sentence after a title page that names the parties loosely', () => {
    // A gas transportation agreement's cover line joins a party's short name and the other party (Kentucky Utilities' exhibit, shortened).
    const gas = `EXHIBIT II NOVEMBER 1, 2002, RATE FT-A AGREEMENT BETWEEN LG&E AND TENNESSEE GAS PIPELINE COMPANY Service Package No: 40715 Amendment No: GAS TRANSPORTATION AGREEMENT (For Use under FT-A Rate Schedule) THIS AGREEMENT is made and entered into as of the 1st day of November, 2002, by and between TENNESSEE GAS PIPELINE COMPANY, a Delaware Corporation, hereinafter referred to as "Transporter" and LOUISVILLE GAS AND ELECTRIC COMPANY, a Kentucky Corporation, hereinafter referred to as "Shipper." Transporter and Shipper shall collectively be referred to herein as the "Parties."\n\nARTICLE I - DEFINITIONS`;
    expect(extractParties(gas).map((p) => [p.name, p.role])).toEqual([
      ['TENNESSEE GAS PIPELINE COMPANY', 'Transporter'],
      ['LOUISVILLE GAS AND ELECTRIC COMPANY', 'Shipper'],
    ]);
    // A cover listing three parties, then the preamble defining each (a sponsorship agreement's, shortened).
    const cover = `SPONSORSHIP AGREEMENT\n\ndated January 29, 2007\n\nbetween\n\nFIRST DATA MERCHANT SERVICES CORPORATION,\n\nWELLS FARGO BANK, N.A.\n\nand\n\niPAYMENT, INC.\n\n\n\nSPONSORSHIP AGREEMENT\n\nThis Sponsorship Agreement (this "Agreement") dated as of January 29, 2007 (the "Effective Date") is by and between iPayment, Inc. ("ISO"), First Data Merchant Services Corporation ("FDMS"), and Wells Fargo Bank, N.A. ("Bank"). Under this Agreement, FDMS and Bank will collectively be referred to as "SERVICERS."\n\nRECITALS`;
    expect(extractParties(cover).map((p) => p.name)).toEqual(['iPayment, Inc.', 'First Data Merchant Services Corporation', 'Wells Fargo Bank, N.A.']);
  });

  it('reads a numbered BETWEEN block with spaced capitals and "- and -"', () => {
    const text = `THIS AGREEMENT made this 20 day of November, 1995.\n\nB E T W E E N:\n\nNORTHWIND COURIER LTD.\n("Northwind")\n\n- and -\n\nCONTOSO SYSTEMS CANADA LTD.\na subsidiary of Contoso Inc.\n("Contoso")\n\nWHEREAS Northwind provides courier services;`;
    expect(extractParties(text).map((p) => [p.name, p.shortNames])).toEqual([
      ['NORTHWIND COURIER LTD.', ['Northwind']],
      ['CONTOSO SYSTEMS CANADA LTD.', ['Contoso']],
    ]);
  });

  it('reads a cover block: "between" / name / "And" / name, in capitals or with an underscore', () => {
    const caps = `DEVELOPMENT AND OPTION AGREEMENT\nbetween\nHARPOON NORTHWIND, INC.\nand\nCONTOSO BIOTECHNOLOGY LTD\nDated as of November 20, 2019\nTABLE OF CONTENTS\nARTICLE 1\n1`;
    expect(extractParties(caps).map((p) => p.name)).toEqual(['HARPOON NORTHWIND, INC.', 'CONTOSO BIOTECHNOLOGY LTD']);
    const mixed = `Network Build and Maintenance Agreement\n\nBetween\n\nCommnet Wireless, LLC\n\nAnd\n\nAT&T Mobility LLC\nMobility Network General Agreement\nTABLE OF CONTENTS`;
    expect(extractParties(mixed).map((p) => p.name)).toEqual(['Commnet Wireless, LLC', 'AT&T Mobility LLC']);
    const underscore = `CONTENT LICENSING AGREEMENT\nbetween\nData Call Technologies, Inc.\n600 Kenrick, Suite B-12\nHouston, Texas 77060\nhereinafter referred to as "Licensor"\nand\nPLAN_B MEDIA AG\nSchaafenstr. 25\n50676 Cologne\nhereinafter referred to as "plan_b"\n1 PURPOSE OF THE AGREEMENT`;
    expect(extractParties(underscore).map((p) => p.name)).toEqual(['Data Call Technologies, Inc.', 'PLAN_B MEDIA AG']);
  });

  it('reads a numbered party after BETWEEN, a name with a slash, and a name broken by a superscript ordinal', () => {
    const numbered = `This AGREEMENT is made the 20 March day of 1998\nBETWEEN\n1. HealthGate Data Corp., a Delaware corporation ("HealthGate"), having an address at 380 Pleasant Street, Malden\nAND\n2. Blackwell Science Limited a company registered in England ("Blackwell")\nWHEREAS:`;
    expect(extractParties(numbered).map((p) => p.name)).toEqual(['HealthGate Data Corp.', 'Blackwell Science Limited']);
    const slash = `THIS SERVICE AGREEMENT (this “Agreement”) between Blackstone / GSO Long-Short Credit Income Fund, a Delaware statutory trust (“Client”) and Mellon Investor Services LLC, a New Jersey limited liability company (“Agent”), is dated as of January 26, 2011.\n1. Appointment.`;
    expect(extractParties(slash).map((p) => p.name)).toEqual(['Blackstone / GSO Long-Short Credit Income Fund', 'Mellon Investor Services LLC']);
    const ordinal = `This Development Agreement is entered into on April 15 , 2010 by and between Cargill,\nth\nIncorporated, having its principal place of business at 15407 McGinty Road West (“Cargill”) and Bioamber S.A.S., having a place of business at Pomacle France (“Bioamber”).\nBackground`;
    expect(extractParties(ordinal).map((p) => p.name)).toEqual(['Cargill, Incorporated', 'Bioamber S.A.S.']);
  });

  it('reads companies described as "X, Inc., a Nevada corporation" when no "between" names them', () => {
    const text = `RESELLER AGREEMENT\nTHIS AGREEMENT (the "AGREEMENT") entered into as of the 19 day of March, 2004 (the "EFFECTIVE DATE") provides the terms and conditions under which Northwind Group Technologies, Inc., a Nevada corporation having an address at 5100 W. Copans Road ("NORTHWIND"), authorizes Contoso Direct Response, Inc., a Pennsylvania Corporation, having an address at 1125 Lancaster Avenue ("RESELLER") to be its representative.`;
    expect(extractParties(text).map((p) => p.name)).toEqual(['Northwind Group Technologies, Inc.', 'Contoso Direct Response, Inc.']);
  });

  it('reads a name broken by an underline rule on its own line', () => {
    const ruled = `This Co-Branding Agreement ("Agreement") is\n---------\nmade and entered into as of April 27, 1999, by and\n--------------\nbetween Shipwell.com, Inc., a Washington corporation (the "Company"), and Mail\n-------\nBoxes Etc. USA, Inc., a California corporation ("MBE").\n---\n\nRECITALS`;
    expect(extractParties(ruled).map((p) => [p.name, p.shortNames])).toEqual([
      ['Shipwell.com, Inc.', []],
      ['Mail Boxes Etc. USA, Inc.', ['MBE']],
    ]);
  });

  it('takes a letter agreement’s addressee as a party, and never a date', () => {
    const letter = `AGENCY AGREEMENT\n, 2009\nKeefe, Bruyette & Woods, Inc.\nInvestment Banking\n10 South Wacker Drive, Suite 3400\nChicago, Illinois 60606\nLadies and Gentlemen:\nAthens Bancshares Corporation, a Tennessee corporation (the “Company”), and Athens Federal Community Bank (the “Bank”) confirm their agreement with you.`;
    expect(extractParties(letter).map((p) => p.name)).toContain('Keefe, Bruyette & Woods, Inc.');
    expect(isPartyName('March, 2004')).toBe(false);
    expect(isPartyName('22nd of May, 2008')).toBe(false);
    expect(isPartyName('October 1,1996')).toBe(false);
    expect(isPartyName('December 14')).toBe(false);
    expect(isPartyName('Consultant and Company')).toBe(false);
    expect(isPartyName('Both Parties')).toBe(false);
    expect(isPartyName('501 Route 208, Monroe, NY 10950')).toBe(false);
    expect(isPartyName('Rubicon House, Guildford Road, West End, Surrey GU24 9PW')).toBe(false);
    expect(isPartyName('Physician Sales & Service, Inc.')).toBe(true);
    expect(isPartyName('Kingdom Connect, Inc.')).toBe(true);
    // A signature block's "… LIMITED LIABILITY COMPANY" cut before "LIABILITY": a question about "either party's liability limited" named it.
    expect(isPartyName('LIABILITY COMPANY')).toBe(false);
    expect(isPartyName('Limited Liability Partnership')).toBe(false);
    expect(isPartyName('Liability Insurers Company')).toBe(true);
  });

  it('takes the signatories when only a recital names the parties, not two names a clause defines that neither signs for', () => {
    const opening = `EXHIBIT 10.28\n\nFABRIKAM HOLDINGS, INC.\n\nENDORSEMENT AGREEMENT\n\nWHEREAS, Fabrikam Holdings, Inc. (the "Company") and the Trustees of the Contoso Family Trust (the "Trust") entered into a Split Dollar Agreement, dated as of March 3, 1996; and\n\nWHEREAS, the policy was issued to the Trust by the Tailspin Life Insurance Company (hereinafter referred to as the "Policy");\n\nNOW, THEREFORE, the parties agree as follows:\n\n1. Transfer of Policy; Repayment of Note. The Trustees agree to execute all documents required by the Tailspin Life Insurance Company (the "Insurer") and the Company (the "Parties to the Transfer").`;
    const closing = `IN WITNESS WHEREOF, the parties hereto have executed this Agreement as of this 4th day of April, 2003.\n\nFABRIKAM HOLDINGS, INC.\nBy: /s/ Jane Doe\nName: Jane Doe\n\nTHE CONTOSO FAMILY TRUST\nBy: /s/ John Roe, Trustee`;
    expect(extractParties(opening, closing).map((p) => p.name)).toEqual(['FABRIKAM HOLDINGS, INC.', 'THE CONTOSO FAMILY TRUST']);
    // The same clause in a contract whose opening sentence names its parties: that sentence decides.
    const opened = `ENDORSEMENT AGREEMENT\n\nThis Agreement is made by and between Fabrikam Holdings, Inc. (the "Company") and Northwind Traders Ltd. ("Northwind").\n\n${opening.slice(opening.indexOf('1. Transfer'))}`;
    expect(extractParties(opened, closing).map((p) => p.name)).toEqual(['Fabrikam Holdings, Inc.', 'Northwind Traders Ltd.']);
  });

  it('finds parties named before "agree" when no "between" introduces them', () => {
    const text = `CONSULTING AGREEMENT\n\nFabrikam Biotech, Inc., with a place of business at 740 Main Avenue, Berkeley, CA 94710 ("Fabrikam") and LITWARE B.V having an address at Leiden, the Netherlands, ("Consultant") agree to all terms and conditions of this Consulting Agreement ("Agreement") dated June 1, 2020.\n\n1. Services.`;
    expect(extractParties(text).map((p) => [p.name, p.shortNames, p.role])).toEqual([
      ['Fabrikam Biotech, Inc.', ['Fabrikam'], null],
      ['LITWARE B.V', [], 'Consultant'],
    ]);
  });

  it('reads names defined "referred to in this Agreement as" (two of them joined by "or"), a role word only a role unless the name has it', () => {
    const text = `Sponsorship Agreement\n\nTHIS AGREEMENT made this 5th day of December, 2007, between R. C. Boyd Enterprises, LLC, a Texas limited liability company, whose principal place of business is located at 2003 Navasota Cove, Westlake, Texas, referred to in this Agreement as "Company" or "Boyd", and Cano Petroleum, Inc., a Delaware corporation qualified to transact business in Texas, referred to in this agreement as "Sponsor" or "Cano".\n\nWHEREAS, the Company owns the rights to the television production.`;
    expect(extractParties(text).map((p) => [p.name, p.shortNames, p.role])).toEqual([
      ['R. C. Boyd Enterprises, LLC', ['Boyd'], 'Company'],
      ['Cano Petroleum, Inc.', ['Cano'], 'Sponsor'],
    ]);
    // Every role a question may ask about is a role here too (text/defined-names.ts): "Lender", "Borrower".
    const loan = `Loan Agreement\n\nTHIS AGREEMENT is made between Northwind Capital LLC, a Delaware limited liability company, referred to in this Agreement as "Lender" or "Northwind", and Fabrikam Inc., a Texas corporation, referred to in this Agreement as "Borrower".\n\nWHEREAS, the Borrower needs funds.`;
    expect(extractParties(loan).map((p) => [p.name, p.shortNames, p.role])).toEqual([
      ['Northwind Capital LLC', ['Northwind'], 'Lender'],
      ['Fabrikam Inc.', [], 'Borrower'],
    ]);
    // An article is taken off a role, not a role's first letters ("Landlord", "Lessee").
    const lease = `Lease\n\nThis Lease is made between Northwind Properties LLC (the "Landlord") and Fabrikam Inc. ("Lessee").\n\n1. PREMISES`;
    expect(extractParties(lease).map((p) => p.role)).toEqual(['Landlord', 'Lessee']);
    const collectively = `SUPPLY AGREEMENT\n\nThis Supply Agreement is made as of March 27, 2019 by and between Northwind Biotec GmbH, a German corporation having an address at Friedrich-Ebert-Str. 68, 51429 Bergisch Gladbach, Germany (hereinafter referred to as "Northwind"), and Fabrikam Pharmaceuticals, Inc., a US corporation, having a registered office at 2130 West Holcombe Boulevard, Houston, TX 77030 (on behalf of itself and its Affiliates, individually and collectively referred to as "Fabrikam").\n\n1. DEFINITIONS`;
    expect(extractParties(collectively).map((p) => [p.name, p.shortNames])).toEqual([
      ['Northwind Biotec GmbH', ['Northwind']],
      ['Fabrikam Pharmaceuticals, Inc.', ['Fabrikam']],
    ]);
  });

  it('keeps "and" inside a name and a place ("England and Wales") with its party', () => {
    const text = `This Agreement is made by and between TENNESSEE GAS PIPELINE COMPANY, a Delaware Corporation, hereinafter referred to as "Transporter" and LOUISVILLE GAS AND ELECTRIC COMPANY, a Kentucky Corporation, hereinafter referred to as "Shipper."\n\nARTICLE I`;
    expect(extractParties(text).map((p) => [p.name, p.role])).toEqual([
      ['TENNESSEE GAS PIPELINE COMPANY', 'Transporter'],
      ['LOUISVILLE GAS AND ELECTRIC COMPANY', 'Shipper'],
    ]);
    const uk = `This Agreement is made between Contoso Software Group plc, a company incorporated under the laws of England and Wales ("Contoso") and Integrated System Associates, Inc. ("ISA").\n\n1.`;
    expect(extractParties(uk).map((p) => [p.name, p.shortNames])).toEqual([
      ['Contoso Software Group plc', ['Contoso']],
      ['Integrated System Associates, Inc.', ['ISA']],
    ]);
    // A name in capitals, with its legal form in capitals, spells its abbreviation inside a word
    // (the walkthrough of 2026-12-07: "EMV" was read as a role, and "EMV's warranty" named no document).
    const caps = `MANUFACTURING AGREEMENT\n\nThis Manufacturing Agreement (the "Agreement") is effective February 1, 2017, BETWEEN: ELECTRAMOTIVA VEHICLES CORP., an entity incorporated under the laws of British Columbia ("EMV"); AND: CHONGQING FABRIKAM AUTOMOBILE CO., LTD., a company organized under the laws of China ("Manufacturer").\n\n1. DEFINITIONS`;
    expect(extractParties(caps).map((p) => [p.name, p.shortNames, p.role])).toEqual([
      ['ELECTRAMOTIVA VEHICLES CORP.', ['EMV'], null],
      ['CHONGQING FABRIKAM AUTOMOBILE CO., LTD.', [], 'Manufacturer'],
    ]);
  });

  it('reads an institution named with "for", a party defined only as a group, and a comma-separated list of parties', () => {
    const centre = `SUPPLY AGREEMENT ("Supply Agreement") effective as of the date of last signing ("Effective Date") between Centre for Probe Research and Commercialization, a not-for-profit research institution with offices located at 1280 Main Street West, Hamilton, Ontario, Canada, L8S 4K1, ("CPRC"), and Northwind Pharmaceuticals Inc. ("NORTHWIND"), having a place of business at 270 Longwood Road South, Hamilton (together the "Parties").\n\nBoth Parties acknowledge a supply restriction to the United States of America (the "USA") due to an Import Alert 66-40 (the "Import Alert") issued by the FDA.`;
    expect(extractParties(centre).map((p) => [p.name, p.shortNames])).toEqual([
      ['Centre for Probe Research and Commercialization', ['CPRC']],
      ['Northwind Pharmaceuticals Inc.', ['NORTHWIND']],
    ]);
    const group = `COOPERATION AGREEMENT\n\nThis Cooperation Agreement (this "Agreement") dated December 12, 2014, is by and among the persons and entities listed on Schedule A (collectively, the "Fabrikam Group", and individually a "member" of the Fabrikam Group), Contoso Holdings, Inc. (the "Company") and Jane Q. Doe, in her individual capacity (the "Fabrikam Designee").\n\nWHEREAS, the Fabrikam Group owns shares of the Company.`;
    expect(extractParties(group).map((p) => p.name)).toEqual(['Fabrikam Group', 'Contoso Holdings, Inc.', 'Jane Q. Doe']);
    // A group defined only by a role is no party's name.
    expect(extractParties(`This Agreement is made by and among the shareholders listed on Exhibit A (the "Sellers"), Contoso Holdings, Inc. (the "Company") and Fabrikam LLC (the "Buyer").\n\nWHEREAS`).map((p) => p.name)).toEqual(['Contoso Holdings, Inc.', 'Fabrikam LLC']);
  });

  it('reads French and German preambles', () => {
    const fr = `CONTRAT DE PRESTATION DE SERVICES\n\nEntre les soussignés : Acme Conseil SAS, société par actions simplifiée, ci-après « le Prestataire », et Beta Industrie SA, ci-après « le Client ».\n\nIl a été convenu ce qui suit :`;
    expect(extractParties(fr).map((p) => [p.name, p.role])).toEqual([
      ['Acme Conseil SAS', 'Prestataire'],
      ['Beta Industrie SA', 'Client'],
    ]);
    const de = `Vertrag zwischen der Muster GmbH, Musterstraße 1, Berlin – nachfolgend „Auftragnehmer“ – und der Beispiel AG – nachfolgend „Auftraggeber“ –\n\nPräambel`;
    expect(extractParties(de).map((p) => [p.name, p.role])).toEqual([
      ['Muster GmbH', 'Auftragnehmer'],
      ['Beispiel AG', 'Auftraggeber'],
    ]);
  });

  it('reads a short name defined without quotes between dashes or commas', () => {
    const dashed = `SUPPLY AGREEMENT\n\nbetween\n\nHOLZMANN OLEO GmbH & Co KG, Glockengiesserwall 3, 20095 Hamburg,\n\nGermany\n\n— hereinafter referred to as Holzmann —\n\nand\n\nNovagen Pharmaceutical Inc, 60 Leveroni Court, Novato, California 94949\n\n— hereinafter referred to as Novagen —\n\n each party also referred to as a "Party"\n\nPreamble`;
    expect(extractParties(dashed).map((p) => [p.name, p.shortNames])).toEqual([
      ['HOLZMANN OLEO GmbH', ['Holzmann']],
      ['Novagen Pharmaceutical Inc', ['Novagen']],
    ]);
    const de = `Vertrag zwischen der Muster GmbH, Musterstraße 1, Berlin – nachfolgend Muster genannt – und der Beispiel AG – nachfolgend Auftraggeber –\n\nPräambel`;
    expect(extractParties(de).map((p) => [p.name, p.shortNames, p.role])).toEqual([
      ['Muster GmbH', ['Muster'], null],
      ['Beispiel AG', [], 'Auftraggeber'],
    ]);
  });

  it('reads "Party A:" lines and, when the opening names no party, the signature block', () => {
    const labelled = `INTELLECTUAL PROPERTY AGREEMENT\n\nThis Agreement is entered into on February 8, 2007 between the following two parties:\n\nParty A: JingWei HengTong Technology Co., Ltd.\nParty B: ShenZhen JingWei Communication Co., Ltd.\n\nWHEREAS:`;
    expect(extractParties(labelled).map((p) => [p.name, p.role])).toEqual([
      ['JingWei HengTong Technology Co., Ltd.', 'Party A'],
      ['ShenZhen JingWei Communication Co., Ltd.', 'Party B'],
    ]);
    const closing = `IN WITNESS WHEREOF, the parties have executed this Agreement.\n\nNORTHWIND TRADERS, INC.\n\nBy: /s/ Jane Doe\nName: Jane Doe\n\nFABRIKAM GMBH\n\nBy: /s/ Max Muster\nName: Max Muster`;
    expect(extractParties('SUPPLY AGREEMENT\n\nThe parties agree as follows.', closing).map((p) => p.name)).toEqual(['NORTHWIND TRADERS, INC.', 'FABRIKAM GMBH']);
    // A company's legal form laid out on its own line under the name is not a party.
    const split = `IN WITNESS WHEREOF, the parties have signed.\n\nNORTHWIND TRADERS LIMITED\nLIABILITY COMPANY\nBy: /s/ Jane Doe\n\nFABRIKAM GMBH\n\nBy: /s/ Max Muster`;
    expect(extractParties('SUPPLY AGREEMENT\n\nThe parties agree as follows.', split).map((p) => p.name)).toEqual(['NORTHWIND TRADERS LIMITED', 'FABRIKAM GMBH']);
  });

  it('reads "entered into by A (Role) and B (Role)" with roles defined without quotes, a limited partnership whole, and no "Dated:" line as a party', () => {
    const opening = 'TRANSPORTATION SERVICE AGREEMENT Contract Identification FT18150\n\nThis Transportation Service Agreement (Agreement) is entered into by Great Lakes Gas Transmission Limited Partnership (Transporter)\nand ANR PIPELINE COMPANY (Shipper).\n\nWHEREAS, Shipper has requested Transporter to transport Gas on its behalf.';
    const closing = 'GREAT LAKES GAS TRANSMISSION LIMITED PARTNERSHIP ANR PIPELINE COMPANY\nBy: /s/ Joseph Pollard By: /s/ Jane Doe\nDated: December 14, 2015 Dated: December 14, 2015';
    expect(extractParties(opening, closing).map((p) => [p.name, p.role])).toEqual([
      ['Great Lakes Gas Transmission Limited Partnership', 'Transporter'],
      ['ANR PIPELINE COMPANY', 'Shipper'],
    ]);
    expect(extractParties('CONSENT\n\nDated: December 14, 2015\nEffective: January 1, 2016').map((p) => p.name)).toEqual([]);
  });

  it('reads "executed by" as an introducer only when the agreement is executed, not a document a definition names', () => {
    // El Banco's agency agreement (corpus-large train): a letter whose definitions say "any instrument
    // or document executed by the Company" before "2. Retention of Agent; Compensation; Sale and Delivery of the Shares".
    const letter = 'AGENCY AGREEMENT\n\nLadies and Gentlemen:\n\nEl Banco Financial Corporation, a Georgia corporation (the "Company"), proposes to engage the sales agent identified on the signature page to this Agreement (the "Agent").\n\n"Blue Sky Application," as used herein, means any instrument or document executed by the Company or based upon written information supplied by the Company filed in any state.\n\n2. Retention of Agent; Compensation; Sale and Delivery of the Shares. Subject to the terms and conditions herein set forth, the Company hereby appoints the Agent.';
    const names = extractParties(letter).map((p) => p.name);
    expect(names).toContain('El Banco Financial Corporation');
    expect(names).not.toContain('Sale and Delivery');
    expect(extractParties('THIS AGREEMENT is made and entered into by Acme Corp., a Delaware corporation ("Acme"), and Beta LLC ("Beta").').map((p) => p.name)).toEqual(['Acme Corp.', 'Beta LLC']);
  });

  it('reads parties defined without quotes after "hereinafter" behind a label ("The Covenanter:"), and "AND:" before a party', () => {
    const translated =
      'Design Contract on the Lakeside Hotel\n\nThe Covenanter: The GOLDEN RIVER Country CLUB and Leisure Inc. (hereinafter referred to as Party A) and the Covenanter: Lin Mei-Hua Architects Office (hereinafter referred to as Party B) hereby agree to establish the following terms and conditions with regard to the design of the Lakeside Hotel: Article I. Project Planning and Business Plan I. Drawings';
    expect(extractParties(translated).map((p) => [p.name, p.role])).toEqual([
      ['The GOLDEN RIVER Country CLUB and Leisure Inc.', 'Party A'],
      ['Lin Mei-Hua Architects Office', 'Party B'],
    ]);
    const colon =
      'MANUFACTURING AGREEMENT\n\nThis Manufacturing Agreement (the "Agreement") is effective March 1, 2017 (the "Effective Date"), BETWEEN: NORTHWIND MOTORS CORP., an entity incorporated under the laws of British Columbia ("NMC"); AND: EASTERN STAR AUTOMOBILE INDUSTRY CO., LTD., a company organized under the laws of China ("Manufacturer")\n\nRecitals: WHEREAS NMC designs vehicles.';
    expect(extractParties(colon).map((p) => [p.name, p.role])).toEqual([
      ['NORTHWIND MOTORS CORP.', null],
      ['EASTERN STAR AUTOMOBILE INDUSTRY CO., LTD.', 'Manufacturer'],
    ]);
  });

  it('reads the parties under a "Parties to this agreement" heading line', () => {
    // A translated outsourcing agreement: the heading stood where the first party's name begins.
    const outsourcing =
      'OUTSOURCING AGREEMENT\nThis Outsourcing Agreement (hereinafter "Agreement") is effective as from the 1st day of January, 2009, by and between:\nParties to this agreement\nNORTHWIND SMELTERS Ltd, registration nr 1998/019036/07, VAT n° 4310178506, Registered office at Beyersnek Road, PO Box 657 Polokwane - South Africa, represented by Jan Pieter Botha, Managing Director, acting pursuant to the powers granted to him by the Board on the 22nd of May, 2008 (hereinafter referred to as "the Customer"),\nAND\nTAILSPIN INFORMATION TECHNOLOGY, SA., a public limited company with place of business in Madrid, SPAIN (hereinafter referred to as "TIT").\n1. RECITALS';
    expect(extractParties(outsourcing).map((p) => [p.name, p.role, p.shortNames])).toEqual([
      ['NORTHWIND SMELTERS Ltd', 'Customer', []],
      ['TAILSPIN INFORMATION TECHNOLOGY, SA.', null, ['TIT']],
    ]);
  });

  it('names no party for the agreement itself, a sentence end or an address', () => {
    const text = `This Software Hosting Agreement (the "Agreement") is entered into as of the later of the two signature dates below (the "Effective Date") INKTOMI CORPORATION ("Inktomi"), a California corporation, and MICROSOFT CORPORATION ("Microsoft"), a Washington Corporation.\n\nRecitals`;
    expect(extractParties(text).map((p) => p.name)).toEqual(['INKTOMI CORPORATION', 'MICROSOFT CORPORATION']);
  });

  it('reads a form’s "Client Name:" lines, and never a fee table’s "If …" or a statute the preamble cites', () => {
    const form = `TECHNICAL SUPPORT AGREEMENT

                    Between

Client Name:      NORTHWIND SUPPORT, INC.          12 Harbor Drive          South Bend, IN 46635

                      And

Customer Name:    CONTOSO CLINICS, INC.          9 Corporate Drive          Louisville, KY 40223

ANNUAL FEE.   [ ] Technical Support   Hours Maximum: [*]; If        Retainer $[*]     support extends beyond [*] hours.

NORTHWIND, SUPPORT, INC., hereinafter referred to as "NWS", hereby agrees to provide service and CONTOSO CLINICS, INC., hereinafter referred to as "Customer", agrees to accept such service.`;
    expect(extractParties(form).map((p) => p.name)).toEqual(['NORTHWIND SUPPORT, INC.', 'CONTOSO CLINICS, INC.']);
    const statute = `JOINT VENTURE CONTRACT

        In accordance with the Law of the People's Republic of China on Joint Ventures Using Chinese and Foreign Investment (the "Joint Venture Law") and other relevant laws, Fabrikam Group Limited Liability Company and Contoso Technology Inc., in accordance with the principle of mutual benefit, agree to establish a joint venture.

1.      Fabrikam Group Limited Liability Company (hereinafter referred to as Party A), established under the laws of the PRC.

        Legal Representative of Party A:

               Name:  Li Wei

               Position:  CHAIRMAN AND GENERAL MANAGER

               Nationality:  Chinese`;
    const names = extractParties(statute).map((p) => p.name);
    expect(names).toContain('Contoso Technology Inc.');
    expect(names.join(' ')).not.toMatch(/Joint Ventures Using|CHAIRMAN|Chinese$/u);
    expect(isPartyName('If Retainer')).toBe(false);
  });
});

describe('title', () => {
  it('skips filing legends, logos and a table of contents for the heading that names the kind', () => {
    expect(contractTitle(US)).toBe('STRATEGIC ALLIANCE AGREEMENT');
    const toc = `QuickLinks -- Click here to rapidly navigate through this document\n[LOGO]\nTABLE OF CONTENTS\nARTICLE 1 DEFINITIONS 1\nARTICLE 9 INDEMNIFICATION 22\n19. ENTIRE AGREEMENT, GOVERNING LAW 31\n\nMASTER SUPPLY AGREEMENT\n\nThis Master Supply Agreement is made by and between Acme Inc. ("Acme") and Beta LLC ("Beta").`;
    expect(contractTitle(toc)).toBe('MASTER SUPPLY AGREEMENT');
  });

  it('joins a title wrapped over two lines and drops "between" after it', () => {
    expect(contractTitle('AMENDMENT NO. 3 TO THE MASTER SERVICES AND\nLICENSE AGREEMENT\n\nThis Amendment is made by and between X Inc. ("X") and Y Ltd. ("Y").')).toBe('AMENDMENT NO. 3 TO THE MASTER SERVICES AND LICENSE AGREEMENT');
    expect(contractTitle('Promotion Agreement Between\n\nThis Agreement is entered into by and between Go Call, Inc. ("Go Call") and Pagemaster Corporation.')).toBe('Promotion Agreement');
  });

  it('passes over the headings of attachments listed before the document begins', () => {
    const opening = 'EXHIBIT C\nFORM OF SUBLICENSE\n[Form follows.]\n22\nEXHIBIT D\nFORM OF AGREEMENT FOR TRIAL\n[Form follows.]\n23\nFIRST AMENDMENT TO\n\nSUPPLY AGREEMENT\n\nTHIS FIRST AMENDMENT TO SUPPLY AGREEMENT (this "Amendment") is made as of May 1, 1999, by and between Alpha Corp. ("Alpha") and Beta Inc. ("Beta").';
    expect(contractTitle(opening)).toBe('FIRST AMENDMENT TO SUPPLY AGREEMENT');
  });

  it('joins a connector on a line of its own and a line ending in a comma', () => {
    expect(contractTitle('Exhibit (k)(1)\nSERVICE AGREEMENT\nFOR\nTRANSFER AGENT SERVICES\nTO\nACME INCOME FUND\nTHIS SERVICE AGREEMENT FOR TRANSFER AGENT SERVICES (this "Agreement") between Acme Income Fund and Beta LLC is dated as of January 26, 2011.')).toBe('SERVICE AGREEMENT FOR TRANSFER AGENT SERVICES');
    expect(contractTitle('EXHIBIT 10.1\nJOURNAL SOFTWARE DEVELOPMENT,\nHOSTING AND MANAGEMENT AGREEMENT\nThis AGREEMENT is made the 20th day of March 1998\nBETWEEN\n1. Alpha Corp.')).toBe('JOURNAL SOFTWARE DEVELOPMENT, HOSTING AND MANAGEMENT AGREEMENT');
  });

  it('looks past a cover line taken for the preamble, and never takes an instruction to the reader', () => {
    expect(contractTitle('EXHIBIT 10.65\nNOVEMBER 1, 2002, RATE FT-A AGREEMENT\nBETWEEN ALPHA AND BETA PIPELINE COMPANY\nService Package No: 40715\nGAS TRANSPORTATION AGREEMENT\n(For Use under FT-A Rate Schedule)\nTHIS AGREEMENT is made and entered into as of the 1st day of November, 2002, by and between Beta Pipeline Company and Alpha.')).toBe('GAS TRANSPORTATION AGREEMENT');
    expect(contractTitle('EXHIBIT C\nSoftware License Agreement\n[v.08.05.03]\nPLEASE READ THIS SOFTWARE LICENSE AGREEMENT CAREFULLY BEFORE DOWNLOADING OR USING THE SOFTWARE.')).toBe('Software License Agreement');
  });

  it('takes the preamble’s own words when no heading names the kind, and nothing from a sentence', () => {
    expect(contractTitle('Exhibit 99.1\n\nThis Cooperation Agreement (this "Agreement") is by and among Acme Inc. ("Acme") and Beta LLC ("Beta").')).toBe('Cooperation Agreement');
    expect(contractTitle('Die Parteien beachten die Verordnung (EU) 2016/679 (Datenschutz-Grundverordnung, „DSGVO“).')).toBeNull();
  });

  it('takes no bare "This Agreement" for a title: a document beginning inside a clause names no kind', () => {
    // The walkthrough of 2026-12-07: a filed excerpt beginning at "G. … H. This Agreement may not be
    // assigned …" was titled "Agreement" in every table; its file's own title is used instead.
    expect(contractTitle('term under the Agreement will not be effective unless agreed in writing.\n\nH. This Agreement may not be assigned by either party without prior written permission.')).toBeNull();
    expect(contractTitle('THIS CONTRACT is made between Acme Inc. and Beta LLC.')).toBeNull();
    // A bare amendment or lease still says what the document is.
    expect(contractTitle('This Amendment is entered into effective October 1, 1996 by and between Acme, Inc. and Beta LLC.')).toBe('Amendment');
  });
});

describe('identity', () => {
  it('puts title, parties, brands, kind and effective date together', () => {
    const franchise = `FRANCHISE AGREEMENT\n\nTHIS AGREEMENT is entered into on September 1, 2015, by and between Airsopure International Group, Inc., a Nevada corporation (hereinafter "AIRSOPURE"), and Pizza Ventures LLC d/b/a PIZZA FUSION ("Franchisee").\n\nRECITALS\n\nA. AIRSOPURE designs and sells air cleaning systems under the name and mark "AIRSOPURE" (the "Products").`;
    const identity = extractIdentity([page(franchise)]);
    expect(identity.title).toBe('FRANCHISE AGREEMENT');
    expect(identity.kind).toBe('franchise agreement');
    expect(identity.parties.map((p) => p.name)).toEqual(['Airsopure International Group, Inc.', 'Pizza Ventures LLC']);
    expect(identity.parties[0]!.shortNames).toEqual(['AIRSOPURE']);
    expect(identity.brands).toEqual(['PIZZA FUSION', 'AIRSOPURE']);
    expect(identity.effectiveDate).toEqual({ text: 'September 1, 2015', iso: '2015-09-01' });
    expect(extractIdentity([page(US)]).effectiveDate).toEqual({ text: '23rd day of September, 2016', iso: '2016-09-23' });
  });

  it('takes no brand from a passage in capitals ("… GOODWILL OR BRAND EQUITY")', () => {
    const capitals = 'SUPPLY AGREEMENT\n\nThis Supply Agreement is made between Alpha Inc. and Beta Ltd.\n\n10) NEITHER PARTY IS LIABLE FOR INDIRECT DAMAGES, SUCH AS LOSS OF PROFIT OR DAMAGE TO GOODWILL OR BRAND EQUITY.\n\n11) THE PRODUCTS ARE SOLD UNDER THE NAME "NORDLICHT".';
    expect(extractIdentity([page(capitals)]).brands).toEqual(['NORDLICHT']);
    expect(extractIdentity([page('FRANCHISE AGREEMENT\n\nAlpha Inc. operates restaurants under the brand Pizza Vento.')]).brands).toEqual(['Pizza Vento']);
  });

  it('takes names written with a trademark sign as brands, not a table row’s words before one', () => {
    const endorsement = `ENDORSEMENT AGREEMENT\n\nThis Endorsement Agreement ("Agreement") made October 30, 2017, between National Football League Alumni, Inc. ("NFLA") and Food For Athletes, Inc. a corporation organized under the laws of California / Gridiron BioNutrients™, a corporation organized under the laws of Nevada (collectively the "Company").\n\nC. The Company desires to use the Logo on Gridiron MVP™ and Gridiron MVP™ Concentrate.\n\nGridiron MVP™ Water = 1 Unit\n1 Bottle Gridiron MVP™ = 30 Units`;
    expect(extractIdentity([page(endorsement)]).brands).toEqual(['Gridiron BioNutrients', 'Gridiron MVP']);
    expect(extractIdentity([page('SUPPLY AGREEMENT\n\nThis Supply Agreement is made between Alpha Inc. and Beta Ltd. for the supply of the CliniMACS® System and Windows (R) licences.')]).brands).toEqual(['CliniMACS', 'Windows']);
  });

  it('reads the effective date as PDF text gives it, and after a table of contents', () => {
    const at = (text: string) => extractIdentity([page(text)]).effectiveDate?.iso ?? null;
    // Ordinals split by the text layer, a space before the comma, "EffectiveDate" run together.
    expect(at('THIS AGREEMENT is made and entered into this 20t h day of December 2018 (the "Effective Date"), by and between Todos Medical Ltd. and Beta Inc.')).toBe('2018-12-20');
    expect(at('This Agreement is made this 1s t day of October 2008, by and between Equidata, Inc. and Beta LLC.')).toBe('2008-10-01');
    expect(at('This Development Agreement ("Development Agreement") is entered into on April 15 , 2010 ("EffectiveDate") by and between Cargill, Incorporated and Beta Inc.')).toBe('2010-04-15');
    expect(at('Date: June 1, 1998\nTRANSPORTATION CONTRACT\nTHIS CONTRACT is entered into by and between Alpha Co. ("Carrier") and Beta LP ("Shipper").')).toBe('1998-06-01');
    // Pages of contents before the preamble: a date defined as the Effective Date is still found.
    const contents = Array.from({ length: 200 }, (_, i) => `Section ${i + 1}. Heading of section ${i + 1} .......... ${i + 2}`).join('\n');
    expect(at(`PROMOTION AGREEMENT\nTable of Contents\n${contents}\nThis PROMOTION AGREEMENT is entered into as of May 31, 2019 (the “Effective Date”) by and between SIGA Technologies, Inc. and Meridian Medical Technologies LLC.`)).toBe('2019-05-31');
    // A date merely led by "dated" that far in is another document's, not this one's.
    expect(at(`SUPPLY AGREEMENT\n${contents}\nThe parties entered into a Letter Agreement dated March 3, 2001.`)).toBeNull();
  });

  it('reads the date a French or German contract takes effect', () => {
    const at = (text: string) => extractIdentity([page(text)]).effectiveDate?.iso ?? null;
    expect(at('CONTRAT DE DISTRIBUTION\nEntre Société Alpine SAS et Distribution Rhône SARL.\nArticle 2 – Durée\nLe présent contrat prend effet le 1er mars 2024.')).toBe('2024-03-01');
    expect(at('LIEFERVERTRAG\nzwischen der Nordlicht GmbH und der Südwerk AG.\n§ 2 Laufzeit\nDieser Vertrag tritt am 1. Juli 2024 in Kraft.')).toBe('2024-07-01');
    expect(at('CONTRAT DE SERVICES\nLe présent contrat entre en vigueur le 15 janvier 2025.')).toBe('2025-01-15');
  });

  it('takes the date the definitions give the Effective Date over the date the agreement is entered into', () => {
    const at = (text: string) => extractIdentity([page(text)]).effectiveDate?.iso ?? null;
    expect(at('This Agreement is entered into this 31 January, 1994 by and between Alpha S.A. and Beta Inc.\n\n1. DEFINITIONS\n\nEFFECTIVE DATE shall mean the Date of Installation of the System in Kuwait, i.e. December 10, 1993.')).toBe('1993-12-10');
    expect(at('This Agreement is made as of May 1, 2019 between Alpha Inc. and Beta LLC. “Effective Date” means June 3, 2019.')).toBe('2019-06-03');
    // A definition that names no date leaves the preamble's.
    expect(at('This Agreement is made as of May 1, 2019 between Alpha Inc. and Beta LLC. “Effective Date” means the date on which the Products are first delivered.')).toBe('2019-05-01');
  });

  it('takes a start date a schedule states as a field when nothing before dates the contract', () => {
    const filler = (n: number) => ({ page: n, text: `Clause ${n}. ${'The parties shall cooperate in good faith. '.repeat(40)}` });
    const opening = 'CONTENT LICENSING AGREEMENT\nbetween Data Call Technologies, Inc. and PLAN_B MEDIA AG.\n7.1 Unless otherwise stated in the Appendix the term of this letter Agreement shall continue for twenty-four (24) months with the effective date.';
    const appendix = 'APPENDIX 2\n2 TERMS\n2.1 Contract start: 04-01-06\n2.2 Contract end: 04-01-08\n2.3 Commercial distribution possible from:';
    expect(extractIdentity([page(opening), ...Array.from({ length: 11 }, (_, i) => filler(i + 2)), { page: 13, text: appendix }]).effectiveDate).toEqual({ text: '04-01-06', iso: '2006-04-01' });
    const at = (text: string) => extractIdentity([page(text)]).effectiveDate?.iso ?? null;
    expect(at('ORDER FORM\nCustomer: Beta LLC\nSubscription Start Date: January 1, 2020\nSubscription End Date: December 31, 2020')).toBe('2020-01-01');
    // A date the opening states comes first; a field with no date is no start date.
    expect(at('This Agreement is made as of May 1, 2019 between Alpha Inc. and Beta LLC.\nSCHEDULE A\nService start date: June 3, 2019')).toBe('2019-05-01');
    expect(at('ORDER FORM\nStart Date: ______________\nCommencement: upon signature')).toBeNull();
  });

  it('keeps what a form writes of a date it leaves blank', () => {
    const at = (text: string) => extractIdentity([page(text)]).effectiveDate;
    expect(at('MANUFACTURING AGREEMENT\n\nThis Manufacturing Agreement (the “Agreement”) is effective March ____, 2016 (the “Effective Date”), BETWEEN: Alpha Motors Corp. and Beta Industry Co., Ltd.')).toEqual({ text: 'March ____, 2016', iso: '2016-03' });
    expect(at('FRANCHISE AGREEMENT\n\nTHIS AGREEMENT is entered into on this ____ day of ___________, 2001, by and\nbetween Alpha International Group, Inc., a Nevada corporation, and You.')?.iso).toBe('2001');
    expect(at('This Agreement is made as of the ____ day of May, 2005 by and between Alpha LLC and Beta Inc.')?.iso).toBe('2005-05');
    expect(at('This Remarketing Agreement, dated as of [●], 2019, among Alpha Fund and Beta Securities LLC.')?.iso).toBe('2019');
    // A year left blank too: no date.
    expect(at('This Agreement is made as of the ____ day of ________, 20__ by and between Alpha LLC and Beta Inc.')).toBeNull();
  });

  it('reads a run of blanks in linear time', () => {
    const started = performance.now();
    for (const unit of ['__ ', '_', '[] ', '[●] ', '____ day of ']) extractIdentity([page(`This Agreement is effective ${unit.repeat(Math.ceil(60_000 / unit.length))}\u0007`)]);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('takes the latest signature date when the contract takes effect on signature', () => {
    const filler = (n: number) => ({ page: n, text: `Clause ${n}. ${'The parties shall cooperate in good faith. '.repeat(40)}` });
    const pages = (opening: string, closing: string) => [page(opening), ...Array.from({ length: 11 }, (_, i) => filler(i + 2)), { page: 13, text: closing }];
    const at = (opening: string, closing: string) => extractIdentity(pages(opening, closing)).effectiveDate?.iso ?? null;
    const laterOf = '11.16 Effective Date. The Effective Date of this Agreement shall be the later of the dates shown by the signatures below.\nIN WITNESS WHEREOF, the Parties have executed this Agreement.\nALPHA, INC. BETA, INC.\nBy: /s/ A By: /s/ B\nDate: 3-14-18 Date: 3-7-18\nSTATEMENT OF WORK #1\nIN WITNESS WHEREOF, the parties have executed this Statement of Work.\nBy: ______ By: ______\nDate: _______ Date: _______';
    expect(at('SERVICES AND HOSTING AGREEMENT\nThis Agreement is entered into by and between Alpha, Inc. and Beta, Inc.', laterOf)).toBe('2018-03-14');
    const onExecution = 'This Agreement shall become effective on the date of its execution and shall remain in force for three years.';
    expect(at(`SUPPLY AGREEMENT\n${onExecution}`, 'IN WITNESS WHEREOF the parties have signed.\nBy: X\nDated: March 2, 2013\nBy: Y\nDated: February 27, 2013')).toBe('2013-03-02');
    // A date on the signing line after the place, or after the word of signing.
    expect(at(`SUPPLY AGREEMENT\n${onExecution}`, '7) This Agreement may be executed in counterparts.\n\nMunich, October 21s t, 2014\n\n/s/ A. Huber   /s/ B. Smith')).toBe('2014-10-21');
    const platform = 'COLLABORATION AGREEMENT\nThe Agreement executed offline in paper form shall become effective upon the completion of the execution by both Parties (hereinafter referred to as the "Effective Date").';
    expect(at(platform, 'Party A: Alpha Technology Co., Ltd. /s/ Alpha [signature authenticated by a third party document depository on March 5, 2019]\nParty B: Beta Leasing Co., Ltd. /s/ Beta')).toBe('2019-03-05');
    // Signature dates alone do not make the effective date.
    expect(at('SUPPLY AGREEMENT\nThis Agreement shall remain in force for three years.', 'IN WITNESS WHEREOF\nBy: X\nDate: March 2, 2013')).toBeNull();
  });

  it("does not take another agreement's date from a recital; the testimonium dates the contract then", () => {
    const filler = (n: number) => ({ page: n, text: `Clause ${n}. ${'The parties shall cooperate in good faith. '.repeat(40)}` });
    const pages = (opening: string, closing: string) => [page(opening), ...Array.from({ length: 11 }, (_, i) => filler(i + 2)), { page: 13, text: closing }];
    const at = (opening: string, closing = 'IN WITNESS WHEREOF, the parties have signed.') => extractIdentity(pages(opening, closing)).effectiveDate?.iso ?? null;
    const recitals = 'ENDORSEMENT AGREEMENT\n\nWHEREAS, Alpha Group, Inc. (the "Company") and the Trustees of the Beta Family Trust (the "Trust") entered into a Collateral Assignment Agreement, dated as of December 5, 1995 (the "Assignment Agreement"); and\n\nWHEREAS, the loans are represented by a Demand Note, dated December 5, 1995, between the Company and the Trust; and\n\nNOW, THEREFORE, the parties agree as follows:';
    expect(at(recitals)).toBeNull();
    expect(at(recitals, 'IN WITNESS WHEREOF, the parties hereto have executed this Agreement as of this 4th day of April, 2003.\nALPHA GROUP, INC.\nBy: ______')).toBe('2003-04-04');
    expect(at('NON-COMPETITION AGREEMENT\nTHIS AGREEMENT is made between Gamma Corp. and Delta Ltd.\nWHEREAS: (A) Gamma and Delta are parties to an arrangement agreement dated as of February 23, 2006 (the "Arrangement Agreement"), pursuant to which Gamma will acquire Delta.')).toBeNull();
    // A recital that dates this agreement still does; so does the opening before the recitals.
    expect(at('SUPPLY AGREEMENT\nWHEREAS, the parties entered into this Agreement as of March 1, 2019 to set the terms of supply.')).toBe('2019-03-01');
    expect(at('SUPPLY AGREEMENT\nThis Supply Agreement is made as of June 1, 2018 between Alpha LLC and Beta Inc.\nWHEREAS, Alpha and Beta entered into a Master Agreement dated January 5, 2010;')).toBe('2018-06-01');
  });

  it('labels a document by title and parties, without legal forms', () => {
    const identity = extractIdentity([page(US)]);
    expect(shownParties({ identity })).toEqual(['Dialog Semiconductor', 'Energous']);
    expect(documentLabel({ name: 'dialog.pdf', title: identity.title, identity })).toBe('STRATEGIC ALLIANCE AGREEMENT — Dialog Semiconductor / Energous');
    expect(documentLabel({ name: 'notes.txt', title: null })).toBe('notes.txt');
    // Beside the file name: title and parties, never the file name again, nothing when nothing is known.
    expect(identityLine('dialog.pdf', identity.title, shownParties({ identity }))).toBe('STRATEGIC ALLIANCE AGREEMENT — Dialog Semiconductor / Energous');
    expect(identityLine('nda.pdf', 'nda.pdf', ['Acme'])).toBe('Acme');
    expect(identityLine('notes.txt', null, [])).toBeNull();
    // A firm "& Co." loses its legal form whole, not down to a dangling "&".
    expect(shownParties({ parties: ['MORGAN STANLEY & CO. INCORPORATED', 'Procter & Gamble Company'] })).toEqual(['MORGAN STANLEY', 'Procter & Gamble']);
  });
});
