import { describe, expect, it } from 'vitest';
import { closestDistance, proximityScore, termPositions } from '../../../../src/core/search/proximity';

const canon = (...terms: string[]) => new Map(terms.map((t) => [t, t]));
const weights = new Map([
  ['renew', 4],
  ['notic', 2],
  ['agreement', 0.5],
]);

describe('proximity', () => {
  it('finds the closest pair of positions', () => {
    expect(closestDistance([1, 10, 20], [12, 30])).toBe(2);
    expect(closestDistance([5], [])).toBe(Infinity);
  });

  it('collects positions of the wanted terms, fuzzy variants under their query term', () => {
    const positions = termPositions(['liabl', 'x', 'liabil', 'cap'], new Map([['liabil', 'liabil'], ['liabl', 'liabil'], ['cap', 'cap']]));
    expect(positions.get('liabil')).toEqual([0, 2]);
    expect(positions.get('cap')).toEqual([3]);
  });

  it('scores close important terms above the same terms far apart', () => {
    const near = ['agreement', 'renew', 'unless', 'notic'];
    const far = ['renew', ...Array<string>(30).fill('x'), 'notic', 'agreement'];
    const c = canon('renew', 'notic', 'agreement');
    expect(proximityScore(near, c, weights)).toBeGreaterThan(proximityScore(far, c, weights));
  });

  it('is the mean over pairs of min weight / distance, 0 with fewer than two terms', () => {
    // pairs: renew–notic at 2 (min w 2 → 1), renew–agreement at 1 (0.5), notic–agreement at 1 (0.5)
    expect(proximityScore(['renew', 'agreement', 'notic'], canon('renew', 'notic', 'agreement'), weights)).toBeCloseTo(2 / 3);
    expect(proximityScore(['renew', 'x', 'renew'], canon('renew'), weights)).toBe(0);
  });
});
