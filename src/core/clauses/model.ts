/**
 * The learned clause-kind model at run time: plain TypeScript over the exported weights (no
 * library, no code generation, no download), the same in the scan worker, the index worker and
 * Node.
 *
 * A passage is read window by window (features.ts); per kind and head, its logit is the best
 * window's
 *   z_k = bias_k + Σ_f x_f · w_kf
 * Two heads share the features: the clause head (trained on single labelled clauses: "is this
 * clause a non-compete?") and the presence head (trained on the clauses and on the contracts'
 * passages: "does this passage make the contract have a non-compete?", which must stay quiet
 * on the rest of a contract). A passage's presence logit is the presence head's, the clause
 * head's or their mean (the file's presenceRule, chosen by cross-validation). Scores are
 * sigmoid(z_k − threshold_k), so 0.5 is the kind's decision point, chosen by cross-validation
 * on the training contracts: for a single clause and for a whole contract's best passage.
 */
import { shortHash } from '../hash';
import type { ClausePassage } from '../ports';
import { passageTitle, questionFeatures, rawFeatures, vectorize, windows, type SparseVector, type Window } from './features';
import { decodeClauseModel, type DecodedHead, type DecodedModel } from './model-file';

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** Every kind's score for one passage, and the window that gave it. */
export interface PassageKindScores {
  /** Per kind (model order): sigmoid(best window's clause logit − clause threshold). */
  readonly scores: Float32Array;
  /** Per kind: sigmoid(best window's presence logit − presence threshold). */
  readonly presence: Float32Array;
  /** Per kind: index into `windows` of the best window by the clause head (−1 when the passage has none). */
  readonly best: Int32Array;
  readonly windows: readonly Window[];
}

export class ClauseKindModel {
  private readonly kindIndex: ReadonlyMap<string, number>;
  #id: string | null = null;
  readonly #identify: () => string;

  /**
   * `identify`: the model's content hash, computed on first use (fromJson: the file's; absent, the
   * decoded model's), so a worker that never asks pays nothing at start-up.
   */
  constructor(readonly model: DecodedModel, identify?: () => string) {
    this.kindIndex = new Map(model.kinds.map((k, i) => [k, i]));
    this.#identify = identify ?? (() => shortHash(JSON.stringify(model, (_key, value: unknown) => (ArrayBuffer.isView(value) ? Array.from(value as Float32Array) : value))));
  }

  /** Reads and validates a model file (see model-file.ts); throws a ModelError naming `source`. */
  static fromJson(json: unknown, source?: string): ClauseKindModel {
    return new ClauseKindModel(decodeClauseModel(json, source), () => shortHash(JSON.stringify(json)));
  }

  /**
   * Which model this is, by content: a stored scan made with another model (an earlier app
   * version's) is not this model's reading of the contract (scan.ts scanKey).
   */
  get id(): string {
    return (this.#id ??= this.#identify());
  }

  get kinds(): readonly string[] {
    return this.model.kinds;
  }

  knows(kind: string): boolean {
    return this.kindIndex.has(kind);
  }

  indexOf(kind: string): number {
    return this.kindIndex.get(kind) ?? -1;
  }

  /** One head's logits (before thresholds) for one feature vector. */
  logits(vector: SparseVector, head: DecodedHead = this.model.clause, out = new Float32Array(this.model.kinds.length)): Float32Array {
    const { bias, start, kind, weight } = head;
    out.set(bias);
    for (let i = 0; i < vector.index.length; i++) {
      const f = vector.index[i]!;
      const x = vector.value[i]!;
      for (let j = start[f]!; j < start[f + 1]!; j++) out[kind[j]!]! += x * weight[j]!;
    }
    return out;
  }

  /**
   * Each kind's probability that a question asks about it (the question head; null for a model
   * file without one). The question is read whole, as one window.
   */
  questionScores(question: string): Float32Array | null {
    const head = this.model.question;
    if (!head) return null;
    const z = this.logits(vectorize(questionFeatures(question), this.model.vocabulary, this.model.idf), head);
    return z.map((x) => 1 / (1 + Math.exp(-x)));
  }

  /** The feature vector of a text window under a title. */
  vector(text: string, title: string | null = null): SparseVector {
    return vectorize(rawFeatures(text, title), this.model.vocabulary, this.model.idf);
  }

  /** Every kind's scores for a passage (the best of its windows, per head). */
  scorePassage(passage: ClausePassage): PassageKindScores {
    const K = this.model.kinds.length;
    const title = passageTitle(passage);
    const spans = windows(passage.text);
    const bestZ = new Float32Array(K).fill(Number.NEGATIVE_INFINITY);
    const bestP = new Float32Array(K).fill(Number.NEGATIVE_INFINITY);
    const best = new Int32Array(K).fill(-1);
    const z = new Float32Array(K);
    const p = new Float32Array(K);
    const head = this.model.presence;
    spans.forEach((w, wi) => {
      const vector = this.vector(passage.text.slice(w.start, w.end), title);
      this.logits(vector, this.model.clause, z);
      if (head) this.logits(vector, head, p);
      else p.set(z);
      for (let k = 0; k < K; k++) {
        if (z[k]! > bestZ[k]!) {
          bestZ[k] = z[k]!;
          best[k] = wi;
        }
        if (p[k]! > bestP[k]!) bestP[k] = p[k]!;
      }
    });
    const scores = new Float32Array(K);
    const presence = new Float32Array(K);
    for (let k = 0; k < K; k++) {
      if (best[k]! < 0) continue;
      scores[k] = sigmoid(bestZ[k]! - this.model.clauseThreshold[k]!);
      const zp = this.model.presenceRule === 'clause' ? bestZ[k]! : this.model.presenceRule === 'mean' ? (bestZ[k]! + bestP[k]!) / 2 : bestP[k]!;
      presence[k] = sigmoid(zp - this.model.presenceThreshold[k]!);
    }
    return { scores, presence, best, windows: spans };
  }
}
