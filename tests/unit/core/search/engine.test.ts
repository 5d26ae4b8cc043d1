import { describe, expect, it, vi } from 'vitest';
import { SearchEngine, type IndexPersistence } from '../../../../src/core/search/engine';
import { DENSE_LOAD_WAIT_MS, DEFAULT_PIPELINE, runPipeline } from '../../../../src/core/search/pipeline';
import { MiniSearchLexicalIndex } from '../../../helpers/minisearch-oracle';
import type { IndexedDocumentEntry, LexicalSnapshotWrite, StoredLexical } from '../../../../src/core/search/lexical-index';
import type { VectorRecordLike } from '../../../../src/core/search/vector-index';
import type { ChunkRecord } from '../../../../src/core/types';
import { chunkRecord } from '../../../helpers/records';

class MemoryPersistence implements IndexPersistence {
  snapshot: StoredLexical | undefined;
  saves = 0;
  readonly docs = new Map<string, { entry: IndexedDocumentEntry; chunks: ChunkRecord[] }>();

  put(id: string, texts: string[]): void {
    const chunks = texts.map((t, i) => chunkRecord(id, i, t));
    this.docs.set(id, { entry: { id, name: id, language: 'en', chunkCount: chunks.length }, chunks });
  }
  async loadLexical() {
    return this.snapshot && structuredClone(this.snapshot);
  }
  async saveLexical(write: LexicalSnapshotWrite) {
    const segments = new Map(this.snapshot?.format === 2 ? this.snapshot.segments : []);
    for (const s of write.manifest.segments) if (!segments.has(s.id)) segments.set(s.id, write.segment(s.id));
    this.snapshot = { format: 2, manifest: structuredClone(write.manifest), segments };
    this.saves++;
  }
  async indexableDocuments() {
    return [...this.docs.values()].map((d) => d.entry);
  }
  async chunks(id: string) {
    return this.docs.get(id)?.chunks ?? [];
  }
  readonly vectors: VectorRecordLike[] = [];
  async vectorRecords(modelId: string) {
    return this.vectors.filter((v) => v.modelId === modelId);
  }
}

describe('SearchEngine', () => {
  it('saves during a long run of changes, not only once they stop', async () => {
    vi.useFakeTimers();
    try {
      const p = new MemoryPersistence();
      const { engine } = await SearchEngine.open(p, { saveDelayMs: 1500, maxSaveDelayMs: 5000 });
      const before = p.saves;
      // An import: a document indexed every second for 12 seconds.
      for (let i = 0; i < 12; i++) {
        const chunks = [chunkRecord(`d${i}`, 0, `clause number ${i} of the supply agreement`)];
        await engine.addDocument({ id: `d${i}`, name: `d${i}`, language: 'en' }, chunks);
        await vi.advanceTimersByTimeAsync(1000);
      }
      // Saved at about 5 and 10 seconds; without the limit none until 1.5 s after the last.
      expect(p.saves - before).toBe(2);
      await vi.advanceTimersByTimeAsync(1500);
      expect(p.saves - before).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('builds from the store when there is no snapshot, then saves one', async () => {
    const p = new MemoryPersistence();
    p.put('a', ['indemnification obligations of the supplier']);
    const { engine, report } = await SearchEngine.open(p, { saveDelayMs: 0 });
    expect(report).toMatchObject({ fromSnapshot: false, added: 1, removed: 0 });
    expect(p.saves).toBe(1);
    expect((await engine.searchLexical({ text: 'indemnification' }))[0]?.chunkId).toBe('a:0');
  });

  it('reconciles a snapshot with the store: adds what is missing, drops what is gone or changed', async () => {
    const p = new MemoryPersistence();
    p.put('a', ['arbitration in London']);
    p.put('b', ['governing law of England']);
    const first = await SearchEngine.open(p, { saveDelayMs: 0 });
    expect(first.engine.stats).toMatchObject({ documents: 2, chunks: 2 });

    // While the index was closed: b deleted, c added (a crash after commit), a re-chunked.
    p.docs.delete('b');
    p.put('c', ['force majeure events']);
    p.put('a', ['arbitration seated in Paris', 'second chunk']);
    const { engine, report } = await SearchEngine.open(p, { saveDelayMs: 0 });
    expect(report).toMatchObject({ fromSnapshot: true, added: 2, removed: 2 });
    expect(engine.stats).toMatchObject({ documents: 2, chunks: 3 });
    expect(await engine.searchLexical({ text: 'governing law' })).toEqual([]);
    expect((await engine.searchLexical({ text: 'Paris' }))[0]?.chunkId).toBe('a:0');
    expect((await engine.searchLexical({ text: 'London' })).length).toBe(0);
  });

  it('rebuilds when the snapshot is unreadable', async () => {
    const p = new MemoryPersistence();
    p.put('a', ['liquidated damages']);
    p.snapshot = { format: 2, manifest: { version: 999 }, segments: new Map() } as unknown as StoredLexical;
    const logs: string[] = [];
    const { engine, report } = await SearchEngine.open(p, { saveDelayMs: 0, log: (m) => logs.push(m) });
    expect(report.fromSnapshot).toBe(false);
    expect(logs[0]).toMatch(/unreadable index snapshot/);
    expect((await engine.searchLexical({ text: 'liquidated damages' })).length).toBe(1);
  });

  it('saves after changes only when flushed (or after the delay)', async () => {
    const p = new MemoryPersistence();
    const { engine } = await SearchEngine.open(p, { saveDelayMs: 0 });
    const saves = p.saves;
    await engine.addDocument({ id: 'x', name: 'x', language: 'en' }, [chunkRecord('x', 0, 'non-solicitation of employees')]);
    expect(p.saves).toBe(saves);
    await engine.flush();
    expect(p.saves).toBe(saves + 1);
    await engine.flush();
    expect(p.saves).toBe(saves + 1);
  });

  it('loads the vectors of the active model only and searches them exactly', async () => {
    const p = new MemoryPersistence();
    p.put('a', ['first', 'second']);
    p.put('b', ['third']);
    const unit = (...xs: number[]) => Float32Array.from(xs.map((x) => x / Math.hypot(...xs)));
    p.vectors.push(
      { documentId: 'a', modelId: 'm1', dim: 2, seqs: Uint32Array.of(0, 1), data: Float32Array.of(...unit(1, 0), ...unit(0, 1)) },
      { documentId: 'b', modelId: 'm1', dim: 2, seqs: Uint32Array.of(0), data: unit(1, 1) },
      { documentId: 'b', modelId: 'other', dim: 3, seqs: Uint32Array.of(0), data: unit(1, 1, 1) },
      { documentId: 'gone', modelId: 'm1', dim: 2, seqs: Uint32Array.of(0), data: unit(1, 0) },
    );
    const { engine } = await SearchEngine.open(p, { saveDelayMs: 0 });
    expect(engine.searchDense(unit(1, 0), 5)).toEqual([]);
    await engine.useEmbeddingModel({ modelId: 'm1', dim: 2 });
    expect(engine.stats).toMatchObject({ vectorModel: 'm1', vectorDocuments: 2, vectors: 3 });
    const hits = engine.searchDense(unit(1, 0.1), 2);
    expect(hits.map((h) => h.chunkId)).toEqual(['a:0', 'b:0']);
    expect(hits[0]?.foundBy).toEqual(['dense']);
    expect(engine.searchDense(unit(1, 0.1), 5, { documentIds: ['b'] }).map((h) => h.chunkId)).toEqual(['b:0']);
    // Vectors of another model are refused, never mixed in.
    expect(await engine.addVectors({ id: 'b', language: 'en' }, { documentId: 'b', modelId: 'other', dim: 3, seqs: Uint32Array.of(0), data: unit(1, 1, 1) })).toBe(false);
    await engine.removeDocument('a');
    expect(engine.searchDense(unit(1, 0), 5).map((h) => h.documentId)).toEqual(['b']);
    p.put('c', ['fourth']);
    await engine.addDocument({ id: 'c', name: 'c', language: 'en' }, p.docs.get('c')!.chunks);
    expect((await engine.documentsWithoutVectors()).map((d) => d.id)).toEqual(['c']);
  });

  it('loads vectors in the background when asked not to wait: keyword answers meanwhile, dense once they are in', async () => {
    const p = new MemoryPersistence();
    p.put('a', ['liquidated damages clause']);
    p.put('b', ['governing law of England']);
    const unit = (...xs: number[]) => Float32Array.from(xs.map((x) => x / Math.hypot(...xs)));
    p.vectors.push(
      { documentId: 'a', modelId: 'm1', dim: 2, seqs: Uint32Array.of(0), data: unit(1, 0) },
      { documentId: 'b', modelId: 'm1', dim: 2, seqs: Uint32Array.of(0), data: unit(0, 1) },
    );
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const records = p.vectorRecords.bind(p);
    p.vectorRecords = async (id: string) => {
      await gate;
      return records(id);
    };
    const { engine } = await SearchEngine.open(p, { saveDelayMs: 0 });
    await engine.useEmbeddingModel({ modelId: 'm1', dim: 2 }, { wait: false });
    expect(engine.denseReady).toBe(false);
    expect(engine.searchDense(unit(1, 0), 5)).toEqual([]);
    const embedder = { model: { id: 'm1', dtype: 'fp32' as const, device: 'cpu' as const, dim: 2 }, embed: async () => [unit(1, 0)] };
    const lookup = { chunksByIds: async (ids: readonly string[]) => ids.map((id) => p.docs.get(id.split(':')[0]!)?.chunks[0]), documentsByIds: async () => [], chunksBySeq: async () => [] };
    const early = await runPipeline({ text: 'liquidated damages', settings: { ...DEFAULT_PIPELINE, rerank: false } }, { engine, lookup, embedder });
    expect(early.explanation.dense).toBe('loading');
    expect(early.explanation.timings['dense_wait']).toBeGreaterThanOrEqual(DENSE_LOAD_WAIT_MS - 5);
    expect(early.explanation.notes.join(' ')).toMatch(/still loading/);
    // A document removed and one re-embedded while loading: the load does not bring back the old state.
    await engine.removeDocument('b');
    await engine.addVectors({ id: 'a', language: 'en' }, { documentId: 'a', modelId: 'm1', dim: 2, seqs: Uint32Array.of(0), data: unit(1, 1) });
    release();
    await engine.whenVectorsLoaded();
    expect(engine.denseReady).toBe(true);
    expect(engine.stats).toMatchObject({ vectorDocuments: 1, vectors: 1 });
    expect(engine.searchDense(unit(1, 1), 5)[0]).toMatchObject({ chunkId: 'a:0' });
    expect(engine.searchDense(unit(1, 1), 5)[0]!.score).toBeCloseTo(1, 6);
    const late = await runPipeline({ text: 'liquidated damages', settings: { ...DEFAULT_PIPELINE, rerank: false } }, { engine, lookup, embedder });
    expect(late.explanation.dense).toBe('on');
    expect(late.explanation.timings['dense_wait']).toBeUndefined();
  });

  it('converts a version-1 snapshot once, then saves it in the current format', async () => {
    const p = new MemoryPersistence();
    p.put('a', ['arbitration in London', 'indemnification by the supplier']);
    p.put('b', ['governing law of England']);
    const old = new MiniSearchLexicalIndex();
    for (const d of p.docs.values()) old.add(d.entry, d.chunks);
    p.snapshot = { format: 1, snapshot: old.toSnapshot() };
    const { engine, report } = await SearchEngine.open(p, { saveDelayMs: 0 });
    expect(report).toMatchObject({ fromSnapshot: true, upgraded: true, added: 0, removed: 0 });
    expect(p.snapshot?.format).toBe(2);
    expect(p.saves).toBe(1);
    for (const q of ['arbitration London', 'supplier indemnification', 'law']) expect(await engine.searchLexical({ text: q })).toEqual(old.search({ text: q }));
    const again = await SearchEngine.open(p, { saveDelayMs: 0 });
    expect(again.report).toMatchObject({ fromSnapshot: true, added: 0, removed: 0 });
    expect(again.report.upgraded).toBeUndefined();
    expect(p.saves).toBe(1);
  });
});
