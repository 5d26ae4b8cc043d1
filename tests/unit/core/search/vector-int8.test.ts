/**
 * The int8 SIMD scan of the vector index: the committed kernel is its .wat source assembled,
 * its dot products are the JavaScript reference's to the last bit, and the index that uses it
 * answers exactly what the float32 scan answers (chunks and scores), filters, removals and
 * compactions included.
 */
import { describe, expect, it } from 'vitest';
import { prng } from '../../../../src/core/prng';
import { int8Dots, Int8Rows, int8Stride, quantize, vectorKernel } from '../../../../src/core/search/vector-int8';
import { EXACT_SCAN_BELOW, VectorIndex, type VectorFilter } from '../../../../src/core/search/vector-index';
import { VECTOR_KERNEL_BASE64 } from '../../../../src/core/search/vector-kernel';
import { assembleKernel } from '../../../../src/cli/make-kernel';

function unit(dim: number, rand: () => number): Float32Array {
  const v = new Float32Array(dim);
  let n = 0;
  for (let i = 0; i < dim; i++) n += (v[i] = rand() * 2 - 1) ** 2;
  for (let i = 0; i < dim; i++) v[i] = v[i]! / Math.sqrt(n);
  return v;
}

describe('the int8 kernel', () => {
  it('is vector-kernel.wat assembled, and runs here (Node has WebAssembly SIMD)', async () => {
    expect(Buffer.from(await assembleKernel()).toString('base64')).toBe(VECTOR_KERNEL_BASE64);
    expect(vectorKernel()).not.toBeNull();
  });

  it('computes the reference dot products exactly, for any dimension and row count', { timeout: 60_000 }, () => {
    const rand = prng(5);
    for (const dim of [1, 15, 16, 17, 100, 1024]) {
      for (const rows of [1, 2, 3, 4, 5, 7, 9, 4100]) {
        if (dim === 1024 && rows > 9) continue;
        const store = new Int8Rows(vectorKernel()!, dim);
        store.reserve(rows);
        const data = new Float32Array(rows * dim);
        for (let i = 0; i < data.length; i++) data[i] = rand() * 2 - 1;
        // Extremes too: a row of the largest magnitudes, a row of zeros.
        data.fill(1, 0, dim);
        if (rows > 1) data.fill(0, dim, 2 * dim);
        store.write(0, data, rows);
        const query = Float32Array.from({ length: dim }, (_, i) => (i % 3 === 0 ? -1 : rand() * 2 - 1));
        store.setQuery(query);
        const { rows: bytes, query: q } = store.rowBytes(0, rows);
        const expected = new Int32Array(rows);
        int8Dots(q, 0, bytes, 0, rows, int8Stride(dim), expected);
        expect(store.rawDots(0, rows), `dim ${dim}, ${rows} rows`).toEqual(expected);
      }
    }
  });

  it('quantizes to [-127, 127] with the largest magnitude at ±127', () => {
    const out = new Int8Array(4);
    expect(quantize(Float32Array.from([0.5, -1, 0.25, 0]), 0, 4, out, 0)).toBeCloseTo(1 / 127, 9);
    expect([...out]).toEqual([64, -127, 32, 0]);
    expect(quantize(new Float32Array(4), 0, 4, out, 0)).toBe(0);
    expect([...out]).toEqual([0, 0, 0, 0]);
  });
});

describe('VectorIndex with the int8 scan', () => {
  it('answers exactly as the float32 scan, through filters, removals and compactions', { timeout: 60_000 }, () => {
    const rand = prng(11);
    const dim = 48;
    const fast = new VectorIndex({ modelId: 'm', dim });
    const exact = new VectorIndex({ modelId: 'm', dim, scan: 'exact' });
    expect(fast.scan).toBe('int8');
    expect(exact.scan).toBe('exact');
    const pool: Float32Array[] = [];
    const add = (id: string, rows: number, language: string) => {
      const data = new Float32Array(rows * dim);
      for (let r = 0; r < rows; r++) {
        // Some exact duplicates: ties must still break by row order.
        const v = pool.length > 10 && rand() < 0.05 ? pool[Math.floor(rand() * pool.length)]! : unit(dim, rand);
        pool.push(v);
        data.set(v, r * dim);
      }
      const seqs = Uint32Array.from({ length: rows }, (_, i) => i);
      fast.addDocument(id, seqs, data, { language });
      exact.addDocument(id, seqs.slice(), data.slice(), { language });
    };
    for (let d = 0; d < 120; d++) add(`d${d}`, 20 + Math.floor(rand() * 60), d % 3 === 0 ? 'de' : 'en');
    const check = () => {
      const filters: VectorFilter[] = [{}, { language: 'en' }, { documentIds: fast.documents().filter((_, i) => i % 2 === 0) }];
      let compared = 0;
      for (let q = 0; q < 25; q++) {
        const query = q % 5 === 0 ? pool[Math.floor(rand() * pool.length)]! : unit(dim, rand);
        for (const filter of filters) {
          for (const k of [1, 10, 50]) {
            expect(fast.search(query, k, filter)).toEqual(exact.search(query, k, filter));
            compared++;
          }
        }
      }
      return compared;
    };
    expect(fast.size).toBeGreaterThan(2 * EXACT_SCAN_BELOW);
    check();
    for (let d = 0; d < 120; d += 3) {
      fast.removeDocument(`d${d}`);
      exact.removeDocument(`d${d}`);
    }
    for (let d = 120; d < 150; d++) add(`d${d}`, 30, 'en');
    check();
    fast.compact();
    exact.compact();
    expect(check()).toBe(225);
  });

  it('finds the exact top 50 of 1024-d vectors (recall 1.0 on 20,000 random rows)', () => {
    const rand = prng(2);
    const dim = 1024;
    const records = Array.from({ length: 40 }, (_, d) => {
      const data = new Float32Array(500 * dim);
      for (let r = 0; r < 500; r++) data.set(unit(dim, rand), r * dim);
      return { documentId: `d${d}`, modelId: 'm', dim, seqs: Uint32Array.from({ length: 500 }, (_, i) => i), data, language: 'en' };
    });
    const fast = VectorIndex.fromRecords('m', dim, records);
    const exact = VectorIndex.fromRecords('m', dim, records, { scan: 'exact' });
    for (let q = 0; q < 10; q++) {
      const query = unit(dim, rand);
      expect(fast.search(query, 50)).toEqual(exact.search(query, 50));
    }
  }, 60_000);
});
