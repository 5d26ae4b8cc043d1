import { describe, expect, it } from 'vitest';
import { LexicalIndex } from '../../../../src/core/search/lexical-index';
import type { ChunkRecord } from '../../../../src/core/types';

function chunk(documentId: string, seq: number, text: string, sectionPath: string[] = [], ordinal: string | null = null): ChunkRecord {
  return { id: `${documentId}:${seq}`, documentId, seq, pageStart: 1, pageEnd: 1, charStart: 0, charEnd: text.length, sectionPath, sectionOrdinal: ordinal, sectionTitle: null, text, sourceText: text, tokens: 10 };
}

function sampleIndex(): LexicalIndex {
  const index = new LexicalIndex();
  index.add({ id: 'msa', name: 'msa.pdf', language: 'en' }, [
    chunk('msa', 0, 'This Master Services Agreement is entered into by Acme and Globex.', ['1 Definitions'], '1'),
    chunk('msa', 1, 'Neither party shall be liable for indirect damages. Liability is capped at the fees paid.', ['12 Limitation of Liability', '12.2'], '12'),
    chunk('msa', 2, 'This Agreement is governed by the laws of the State of New York.', ['14 Governing Law'], '14'),
  ]);
  index.add({ id: 'nda', name: 'nda.txt', language: 'en' }, [
    chunk('nda', 0, 'Confidential Information means any information disclosed by a party.', ['2 Confidential Information'], '2'),
    chunk('nda', 1, 'The obligations survive for three years after termination.', ['5 Term'], '5'),
  ]);
  index.add({ id: 'bgb', name: 'gesetz.md', language: 'de' }, [chunk('bgb', 0, 'Die Haftung ist auf Vorsatz beschränkt.', ['§ 5 Haftung'], '5')]);
  return index;
}

describe('LexicalIndex', () => {
  it('ranks the clause that answers the question first', () => {
    const hits = sampleIndex().search({ text: 'limitation of liability cap' });
    expect(hits[0]?.chunkId).toBe('msa:1');
    expect(hits[0]?.foundBy).toEqual(['lexical']);
  });

  it('finds clause references', () => {
    expect(sampleIndex().search({ text: 'governing law New York' })[0]?.chunkId).toBe('msa:2');
  });

  it('filters by documents, section ordinal and language', () => {
    const index = sampleIndex();
    expect(index.search({ text: 'termination information party', documentIds: ['nda'] }).every((h) => h.documentId === 'nda')).toBe(true);
    expect(index.search({ text: 'party liable', sectionOrdinal: '12' }).map((h) => h.chunkId)).toEqual(['msa:1']);
    expect(index.search({ text: 'Haftung', language: 'de' }).map((h) => h.chunkId)).toEqual(['bgb:0']);
    expect(index.search({ text: 'Haftung', language: 'en' })).toEqual([]);
  });

  it('removes a document and its chunks', () => {
    const index = sampleIndex();
    index.remove('msa');
    expect(index.has('msa')).toBe(false);
    expect(index.search({ text: 'liability governing law' }).some((h) => h.documentId === 'msa')).toBe(false);
    expect(index.chunkCount).toBe(3);
  });

  it('replaces a document added again', () => {
    const index = sampleIndex();
    index.add({ id: 'nda', name: 'nda.txt', language: 'en' }, [chunk('nda', 0, 'Only one clause about arbitration now.')]);
    expect(index.chunkCount).toBe(5);
    expect(index.search({ text: 'confidential information' }).some((h) => h.documentId === 'nda')).toBe(false);
    expect(index.search({ text: 'arbitration' })[0]?.chunkId).toBe('nda:0');
  });

  it('round-trips through its snapshot with identical results', () => {
    const index = sampleIndex();
    const restored = reopen(index, new Map());
    for (const q of ['liability cap', 'confidential information', '§ 5', 'New York']) {
      expect(restored.search({ text: q })).toEqual(index.search({ text: q }));
    }
    expect(restored.listDocuments()).toEqual(index.listDocuments());
  });

  it('refuses a snapshot of another version, with missing or damaged segments', () => {
    const write = sampleIndex().snapshot();
    const id = write.manifest.segments[0]!.id;
    const segments = new Map([[id, write.segment(id)]]);
    expect(() => LexicalIndex.open({}, { ...write.manifest, analyzerVersion: -1 }, segments)).toThrow(/snapshot version/);
    expect(() => LexicalIndex.open({}, write.manifest, new Map())).toThrow(new RegExp(`segment ${id} of the snapshot is missing`));
    expect(() => LexicalIndex.open({}, write.manifest, new Map([[id, write.segment(id).slice(0, 40)]]))).toThrow(/lexical index segment/);
    expect(() => LexicalIndex.open({ analyzer: { stem: false, stopWords: true, compounds: true } }, write.manifest, segments)).toThrow(/other options/);
    expect(() => write.segment('nope')).toThrow(/no segment nope/);
  });

  it('lists its segments by id: a save after a change needs only the new one written', () => {
    const index = sampleIndex();
    const store = new Map<string, Uint8Array>();
    const first = index.snapshot();
    const [seg0] = first.manifest.segments.map((s) => s.id);
    store.set(seg0!, first.segment(seg0!));
    index.add({ id: 'memo', name: 'memo.txt', language: 'en' }, [chunk('memo', 0, 'A memo about payment terms.')]);
    const second = index.snapshot();
    const ids = second.manifest.segments.map((s) => s.id);
    expect(ids[0]).toBe(seg0);
    expect(ids).toHaveLength(2);
    const fresh = ids.filter((id) => !store.has(id));
    expect(fresh).toHaveLength(1);
    expect(second.segment(fresh[0]!).byteLength).toBeLessThan(store.get(seg0!)!.byteLength);
    // Ids never repeat, even in two indexes opened from the same snapshot (two tabs).
    const other = reopen(index, store);
    other.add({ id: 'x', name: 'x', language: 'en' }, [chunk('x', 0, 'Another memo.')]);
    index.add({ id: 'y', name: 'y', language: 'en' }, [chunk('y', 0, 'A third memo.')]);
    const a = new Set(other.snapshot().manifest.segments.map((s) => s.id));
    expect(index.snapshot().manifest.segments.some((s) => a.has(s.id) && !ids.includes(s.id))).toBe(false);
  });
});

function reopen(index: LexicalIndex, store: Map<string, Uint8Array>): LexicalIndex {
  const write = index.snapshot();
  for (const s of write.manifest.segments) if (!store.has(s.id)) store.set(s.id, write.segment(s.id));
  return LexicalIndex.open({}, JSON.parse(JSON.stringify(write.manifest)) as typeof write.manifest, store);
}

describe('LexicalIndex query-time matching', () => {
  it('counts document frequency from the postings, as a search would, and forgets removed chunks', () => {
    const index = sampleIndex();
    for (const term of ['liabil', 'parti', 'agreement', 'oblig', 'unseen']) {
      const bySearch = index.search({ text: term, limit: 100 }).filter((h) => h.terms.includes(term)).length;
      expect(index.documentFrequency(term)).toBe(bySearch);
    }
    expect(index.documentFrequency('oblig')).toBe(1);
    index.remove('nda');
    expect(index.documentFrequency('oblig')).toBe(0);
    expect(index.idf('unseen')).toBe(0);
  });

  it('matches a term one edit away by default (liability ~ liable)', () => {
    const index = new LexicalIndex();
    index.add({ id: 'a', name: 'a.txt', language: 'en' }, [chunk('a', 0, 'Neither party shall be liable for damages.'), chunk('a', 1, 'Payment is due within thirty days.')]);
    expect(index.search({ text: 'liability' })[0]?.chunkId).toBe('a:0');
    const exact = new LexicalIndex({ fuzzy: { distance: 0, minLength: 6, weight: 0.6 }, variantWeight: 0 });
    exact.add({ id: 'a', name: 'a.txt', language: 'en' }, [chunk('a', 0, 'Neither party shall be liable for damages.')]);
    expect(exact.search({ text: 'liability' })).toEqual([]);
  });

  it('leaves very common terms out of a query that has rarer ones (large indexes only)', () => {
    const chunks = Array.from({ length: 250 }, (_, i) => chunk('c', i, i === 3 ? 'This agreement renews automatically.' : `This agreement covers item number ${i}.`));
    const common = new LexicalIndex();
    common.add({ id: 'c', name: 'c.txt', language: 'en' }, chunks);
    // "agreement" is in every chunk: only "renews" is searched, so one candidate.
    expect(common.search({ text: 'agreement renews', limit: 500 }).map((h) => h.chunkId)).toEqual(['c:3']);
    // Alone, or with only unseen terms, the common term is still searched.
    expect(common.search({ text: 'agreement', limit: 500 })).toHaveLength(250);
    expect(common.search({ text: 'agreement zzyzx', limit: 500 })).toHaveLength(250);
    const all = new LexicalIndex({ commonTermCutoff: 1 });
    all.add({ id: 'c', name: 'c.txt', language: 'en' }, chunks);
    expect(all.search({ text: 'agreement renews', limit: 500 })).toHaveLength(250);
    const small = new LexicalIndex();
    small.add({ id: 'c', name: 'c.txt', language: 'en' }, chunks.slice(0, 10));
    expect(small.search({ text: 'agreement renews' })).toHaveLength(10);
  });

  it('analyses a query in every language the index holds, so each document meets its own stems', () => {
    const index = sampleIndex();
    index.add({ id: 'geschgehg', name: 'geschgehg.pdf', language: 'de' }, [chunk('geschgehg', 0, 'Geschäftsgeheimnisse sind vor unbefugter Erlangung geschützt.')]);
    // German plural in the document, singular in the question: only the German stemmer joins them.
    expect(index.search({ text: 'Geschäftsgeheimnis' })[0]?.chunkId).toBe('geschgehg:0');
    // English questions still meet English stems.
    expect(index.search({ text: 'liabilities capped' })[0]?.chunkId).toBe('msa:1');
    // With a language filter, the query is analysed in that language only.
    expect(index.queryTerms('Geschäftsgeheimnis', 'en')).toEqual(['geschäftsgeheimni']);
    expect(index.queryTerms('Geschäftsgeheimnis', 'de')).toEqual(['geschaftsgeheimnis']);
  });

  it('matches the other words of a query word\'s family (pay → payment, paid; sold → sell; licence → license), below the word itself', () => {
    const index = new LexicalIndex();
    index.add({ id: 'end', name: 'endorsement.pdf', language: 'en' }, [
      chunk('end', 0, 'Cash Payment: HDS will provide payment of Fifty Thousand Dollars to Celebrity’s agent.'),
      chunk('end', 1, 'Celebrity shall provide the services described in Paragraph 4 during the Term.'),
      chunk('end', 2, 'The Licensor grants a licence to use the Marks in the Territory.'),
      chunk('end', 3, 'The Products sold by the Distributor remain subject to the warranty.'),
    ]);
    expect(index.search({ text: 'how much does HDS pay celebrity' })[0]?.chunkId).toBe('end:0');
    expect(index.search({ text: 'license the marks' })[0]?.chunkId).toBe('end:2');
    expect(index.search({ text: 'what can the distributor sell' })[0]?.chunkId).toBe('end:3');
    // The matched terms name the query's own word too: the question's "pay" counts as covered.
    expect(index.search({ text: 'pay' })[0]?.terms).toEqual(expect.arrayContaining(['pai', 'payment']));
    // The word itself outranks its family.
    index.add({ id: 'pay', name: 'pay.txt', language: 'en' }, [chunk('pay', 0, 'The royalty payment is due quarterly.'), chunk('pay', 1, 'Licensee shall pay the royalty quarterly.')]);
    expect(index.search({ text: 'pay royalty', documentIds: ['pay'] }).map((h) => h.chunkId)).toEqual(['pay:1', 'pay:0']);
    // Off: the family does not match.
    const exact = new LexicalIndex({ variantWeight: 0 });
    exact.add({ id: 'end', name: 'endorsement.pdf', language: 'en' }, [chunk('end', 0, 'HDS will provide payment of Fifty Thousand Dollars.')]);
    expect(exact.search({ text: 'pay' })).toEqual([]);
  });
});
