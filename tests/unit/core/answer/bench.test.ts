import { describe, expect, it } from 'vitest';
import { benchAnswerOverhead } from '../../../../src/core/answer/bench';
import type { ChatModel } from '../../../../src/core/ports';
import { askResult, DOCUMENTS, PASSAGES } from '../../../helpers/ask-fixtures';

const asks = [askResult('What is the liability cap?', [PASSAGES.cap, PASSAGES.law]), askResult('When does the agreement renew?', [PASSAGES.term, PASSAGES.cap])];

describe('the answer overhead bench', () => {
  it('times planning, sources, the extractive composer and verification per question', async () => {
    const bench = await benchAnswerOverhead({ asks, documents: DOCUMENTS, runs: 2 });
    for (const s of [bench.planMs, bench.planModelMs, bench.sourcesMs, bench.extractiveMs, bench.verifyMs]) expect(s.n).toBe(4);
    expect(bench.planMs.medianMs).toBeGreaterThan(0);
    expect(bench.verifyMs.medianMs).toBeGreaterThan(0);
    expect(bench.planMs.p95Ms).toBeGreaterThanOrEqual(bench.planMs.medianMs);
  });

  it("keeps a real model's time apart from the planning code's", async () => {
    const slow: ChatModel = {
      model: { id: 'slow', dtype: 'fp32', device: 'cpu' },
      json: async <T,>() => {
        await new Promise((r) => setTimeout(r, 25));
        return { family: 'inventory', reply_language: 'en', evidence_regime: 'grounded', follow_up: false } as T;
      },
      chat: () => {
        throw new Error('unused');
      },
    };
    const bench = await benchAnswerOverhead({ asks, documents: DOCUMENTS, model: slow, runs: 1 });
    expect(bench.planModelMs.medianMs).toBeGreaterThanOrEqual(20);
    expect(bench.planMs.medianMs).toBeLessThan(bench.planModelMs.medianMs);
  });
});
