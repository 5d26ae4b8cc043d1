import { describe, expect, it } from 'vitest';
import { withStatedPassages } from '../../../../src/core/ask/stated-passages';
import type { NamedDocument, PipelinePassage } from '../../../../src/core/search-types';
import { chunkRecord } from '../../../helpers/records';

// A development agreement whose cover page dates it and whose definition only points there (real-shaped).
const chunks = [
  chunkRecord('dev', 0, 'DEVELOPMENT AND OPTION AGREEMENT between HARPOON THERAPEUTICS, INC. and ABBVIE BIOTECHNOLOGY LTD Dated as of November 20,\n2019 TABLE OF CONTENTS'),
  chunkRecord('dev', 1, '1.55 “Effective Date” means the effective date of this Agreement as set forth in the preamble hereto.'),
  chunkRecord('dev', 2, '12.1 Term. This Agreement shall commence on the Effective Date.'),
];
const doc: NamedDocument = { id: 'dev', name: 'dev.pdf', title: 'DEVELOPMENT AND OPTION AGREEMENT', aliases: [], identity: { title: 'DEVELOPMENT AND OPTION AGREEMENT', parties: [], brands: [], kind: null, effectiveDate: { text: 'November 20, 2019', iso: '2019-11-20' } } };
const document = { id: 'dev', name: 'dev.pdf', path: 'dev.pdf', title: doc.title, language: 'en', pages: 80 };
const retrieved = (c: (typeof chunks)[number], score: number): PipelinePassage => ({
  chunkId: c.id, documentId: 'dev', score, terms: [], foundBy: ['lexical'], rank: 1, chunk: c, document,
  scores: { final: score, fused: score, lexical: score, dense: null, rerank: null, phrase: false }, context: { before: [], after: [] },
});
const whole = { documentIds: ['dev'], chunks: async () => chunks };

describe('withStatedPassages', () => {
  it('adds the passage that writes the document’s effective date to an effective-date question’s candidates', async () => {
    const { passages, stated } = await withStatedPassages([retrieved(chunks[1]!, 0.3)], ['effective_date'], whole, [doc], () => document);
    expect(stated).toEqual(['dev:0']);
    expect(passages.map((p) => p.chunkId)).toEqual(['dev:0', 'dev:1']);
    expect(passages[0]!.score).toBe(0.3);
  });

  it('adds nothing for another question, a document without a date, or when the documents are not read whole', async () => {
    const one = [retrieved(chunks[1]!, 0.3)];
    expect((await withStatedPassages(one, ['expiration_date'], whole, [doc], () => document)).passages).toHaveLength(1);
    expect((await withStatedPassages(one, ['effective_date'], whole, [{ ...doc, identity: undefined }], () => document)).stated).toEqual([]);
    expect((await withStatedPassages(one, ['effective_date'], null, [doc], () => document)).passages).toHaveLength(1);
  });
});
