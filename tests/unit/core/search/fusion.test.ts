import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FUSION, FUSION_STRATEGIES, fuse } from '../../../../src/core/search/fusion';
import type { SearchHit } from '../../../../src/core/types';

const hit = (chunkId: string, score: number, by: 'lexical' | 'dense' = 'lexical'): SearchHit => ({ chunkId, documentId: chunkId.split(':')[0]!, score, terms: [], foundBy: [by] });
const lex = [hit('a:0', 12), hit('b:0', 9), hit('c:0', 3)];
const dense = [hit('c:0', 0.91, 'dense'), hit('d:0', 0.8, 'dense'), hit('a:0', 0.5, 'dense')];

describe('fusion', () => {
  it('combine_and_dedup: union without duplicates, hybrid hits rise, provenance kept', () => {
    const out = fuse(lex, dense, { ...DEFAULT_FUSION, strategy: 'combine_and_dedup' });
    expect(out.map((c) => c.chunkId).sort()).toEqual(['a:0', 'b:0', 'c:0', 'd:0']);
    expect(out[0]?.chunkId).toBe('a:0');
    expect(out.find((c) => c.chunkId === 'c:0')?.foundBy).toEqual(['lexical', 'dense']);
    expect(out.find((c) => c.chunkId === 'd:0')?.foundBy).toEqual(['dense']);
    expect(out.find((c) => c.chunkId === 'a:0')).toMatchObject({ lexicalRank: 1, denseRank: 3, lexicalScore: 12, denseScore: 0.5 });
  });

  it('rrf: weighted reciprocal ranks with k = 60', () => {
    const out = fuse(lex, dense, { ...DEFAULT_FUSION, strategy: 'rrf' });
    const score = (id: string) => out.find((c) => c.chunkId === id)!.score;
    expect(score('c:0')).toBeCloseTo(0.6 / 61 + 0.4 / 63, 12);
    expect(score('d:0')).toBeCloseTo(0.6 / 62, 12);
    expect(score('b:0')).toBeCloseTo(0.4 / 62, 12);
    expect(out[0]?.chunkId).toBe('c:0');
  });

  it('boost_only: keeps the primary list only and boosts what both found', () => {
    const out = fuse(lex, dense, { ...DEFAULT_FUSION, strategy: 'boost_only' });
    expect(out.map((c) => c.chunkId)).toEqual(['c:0', 'd:0', 'a:0']);
    expect(out.find((c) => c.chunkId === 'a:0')!.score).toBeCloseTo((0.5 / 0.91) * 1.5, 12);
    // Without dense results the lexical list is primary.
    expect(fuse(lex, [], { ...DEFAULT_FUSION, strategy: 'boost_only' }).map((c) => c.chunkId)).toEqual(['a:0', 'b:0', 'c:0']);
  });

  it('handles disjoint lists and empty inputs', () => {
    const a = [hit('x:0', 5), hit('x:1', 4)];
    const b = [hit('y:0', 0.9, 'dense')];
    for (const strategy of FUSION_STRATEGIES) {
      expect(fuse([], [], { ...DEFAULT_FUSION, strategy })).toEqual([]);
      const out = fuse(a, b, { ...DEFAULT_FUSION, strategy });
      if (strategy !== 'boost_only') expect(out.map((c) => c.chunkId).sort()).toEqual(['x:0', 'x:1', 'y:0']);
      expect(out.every((c) => c.foundBy.length === 1)).toBe(true);
    }
  });

  it('breaks ties deterministically', () => {
    const ties = [hit('b:0', 1), hit('a:0', 1)];
    const tiesDense = [hit('a:0', 1, 'dense'), hit('b:0', 1, 'dense')];
    for (const strategy of FUSION_STRATEGIES) {
      const once = fuse(ties, tiesDense, { ...DEFAULT_FUSION, strategy }).map((c) => c.chunkId);
      expect(fuse(ties, tiesDense, { ...DEFAULT_FUSION, strategy }).map((c) => c.chunkId)).toEqual(once);
    }
    // RRF: b is lexical #1 and dense #2, a is lexical #2 and dense #1 → equal scores; lexical rank wins.
    expect(fuse(ties, tiesDense, { ...DEFAULT_FUSION, strategy: 'rrf', denseWeight: 0.5, lexicalWeight: 0.5 })[0]?.chunkId).toBe('b:0');
  });

  it('never duplicates, never loses a candidate (property)', () => {
    const ids = fc.uniqueArray(fc.integer({ min: 0, max: 30 }), { maxLength: 20 });
    fc.assert(
      fc.property(ids, ids, fc.constantFrom(...FUSION_STRATEGIES), (l, d, strategy) => {
        const L = l.map((i, r) => hit(`d${i % 4}:${i}`, 100 - r));
        const D = d.map((i, r) => hit(`d${i % 4}:${i}`, 1 - r / 100, 'dense'));
        const out = fuse(L, D, { ...DEFAULT_FUSION, strategy });
        const seen = out.map((c) => c.chunkId);
        expect(new Set(seen).size).toBe(seen.length);
        const expected = new Set(strategy === 'boost_only' ? (D.length ? D : L).map((h) => h.chunkId) : [...L, ...D].map((h) => h.chunkId));
        expect(new Set(seen)).toEqual(expected);
        for (let i = 1; i < out.length; i++) expect(out[i - 1]!.score).toBeGreaterThanOrEqual(out[i]!.score);
      }),
    );
  });
});
