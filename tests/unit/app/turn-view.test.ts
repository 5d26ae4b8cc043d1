/**
 * A turn's view built from its events (what the UI renders while it runs), and whether the
 * documents changed since it was answered.
 */
import { describe, expect, it } from 'vitest';
import { applyEvent, retrievalInfo, runningTurn, staleness, type TurnView } from '../../../src/app/ask/turn-view';
import { runTurn } from '../../../src/core/answer/turn';
import { askResult, fakeAsk, MSA, NDA, PASSAGES } from '../../helpers/ask-fixtures';
import { ScriptedChatModel } from '../../helpers/scripted-chat';

const PLAN = [
  { value: { family: 'workspace_retrieval', reply_language: 'en', evidence_regime: 'grounded', follow_up: false } },
  { value: { document_ids: [], section_ordinal: null, answer_shape: 'short' } },
];

async function views(): Promise<TurnView[]> {
  const fake = fakeAsk((r) => askResult(r.question, [PASSAGES.cap, PASSAGES.term]));
  const model = new ScriptedChatModel({ json: PLAN, chat: [{ deltas: ['The cap is ', 'twelve months of fees [1].'] }] });
  const out: TurnView[] = [runningTurn('t1', 'What is the cap?', 5, false)];
  for await (const e of runTurn({ question: 'What is the cap?', turnId: 't1' }, { asker: fake.asker, model })) out.push(applyEvent(out[out.length - 1]!, e));
  return out;
}

describe('turn view', () => {
  it('shows the status, then the sources, the answer streaming, and settles on the record', async () => {
    const all = await views();
    const drafts = [...new Set(all.map((v) => v.draft).filter((d) => d))];
    expect(drafts).toEqual(['The cap is ', 'The cap is twelve months of fees [1].']);
    const withSources = all.findIndex((v) => v.sources.length > 0);
    const firstDraft = all.findIndex((v) => v.draft !== '');
    expect(withSources).toBeGreaterThan(0);
    expect(withSources).toBeLessThan(firstDraft);
    expect(all.some((v) => v.status === 'Searching the documents')).toBe(true);
    const last = all[all.length - 1]!;
    expect(last).toMatchObject({ running: false, draft: '', createdAt: 5, record: { id: 't1', state: 'answered', writer: 'model' } });
    expect(last.answer?.citations.map((c) => c.chunkId)).toEqual(['msa:40']);
  });

  it('keeps how retrieval found the passages', () => {
    const result = askResult('cap', [PASSAGES.cap]);
    expect(retrievalInfo(result)).toBeNull(); // no retrieval round trip
    const explanation = { timings: { lexical: 1 }, candidates: { lexical: 3 }, fusion: 'combine_and_dedup', dense: 'off', rerank: 'off', filters: {}, phrases: [], lexicalQuery: 'cap', dropped: [], notes: [] } as const;
    const info = retrievalInfo({ ...result, response: { query: 'cap', terms: ['cap'], passages: result.passages, ranked: [], explanation } });
    expect(info).toMatchObject({ terms: ['cap'], explanation: { lexicalQuery: 'cap' }, passages: [{ chunkId: 'msa:40', documentName: 'Master Services Agreement.pdf', foundBy: ['lexical'] }] });
  });

  it('says when documents were added, re-read or removed after the answer', async () => {
    const record = (await views()).at(-1)!.record!;
    const at = record.createdAt;
    expect(staleness(record, [{ ...MSA, updatedAt: at - 1 }, { ...NDA, updatedAt: at - 1 }])).toBeNull();
    expect(staleness(record, [{ ...MSA, updatedAt: at - 1 }, { ...NDA, updatedAt: at + 1 }])).toEqual({ changed: 1, removed: 0 });
    expect(staleness(record, [{ ...NDA, updatedAt: at - 1 }])).toEqual({ changed: 0, removed: 1 });
    expect(staleness(record, [{ ...NDA, status: 'parsing', updatedAt: at + 1 }, { ...MSA, updatedAt: at - 1 }])).toBeNull();
    expect(staleness({ ...record, scope: null }, [{ ...NDA, updatedAt: at + 1 }])).toBeNull();
  });
});
