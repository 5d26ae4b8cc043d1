import { describe, expect, it } from 'vitest';
import { AbortedError } from '../../../../src/core/errors';
import type { SearchEngine } from '../../../../src/core/search/engine';
import { LexicalIndex } from '../../../../src/core/search/lexical-index';
import { DEFAULT_PIPELINE, runPipeline, type PipelineDeps } from '../../../../src/core/search/pipeline';
import { detectQueryLanguage } from '../../../../src/core/search/query-language';
import type { ChunkRecord, DocumentRecord } from '../../../../src/core/types';

function chunk(seq: number, text: string, sectionPath: string[]): ChunkRecord {
  return { id: `k:${seq}`, documentId: 'k', seq, pageStart: 1, pageEnd: 1, charStart: 0, charEnd: text.length, sectionPath, sectionOrdinal: null, sectionTitle: null, text, sourceText: text, tokens: 20 };
}

const chunks = [
  chunk(0, 'Notices. All notices under this Agreement shall be in writing and shall be deemed given when delivered by hand.', ['20 Notices']),
  chunk(1, 'Term. This Agreement renews automatically for one (1) year unless either party gives notice of non-renewal at least ninety (90) days before the end of the term.', ['15 Term']),
  chunk(2, 'Payment. Fees are payable within thirty (30) days of the invoice.', ['7 Payment']),
];

function deps(): PipelineDeps {
  const index = new LexicalIndex();
  index.add({ id: 'k', name: 'k.pdf', language: 'en' }, chunks);
  const engine = {
    embeddingModel: null,
    searchLexical: (q: Parameters<LexicalIndex['search']>[0]) => Promise.resolve(index.search(q)),
    queryTerms: (t: string, language?: string | null) => index.queryTerms(t, language),
    queryLanguage: (t: string) => detectQueryLanguage(t),
    idf: (t: string) => index.idf(t),
  } as unknown as SearchEngine;
  const byId = new Map(chunks.map((c) => [c.id, c]));
  const doc = { id: 'k', name: 'k.pdf', path: 'k.pdf', title: null, language: 'en', pages: 1 } as unknown as DocumentRecord;
  return {
    engine,
    lookup: {
      chunksByIds: (ids) => Promise.resolve(ids.map((id) => byId.get(id))),
      documentsByIds: (ids) => Promise.resolve(ids.map((id) => (id === 'k' ? doc : undefined))),
      chunksBySeq: (_d, seqs) => Promise.resolve(seqs.map((s) => chunks[s]).filter((c): c is ChunkRecord => c !== undefined)),
    },
  };
}

const settings = { ...DEFAULT_PIPELINE, rerank: false, selection: { topK: 3, perFile: 0, minScore: Number.NEGATIVE_INFINITY } };
const question = 'How much notice must be given to stop the agreement from renewing?';

describe('runPipeline query analysis and re-scoring', () => {
  it('searches with the question reduced to its subject and explains it', async () => {
    const r = await runPipeline({ text: question, settings }, deps());
    expect(r.explanation.lexicalQuery).toBe('notice stop agreement renewing?');
    expect(r.explanation.dropped).toContain('given');
    expect(r.terms).toEqual(['notic', 'stop', 'agreement', 'renew']);
    expect(Object.keys(r.explanation.timings)).toEqual(expect.arrayContaining(['query', 'lexical', 'rescore', 'fusion']));
    expect(r.passages[0]?.chunkId).toBe('k:1');
  });

  it('detects the question’s language and returns what sufficiency needs from the index', async () => {
    const r = await runPipeline({ text: question, settings }, deps());
    expect(r.explanation.queryLanguage).toBe('en');
    expect(Object.keys(r.evidence!.weights)).toEqual(r.terms);
    expect(r.evidence!.weights['renew']).toBeGreaterThan(0);
    expect(r.evidence!.coverage).toBe(1);
    const given = await runPipeline({ text: question, settings, language: null }, deps());
    expect(given.explanation.queryLanguage).toBeNull();
  });

  it('puts the notices clause first without query analysis and re-scoring (what they fix)', async () => {
    const off = { ...settings, question: { ...settings.question, stopWords: false }, rescore: { ...settings.rescore, topN: 0 } };
    const r = await runPipeline({ text: question, settings: off }, deps());
    expect(r.passages[0]?.chunkId).toBe('k:0');
    expect(r.explanation.timings['rescore']).toBeUndefined();
    expect(r.explanation.dropped).toEqual([]);
  });

  it('runs with settings stored before the query and re-scoring knobs existed', async () => {
    const { question: _q, rescore: _r, ...old } = settings;
    const r = await runPipeline({ text: question, settings: old as typeof settings }, deps());
    expect(r.passages[0]?.chunkId).toBe('k:1');
  });
});

describe('runPipeline query embedding', () => {
  it('starts the query embedding before the lexical stage and uses it for dense search', async () => {
    const order: string[] = [];
    const base = deps();
    const lexical = base.engine.searchLexical.bind(base.engine);
    let release: () => void = () => undefined;
    const embedded = new Promise<void>((r) => (release = r));
    const engine = {
      ...base.engine,
      embeddingModel: { modelId: 'm', dim: 2 },
      denseReady: true,
      searchLexical: async (q: Parameters<SearchEngine['searchLexical']>[0]) => {
        order.push('lexical');
        release(); // the embedding is already under way: let it finish
        return lexical(q);
      },
      searchDense: () => [{ chunkId: 'k:2', documentId: 'k', score: 0.9, terms: [], foundBy: ['dense'] as const }],
    } as unknown as SearchEngine;
    const embedder = {
      model: { id: 'm', dtype: 'q8' as const, device: 'cpu' as const, dim: 2 },
      embed: async () => {
        order.push('embed');
        await embedded;
        order.push('embedded');
        return [new Float32Array([1, 0])];
      },
    };
    const r = await runPipeline({ text: question, settings }, { ...base, engine, embedder });
    expect(order).toEqual(['embed', 'lexical', 'embedded']);
    expect(r.explanation.dense).toBe('on');
    expect(r.explanation.timings['embed_query']).toBeGreaterThanOrEqual(0);
    expect(Object.keys(r.explanation.timings).indexOf('embed_query')).toBeGreaterThan(Object.keys(r.explanation.timings).indexOf('lexical'));
    expect(r.passages.some((p) => p.foundBy.includes('dense'))).toBe(true);
  });

  it('an abort during the embedding ends the search with AbortedError', async () => {
    const base = deps();
    const controller = new AbortController();
    const engine = { ...base.engine, embeddingModel: { modelId: 'm', dim: 2 }, denseReady: true } as unknown as SearchEngine;
    const embedder = {
      model: { id: 'm', dtype: 'q8' as const, device: 'cpu' as const, dim: 2 },
      embed: (_texts: readonly string[], o?: { signal?: AbortSignal | undefined }) =>
        new Promise<Float32Array[]>((_, reject) => o?.signal?.addEventListener('abort', () => reject(new AbortedError('embedding')))),
    };
    const pending = runPipeline({ text: question, settings, signal: controller.signal }, { ...base, engine, embedder });
    setTimeout(() => controller.abort(), 5);
    await expect(pending).rejects.toBeInstanceOf(AbortedError);
  });
});
