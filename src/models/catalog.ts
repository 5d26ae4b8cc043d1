/**
 * The model catalog: every model Casefile knows how to run, as data (see README.md here).
 * Sizes are the Hub's file sizes, rounded; the manager shows real sizes once files are cached.
 * File layout per dtype follows transformers.js 4.3.2 (`onnx/model<suffix>.onnx`, plus
 * `<file>_data[_n]` external-data chunks for graphs over protobuf's 2 GB limit); `hub.ts` maps it
 * to URLs and tests/unit/models/hub.test.ts pins it against what transformers.js really requests.
 */
import type { Dtype } from '../core/ports';

export type ModelRole = 'embedder' | 'reranker';
export type Pooling = 'cls' | 'mean';

export interface DtypeFiles {
  /** Approximate bytes of every file this dtype needs (ONNX + external data + tokenizer/config). */
  readonly bytes: number;
  /** Number of `<onnx file>_data` chunks; 0 when the graph holds its weights. */
  readonly externalData: number;
}

export interface ModelSpec {
  /** Stable key used in settings ("bge-m3"). Imported models use their id ("local/<folder>"). */
  readonly key: string;
  readonly role: ModelRole;
  /** Hub id ("owner/name"), also the cache namespace. */
  readonly id: string;
  readonly label: string;
  readonly languages: string;
  /** Embedding dimension (embedders); null when unknown until the first run. */
  readonly dim: number | null;
  readonly pooling: Pooling;
  /** Prepended to every text before embedding (multilingual-e5 wants "query: "). */
  readonly prefix: string;
  /** Inputs are truncated to this many tokens (chunks are ~480 estimated tokens). */
  readonly maxTokens: number;
  readonly dtypes: Readonly<Partial<Record<Dtype, DtypeFiles>>>;
  /** Imported from a folder by the user (not from the catalog). */
  readonly custom?: boolean;
}

const MB = 1_000_000;

export const CATALOG: readonly ModelSpec[] = [
  {
    key: 'bge-m3',
    role: 'embedder',
    id: 'Xenova/bge-m3',
    label: 'BGE-M3',
    languages: '100+ languages',
    dim: 1024,
    pooling: 'cls',
    prefix: '',
    maxTokens: 512,
    dtypes: {
      fp16: { bytes: 1_135 * MB, externalData: 0 },
      fp32: { bytes: 2_288 * MB, externalData: 1 },
      q8: { bytes: 587 * MB, externalData: 0 },
    },
  },
  {
    key: 'multilingual-e5-small',
    role: 'embedder',
    id: 'Xenova/multilingual-e5-small',
    label: 'Multilingual E5 small',
    languages: '100 languages',
    dim: 384,
    pooling: 'mean',
    // e5 is trained with "query: "/"passage: "; the Embedder port has one kind of text, and e5's
    // card says to use "query: " on both sides for symmetric use.
    prefix: 'query: ',
    maxTokens: 512,
    dtypes: {
      q8: { bytes: 135 * MB, externalData: 0 },
      fp32: { bytes: 487 * MB, externalData: 0 },
    },
  },
  {
    key: 'bge-reranker-v2-m3',
    role: 'reranker',
    id: 'onnx-community/bge-reranker-v2-m3-ONNX',
    label: 'BGE reranker v2 M3',
    languages: '100+ languages',
    dim: null,
    pooling: 'cls',
    prefix: '',
    maxTokens: 512,
    dtypes: {
      fp16: { bytes: 1_153 * MB, externalData: 0 },
      fp32: { bytes: 2_289 * MB, externalData: 1 },
      q8: { bytes: 588 * MB, externalData: 0 },
    },
  },
  {
    key: 'bge-reranker-base',
    role: 'reranker',
    id: 'Xenova/bge-reranker-base',
    label: 'BGE reranker base',
    languages: 'English, Chinese',
    dim: null,
    pooling: 'cls',
    prefix: '',
    maxTokens: 512,
    dtypes: {
      q8: { bytes: 283 * MB, externalData: 0 },
      fp32: { bytes: 1_129 * MB, externalData: 0 },
    },
  },
];

export function catalogSpec(key: string, extra: readonly ModelSpec[] = []): ModelSpec | undefined {
  return CATALOG.find((m) => m.key === key) ?? extra.find((m) => m.key === key);
}

export function specsFor(role: ModelRole, extra: readonly ModelSpec[] = []): ModelSpec[] {
  return [...CATALOG, ...extra].filter((m) => m.role === role);
}

export function dtypesOf(spec: ModelSpec): Dtype[] {
  return (Object.keys(spec.dtypes) as Dtype[]).filter((d) => spec.dtypes[d] !== undefined);
}
