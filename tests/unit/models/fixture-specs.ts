/** Catalog entries for the tiny fixture models (tests/fixtures/models), loaded like the real ones. */
import { fileURLToPath } from 'node:url';
import type { ModelSpec } from '../../../src/models/catalog';

export const MODELS_DIR = fileURLToPath(new URL('../../fixtures/models/', import.meta.url));

const dtypes = { fp32: { bytes: 600_000, externalData: 0 }, q8: { bytes: 300_000, externalData: 0 }, fp16: { bytes: 400_000, externalData: 0 } };

export const TINY_EMBEDDER: ModelSpec = {
  key: 'tiny-bge-m3',
  role: 'embedder',
  id: 'casefile/tiny-bge-m3',
  label: 'tiny BGE-M3 (test fixture)',
  languages: 'EN FR DE ES (fixture)',
  dim: 64,
  pooling: 'cls',
  prefix: '',
  maxTokens: 512,
  dtypes,
};

export const TINY_RERANKER: ModelSpec = {
  ...TINY_EMBEDDER,
  key: 'tiny-bge-reranker',
  role: 'reranker',
  id: 'casefile/tiny-bge-reranker',
  label: 'tiny BGE reranker (test fixture)',
  dim: null,
};

export const dot = (a: ArrayLike<number>, b: ArrayLike<number>): number => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
};
