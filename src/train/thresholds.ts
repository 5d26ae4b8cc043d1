/**
 * Decision thresholds and the figures the trainer reports, from out-of-fold scores.
 *
 * A threshold is the score that maximises balanced accuracy (the midpoint between the two
 * scores where it is reached; the middle one of a run of equally good cuts). Figures are
 * reported "nested": each fold is judged with thresholds chosen on the other folds' out-of-fold
 * scores, so a reported figure never saw its own threshold chosen.
 */
export interface Scored {
  readonly score: number;
  readonly gold: boolean;
  readonly fold: number;
}

function balancedAccuracy(tp: number, fn: number, tn: number, fp: number): number {
  const parts = [tp + fn > 0 ? tp / (tp + fn) : null, tn + fp > 0 ? tn / (tn + fp) : null].filter((x): x is number => x !== null);
  return parts.length ? parts.reduce((a, b) => a + b, 0) / parts.length : 0;
}

/** The cut (predict gold when score ≥ cut) with the best balanced accuracy; `fallback` when one class is missing. */
export function bestThreshold(items: readonly Scored[], fallback = 0): number {
  const P = items.filter((i) => i.gold).length;
  const N = items.length - P;
  if (P === 0 || N === 0) return fallback;
  const sorted = [...items].sort((a, b) => b.score - a.score);
  // Cut after position i: the first i+1 are predicted positive.
  let tp = 0, fp = 0;
  let best = -1;
  const cuts: { ba: number; cut: number }[] = [];
  cuts.push({ ba: balancedAccuracy(0, P, N, 0), cut: sorted[0]!.score + 1 });
  for (let i = 0; i < sorted.length; i++) {
    if (sorted[i]!.gold) tp++;
    else fp++;
    if (i + 1 < sorted.length && sorted[i + 1]!.score === sorted[i]!.score) continue;
    const next = sorted[i + 1]?.score ?? sorted[i]!.score - 1;
    cuts.push({ ba: balancedAccuracy(tp, P - tp, N - fp, fp), cut: (sorted[i]!.score + next) / 2 });
  }
  for (const c of cuts) best = Math.max(best, c.ba);
  const winners = cuts.filter((c) => c.ba >= best - 1e-12);
  return winners[Math.floor((winners.length - 1) / 2)]!.cut;
}

export interface NestedFigures {
  readonly n: number;
  readonly balanced_accuracy: number;
  readonly recall: number;
  readonly specificity: number;
}

/** Each item's prediction with its fold cut at the threshold the other folds choose. */
export function nestedPredictions(items: readonly Scored[], folds: number, fallback = 0): boolean[] {
  const cuts = Array.from({ length: folds }, (_, f) => bestThreshold(items.filter((i) => i.fold !== f), fallback));
  return items.map((i) => i.score >= cuts[i.fold]!);
}

/** Confusion counts of predictions against gold, overall or for one fold. */
export function confusion(items: readonly Scored[], predicted: readonly boolean[], fold?: number): { tp: number; fn: number; tn: number; fp: number } {
  let tp = 0, fn = 0, tn = 0, fp = 0;
  items.forEach((i, n) => {
    if (fold !== undefined && i.fold !== fold) return;
    if (i.gold && predicted[n]) tp++;
    else if (i.gold) fn++;
    else if (predicted[n]) fp++;
    else tn++;
  });
  return { tp, fn, tn, fp };
}

/** Balanced accuracy with each fold cut at the threshold the other folds choose. */
export function nestedFigures(items: readonly Scored[], folds: number, fallback = 0): NestedFigures {
  const { tp, fn, tn, fp } = confusion(items, nestedPredictions(items, folds, fallback));
  return { n: items.length, balanced_accuracy: balancedAccuracy(tp, fn, tn, fp), recall: tp + fn ? tp / (tp + fn) : 0, specificity: tn + fp ? tn / (tn + fp) : 0 };
}

export { balancedAccuracy };

/** Area under the ROC curve (ties count half). */
export function auroc(items: readonly { readonly score: number; readonly gold: boolean }[]): number {
  const pos = items.filter((i) => i.gold).map((i) => i.score);
  const neg = items.filter((i) => !i.gold).map((i) => i.score).sort((a, b) => a - b);
  if (pos.length === 0 || neg.length === 0) return 0.5;
  let sum = 0;
  for (const p of pos) {
    let lo = 0, hi = neg.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (neg[mid]! < p) lo = mid + 1;
      else hi = mid;
    }
    let eq = lo;
    while (eq < neg.length && neg[eq] === p) eq++;
    sum += lo + (eq - lo) / 2;
  }
  return sum / (pos.length * neg.length);
}
