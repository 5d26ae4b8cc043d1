import { describe, expect, it } from 'vitest';
import { isContentsPassage, isContentsTitle } from '../../../../src/core/text/contents';
import { isDefinitionsPassage, isPreliminarySection } from '../../../../src/core/text/definitions';

describe('a table of contents run into one passage', () => {
  it('is told by numbered titles with rising page numbers, with or without a cover page before it', () => {
    expect(isContentsPassage('13.1 Force Majeure. 68 13.2 Change in Control of Licensee. 68 13.3 Export Control. 69 13.4 Assignment. 69 13.5 Severability. 70')).toBe(true);
    expect(isContentsPassage('ARTICLE 4 30 COMMERCIALIZATION 4.1 In General. 30 4.2 Commercialization Diligence. 30 4.3 Booking of Sales; Distribution. 31 4.4 Product Trademarks. 31')).toBe(true);
    // A piece of a contents page split off by the sections it names: three entries.
    expect(isContentsPassage('5.8 Exclusivity with Respect to the Territory. 35 5.9 In-License Agreements. 35 ARTICLE 6 36 PAYMENTS AND RECORDS 6.1 Upfront Payment. 36')).toBe(true);
    expect(isContentsPassage('10.3 Effects of Termination of this Agreement 31 10.3.2 31 10.3.3 32 10.4 Surviving Provisions 32 11 Miscellaneous 32')).toBe(true);
    // A title run into its number by text extraction.
    expect(isContentsPassage('2.9 Change of Control 2 2.10Change Order 2 2.11Control 2 2.12Customer Information 3 2.13Deliverable 3')).toBe(true);
    expect(isContentsPassage('SUPPLY AGREEMENT between Acme Inc. and Globex GmbH TABLE OF CONTENTS 1 Definitions 5 1.1 Affiliate 5 1.2 Batch 5 2 Supply 9 2.1 Forecasts 9 2.2 Orders 10 3 Price 12 3.1 Invoicing 12')).toBe(true);
  });

  it('has its title told in the ways contracts write it', () => {
    for (const title of ['TABLE OF CONTENTS', 'Table of Contents Page', 'Table of Content', 'Contents', 'Inhaltsverzeichnis', 'Table des matières', 'Sommaire']) expect(isContentsTitle(title)).toBe(true);
    for (const line of ['Table of Contentment', 'Indexation of the fees']) expect(isContentsTitle(line)).toBe(false);
  });

  it('is not a clause that cites sections, a price list or prose', () => {
    expect(isContentsPassage('In the event of termination, Sections 1, 2.3, 4.3, 4.4, 5, 6.1, 7, 8, 9 and 12 shall survive any expiration or termination of this Agreement.')).toBe(false);
    expect(isContentsPassage('1 Widget 300 2 Gadget 120 3 Sprocket 45 4 Flange 12 5 Bolt 3')).toBe(false); // prices fall
    expect(isContentsPassage('1. The Parties agree to substitute the RESEARCH PLAN referred to in Article 3 of Schedule 1 and attached as Attachment A to Schedule 1 by a new revision 2010.')).toBe(false);
    expect(isContentsPassage('Section 4.2 shall apply to 3 Products; Section 5.1 to 12 Products; Section 6 to 20 Products, as set out in the Annex hereto and amended from time to time by the parties.')).toBe(false);
    expect(isContentsPassage('13.2 Change in Control. If a Party undergoes a Change of Control, the other Party may terminate this Agreement upon thirty (30) days written notice.')).toBe(false);
  });
});

describe('a definitions passage', () => {
  it('is mostly sentences that define terms', () => {
    expect(isDefinitionsPassage('1. Definitions. “Change of Control” means the acquisition of more than fifty percent of the voting shares of a Party. “Affiliate” means any entity controlling or controlled by a Party.')).toBe(true);
    expect(isDefinitionsPassage('(b) "Agreement" has the meaning set forth in the preamble. (c) "Territory" means the United States.')).toBe(true);
    // Its own heading run into it.
    expect(isDefinitionsPassage('2.8 Change of Control. “Change of Control” means any transaction that would result in the Control of a Person changing.')).toBe(true);
    // A term qualified before its verb, one definition under its own numbered heading.
    expect(isDefinitionsPassage('2.10 Control. “Control” (including the terms “Controlling” and “Controlled by”) of a Person shall mean (i) holding fifty percent (50%) or more of the voting power of such Person.')).toBe(true);
    expect(isDefinitionsPassage('1.31 “Change in Control,” with respect to a Party, shall be deemed to have occurred if any person becomes the beneficial owner of more than fifty percent of its voting stock.')).toBe(true);
    expect(isDefinitionsPassage('“Joint Research Partners,” for the purposes of this Agreement, means the strategic collaboration partners of the Licensor named in Schedule 2.')).toBe(true);
  });

  it('is not a clause that uses a defined term, nor one that defines a term in passing', () => {
    expect(isDefinitionsPassage('“Licensee” of the Products shall not assign this Agreement to any third party without the prior written consent of Licensor, which consent shall not be unreasonably withheld.')).toBe(false);
    expect(isDefinitionsPassage('Either Party may terminate this Agreement upon a Change of Control of the other Party by written notice given within ninety (90) days after it learns of the Change of Control.')).toBe(false);
    expect(isDefinitionsPassage('Licensee shall not assign this Agreement without consent; any merger or sale of all or substantially all of its assets shall be deemed an assignment for this purpose, and the consent shall not be unreasonably withheld. “Assignment” includes a transfer by operation of law.')).toBe(false);
  });
});

describe('a passage in the definitions or the recitals', () => {
  it('is told by a heading of its section path that opens them, in en/fr/de', () => {
    expect(isPreliminarySection(['1 Definitions', '1.36 FTE'])).toBe(true);
    expect(isPreliminarySection(['ARTICLE 1 DEFINITIONS AND INTERPRETATION', '1.2'])).toBe(true);
    expect(isPreliminarySection(['2 DEFINITIONS AND INTERPRETATION', '2.1', '(iv)'])).toBe(true);
    expect(isPreliminarySection(['WHEREAS'])).toBe(true);
    expect(isPreliminarySection(['RECITALS'])).toBe(true);
    expect(isPreliminarySection(['Background'])).toBe(true);
    expect(isPreliminarySection(['Article 1 Définitions'])).toBe(true);
    expect(isPreliminarySection(['Préambule'])).toBe(true);
    expect(isPreliminarySection(['§ 1 Begriffsbestimmungen'])).toBe(true);
    // Under a chapter's or a part's label (Valence's joint venture contract: "CHAPTER 3 DEFINITIONS").
    expect(isPreliminarySection(['CHAPTER 3 DEFINITIONS'])).toBe(true);
    expect(isPreliminarySection(['Part 1 Interpretation', '1.1'])).toBe(true);
    expect(isPreliminarySection(['Kapitel 1 Begriffsbestimmungen'])).toBe(true);
    expect(isPreliminarySection(['CHAPTER 8 TECHNOLOGY', 'Article 47'])).toBe(false);
  });

  it('is not a clause whose heading only uses such a word', () => {
    expect(isPreliminarySection(['19 Term and Termination', '19.2 Termination for Change of Control'])).toBe(false);
    expect(isPreliminarySection(['2 Grant of License', '2.1 Grant of rights'])).toBe(false);
    expect(isPreliminarySection(['12 Miscellaneous', '12.4 Interpretation of Headings'])).toBe(false);
    expect(isPreliminarySection(['7 Background Technology'])).toBe(false);
    expect(isPreliminarySection([])).toBe(false);
  });
});
