import { describe, expect, it } from 'vitest';
import { expandNeighbours, select, type NeighbourLookup } from '../../../../src/core/search/select';
import type { ChunkRecord } from '../../../../src/core/types';
import { chunkRecord } from '../../../helpers/records';

const c = (documentId: string, score: number) => ({ documentId, score, id: `${documentId}-${score}` });

describe('select', () => {
  it('keeps the top k in order with at most one chunk per file by default', () => {
    const ranked = [c('a', 9), c('a', 8), c('b', 7), c('c', 6), c('b', 5), c('d', 4), c('e', 3), c('f', 2)];
    expect(select(ranked).map((x) => x.id)).toEqual(['a-9', 'b-7', 'c-6', 'd-4', 'e-3']);
  });

  it('allows more per file when configured, or no limit with 0', () => {
    const ranked = [c('a', 9), c('a', 8), c('a', 7), c('b', 6)];
    expect(select(ranked, { topK: 5, perFile: 2, minScore: -Infinity }).map((x) => x.id)).toEqual(['a-9', 'a-8', 'b-6']);
    expect(select(ranked, { topK: 3, perFile: 0, minScore: -Infinity }).map((x) => x.id)).toEqual(['a-9', 'a-8', 'a-7']);
  });

  it('drops candidates under the minimum score', () => {
    expect(select([c('a', 0.9), c('b', -0.2), c('c', 0.1)], { topK: 5, perFile: 1, minScore: 0 }).map((x) => x.id)).toEqual(['a-0.9', 'c-0.1']);
  });
});

describe('neighbour expansion', () => {
  // Document d: seq 0-1 in section 12.1, seq 2-4 in 12.2, seq 5 in 12.3.
  const chunks: ChunkRecord[] = [
    ...[0, 1].map((s) => chunkRecord('d', s, `x${s}`, { sectionPath: ['12 Liability', '12.1'] })),
    ...[2, 3, 4].map((s) => chunkRecord('d', s, `x${s}`, { sectionPath: ['12 Liability', '12.2'] })),
    chunkRecord('d', 5, 'x5', { sectionPath: ['12 Liability', '12.3'] }),
  ];
  const lookup: NeighbourLookup = { chunksBySeq: async (doc, seqs) => chunks.filter((ch) => ch.documentId === doc && seqs.includes(ch.seq)) };

  it('adds same-section neighbours on both sides', async () => {
    const [e] = await expandNeighbours([chunks[3]!], lookup, 1);
    expect(e?.before.map((x) => x.seq)).toEqual([2]);
    expect(e?.after.map((x) => x.seq)).toEqual([4]);
  });

  it('never crosses a section boundary', async () => {
    const [first, last] = await expandNeighbours([chunks[2]!, chunks[4]!], lookup, 2);
    expect(first?.before).toEqual([]);
    expect(first?.after.map((x) => x.seq)).toEqual([3, 4]);
    expect(last?.before.map((x) => x.seq)).toEqual([2, 3]);
    expect(last?.after).toEqual([]);
    const [lone] = await expandNeighbours([chunks[5]!], lookup, 1);
    expect(lone).toEqual({ before: [], after: [] });
  });

  it('does nothing at depth 0 and at document edges', async () => {
    expect(await expandNeighbours([chunks[0]!], lookup, 0)).toEqual([{ before: [], after: [] }]);
    const [edge] = await expandNeighbours([chunks[0]!], lookup, 3);
    expect(edge?.before).toEqual([]);
    expect(edge?.after.map((x) => x.seq)).toEqual([1]);
  });
});
