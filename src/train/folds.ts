/** Folds by group (a contract): a seeded shuffle of the groups, dealt round-robin. */
import { prng } from '../core/prng';

export function assignFolds(groups: readonly string[], folds: number, seed: number): Map<string, number> {
  const unique = [...new Set(groups)].sort();
  const random = prng(seed);
  for (let i = unique.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [unique[i], unique[j]] = [unique[j]!, unique[i]!];
  }
  return new Map(unique.map((g, i) => [g, i % folds]));
}

/** The standard error of a mean over folds: the sample standard deviation of the folds' values over √k (0 with one fold). */
export function standardError(values: readonly number[]): number {
  const k = values.length;
  if (k < 2) return 0;
  const m = values.reduce((a, b) => a + b, 0) / k;
  return Math.sqrt(values.reduce((a, b) => a + (b - m) ** 2, 0) / (k - 1) / k);
}
