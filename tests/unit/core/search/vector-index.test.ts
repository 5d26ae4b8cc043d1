import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IndexError } from '../../../../src/core/errors';
import { decode, encode } from '../../../../src/core/search/vector-codec';
import { VectorIndex, type VectorFilter, type VectorHit, type VectorRecordLike } from '../../../../src/core/search/vector-index';
import { prng } from '../../../../src/core/prng';

// ---- helpers ------------------------------------------------------------------------------------


function unitVector(dim: number, rand: () => number): Float32Array {
  const v = new Float32Array(dim);
  let norm = 0;
  for (let i = 0; i < dim; i++) {
    const x = Math.sqrt(-2 * Math.log(rand() || 1e-12)) * Math.cos(2 * Math.PI * rand());
    v[i] = x;
    norm += x * x;
  }
  const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let i = 0; i < dim; i++) v[i] = v[i]! * inv;
  return v;
}

function concat(vectors: readonly Float32Array[], dim: number): Float32Array {
  const out = new Float32Array(vectors.length * dim);
  vectors.forEach((v, i) => out.set(v, i * dim));
  return out;
}

/** The reference arithmetic of the index (even/odd accumulators), written the plain way. */
function laneDot(a: Float32Array, b: Float32Array): number {
  const lanes = [0, 0];
  const pairs = a.length - (a.length % 2);
  for (let i = 0; i < pairs; i++) lanes[i % 2]! += a[i]! * b[i]!;
  if (pairs < a.length) lanes[0]! += a[pairs]! * b[pairs]!;
  return lanes[0]! + lanes[1]!;
}

function plainDot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

interface RefDoc {
  readonly id: string;
  readonly language: string | null;
  readonly seqs: number[];
  readonly vectors: Float32Array[];
}

/** A brute-force model of the index: documents in insertion order, full sort. */
class Reference {
  docs: RefDoc[] = [];
  add(doc: RefDoc): void {
    this.remove(doc.id);
    this.docs.push(doc);
  }
  remove(id: string): void {
    this.docs = this.docs.filter((d) => d.id !== id);
  }
  search(query: Float32Array, k: number, filter: VectorFilter = {}): (VectorHit & { plain: number })[] {
    const allowed = filter.documentIds === undefined ? null : new Set(filter.documentIds);
    const rows: (VectorHit & { plain: number; row: number })[] = [];
    let row = 0;
    for (const d of this.docs) {
      d.vectors.forEach((v, i) => {
        const keep = (allowed === null || allowed.has(d.id)) && (filter.language === undefined || d.language === filter.language);
        if (keep) rows.push({ chunkId: `${d.id}:${d.seqs[i]}`, documentId: d.id, seq: d.seqs[i]!, score: laneDot(v, query), plain: plainDot(v, query), row });
        row++;
      });
    }
    rows.sort((a, b) => b.score - a.score || a.row - b.row);
    return rows.slice(0, Math.max(0, Math.floor(k)));
  }
}

function expectSameHits(actual: VectorHit[], expected: (VectorHit & { plain: number })[]): void {
  expect(actual.map((h) => h.chunkId)).toEqual(expected.map((h) => h.chunkId));
  actual.forEach((h, i) => {
    expect(h.score).toBe(expected[i]!.score);
    expect(Math.abs(h.score - expected[i]!.plain)).toBeLessThan(1e-6);
    expect(h.documentId).toBe(expected[i]!.documentId);
  });
}

function record(documentId: string, modelId: string, dim: number, vectors: Float32Array[], language: string | null = null): VectorRecordLike {
  return { documentId, modelId, dim, seqs: Uint32Array.from(vectors.keys()), data: concat(vectors, dim), language };
}

function smallIndex(): { index: VectorIndex; rand: () => number } {
  const rand = prng(7);
  const index = new VectorIndex({ modelId: 'm', dim: 8 });
  const langs = ['en', 'de', null, 'en'];
  for (let d = 0; d < 4; d++) {
    const vectors = Array.from({ length: 3 + d }, () => unitVector(8, rand));
    index.addDocument(`doc${d}`, Uint32Array.from(vectors.keys()), concat(vectors, 8), { language: langs[d]! });
  }
  return { index, rand };
}

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(IndexError);
    return (error as IndexError).code;
  }
  return undefined;
}

// ---- properties ---------------------------------------------------------------------------------

const LANGUAGES = ['en', 'de', null] as const;

const opArb = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('add' as const), doc: fc.nat(7), rows: fc.nat(12), lang: fc.constantFrom(...LANGUAGES), dupe: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), doc: fc.nat(7) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('compact' as const) }) },
);

const queryArb = fc.record({
  k: fc.integer({ min: 0, max: 60 }),
  docs: fc.option(fc.uniqueArray(fc.nat(8), { maxLength: 5 }), { nil: undefined }),
  asSet: fc.boolean(),
  lang: fc.option(fc.constantFrom('en', 'de', 'fr'), { nil: undefined }),
});

describe('VectorIndex (properties)', () => {
  it('search equals a brute-force reference, also after records and codec round trips', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 64 }), fc.integer(), fc.array(opArb, { maxLength: 40 }), fc.array(queryArb, { minLength: 1, maxLength: 5 }), (dim, seed, ops, queries) => {
        const rand = prng(seed);
        const index = new VectorIndex({ modelId: 'test-model', dim });
        const ref = new Reference();
        const pool: Float32Array[] = [];
        for (const op of ops) {
          if (op.kind === 'add') {
            const vectors = Array.from({ length: op.rows }, () => {
              // Sometimes repeat an earlier vector: exact ties must break by row order.
              const v = op.dupe && pool.length > 0 && rand() < 0.5 ? pool[Math.floor(rand() * pool.length)]! : unitVector(dim, rand);
              pool.push(v);
              return v;
            });
            const seqs = Array.from({ length: op.rows }, (_, i) => i * 2 + 1);
            const doc: RefDoc = { id: `d${op.doc}`, language: op.lang, seqs, vectors };
            index.addDocument(doc.id, Uint32Array.from(seqs), concat(vectors, dim), { language: op.lang, modelId: 'test-model' });
            ref.add(doc);
          } else if (op.kind === 'remove') {
            expect(index.removeDocument(`d${op.doc}`)).toBe(ref.docs.some((d) => d.id === `d${op.doc}`));
            ref.remove(`d${op.doc}`);
          } else index.compact();
        }
        expect(index.documents()).toEqual(ref.docs.map((d) => d.id));
        expect(index.size).toBe(ref.docs.reduce((n, d) => n + d.vectors.length, 0));

        const fromRecords = VectorIndex.fromRecords('test-model', dim, index.toRecords());
        const fromCodec = decode(encode(index));
        for (const q of queries) {
          const query = pool.length > 0 && rand() < 0.3 ? pool[Math.floor(rand() * pool.length)]! : unitVector(dim, rand);
          const ids = q.docs?.map((n) => `d${n}`);
          const filter: VectorFilter = {
            ...(ids ? { documentIds: q.asSet ? new Set(ids) : ids } : {}),
            ...(q.lang !== undefined ? { language: q.lang } : {}),
          };
          const expected = ref.search(query, q.k, filter);
          const actual = index.search(query, q.k, filter);
          expectSameHits(actual, expected);
          expect(fromRecords.search(query, q.k, filter)).toEqual(actual);
          expect(fromCodec.search(query, q.k, filter)).toEqual(actual);
        }
      }),
      { numRuns: 300 },
    );
  });
});

// ---- examples -----------------------------------------------------------------------------------

describe('VectorIndex', () => {
  it('refuses vectors of another model or dimension', () => {
    const index = new VectorIndex({ modelId: 'Y', dim: 384 });
    const rand = prng(1);
    const big = record('a', 'X', 1024, [unitVector(1024, rand)]);
    expect(() => index.addRecord(big)).toThrow(/^VectorIndex: .*model X \(dim 1024\) into an index of model Y \(dim 384\)$/);
    expect(codeOf(() => index.addRecord(big))).toBe('index/model-mismatch');
    // Same dimension, other model.
    expect(codeOf(() => index.addRecord(record('a', 'X', 384, [unitVector(384, rand)])))).toBe('index/model-mismatch');
    expect(codeOf(() => index.addDocument('a', new Uint32Array([0]), unitVector(384, rand), { modelId: 'X' }))).toBe('index/model-mismatch');
    // Vectors of another dimension without a model id.
    expect(codeOf(() => index.addDocument('a', new Uint32Array([0, 1]), new Float32Array(2 * 1024)))).toBe('index/model-mismatch');
    expect(codeOf(() => VectorIndex.fromRecords('Y', 384, [big]))).toBe('index/model-mismatch');
    expect(codeOf(() => index.search(new Float32Array(1024), 5))).toBe('index/model-mismatch');
    expect(index.size).toBe(0);
    expect(index.has('a')).toBe(false);
    // A data length that is no whole number of vectors is an input error.
    expect(() => index.addDocument('a', new Uint32Array([0, 1]), new Float32Array(385))).toThrow(/has 385 floats for 2 chunks/);
  });

  it('searches an empty index', () => {
    const index = new VectorIndex({ modelId: 'm', dim: 4 });
    expect(index.search(new Float32Array([1, 0, 0, 0]), 10)).toEqual([]);
    expect(index.size).toBe(0);
    expect(index.documents()).toEqual([]);
    expect(decode(encode(index)).size).toBe(0);
    expect(VectorIndex.fromRecords('m', 4, []).search(new Float32Array(4), 3)).toEqual([]);
  });

  it('returns every vector when k exceeds the size, and nothing for k <= 0', () => {
    const { index, rand } = smallIndex();
    const q = unitVector(8, rand);
    const all = index.search(q, 1000);
    expect(all).toHaveLength(index.size);
    expect(all.map((h) => h.score)).toEqual([...all.map((h) => h.score)].sort((a, b) => b - a));
    expect(index.search(q, 0)).toEqual([]);
    expect(index.search(q, -1)).toEqual([]);
    expect(index.search(q, Number.NaN)).toEqual([]);
    expect(index.search(q, 2.7)).toHaveLength(2);
    expect(index.search(q, Infinity)).toHaveLength(index.size);
  });

  it('finds a stored vector first with score ~1', () => {
    const { index } = smallIndex();
    const rec = index.toRecord('doc2')!;
    const hit = index.search(rec.data.subarray(8, 16), 1)[0]!;
    expect(hit).toMatchObject({ chunkId: 'doc2:1', documentId: 'doc2', seq: 1 });
    expect(hit.score).toBeCloseTo(1, 5);
  });

  it('filters by document set and by language, before scoring', () => {
    const { index, rand } = smallIndex();
    const q = unitVector(8, rand);
    const docsOf = (hits: VectorHit[]): string[] => [...new Set(hits.map((h) => h.documentId))].sort();
    expect(docsOf(index.search(q, 100, { documentIds: ['doc1', 'doc3', 'nope'] }))).toEqual(['doc1', 'doc3']);
    expect(docsOf(index.search(q, 100, { documentIds: new Set(['doc2']) }))).toEqual(['doc2']);
    expect(docsOf(index.search(q, 100, { language: 'en' }))).toEqual(['doc0', 'doc3']);
    expect(docsOf(index.search(q, 100, { language: 'en', documentIds: ['doc1', 'doc3'] }))).toEqual(['doc3']);
    expect(index.search(q, 100, { language: 'fr' })).toEqual([]);
    expect(index.search(q, 100, { documentIds: [] })).toEqual([]);
    // The filtered top-k is the top-k of the filtered set, not a filtered top-k.
    const top2 = index.search(q, 2, { documentIds: ['doc1'] });
    expect(top2).toEqual(index.search(q, 100).filter((h) => h.documentId === 'doc1').slice(0, 2));
  });

  it('removes a document, then takes it back (at the end of the row order)', () => {
    const { index, rand } = smallIndex();
    const before = index.toRecord('doc1')!;
    const sizeBefore = index.size;
    expect(index.removeDocument('doc1')).toBe(true);
    expect(index.removeDocument('doc1')).toBe(false);
    expect(index.has('doc1')).toBe(false);
    expect(index.size).toBe(sizeBefore - before.seqs.length);
    const q = unitVector(8, rand);
    expect(index.search(q, 100).some((h) => h.documentId === 'doc1')).toBe(false);
    index.addRecord(before);
    expect(index.has('doc1')).toBe(true);
    expect(index.size).toBe(sizeBefore);
    expect(index.documents()).toEqual(['doc0', 'doc2', 'doc3', 'doc1']);
    expect(index.search(q, 100, { documentIds: ['doc1'] })).toHaveLength(before.seqs.length);
  });

  it('replaces a document that is added again', () => {
    const { index, rand } = smallIndex();
    const v = unitVector(8, rand);
    index.addDocument('doc0', new Uint32Array([9]), v, { language: 'de' });
    expect(index.search(v, 100, { documentIds: ['doc0'] }).map((h) => h.chunkId)).toEqual(['doc0:9']);
    expect(index.search(v, 1, { language: 'de' })[0]!.chunkId).toBe('doc0:9');
  });

  it('keeps one copy of each vector: the arrays it was given, released when removed', () => {
    const rand = prng(3);
    const index = new VectorIndex({ modelId: 'm', dim: 16 });
    const added: Float32Array[] = [];
    for (let d = 0; d < 200; d++) {
      const data = concat([unitVector(16, rand), unitVector(16, rand), unitVector(16, rand)], 16);
      added.push(data);
      index.addDocument(`d${d}`, Uint32Array.from([0, 1, 2]), data);
    }
    const entries = [...index.entries()];
    expect(entries.every((e, d) => e.data === added[d])).toBe(true);
    const vectorBytes = () => [...index.entries()].reduce((n, e) => n + e.data.byteLength + e.seqs.byteLength, 0);
    const overhead = index.memoryBytes - vectorBytes();
    for (let d = 0; d < 190; d++) index.removeDocument(`d${d}`);
    expect(index.size).toBe(30);
    expect(vectorBytes()).toBe(30 * 16 * 4 + 10 * 3 * 4);
    expect(index.memoryBytes - vectorBytes()).toBeLessThanOrEqual(overhead);
    index.compact();
    expect(index.documents()).toEqual(Array.from({ length: 10 }, (_, i) => `d${190 + i}`));
  });

  it('builds from records without copying their vectors', () => {
    const { index } = smallIndex();
    const records = index.toRecords();
    const rebuilt = VectorIndex.fromRecords('m', 8, records);
    expect([...rebuilt.entries()].map((e) => e.data)).toEqual(records.map((r) => r.data));
    expect([...rebuilt.entries()].every((e, i) => e.data === records[i]!.data && e.seqs === records[i]!.seqs)).toBe(true);
    expect(rebuilt.toRecords()).toEqual(records);
    expect(() => new VectorIndex({ modelId: 'm', dim: 8, initialCapacity: -1 })).toThrow(/invalid initial capacity/);
  });

  it('keeps a document without vectors', () => {
    const index = new VectorIndex({ modelId: 'm', dim: 3 });
    index.addDocument('empty', new Uint32Array(0), new Float32Array(0));
    expect(index.has('empty')).toBe(true);
    expect(index.size).toBe(0);
    expect(decode(encode(index)).has('empty')).toBe(true);
    expect(VectorIndex.fromRecords('m', 3, index.toRecords()).has('empty')).toBe(true);
  });

  it('hands out records that own their buffers', () => {
    const { index, rand } = smallIndex();
    const records = index.toRecords();
    expect(records.map((r) => r.documentId)).toEqual(['doc0', 'doc1', 'doc2', 'doc3']);
    for (const r of records) {
      expect(r).toMatchObject({ modelId: 'm', dim: 8 });
      expect(r.data.buffer.byteLength).toBe(r.seqs.length * 8 * 4); // not a view into the whole index
      expect(r.seqs.buffer.byteLength).toBe(r.seqs.length * 4);
    }
    const q = unitVector(8, rand);
    const before = index.search(q, 5);
    records[0]!.data.fill(0);
    expect(index.search(q, 5)).toEqual(before);
    expect(records[2]!.language).toBeNull();
  });

  it('takes languages from a lookup when stored records carry none', () => {
    const { index, rand } = smallIndex();
    const bare = index.toRecords().map(({ language: _language, ...rest }) => rest);
    const rebuilt = VectorIndex.fromRecords('m', 8, bare, { languageOf: (id) => (id === 'doc2' ? 'fr' : null) });
    expect(rebuilt.search(unitVector(8, rand), 100, { language: 'fr' }).every((h) => h.documentId === 'doc2')).toBe(true);
    expect(codeOf(() => VectorIndex.fromRecords('m', 8, [...bare, bare[0]!]))).toBe('index/corrupt');
  });

  it('rejects a query with non-finite values', () => {
    const { index } = smallIndex();
    expect(() => index.search(new Float32Array(8).fill(Number.NaN), 3)).toThrow(/not a finite number/);
  });

  it('refuses an invalid model or dimension', () => {
    expect(() => new VectorIndex({ modelId: '', dim: 3 })).toThrow(/invalid model id/);
    expect(() => new VectorIndex({ modelId: 'm', dim: 0 })).toThrow(/invalid dimension 0/);
    expect(() => new VectorIndex({ modelId: 'm', dim: 1.5 })).toThrow(/invalid dimension/);
    expect(() => new VectorIndex({ modelId: 'm', dim: 3, storage: 'int8' as 'f32' })).toThrow(/unsupported storage/);
  });
});

describe('vector codec', () => {
  it('round-trips ids, languages, seqs and floats exactly, from an unaligned view too', () => {
    const { index, rand } = smallIndex();
    index.removeDocument('doc1'); // a tombstone inside: the blob holds live rows only
    const blob = encode(index);
    const shifted = new Uint8Array(blob.byteLength + 3);
    shifted.set(new Uint8Array(blob), 3);
    for (const back of [decode(blob), decode(shifted.subarray(3))]) {
      expect(back.modelId).toBe('m');
      expect(back.dim).toBe(8);
      expect(back.toRecords()).toEqual(index.toRecords());
      const q = unitVector(8, rand);
      expect(back.search(q, 7, { language: 'en' })).toEqual(index.search(q, 7, { language: 'en' }));
    }
  });

  it('rejects a wrong magic, a wrong version, a truncated or padded buffer', () => {
    const { index } = smallIndex();
    const blob = new Uint8Array(encode(index));
    const patched = (at: number, byte: number): Uint8Array => {
      const copy = blob.slice();
      copy[at] = byte;
      return copy;
    };
    expect(() => decode(patched(0, 0x58))).toThrow(/bad magic/);
    expect(() => decode(patched(4, 2))).toThrow(/unsupported version 2/);
    expect(() => decode(patched(6, 1))).toThrow(/unsupported flags/);
    expect(codeOf(() => decode(patched(12, blob[12]! + 1)))).toBe('index/corrupt'); // row count
    expect(codeOf(() => decode(patched(16, 200)))).toBe('index/corrupt'); // document count
    const padded = new Uint8Array(blob.length + 4);
    padded.set(blob);
    expect(() => decode(padded)).toThrow(/trailing bytes/);
    expect(() => decode(new ArrayBuffer(0))).toThrow(IndexError);
    for (let cut = 0; cut < blob.length; cut += cut < 200 ? 1 : 37) {
      expect(codeOf(() => decode(blob.subarray(0, cut)))).toBe('index/corrupt');
    }
  });

  it('rejects invalid UTF-8 in an id', () => {
    const index = new VectorIndex({ modelId: 'm', dim: 2 });
    index.addDocument('ab', new Uint32Array([0]), new Float32Array([1, 0]));
    const blob = new Uint8Array(encode(index));
    const at = blob.indexOf(0x61, 24); // "a" of the document id (after the model id "m")
    blob[at] = 0xff;
    expect(() => decode(blob)).toThrow(/invalid UTF-8 in document id/);
  });
});
