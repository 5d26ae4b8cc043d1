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
