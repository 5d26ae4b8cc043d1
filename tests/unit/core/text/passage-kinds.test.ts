import { describe, expect, it } from 'vitest';
import { isContentsPassage } from '../../../../src/core/text/contents';
import { isDefinitionsPassage } from '../../../../src/core/text/definitions';

describe('a table of contents run into one passage', () => {
  it('is told by numbered titles with rising page numbers, with or without a cover page before it', () => {
    expect(isContentsPassage('13.1 Force Majeure. 68 13.2 Change in Control of Licensee. 68 13.3 Export Control. 69 13.4 Assignment. 69 13.5 Severability. 70')).toBe(true);
    expect(isContentsPassage('ARTICLE 4 30 COMMERCIALIZATION 4.1 In General. 30 4.2 Commercialization Diligence. 30 4.3 Booking of Sales; Distribution. 31 4.4 Product Trademarks. 31')).toBe(true);
    expect(isContentsPassage('SUPPLY AGREEMENT between Acme Inc. and Globex GmbH TABLE OF CONTENTS 1 Definitions 5 1.1 Affiliate 5 1.2 Batch 5 2 Supply 9 2.1 Forecasts 9 2.2 Orders 10 3 Price 12 3.1 Invoicing 12')).toBe(true);
  });

  it('is not a clause that cites sections, a price list or prose', () => {
    expect(isContentsPassage('In the event of termination, Sections 1, 2.3, 4.3, 4.4, 5, 6.1, 7, 8, 9 and 12 shall survive any expiration or termination of this Agreement.')).toBe(false);
    expect(isContentsPassage('1 Widget 300 2 Gadget 120 3 Sprocket 45 4 Flange 12 5 Bolt 3')).toBe(false); // prices fall
    expect(isContentsPassage('13.2 Change in Control. If a Party undergoes a Change of Control, the other Party may terminate this Agreement upon thirty (30) days written notice.')).toBe(false);
  });
});

describe('a definitions passage', () => {
  it('is mostly sentences that define terms', () => {
    expect(isDefinitionsPassage('1. Definitions. “Change of Control” means the acquisition of more than fifty percent of the voting shares of a Party. “Affiliate” means any entity controlling or controlled by a Party.')).toBe(true);
    expect(isDefinitionsPassage('(b) "Agreement" has the meaning set forth in the preamble. (c) "Territory" means the United States.')).toBe(true);
  });

  it('is not a clause that uses a defined term, nor one that defines a term in passing', () => {
    expect(isDefinitionsPassage('Either Party may terminate this Agreement upon a Change of Control of the other Party by written notice given within ninety (90) days after it learns of the Change of Control.')).toBe(false);
    expect(isDefinitionsPassage('Licensee shall not assign this Agreement without consent; any merger or sale of all or substantially all of its assets shall be deemed an assignment for this purpose, and the consent shall not be unreasonably withheld. “Assignment” includes a transfer by operation of law.')).toBe(false);
  });
});
