/**
 * Fusion of the lexical (BM25) and dense candidate lists into one ranked list.
 *
 * - `combine_and_dedup` (default): the union of both lists, deduplicated by chunk. Each list's
 *   scores are normalised by its best score; a chunk scores its best normalised score plus half
 *   of the other one, so a chunk both retrievers found ("hybrid") rises above one found once.
 * - `rrf`: weighted reciprocal rank fusion, Σ wᵢ / (k + rankᵢ), k = 60, weights 0.6 dense /
 *   0.4 lexical by default; scale-free, so it needs no normalisation.
 * - `boost_only`: the primary list (dense when present, else lexical) keeps its candidates and
 *   order of magnitude; chunks the other retriever also found get a multiplicative boost. No
 *   candidate is added from the secondary list.
 * Ties are broken deterministically: better lexical rank, then better dense rank, then chunk id.
 */
import type { SearchHit } from '../types';
import type { Candidate, FusionOptions, FusionStrategy, Retriever } from '../search-types';

export const FUSION_STRATEGIES: readonly FusionStrategy[] = ['combine_and_dedup', 'rrf', 'boost_only'];

export const DEFAULT_FUSION: FusionOptions = { strategy: 'combine_and_dedup', rrfK: 60, denseWeight: 0.6, lexicalWeight: 0.4, boost: 0.5 };

interface Merged {
  chunkId: string;
  documentId: string;
  lexicalScore: number | null;
  lexicalRank: number | null;
  denseScore: number | null;
  denseRank: number | null;
  terms: readonly string[];
}

function merge(lexical: readonly SearchHit[], dense: readonly SearchHit[]): Map<string, Merged> {
  const byId = new Map<string, Merged>();
  const entry = (h: SearchHit): Merged => {
    let m = byId.get(h.chunkId);
    if (!m) {
      m = { chunkId: h.chunkId, documentId: h.documentId, lexicalScore: null, lexicalRank: null, denseScore: null, denseRank: null, terms: [] };
      byId.set(h.chunkId, m);
    }
    return m;
  };
  lexical.forEach((h, i) => {
    const m = entry(h);
    if (m.lexicalRank === null) Object.assign(m, { lexicalScore: h.score, lexicalRank: i + 1, terms: h.terms });
  });
  dense.forEach((h, i) => {
    const m = entry(h);
    if (m.denseRank === null) Object.assign(m, { denseScore: h.score, denseRank: i + 1 });
  });
  return byId;
}

function foundBy(m: Merged): Retriever[] {
  const out: Retriever[] = [];
  if (m.lexicalRank !== null) out.push('lexical');
  if (m.denseRank !== null) out.push('dense');
  return out;
}

/** Normalises scores by the list's best score (dense cosine can be negative: shift to ≥ 0). */
function normaliser(hits: readonly SearchHit[]): (score: number | null) => number {
  if (hits.length === 0) return () => 0;
  const max = Math.max(...hits.map((h) => h.score));
  const min = Math.min(0, ...hits.map((h) => h.score));
  const span = max - min;
  return (s) => (s === null ? 0 : span > 0 ? (s - min) / span : 1);
}

export function compareCandidates(a: Candidate, b: Candidate): number {
  return (
    b.score - a.score ||
    (a.lexicalRank ?? Infinity) - (b.lexicalRank ?? Infinity) ||
    (a.denseRank ?? Infinity) - (b.denseRank ?? Infinity) ||
    (a.chunkId < b.chunkId ? -1 : a.chunkId > b.chunkId ? 1 : 0)
  );
}

export function fuse(lexical: readonly SearchHit[], dense: readonly SearchHit[], options: FusionOptions = DEFAULT_FUSION): Candidate[] {
  const merged = merge(lexical, dense);
  const out: Candidate[] = [];
  if (options.strategy === 'rrf') {
    for (const m of merged.values()) {
      const score =
        (m.denseRank !== null ? options.denseWeight / (options.rrfK + m.denseRank) : 0) +
        (m.lexicalRank !== null ? options.lexicalWeight / (options.rrfK + m.lexicalRank) : 0);
      out.push({ ...m, score, foundBy: foundBy(m) });
    }
  } else if (options.strategy === 'boost_only') {
    const primaryIsDense = dense.length > 0;
    const norm = normaliser(primaryIsDense ? dense : lexical);
    for (const m of merged.values()) {
      const primary = primaryIsDense ? m.denseScore : m.lexicalScore;
      if (primary === null) continue;
      const secondary = primaryIsDense ? m.lexicalRank : m.denseRank;
      out.push({ ...m, score: norm(primary) * (secondary !== null ? 1 + options.boost : 1), foundBy: foundBy(m) });
    }
  } else {
    const normLex = normaliser(lexical);
    const normDense = normaliser(dense);
    for (const m of merged.values()) {
      const l = normLex(m.lexicalScore);
      const d = normDense(m.denseScore);
      out.push({ ...m, score: Math.max(l, d) + 0.5 * Math.min(l, d), foundBy: foundBy(m) });
    }
  }
  return out.sort(compareCandidates);
}
