/**
 * The model's vocabulary and idf, chosen from the training examples without their labels:
 * features seen in at least `minDf` examples, the most frequent first, at most `maxFeatures`.
 * The idf is quantised exactly as the model file stores it, so training and run time weigh a
 * feature the same.
 */
import { vectorize, type SparseVector } from '../core/clauses/features';

export const IDF_SCALE = 20;

export interface Vocabulary {
  readonly names: readonly string[];
  readonly index: ReadonlyMap<string, number>;
  /** Quantised idf (byte / IDF_SCALE). */
  readonly idf: Float32Array;
  readonly idfBytes: Uint8Array;
}

export function buildVocabulary(examples: readonly { readonly features: ReadonlyMap<string, number> }[], minDf: number, maxFeatures: number): Vocabulary {
  const df = new Map<string, number>();
  for (const e of examples) for (const f of e.features.keys()) df.set(f, (df.get(f) ?? 0) + 1);
  const names = [...df.entries()]
    .filter(([, n]) => n >= minDf)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, maxFeatures)
    .map(([f]) => f)
    .sort();
  const N = examples.length;
  const idfBytes = Uint8Array.from(names, (f) => Math.min(255, Math.max(1, Math.round((Math.log((N + 1) / (df.get(f)! + 1)) + 1) * IDF_SCALE))));
  return { names, index: new Map(names.map((f, i) => [f, i])), idf: Float32Array.from(idfBytes, (b) => b / IDF_SCALE), idfBytes };
}

export function vectorizeWith(vocabulary: Vocabulary, features: ReadonlyMap<string, number>): SparseVector {
  return vectorize(features, vocabulary.index, vocabulary.idf);
}
