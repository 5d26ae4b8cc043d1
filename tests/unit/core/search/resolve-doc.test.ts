import { describe, expect, it } from 'vitest';
import { resolveDocument, type NamedDocument } from '../../../../src/core/search/resolve-doc';

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
