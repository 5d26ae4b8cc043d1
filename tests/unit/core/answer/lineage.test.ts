import { describe, expect, it } from 'vitest';
import { MemoryConversationStore, titleFromQuestion } from '../../../../src/core/answer/conversation';
import { passageReference } from '../../../../src/core/answer/lineage';
import { collectTurn, runTurn } from '../../../../src/core/answer/turn';
import { StoreError } from '../../../../src/core/errors';
import { askResult, fakeAsk, MSA, PASSAGES, scopeOf } from '../../../helpers/ask-fixtures';

/** A fake ask() that keeps the previous scope for short follow-ups, as the real one does. */
function scopedAsk() {
  return fakeAsk((request) => {
    const inherited = request.context?.userScope?.length ? null : request.context?.previousScope;
    if (/renewal/.test(request.question)) return askResult(request.question, [PASSAGES.term], { scope: inherited ? { ...inherited, source: 'follow_up' } : scopeOf([MSA]) });
    return askResult(request.question, [PASSAGES.cap, PASSAGES.law, PASSAGES.confidentiality], { scope: scopeOf([MSA]) });
  });
}

async function conversation(questions: readonly string[]) {
  const store = new MemoryConversationStore();
  const convo = await store.create(titleFromQuestion(questions[0]!));
  const fake = scopedAsk();
  for (const question of questions) {
    const history = await store.turns(convo.id);
    const { turn } = await collectTurn(runTurn({ question, history, conversationId: convo.id }, { asker: fake.asker }));
    await store.appendTurn(convo.id, turn);
  }
  return { store, convo, requests: fake.requests, turns: await store.turns(convo.id) };
}

describe('follow-ups', () => {
  it('hand the previous scope to ask(), so "and the renewal term?" stays on the same contract', async () => {
    const { requests, turns } = await conversation(['What is the liability cap in the Master Services Agreement?', 'and the renewal term?']);
    expect(requests[1]!.context?.previousScope).toEqual(turns[0]!.scope);
    expect(turns[1]!.scope).toMatchObject({ source: 'follow_up', documentIds: ['msa'] });
    expect(turns[1]!.sources[0]!.chunkId).toBe('msa:55');
  });

  it('resolve "the second passage" to the cited chunk of the previous answer, which leads the sources', async () => {
    const { requests, turns } = await conversation(['What is the liability cap in the Master Services Agreement?', 'What does the second passage mean?']);
    const second = turns[0]!.sources.find((s) => s.n === 2)!;
    expect(second.chunkId).toBe('msa:70');
    expect(turns[1]!.sources[0]).toMatchObject({ n: 1, chunkId: 'msa:70', pinned: true });
    expect(requests[1]!.context?.userScope).toEqual(['msa']);
    expect(turns[1]!.state).toBe('answered');
  });

  it.each([
    ['What does the second passage say?', 2],
    ['Explain source 3', 3],
    ['and the last one of the results?', null],
    ['Que signifie la deuxième citation ?', 2],
    ['Was bedeutet die zweite Stelle?', 2],
    ['¿Qué dice el tercer pasaje?', 3],
    ['Cosa dice il primo passaggio?', 1],
    ['Wat zegt de laatste passage?', -1],
    ['O que diz a segunda passagem?', 2],
    ['Is [2] still in force?', 2],
    ['What does section 2 say?', null],
  ])('read passage references: %s → %s', (question, n) => {
    expect(passageReference(question)).toBe(n);
  });
});

describe('the conversation store', () => {
  it('keeps turns in order, renames, lists the latest first and deletes with its turns', async () => {
    let clock = 0;
    const store = new MemoryConversationStore(() => ++clock);
    const a = await store.create('First');
    const b = await store.create('Second');
    const { turn } = await collectTurn(runTurn({ question: 'hello' }, { asker: scopedAsk().asker }));
    await store.appendTurn(a.id, turn);
    expect((await store.list()).map((c) => c.title)).toEqual(['First', 'Second']);
    await store.rename(b.id, 'Renamed');
    expect((await store.list()).map((c) => [c.title, c.turns])).toEqual([
      ['Renamed', 0],
      ['First', 1],
    ]);
    const stored = await store.turns(a.id);
    expect(stored[0]).toMatchObject({ id: turn.id, conversationId: a.id, question: 'hello' });
    (stored[0] as { question: string }).question = 'changed';
    expect((await store.turns(a.id))[0]!.question).toBe('hello');
    await expect(store.appendTurn(a.id, turn)).rejects.toBeInstanceOf(StoreError);
    await store.delete(a.id);
    await expect(store.turns(a.id)).rejects.toThrow(/no conversation/);
    expect(await store.list()).toHaveLength(1);
  });

  it('titles a conversation from its first question', () => {
    expect(titleFromQuestion('  What is the cap?\nmore')).toBe('What is the cap?');
    expect(titleFromQuestion('word '.repeat(60)).length).toBeLessThanOrEqual(120);
  });
});
