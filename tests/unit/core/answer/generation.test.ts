import { describe, expect, it } from 'vitest';
import { turnFromAsk } from '../../../../src/core/answer/answer';
import { collectTurn, runTurn } from '../../../../src/core/answer/turn';
import { ModelError } from '../../../../src/core/errors';
import type { TurnEvent } from '../../../../src/core/events';
import { askResult, fakeAsk, PASSAGES } from '../../../helpers/ask-fixtures';
import { ScriptedChatModel, type ChatStep } from '../../../helpers/scripted-chat';

const TIMEOUTS = { planMs: 300, firstTokenMs: 300, idleMs: 300 };
const QUESTION = 'What is the cap on liability, and when can the agreement be ended?';
const RESULT = askResult(QUESTION, [PASSAGES.cap, PASSAGES.term, PASSAGES.law]);
const PLAN = [
  { value: { family: 'workspace_retrieval', reply_language: 'en', evidence_regime: 'grounded', follow_up: false } },
  { value: { document_ids: [], section_ordinal: null, answer_shape: 'short' } },
];

function modelWith(chat: ChatStep): ScriptedChatModel {
  return new ScriptedChatModel({ json: PLAN, chat: [chat] });
}

async function run(model: ScriptedChatModel, signal?: AbortSignal) {
  const fake = fakeAsk(() => RESULT);
  return collectTurn(runTurn({ question: QUESTION }, { asker: fake.asker, model, timeouts: TIMEOUTS }, { signal }));
}

const tokens = (events: readonly TurnEvent[]) => events.flatMap((e) => (e.type === 'token' ? [e.text] : []));

describe('the model writes the answer', () => {
  it('streams token by token; the final answer has its citations mapped by code', async () => {
    const deltas = ['Liability is capped at ', 'the fees of the previous twelve months [1]', '. The agreement renews yearly unless ', 'notice is given ninety days ahead [2].'];
    const model = modelWith({ deltas: [...deltas.slice(0, 3), { text: deltas[3]!, usage: { completionTokens: 21 } }], delayMs: 5 });
    const { turn, events } = await run(model);
    expect(tokens(events)).toEqual(deltas);
    expect(turn).toMatchObject({ state: 'answered', writer: 'model', stopped: false, fallback: null });
    expect(turn.answer!.text).toBe(deltas.join(''));
    expect(turn.answer!.citations.map((c) => c.chunkId)).toEqual(['msa:40', 'msa:55']);
    expect(turn.trace).toMatchObject({ model: { id: 'scripted/test-model' }, tokens: 21 });
    expect(turn.trace.timeToFirstTokenMs).toBeGreaterThan(0);
    expect(turn.trace.tokensPerSecond).toBeGreaterThan(0);
    expect(turn.trace.stages.map((s) => s.stage)).toEqual(['route', 'plan', 'retrieve', 'generate', 'verify']);
    const types = events.map((e) => e.type);
    expect(types.indexOf('sources')).toBeLessThan(types.indexOf('token'));
    expect(types.slice(-2)).toEqual(['answer', 'done']);
  });

  it('sends numbered sources, the regime rules and the reply language to the model', async () => {
    const model = modelWith({ deltas: ['ok [1]'] });
    await run(model);
    const [system, user] = model.chatCalls[0]!.request.messages;
    expect(system!.content).toMatch(/Use only the sources/);
    expect(system!.content).toMatch(/Reply in English\./);
    expect(user!.content).toContain('[1] Master Services Agreement.pdf — p. 5 — § ARTICLE 12 LIMITATION OF LIABILITY › 12.2 Liability Cap');
    expect(user!.content).toContain(`Question: ${QUESTION}`);
  });

  it('marks invented citation numbers and paraphrased "quotes" in the answer and its verification', async () => {
    const text = 'The agreement provides that “liability may never exceed one year of fees” [1]. It “renews automatically for successive one (1) year periods” [2]. See also [6].';
    const { turn } = await run(modelWith({ deltas: [text] }));
    expect(turn.answer!.quotes.map((q) => q.status)).toEqual(['not_found', 'verbatim']);
    expect(turn.answer!.citations.find((c) => c.n === 6)?.chunkId).toBeNull();
    expect(turn.answer!.verification).toMatchObject({ citations: 3, unresolvedCitations: 1, quotes: 2, unverifiedQuotes: 1, ok: false });
  });

  it('falls back to an extractive answer when the model fails mid-stream', async () => {
    const { turn, events } = await run(modelWith({ deltas: ['Liability is'], error: new ModelError('model/device-lost', 'llm: the GPU device was lost') }));
    expect(turn).toMatchObject({ state: 'answered', writer: 'extractive' });
    expect(turn.fallback).toMatch(/GPU device was lost/);
    expect(turn.answer!.verification.ok).toBe(true);
    expect(tokens(events)).toEqual(['Liability is']);
    const final = events.find((e) => e.type === 'answer');
    expect(final?.type === 'answer' && final.writer).toBe('extractive');
  });

  it('falls back when the stream hangs, even if the provider ignores the abort signal', async () => {
    const started = performance.now();
    const { turn } = await run(modelWith({ deltas: ['The cap'], hang: true, deaf: true }));
    expect(turn.writer).toBe('extractive');
    expect(turn.fallback).toMatch(/timed out/);
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('falls back when the model writes nothing', async () => {
    const { turn } = await run(modelWith({ deltas: [] }));
    expect(turn).toMatchObject({ writer: 'extractive', fallback: 'the model wrote nothing' });
  });
});

describe('stopping', () => {
  it('Stop ends generation and keeps what was written, checked', async () => {
    const controller = new AbortController();
    const model = modelWith({ deltas: ['Liability is capped [1]', ' at twelve', ' months', ' of fees', ' and more'], delayMs: 40 });
    const fake = fakeAsk(() => RESULT);
    const events: TurnEvent[] = [];
    for await (const e of runTurn({ question: QUESTION }, { asker: fake.asker, model, timeouts: TIMEOUTS }, { signal: controller.signal })) {
      events.push(e);
      if (e.type === 'token' && events.filter((x) => x.type === 'token').length === 2) controller.abort();
    }
    const done = events[events.length - 1]!;
    expect(done.type).toBe('done');
    const turn = done.type === 'done' ? done.turn! : null;
    expect(turn).toMatchObject({ state: 'answered', stopped: true, writer: 'model' });
    expect(turn!.answer!.text).toBe('Liability is capped [1] at twelve');
    expect(turn!.answer!.citations[0]!.chunkId).toBe('msa:40');
  });

  it('Stop before the answer ends the turn as stopped (an aborted error), not as a failure of the model', async () => {
    const controller = new AbortController();
    controller.abort();
    const { turn, events } = await run(new ScriptedChatModel({ json: PLAN }), controller.signal);
    expect(turn.state).toBe('error');
    expect(turn.error?.code).toBe('job/aborted');
    expect(events[events.length - 1]!.type).toBe('error');
  });

  it('a consumer that stops pulling stops the turn', async () => {
    const model = modelWith({ deltas: ['a', 'b', 'c', 'd'], delayMs: 30 });
    const fake = fakeAsk(() => RESULT);
    let seen = 0;
    for await (const e of runTurn({ question: QUESTION }, { asker: fake.asker, model, timeouts: TIMEOUTS })) {
      if (e.type === 'token' && ++seen === 1) break;
    }
    expect(seen).toBe(1);
    // The model's call was aborted as soon as the consumer let go, not when it next wrote.
    expect(model.chatCalls[0]!.signal?.aborted).toBe(true);
  });
});

describe('turnFromAsk (the evaluation entry point)', () => {
  it('gives the same answer step as the app, extractive or with a model', async () => {
    const extractive = await turnFromAsk(RESULT);
    expect(extractive).toMatchObject({ state: 'answered', writer: 'extractive', plan: { family: 'workspace_retrieval', source: 'deterministic' } });
    expect(extractive.answer!.verification.ok).toBe(true);
    const model = new ScriptedChatModel({ chat: [{ deltas: ['Capped at twelve months of fees [1].'] }] });
    const written = await turnFromAsk(RESULT, { model, timeouts: TIMEOUTS });
    expect(written).toMatchObject({ state: 'answered', writer: 'model' });
    expect(model.jsonCalls).toEqual([]);
    const abstained = await turnFromAsk({ ...RESULT, outcome: 'insufficient' }, { model });
    expect(abstained.state).toBe('insufficient');
    expect(model.chatCalls).toHaveLength(1);
  });
});
