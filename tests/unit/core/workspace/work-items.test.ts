import { describe, expect, it } from 'vitest';
import { evidenceBudget, neighbourDepth, planWorkItems } from '../../../../src/core/workspace/work-items';
import { docRecord } from '../../../helpers/records';

describe('work items of a broad question', () => {
  it('one per document, asking it the question about the subjects, in the given order', () => {
    const docs = [docRecord('a', { title: 'Supply Agreement', chunkCount: 20 }), docRecord('b', { name: 'b.pdf', chunkCount: 2 })];
    const items = planWorkItems({ query: 'which contracts have a non-compete clause?', subjects: ['non_compete'], fields: ['non-compete', 'clause'], operation: 'fact', documents: docs });
    expect(items).toEqual([
      { kind: 'ask', documentId: 'a', label: 'Supply Agreement', query: 'which contracts have a non-compete clause?', subjects: ['non_compete'], fields: ['non-compete', 'clause'], evidenceBudget: 4, neighbourDepth: 1, operation: 'fact', size: 20 },
      { kind: 'ask', documentId: 'b', label: 'b.pdf', query: 'which contracts have a non-compete clause?', subjects: ['non_compete'], fields: ['non-compete', 'clause'], evidenceBudget: 2, neighbourDepth: 0, operation: 'fact', size: 2 },
    ]);
  });

  it('budget grows with the document (one passage per doubling past 8, at most 6) and with what is asked (at most 8)', () => {
    expect([1, 8, 9, 16, 32, 64, 5000].map((chunkCount) => evidenceBudget({ chunkCount }, 1))).toEqual([2, 2, 3, 4, 5, 6, 6]);
    expect(evidenceBudget({ chunkCount: 64 }, 2)).toBe(7);
    expect(evidenceBudget({ chunkCount: 64 }, 9)).toBe(8);
  });

  it('neighbours: none for a few passages, two around scanned pages and for summaries, else one', () => {
    expect(neighbourDepth({ chunkCount: 3, ocrPages: undefined, ocrConfidence: null }, 'fact')).toBe(0);
    expect(neighbourDepth({ chunkCount: 30, ocrPages: 4, ocrConfidence: 80 }, 'fact')).toBe(2);
    expect(neighbourDepth({ chunkCount: 30, ocrPages: undefined, ocrConfidence: null }, 'summary')).toBe(2);
    expect(neighbourDepth({ chunkCount: 30, ocrPages: undefined, ocrConfidence: null }, 'fact')).toBe(1);
    const [summary] = planWorkItems({ query: 'summarize every contract', subjects: [], fields: [], operation: 'summary', documents: [docRecord('a', { chunkCount: 30 })] });
    expect(summary).toMatchObject({ evidenceBudget: 8, neighbourDepth: 2, operation: 'summary' });
  });
});
