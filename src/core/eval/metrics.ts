/** Retrieval metrics over a set of judged questions. */
import type { ValueVerdict } from './answers';

export interface JudgedQuestion {
  readonly id: string;
  readonly category: string;
  readonly answerable: boolean;
  /** 1-based rank of the first retrieved chunk that overlaps an evidence span, null if none in the list. */
  readonly firstHit: number | null;
  /** The top result overlaps evidence and its pages intersect that evidence's pages. */
  readonly pageCorrect: boolean;
  /** Sufficiency score of the response (higher = more likely answerable). */
  readonly sufficiency: number;
  /** app scope: what the ask function concluded. */
  readonly outcome?: 'answered' | 'insufficient' | 'needs_clarification';
  /** app scope: the first passage shown is in the question's language (null: the question's language unknown or no passage). */
  readonly firstInLanguage?: boolean | null;
  /** app scope with answers: the value the answer states, judged against CUAD's (questions of a value category). */
  readonly value?: ValueVerdict;
  /** app scope with answers, answerable questions: the answer's quotes and whether each overlaps the evidence. */
  readonly quotes?: readonly { readonly text: string; readonly onEvidence: boolean }[];
}

export interface MetricRow {
  readonly n: number;
  readonly r1: number;
  readonly r5: number;
  readonly r10: number;
  readonly mrr: number;
  readonly page1: number;
}

export function retrievalMetrics(questions: readonly JudgedQuestion[]): MetricRow {
  const answerable = questions.filter((q) => q.answerable);
  const n = answerable.length;
  if (n === 0) return { n: 0, r1: 0, r5: 0, r10: 0, mrr: 0, page1: 0 };
  const at = (k: number) => answerable.filter((q) => q.firstHit !== null && q.firstHit <= k).length / n;
  return {
    n,
    r1: at(1),
    r5: at(5),
    r10: at(10),
    mrr: answerable.reduce((s, q) => s + (q.firstHit ? 1 / q.firstHit : 0), 0) / n,
    page1: answerable.filter((q) => q.pageCorrect).length / n,
  };
}

export function byCategory(questions: readonly JudgedQuestion[]): Map<string, MetricRow> {
  const groups = new Map<string, JudgedQuestion[]>();
  for (const q of questions) groups.set(q.category, [...(groups.get(q.category) ?? []), q]);
  return new Map([...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([c, qs]) => [c, retrievalMetrics(qs)]));
}

export interface SufficiencyReport {
  readonly threshold: number;
  /** Unanswerable questions whose score stays below the threshold (correct abstention). */
  readonly abstainRate: number;
  /** Of the questions judged answerable (score ≥ threshold), the share that are. */
  readonly precision: number;
  /** Of the answerable questions, the share judged answerable. */
  readonly recall: number;
  /** Probability that an answerable question scores above an unanswerable one. */
  readonly auroc: number;
  readonly unanswerable: number;
}

export function sufficiencyReport(questions: readonly JudgedQuestion[], threshold: number): SufficiencyReport {
  const pos = questions.filter((q) => q.answerable);
  const neg = questions.filter((q) => !q.answerable);
  const predicted = questions.filter((q) => q.sufficiency >= threshold);
  const tp = predicted.filter((q) => q.answerable).length;
  let wins = 0;
  for (const p of pos) for (const q of neg) wins += p.sufficiency > q.sufficiency ? 1 : p.sufficiency === q.sufficiency ? 0.5 : 0;
  return {
    threshold,
    abstainRate: neg.length ? neg.filter((q) => q.sufficiency < threshold).length / neg.length : 0,
    precision: predicted.length ? tp / predicted.length : 0,
    recall: pos.length ? tp / pos.length : 0,
    auroc: pos.length && neg.length ? wins / (pos.length * neg.length) : 0,
    unanswerable: neg.length,
  };
}

export interface OutcomeRates {
  /** Share of the answerable questions the ask function called insufficient (lower is better). */
  readonly answerable: number;
  /** Share of the unanswerable questions it called insufficient (higher is better). */
  readonly unanswerable: number;
  /** Questions it asked to clarify (which document) instead. */
  readonly clarifications: number;
}

/** How often the ask function said "insufficient", on answerable and on unanswerable questions. */
export function insufficientRates(questions: readonly JudgedQuestion[]): OutcomeRates {
  const share = (qs: readonly JudgedQuestion[]) => (qs.length ? qs.filter((q) => q.outcome === 'insufficient').length / qs.length : 0);
  return {
    answerable: share(questions.filter((q) => q.answerable)),
    unanswerable: share(questions.filter((q) => !q.answerable)),
    clarifications: questions.filter((q) => q.outcome === 'needs_clarification').length,
  };
}
