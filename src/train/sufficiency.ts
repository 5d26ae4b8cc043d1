/**
 * Learns and calibrates the ask path's sufficiency judgement on the training contracts (part of
 * `npm run train`): every training question is asked through the app's own ask() — scope,
 * retrieval, clause re-ranking, the documents in scope read whole — and its signals kept; a
 * logistic regression weighs them (answerable or not) for the questions about a clause kind the
 * model knows — those it learns from — with its own threshold; other questions keep the signals'
 * mean with the mean's threshold. Each threshold is the highest that still answers at least 90 %
 * of the answerable questions of every wording. Judged by
 * cross-validation by contract (each fold scored by the weights and threshold the other folds
 * learn), beside the signals' plain mean.
 *
 * The clause scores of the training contracts' passages must not come from a model trained on
 * them: the classifier runs on an `OutOfFoldModel` (out-of-fold.ts), which scores them with the
 * out-of-fold logits the trainer kept for each chunk (the fold that did not see its contract).
 */
import { ask } from '../core/ask/ask';
import { judgedByWeights, learnedSufficiency, sufficiencyFeatures } from '../core/ask/sufficiency';
import type { AskDeps } from '../core/ask/types';
import type { SufficiencyWeights } from '../core/ports';
import { questionText, type QaItem, type QuestionField } from '../core/eval/qa';
import { assignFolds } from './train';
import { auroc } from './thresholds';

export interface SufficiencySample {
  readonly group: string;
  readonly field: QuestionField;
  readonly answerable: boolean;
  /** The signals' mean (the score without learned weights). */
  readonly score: number;
  readonly signals: Readonly<Record<string, number>>;
}

/** Asks every item in each wording (`plain`: the bare question with its document given, as "Search in this document"). */
export async function sufficiencySamples(items: readonly QaItem[], fields: readonly QuestionField[], deps: AskDeps, documentOf: ReadonlyMap<string, string>, log: (line: string) => void = () => undefined): Promise<SufficiencySample[]> {
  const out: SufficiencySample[] = [];
  for (const field of fields) {
    const started = Date.now();
    for (const item of items) {
      const documentId = documentOf.get(item.doc_id);
      if (!documentId) continue;
      const result = await ask({ question: questionText(item, field), ...(field === 'plain' ? { context: { userScope: [documentId] } } : {}) }, deps);
      if (result.outcome === 'needs_clarification') continue;
      // No passage matched at all: score 0 whatever the weights (judgeSufficiency), so no signals.
      out.push({ group: item.doc_id, field, answerable: item.answerable, score: result.sufficiency?.score ?? 0, signals: result.sufficiency?.signals ?? {} });
    }
    log(`  asked ${items.length} training questions (${field}) in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  return out;
}

/**
 * The highest threshold that abstains on at most `maxAbstention` of the answerable samples of every
 * wording: the app cannot tell a lawyer's wording from a templated one, and the lawyer's (natural)
 * is the one that abstains most at a pooled threshold (12.5 % of answerable training questions
 * cross-validated at 10 % pooled, against 8.9 % templated).
 */
export function thresholdPerWording(samples: readonly SufficiencySample[], maxAbstention: number): number {
  const fields = [...new Set(samples.map((s) => s.field))];
  return fields.length === 0 ? thresholdFor([], maxAbstention) : Math.min(...fields.map((field) => thresholdFor(samples.filter((s) => s.field === field), maxAbstention)));
}

/** The highest threshold (answer when score ≥ it) that abstains on at most `maxAbstention` of the answerable samples. */
export function thresholdFor(samples: readonly SufficiencySample[], maxAbstention: number): number {
  const answerable = samples.filter((s) => s.answerable).map((s) => s.score).sort((a, b) => a - b);
  if (answerable.length === 0) return 0.5;
  const allowed = Math.floor(maxAbstention * answerable.length);
  return answerable[allowed]!;
}

export interface SufficiencyCalibration {
  /** The threshold on the signals' mean (questions about no clause kind the model knows). */
  readonly threshold: number;
  readonly maxAbstention: number;
  /** The learned combination for questions about a known clause kind, with its own threshold. */
  readonly weights: SufficiencyWeights;
  /** Cross-validated (by contract) share of insufficient answers, per wording and overall. */
  readonly cv: Readonly<Record<string, { readonly answerable: number; readonly unanswerable: number; readonly n: number }>>;
  /** Cross-validated AUROC (answerable against unanswerable) of the score the app uses and of the signals' mean alone. */
  readonly auroc: { readonly learned: number; readonly mean: number };
}

const hasSignals = (s: SufficiencySample) => Object.keys(s.signals).length > 0;
const byWeights = (s: SufficiencySample) => hasSignals(s) && judgedByWeights(s.signals);

/**
 * Weights and both thresholds from some samples. The mean's threshold is the one the signals' mean
 * would have alone (questions about no clause kind the model knows keep it); the learned one is
 * then the highest that keeps, in every wording, the answerable questions judged insufficient by
 * either (and those where nothing matched) within `maxAbstention`.
 */
function fit(samples: readonly SufficiencySample[], maxAbstention: number): { weights: SufficiencyWeights; mean: number } {
  const w = fitWeights(samples.filter(byWeights));
  const mean = thresholdPerWording(samples, maxAbstention);
  let threshold = Number.POSITIVE_INFINITY;
  for (const field of new Set(samples.map((s) => s.field))) {
    const answerable = samples.filter((s) => s.field === field && s.answerable);
    const fixed = answerable.filter((s) => !byWeights(s) && s.score < mean).length;
    const learned = answerable.filter(byWeights).map((s) => learnedSufficiency({ ...w, threshold: 0 }, s.signals)).sort((x, y) => x - y);
    if (learned.length === 0) continue;
    const allowed = Math.floor(maxAbstention * answerable.length) - fixed;
    threshold = Math.min(threshold, allowed <= 0 ? learned[0]! : learned[Math.min(allowed, learned.length - 1)]!);
  }
  return { weights: { ...w, threshold: round4(Number.isFinite(threshold) ? threshold : 0.5) }, mean };
}

/** A sample as the app judges it: its score and the threshold that applies. */
function judge(sample: SufficiencySample, model: { weights: SufficiencyWeights; mean: number }): { score: number; insufficient: boolean } {
  if (byWeights(sample)) {
    const score = learnedSufficiency(model.weights, sample.signals);
    return { score, insufficient: score < model.weights.threshold };
  }
  // Ranked with the learned scores for the AUROC: the mean's margin over its threshold, around 0.5.
  return { score: sample.score - model.mean + 0.5, insufficient: sample.score < model.mean };
}

export function calibrateSufficiency(samples: readonly SufficiencySample[], folds: number, seed: number, maxAbstention = 0.1): SufficiencyCalibration {
  const foldOf = assignFolds(samples.map((s) => s.group), folds, seed);
  const judged = new Map<SufficiencySample, { score: number; insufficient: boolean }>();
  for (let f = 0; f < folds; f++) {
    const model = fit(samples.filter((x) => foldOf.get(x.group) !== f), maxAbstention);
    for (const s of samples) if (foldOf.get(s.group) === f) judged.set(s, judge(s, model));
  }
  const rows = samples.map((s) => ({ ...s, ...judged.get(s)! }));
  const rate = (xs: typeof rows) => (xs.length ? xs.filter((x) => x.insufficient).length / xs.length : 0);
  const cv: Record<string, { answerable: number; unanswerable: number; n: number }> = {};
  for (const field of ['all', ...new Set(samples.map((s) => s.field))]) {
    const xs = rows.filter((x) => field === 'all' || x.field === field);
    cv[field] = { answerable: rate(xs.filter((x) => x.answerable)), unanswerable: rate(xs.filter((x) => !x.answerable)), n: xs.length };
  }
  const model = fit(samples, maxAbstention);
  return {
    threshold: model.mean,
    maxAbstention,
    weights: model.weights,
    cv,
    auroc: { learned: auroc(rows.map((r) => ({ score: r.score, gold: r.answerable }))), mean: auroc(samples.map((s) => ({ score: s.score, gold: s.answerable }))) },
  };
}

const round4 = (v: number) => Math.round(v * 1e4) / 1e4;

/** L2 penalty on the weights (not the bias), as for a logistic regression with C = 1. */
const L2 = 1;

/** Logistic regression of answerable on the signals' features, by Newton's method (five parameters). */
function fitWeights(samples: readonly SufficiencySample[]): Omit<SufficiencyWeights, 'threshold'> {
  const rows = samples.filter(hasSignals).map((s) => ({ x: [1, ...sufficiencyFeatures(s.signals)], y: s.answerable ? 1 : 0 }));
  const P = 5;
  let w = new Array<number>(P).fill(0);
  for (let iteration = 0; iteration < 50; iteration++) {
    const gradient = w.map((v, j) => (j === 0 ? 0 : L2 * v));
    const hessian = Array.from({ length: P }, (_, i) => Array.from({ length: P }, (_, j) => (i === j && i > 0 ? L2 : 0)));
    for (const { x, y } of rows) {
      const p = 1 / (1 + Math.exp(-x.reduce((s, v, j) => s + v * w[j]!, 0)));
      for (let i = 0; i < P; i++) {
        gradient[i]! += (p - y) * x[i]!;
        for (let j = 0; j < P; j++) hessian[i]![j]! += p * (1 - p) * x[i]! * x[j]!;
      }
    }
    const step = solve(hessian, gradient);
    w = w.map((v, j) => v - step[j]!);
    if (Math.max(...step.map(Math.abs)) < 1e-9) break;
  }
  return { bias: round4(w[0]!), retrieval: round4(w[1]!), clause: round4(w[2]!), answerType: round4(w[3]!), noAnswerType: round4(w[4]!) };
}

/** Solves A x = b (Gaussian elimination with partial pivoting; A is small and positive definite). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[pivot]![c]!)) pivot = r;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    const d = m[c]![c]! || 1e-12;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / d;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((row, i) => row[n]! / (row[i]! || 1e-12));
}
