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
    const restored = new LexicalIndex({}, JSON.parse(JSON.stringify(index.toSnapshot())));
    for (const q of ['liability cap', 'confidential information', '§ 5', 'New York']) {
      expect(restored.search({ text: q })).toEqual(index.search({ text: q }));
    }
    expect(restored.listDocuments()).toEqual(index.listDocuments());
  });

  it('refuses a snapshot of another version', () => {
    const snapshot = { ...sampleIndex().toSnapshot(), analyzerVersion: -1 };
    expect(() => new LexicalIndex({}, snapshot)).toThrow(/snapshot version/);
  });
});
