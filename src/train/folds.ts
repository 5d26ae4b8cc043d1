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

