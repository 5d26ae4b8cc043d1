/**
 * Calibrates the ask path's sufficiency threshold on the training contracts (part of
 * `npm run train`): every training question is asked through the app's own ask() — scope,
 * retrieval, clause re-ranking, the documents in scope read whole — and its sufficiency score
 * kept; the threshold is the highest that still answers at least 90 % of the answerable
 * questions, chosen by cross-validation by contract (each fold judged with the threshold the
 * other folds choose).
 *
 * The clause scores of the training contracts' passages must not come from a model trained on
 * them: `OutOfFoldClassifier` answers with the out-of-fold logits the trainer kept for each
 * chunk (the fold that did not see its contract), through the same thresholds as the model.
 */
import { ask } from '../core/ask/ask';
import type { AskDeps } from '../core/ask/types';
import type { LearnedClauseClassifier } from '../core/clauses/classifier';
import type { ClauseClassifier, ClauseLabel, ClausePassage, JobOptions } from '../core/ports';
import { questionText, type QaItem, type QuestionField } from '../core/eval/qa';
import { assignFolds } from './train';

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

export class OutOfFoldClassifier implements ClauseClassifier {
  private readonly byText: ReadonlyMap<string, string>;

  /** `chunkText`: chunk id → its text (passages are found by text, as classify() receives them). */
  constructor(
    private readonly model: LearnedClauseClassifier,
    chunkText: ReadonlyMap<string, string>,
    private readonly clause: ReadonlyMap<string, Float32Array>,
    private readonly presence: ReadonlyMap<string, Float32Array>,
  ) {
    this.byText = new Map([...chunkText].map(([id, text]) => [text, id]));
  }

  async classify(passages: readonly ClausePassage[], options?: JobOptions): Promise<ClauseLabel[][]> {
    const fallback = await this.model.classify(passages, options);
    const m = this.model.model.model;
    return passages.map((p, i) => {
      const id = this.byText.get(p.text);
      const z = id ? this.clause.get(id) : undefined;
      const q = id ? this.presence.get(id) : undefined;
      if (!z || !q) return fallback[i] ?? [];
      const presence = (k: number) => (m.presenceRule === 'clause' ? z[k]! : m.presenceRule === 'mean' ? (z[k]! + q[k]!) / 2 : q[k]!);
      return m.kinds.map((type, k) => ({ type, score: sigmoid(z[k]! - m.clauseThreshold[k]!), presence: sigmoid(presence(k) - m.presenceThreshold[k]!) })).sort((a, b) => b.score - a.score);
    });
  }

  questionTypes(question: string, options?: JobOptions): Promise<ClauseLabel[]> {
    return this.model.questionTypes(question, options);
  }
}

export interface SufficiencySample {
  readonly group: string;
  readonly field: QuestionField;
  readonly answerable: boolean;
  readonly score: number;
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
      out.push({ group: item.doc_id, field, answerable: item.answerable, score: result.sufficiency?.score ?? 0 });
    }
    log(`  asked ${items.length} training questions (${field}) in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  return out;
}

/** The highest threshold (answer when score ≥ it) that abstains on at most `maxAbstention` of the answerable samples. */
export function thresholdFor(samples: readonly SufficiencySample[], maxAbstention: number): number {
  const answerable = samples.filter((s) => s.answerable).map((s) => s.score).sort((a, b) => a - b);
  if (answerable.length === 0) return 0.5;
  const allowed = Math.floor(maxAbstention * answerable.length);
  return answerable[allowed]!;
}

export interface SufficiencyCalibration {
  readonly threshold: number;
  readonly maxAbstention: number;
  /** Cross-validated (by contract) share of insufficient answers, per wording and overall. */
  readonly cv: Readonly<Record<string, { readonly answerable: number; readonly unanswerable: number; readonly n: number }>>;
}

export function calibrateSufficiency(samples: readonly SufficiencySample[], folds: number, seed: number, maxAbstention = 0.1): SufficiencyCalibration {
  const foldOf = assignFolds(samples.map((s) => s.group), folds, seed);
  const judged = samples.map((s) => {
    const fold = foldOf.get(s.group)!;
    const t = thresholdFor(samples.filter((x) => foldOf.get(x.group) !== fold), maxAbstention);
    return { ...s, insufficient: s.score < t };
  });
  const rate = (xs: typeof judged) => (xs.length ? xs.filter((x) => x.insufficient).length / xs.length : 0);
  const cv: Record<string, { answerable: number; unanswerable: number; n: number }> = {};
  for (const field of ['all', ...new Set(samples.map((s) => s.field))]) {
    const xs = judged.filter((x) => field === 'all' || x.field === field);
    cv[field] = { answerable: rate(xs.filter((x) => x.answerable)), unanswerable: rate(xs.filter((x) => !x.answerable)), n: xs.length };
  }
  return { threshold: thresholdFor(samples, maxAbstention), maxAbstention, cv };
}
