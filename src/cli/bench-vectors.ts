/**
 * Benchmark of the flat vector index at workspace scale: 20,000 x 1024 random L2-normalised
 * vectors (seeded) in 200 documents.
 *
 *   npx tsx src/cli/bench-vectors.ts            # prints a table
 *   import { benchVectors } from './bench-vectors'  # figures for `npm run bench`
 *
 * The index scans its int8 rows with the WebAssembly SIMD kernel and rescores in float32
 * (vector-int8.ts). Besides it, two alternatives in plain JavaScript, so the choices in
 * src/core/search/vector-scan.ts and vector-index.ts can be checked again on any machine: the
 * plain single-row dot (4 accumulators along the coordinates), and int8 scanned in JavaScript
 * (per-vector scale, candidates rescored in f32) — slower than the float32 scan, which is why
 * the index scans float32 exactly where SIMD is not available.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { decode, encode } from '../core/search/vector-codec';
import { VectorIndex, type VectorRecordLike } from '../core/search/vector-index';
import { prng } from '../core/prng';

export interface BenchVectorsOptions {
  readonly vectors?: number;
  readonly dim?: number;
  readonly documents?: number;
  readonly k?: number;
  readonly queries?: number;
  readonly warmup?: number;
  readonly seed?: number;
  /** Also measure the int8 and single-row alternatives (default true). */
  readonly alternatives?: boolean;
}

const MODEL = 'bench/random-1024';

export async function benchVectors(options: BenchVectorsOptions = {}): Promise<Record<string, number>> {
  const n = options.vectors ?? 20_000;
  const dim = options.dim ?? 1024;
  const docCount = options.documents ?? 200;
  const k = options.k ?? 50;
  const queryCount = options.queries ?? 50;
  const warmup = options.warmup ?? 10;
  const rand = prng(options.seed ?? 42);
  const out: Record<string, number> = { vectors: n, dim, documents: docCount, k };

  // ---- data: one record per document, as the store holds them
  const records: VectorRecordLike[] = [];
  const perDoc = Math.ceil(n / docCount);
  for (let d = 0, left = n; d < docCount; d++) {
    const rows = Math.min(perDoc, left);
    left -= rows;
    const data = new Float32Array(rows * dim);
    for (let r = 0; r < rows; r++) fillUnit(data.subarray(r * dim, (r + 1) * dim), rand);
    records.push({ documentId: `doc-${d}`, modelId: MODEL, dim, seqs: Uint32Array.from({ length: rows }, (_, i) => i), data, language: d % 4 === 0 ? 'de' : 'en' });
  }
  const queries = Array.from({ length: warmup + queryCount }, () => fillUnit(new Float32Array(dim), rand));
  const filterIds = new Set(records.filter((_, i) => i % Math.max(1, Math.floor(docCount / 20)) === 0).map((r) => r.documentId).slice(0, 20));

  // ---- build
  out['build_from_records_ms'] = time(() => VectorIndex.fromRecords(MODEL, dim, records));
  const index = VectorIndex.fromRecords(MODEL, dim, records);
  out['build_incremental_ms'] = time(() => {
    const grown = new VectorIndex({ modelId: MODEL, dim });
    for (const r of records) grown.addRecord(r);
  });
  out['memory_bytes'] = index.memoryBytes;

  // ---- queries (the alternatives are timed on the same queries, interleaved, so that load
  // from other processes hits them alike)
  const alternatives = options.alternatives ?? true;
  const flat = alternatives ? concatRecords(records, dim) : new Float32Array(0);
  let q8: Int8Quantized | undefined;
  if (alternatives) {
    out['alt_int8_quantize_ms'] = time(() => (q8 = quantize(flat, dim)));
    out['alt_int8_bytes'] = q8!.codes.byteLength + q8!.scales.byteLength;
  }
  const rescore = 4 * k;
  const runs: Record<string, (q: Float32Array) => unknown> = {
    query: (q) => index.search(q, k),
    query_filter20: (q) => index.search(q, k, { documentIds: filterIds }),
    query_lang: (q) => index.search(q, k, { language: 'de' }),
    ...(alternatives && {
      alt_single_row_dot4_scan: (q: Float32Array) => scanSingleRow(flat, dim, q),
      alt_int8_query: (q: Float32Array) => int8Search(q8!, flat, dim, q, k, rescore),
    }),
  };
  await tick();
  const times = new Map<string, number[]>(Object.keys(runs).map((name) => [name, []]));
  for (let i = 0; i < queries.length; i++) {
    for (const [name, run] of Object.entries(runs)) {
      const ms = time(() => run(queries[i]!));
      if (i >= warmup) times.get(name)!.push(ms);
    }
  }
  for (const [name, list] of times) {
    out[`${name}_ms_median`] = percentile(list, 0.5);
    out[`${name}_ms_p95`] = percentile(list, 0.95);
    out[`${name}_ms_min`] = percentile(list, 0);
  }

  // Exactness against a brute-force full sort (plain sequential dot).
  const exact = queries.slice(0, 5).map((q) => bruteForce(index, q, k));
  out['recall_at_k'] = mean(queries.slice(0, 5).map((q, i) => overlap(index.search(q, k).map((h) => h.chunkId), exact[i]!)));

  // ---- codec
  let blob = new ArrayBuffer(0);
  out['codec_encode_ms'] = time(() => (blob = encode(index)));
  out['codec_bytes'] = blob.byteLength;
  out['codec_decode_ms'] = time(() => decode(blob));
  out['to_records_ms'] = time(() => index.toRecords());

  // ---- removal: 20 documents out (tombstones, then compaction), then back in
  const copy = VectorIndex.fromRecords(MODEL, dim, records);
  out['remove20_ms'] = time(() => {
    for (const id of filterIds) copy.removeDocument(id);
  });
  out['readd20_ms'] = time(() => {
    for (const r of records) if (filterIds.has(r.documentId)) copy.addRecord(r);
  });

  if (alternatives) {
    out['alt_int8_recall_at_k'] = mean(queries.slice(0, 5).map((q, i) => overlap(int8Search(q8!, flat, dim, q, k, rescore).map((r) => rowId(records, r)), exact[i]!)));
  }
  // The index's own figures first, the alternatives after.
  const ordered = Object.entries(out).sort(([a], [b]) => Number(a.startsWith('alt_')) - Number(b.startsWith('alt_')));
  return Object.fromEntries(ordered);
}

// ---- alternatives (measured, not used) ------------------------------------------------------------

/** A single-row dot unrolled four ways along the coordinates: the first version of the kernel. */
function scanSingleRow(data: Float32Array, dim: number, q: Float32Array): Float64Array {
  const rows = data.length / dim;
  const scores = new Float64Array(rows);
  const end = dim - (dim & 3);
  for (let r = 0; r < rows; r++) {
    const o = r * dim;
    let s0 = 0, s1 = 0, s2 = 0, s3 = 0; // prettier-ignore
    let i = 0;
    for (; i < end; i += 4) {
      s0 += data[o + i]! * q[i]!;
      s1 += data[o + i + 1]! * q[i + 1]!;
      s2 += data[o + i + 2]! * q[i + 2]!;
      s3 += data[o + i + 3]! * q[i + 3]!;
    }
    for (; i < dim; i++) s0 += data[o + i]! * q[i]!;
    scores[r] = s0 + s1 + (s2 + s3);
  }
  return scores;
}

interface Int8Quantized {
  readonly codes: Int8Array;
  readonly scales: Float32Array;
}

function quantize(data: Float32Array, dim: number): Int8Quantized {
  const rows = data.length / dim;
  const codes = new Int8Array(data.length);
  const scales = new Float32Array(rows);
  for (let r = 0; r < rows; r++) {
    const o = r * dim;
    let max = 0;
    for (let i = 0; i < dim; i++) max = Math.max(max, Math.abs(data[o + i]!));
    const scale = max / 127;
    scales[r] = scale;
    const inv = scale > 0 ? 1 / scale : 0;
    for (let i = 0; i < dim; i++) codes[o + i] = Math.round(data[o + i]! * inv);
  }
  return { codes, scales };
}

/** int8 x f32 scan of every row, the best `rescore` rescored exactly in f32. Returns rows. */
function int8Search(q8: Int8Quantized, data: Float32Array, dim: number, q: Float32Array, k: number, rescore: number): number[] {
  const { codes, scales } = q8;
  const rows = scales.length;
  const approx = new Float64Array(rows);
  const end = dim - (dim & 3);
  for (let r = 0; r < rows; r++) {
    const o = r * dim;
    let s0 = 0, s1 = 0, s2 = 0, s3 = 0; // prettier-ignore
    let i = 0;
    for (; i < end; i += 4) {
      s0 += codes[o + i]! * q[i]!;
      s1 += codes[o + i + 1]! * q[i + 1]!;
      s2 += codes[o + i + 2]! * q[i + 2]!;
      s3 += codes[o + i + 3]! * q[i + 3]!;
    }
    for (; i < dim; i++) s0 += codes[o + i]! * q[i]!;
    approx[r] = (s0 + s1 + (s2 + s3)) * scales[r]!;
  }
  const candidates = topRows(approx, rescore);
  const exact = candidates.map((r) => ({ r, s: dotPlain(data, r * dim, q) }));
  return exact.sort((a, b) => b.s - a.s || a.r - b.r).slice(0, k).map((e) => e.r);
}

// ---- helpers -------------------------------------------------------------------------------------

function bruteForce(index: VectorIndex, q: Float32Array, k: number): string[] {
  const scored: { id: string; s: number }[] = [];
  for (const e of index.entries()) {
    for (let r = 0; r < e.seqs.length; r++) scored.push({ id: `${e.documentId}:${e.seqs[r]}`, s: dotPlain(e.data, r * q.length, q) });
  }
  return scored.sort((a, b) => b.s - a.s).slice(0, k).map((x) => x.id);
}

function topRows(scores: Float64Array, n: number): number[] {
  return Array.from(scores.keys()).sort((a, b) => scores[b]! - scores[a]! || a - b).slice(0, n);
}

function rowId(records: readonly VectorRecordLike[], row: number): string {
  let r = row;
  for (const rec of records) {
    if (r < rec.seqs.length) return `${rec.documentId}:${rec.seqs[r]}`;
    r -= rec.seqs.length;
  }
  return '?';
}

function concatRecords(records: readonly VectorRecordLike[], dim: number): Float32Array {
  const rows = records.reduce((s, r) => s + r.seqs.length, 0);
  const out = new Float32Array(rows * dim);
  let at = 0;
  for (const r of records) {
    out.set(r.data, at);
    at += r.data.length;
  }
  return out;
}

function dotPlain(a: Float32Array, offset: number, q: Float32Array): number {
  let s = 0;
  for (let i = 0; i < q.length; i++) s += a[offset + i]! * q[i]!;
  return s;
}

function overlap(got: readonly string[], want: readonly string[]): number {
  const set = new Set(want);
  return want.length === 0 ? 1 : got.filter((id) => set.has(id)).length / want.length;
}


/** Fills `v` with a random unit vector (Gaussian coordinates, Box-Muller). */
function fillUnit(v: Float32Array, rand: () => number): Float32Array {
  let norm = 0;
  for (let i = 0; i < v.length; i += 2) {
    const radius = Math.sqrt(-2 * Math.log(rand() || 1e-12));
    const angle = 2 * Math.PI * rand();
    const a = radius * Math.cos(angle);
    const b = radius * Math.sin(angle);
    v[i] = a;
    norm += a * a;
    if (i + 1 < v.length) {
      v[i + 1] = b;
      norm += b * b;
    }
  }
  const inv = 1 / Math.sqrt(norm);
  for (let i = 0; i < v.length; i++) v[i] = v[i]! * inv;
  return v;
}

function time(fn: () => unknown): number {
  const started = performance.now();
  fn();
  return performance.now() - started;
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;
}

function mean(values: readonly number[]): number {
  return values.reduce((s, v) => s + v, 0) / values.length;
}

function tick(): Promise<void> {
  return new Promise((done) => setTimeout(done, 0));
}

function formatTable(figures: Record<string, number>): string {
  const width = Math.max(...Object.keys(figures).map((key) => key.length));
  return Object.entries(figures)
    .map(([key, value]) => {
      const shown = key.endsWith('bytes') ? `${(value / 1e6).toFixed(1)} MB` : Number.isInteger(value) ? String(value) : value.toFixed(2);
      return `${key.padEnd(width)}  ${shown}`;
    })
    .join('\n');
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  const figures = await benchVectors();
  console.log(`vector index benchmark (${process.version}, times in ms)`);
  console.log(formatTable(figures));
}
