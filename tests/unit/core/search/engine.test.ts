import { describe, expect, it } from 'vitest';
import { SearchEngine, type IndexPersistence } from '../../../../src/core/search/engine';
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
    for (const s of write.segments) segments.set(s.id, s.bytes.slice());
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
    expect(engine.documentsWithoutVectors().map((d) => d.id)).toEqual(['c']);
  });
});
