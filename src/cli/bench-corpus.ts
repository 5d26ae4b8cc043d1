/**
 * The benchmarks' generated workspace: legal-like passages over a Zipf vocabulary (the legal
 * words below are the frequent head, 6,000 made-up words the tail), 100 passages a document,
 * and random L2-normalised vectors. Seeded, so every run and every size sees the same data.
 */
import { toChunkRecords } from '../core/ingest/chunker';
import type { DocumentVectors } from '../core/ports';
import { prng } from '../core/prng';
import type { ChunkRecord, DocumentRecord } from '../core/types';

const WORDS = (
  'agreement party parties shall supplier customer services fees payment invoice term termination notice days written breach ' +
  'confidential information disclose liability damages indemnify claims losses warranty warranties insurance assignment consent ' +
  'governing law courts jurisdiction arbitration dispute intellectual property license rights obligations force majeure event ' +
  'delivery products price audit records data protection personal processing security incident subcontractor affiliate ' +
  'renewal expiry period months year exclusive territory minimum purchase order forecast acceptance defect remedy cure'
).split(' ');

const VOCABULARY = [...WORDS, ...Array.from({ length: 6000 }, (_, i) => `w${i.toString(36)}x${(i * 7919) % 997}`)];

export const PASSAGES_PER_DOCUMENT = 100;
export const BENCH_MODEL = 'bench';

function word(rand: () => number): string {
  // P(rank r) ∝ 1/r: inverse-transform sampling on the harmonic series, approximately.
  const r = Math.floor(Math.exp(rand() * Math.log(VOCABULARY.length))) - 1;
  return VOCABULARY[Math.min(VOCABULARY.length - 1, Math.max(0, r))]!;
}

export function sentence(rand: () => number, n: number): string {
  const words = Array.from({ length: n }, () => word(rand));
  return words.join(' ').replace(/^./, (c) => c.toUpperCase()) + '.';
}

export function unitVector(rand: () => number, dim: number, into = new Float32Array(dim)): Float32Array {
  let n = 0;
  for (let i = 0; i < dim; i++) n += (into[i] = rand() * 2 - 1) ** 2;
  n = Math.sqrt(n);
  for (let i = 0; i < dim; i++) into[i]! /= n;
  return into;
}

export interface BenchDocument {
  readonly doc: DocumentRecord;
  readonly chunks: ChunkRecord[];
  readonly vectors: DocumentVectors | null;
}

/** The documents of a workspace of `passages` passages (rounded up to whole documents), one at a time. */
export function* benchDocuments(passages: number, options: { dim?: number; seed?: number } = {}): Generator<BenchDocument> {
  const dim = options.dim ?? 1024;
  const textRand = prng(options.seed ?? 11);
  const vectorRand = prng((options.seed ?? 11) + 1);
  const docs = Math.ceil(passages / PASSAGES_PER_DOCUMENT);
  for (let d = 0; d < docs; d++) {
    const id = `doc-${d}`;
    const perDoc = PASSAGES_PER_DOCUMENT;
    const chunks = toChunkRecords(
      id,
      Array.from({ length: perDoc }, (_, seq) => {
        const text = Array.from({ length: 6 }, () => sentence(textRand, 14)).join(' ');
        return { seq, pageStart: 1 + Math.floor(seq / 4), pageEnd: 1 + Math.floor(seq / 4), charStart: 0, charEnd: text.length, sectionPath: [`${seq + 1} Clause`], sectionOrdinal: String(seq + 1), sectionTitle: 'Clause', text, sourceText: text, tokens: 110 };
      }),
    );
    let vectors: DocumentVectors | null = null;
    if (dim > 0) {
      const data = new Float32Array(perDoc * dim);
      for (let i = 0; i < perDoc; i++) unitVector(vectorRand, dim, data.subarray(i * dim, (i + 1) * dim));
      vectors = { documentId: id, modelId: BENCH_MODEL, dim, seqs: Uint32Array.from({ length: perDoc }, (_, i) => i), data, language: 'en' };
    }
    const doc: DocumentRecord = {
      id, path: `${id}.pdf`, name: `${id}.pdf`, mediaType: 'application/pdf', size: 1, sha256: id, pages: 25, language: 'en', title: null, aliases: [],
      status: 'ready', error: null, errorInfo: null, source: 'upload', lexicalOnly: false, ocrConfidence: null, chunkCount: perDoc, mtime: null, addedAt: 0, updatedAt: 0,
    };
    yield { doc, chunks, vectors };
  }
}
