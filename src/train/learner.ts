/**
 * The learner: one L2-regularised logistic regression per clause kind over sparse features,
 * trained together by stochastic gradient descent with AdaGrad step sizes, in a seeded order.
 *
 * Why written here rather than taken from a library: the data is ~100k sparse vectors of ~60k
 * features with ~150 non-zeros each. TensorFlow.js's CPU backend (the one that runs on Node 20
 * without a native download) has no sparse-dense product, so it would need dense 60k-wide
 * batches (or an embedding-bag detour) for what is here a loop over the non-zeros; the other
 * registry learners (ml-logistic-regression: dense, single-label softmax) do not fit either.
 * This file is small, deterministic (same data and seed → same weights, a unit test checks it)
 * and tested against a separable toy problem.
 */
import { prng } from '../core/prng';
import type { SparseVector } from '../core/clauses/features';
import { NEG, PASSAGE_OTHER, PASSAGE_WEAK, POS, WEAK } from './dataset';

export interface LearnerOptions {
  readonly epochs: number;
  /** L2 penalty per update on the touched weights. */
  readonly l2: number;
  /** AdaGrad base step. */
  readonly learningRate: number;
  /** Weight of a label text's weak negative (see dataset.ts) relative to a negative. */
  readonly weakWeight: number;
  /** Weight of a passage window's weak negative (a kind without QA spans). */
  readonly passageWeakWeight: number;
  /** Weight of a passage window outside the spans of a kind its contract has (dataset.ts PASSAGE_OTHER). */
  readonly passageOtherWeight: number;
  /** Positives are weighted (negative weight / positives)^balance: 0 none, 1 fully balanced. */
  readonly balance: number;
  readonly seed: number;
}

export const DEFAULT_LEARNER: LearnerOptions = { epochs: 6, l2: 1e-6, learningRate: 0.2, weakWeight: 0, passageWeakWeight: 0.3, passageOtherWeight: 1, balance: 0.5, seed: 20261201 };

export interface TrainingExample {
  readonly vector: SparseVector;
  /** Per kind: POS, NEG, WEAK or UNKNOWN (dataset.ts). */
  readonly labels: Int8Array;
  /** Multiplies every kind's weight (e.g. passages against label items). */
  readonly weight?: number;
}

export interface LinearModel {
  readonly kinds: number;
  readonly features: number;
  /** Feature-major: W[f · kinds + k]. */
  readonly weights: Float32Array;
  readonly bias: Float32Array;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
/** Residuals under this are not propagated (see trainLogistic). */
const MIN_RESIDUAL = 1e-3;

export function logits(model: LinearModel, vector: SparseVector, out = new Float32Array(model.kinds)): Float32Array {
  const K = model.kinds;
  out.set(model.bias);
  for (let i = 0; i < vector.index.length; i++) {
    const base = vector.index[i]! * K;
    const x = vector.value[i]!;
    for (let k = 0; k < K; k++) out[k]! += x * model.weights[base + k]!;
  }
  return out;
}

export function trainLogistic(examples: readonly TrainingExample[], kinds: number, features: number, options: LearnerOptions = DEFAULT_LEARNER): LinearModel {
  const K = kinds;
  // Class weights per kind.
  const pos = new Float64Array(K);
  const neg = new Float64Array(K);
  for (const e of examples) {
    const w = e.weight ?? 1;
    for (let k = 0; k < K; k++) {
      const l = e.labels[k];
      if (l === POS) pos[k]! += w;
      else if (l === NEG) neg[k]! += w;
      else if (l === WEAK) neg[k]! += w * options.weakWeight;
      else if (l === PASSAGE_WEAK) neg[k]! += w * options.passageWeakWeight;
      else if (l === PASSAGE_OTHER) neg[k]! += w * options.passageOtherWeight;
    }
  }
  const posWeight = Float32Array.from(pos, (p, k) => (p > 0 ? Math.max(1, (neg[k]! / p) ** options.balance) : 0));
  const classWeight = (l: number, k: number) => (l === POS ? posWeight[k]! : l === NEG ? 1 : l === WEAK ? options.weakWeight : l === PASSAGE_WEAK ? options.passageWeakWeight : l === PASSAGE_OTHER ? options.passageOtherWeight : 0);

  const W = new Float32Array(features * K);
  const G = new Float32Array(features * K);
  const b = new Float32Array(K);
  const Gb = new Float32Array(K);
  const model: LinearModel = { kinds: K, features, weights: W, bias: b };
  const random = prng(options.seed);
  const order = examples.map((_, i) => i);
  const z = new Float32Array(K);
  const g = new Float32Array(K);
  const eps = 1e-8;
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const idx of order) {
      const e = examples[idx]!;
      logits(model, e.vector, z);
      const w = e.weight ?? 1;
      let any = false;
      for (let k = 0; k < K; k++) {
        const l = e.labels[k]!;
        const c = classWeight(l, k) * w;
        const r = sigmoid(z[k]!) - (l === POS ? 1 : 0);
        // An example the kind already gets right to within MIN_RESIDUAL teaches it nothing: skipped (most passage windows, after an epoch or two).
        g[k] = c > 0 && Math.abs(r) >= MIN_RESIDUAL ? c * r : 0;
        if (g[k] !== 0) {
          any = true;
          Gb[k]! += g[k]! * g[k]!;
          b[k]! -= (options.learningRate * g[k]!) / Math.sqrt(Gb[k]! + eps);
        }
      }
      if (!any) continue;
      for (let i = 0; i < e.vector.index.length; i++) {
        const base = e.vector.index[i]! * K;
        const x = e.vector.value[i]!;
        for (let k = 0; k < K; k++) {
          if (g[k] === 0) continue;
          const p = base + k;
          const grad = g[k]! * x + options.l2 * W[p]!;
          G[p]! += grad * grad;
          W[p]! -= (options.learningRate * grad) / Math.sqrt(G[p]! + eps);
        }
      }
    }
  }
  return model;
}
