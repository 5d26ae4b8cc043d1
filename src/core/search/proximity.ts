/**
 * Term proximity: query terms that occur close together in a passage are more likely to be
 * about the same thing than the same terms scattered over it (a clause that says "renew …
 * unless either party gives notice" against a notices clause that only shares "notice").
 *
 * For every pair of distinct query terms present, the closest distance (in terms) between an
 * occurrence of each is taken (Tao & Zhai's MinDist, per pair); the score is the mean over the
 * pairs of min(wᵃ, wᵇ) / distance, so adjacent important terms count most and a pair of common
 * words counts little. The mean, not the sum: how many query terms a passage holds is BM25's
 * business, and a sum rewards long passages that hold many terms far apart (measured: the sum
 * costs a point of Recall@5 on the CUAD dev set). Linear in the passage length and quadratic
 * only in the number of query terms (a handful).
 */

/** Positions of each wanted term in a sequence of analysed terms. */
export function termPositions(terms: readonly string[], canonical: ReadonlyMap<string, string>): Map<string, number[]> {
  const out = new Map<string, number[]>();
  terms.forEach((t, i) => {
    const q = canonical.get(t);
    if (q === undefined) return;
    let list = out.get(q);
    if (!list) out.set(q, (list = []));
    list.push(i);
  });
  return out;
}

/** Smallest |a - b| over two ascending lists (0 never occurs: positions are distinct terms). */
export function closestDistance(a: readonly number[], b: readonly number[]): number {
  let i = 0;
  let j = 0;
  let best = Infinity;
  while (i < a.length && j < b.length) {
    const d = a[i]! - b[j]!;
    if (d !== 0) best = Math.min(best, Math.abs(d));
    if (d < 0) i++;
    else j++;
  }
  return best;
}

/**
 * Proximity score of a passage given as analysed terms.
 * @param canonical maps each term that counts (query terms and their fuzzy variants) to its query term
 * @param weights weight (e.g. idf) per query term
 */
export function proximityScore(terms: readonly string[], canonical: ReadonlyMap<string, string>, weights: ReadonlyMap<string, number>): number {
  const positions = [...termPositions(terms, canonical)];
  let sum = 0;
  let pairs = 0;
  for (let i = 0; i < positions.length; i++) {
    for (let j = i + 1; j < positions.length; j++) {
      const [qa, pa] = positions[i]!;
      const [qb, pb] = positions[j]!;
      const d = closestDistance(pa, pb);
      if (d === Infinity) continue;
      sum += Math.min(weights.get(qa) ?? 0, weights.get(qb) ?? 0) / d;
      pairs++;
    }
  }
  return pairs > 0 ? sum / pairs : 0;
}
