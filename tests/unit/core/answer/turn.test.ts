import { describe, expect, it } from 'vitest';
import { plannerDocuments } from '../../../../src/core/answer/alias-map';
import { collectTurn, runTurn, type TurnDeps, type TurnRequest } from '../../../../src/core/answer/turn';
import type { WorkspaceAnswers } from '../../../../src/core/answer-types';
import type { AskResult } from '../../../../src/core/ask/types';
import { bindAsk } from '../../../../src/core/ask/ask';
import { IndexError } from '../../../../src/core/errors';
import { TERMINAL_EVENTS, type TurnEvent } from '../../../../src/core/events';
import { askDeps, askResult, DOCUMENTS, fakeAsk, MSA, PASSAGES } from '../../../helpers/ask-fixtures';
import { ScriptedChatModel, type JsonStep } from '../../../helpers/scripted-chat';

const TIMEOUTS = { planMs: 300, firstTokenMs: 300, idleMs: 300 };
const QUESTION = 'What is the cap on liability under the Master Services Agreement?';
const answered = (question = QUESTION) => askResult(question, [PASSAGES.cap, PASSAGES.term, PASSAGES.law]);

function phaseA(family: string, extra: Record<string, unknown> = {}): JsonStep {
  return { value: { family, reply_language: 'en', evidence_regime: 'grounded', follow_up: false, ...extra } };
}
function phaseB(ids: string[], extra: Record<string, unknown> = {}): JsonStep {
  return { value: { document_ids: ids, section_ordinal: null, answer_shape: 'short', ...extra } };
}

async function turn(request: Partial<TurnRequest> & { question?: string }, deps: Partial<TurnDeps> & { result?: AskResult } = {}) {
  const fake = fakeAsk(() => deps.result ?? answered(request.question ?? QUESTION));
  const out = await collectTurn(runTurn({ question: QUESTION, ...request }, { asker: fake.asker, timeouts: TIMEOUTS, ...deps }));
  return { ...out, requests: fake.requests };
}

function expectOneTerminalLast(events: readonly TurnEvent[]) {
  const terminal = events.filter((e) => TERMINAL_EVENTS.has(e.type));
  expect(terminal).toHaveLength(1);
  expect(events[events.length - 1]).toBe(terminal[0]);
}

describe('fast paths', () => {
  it('greets back without a model call or retrieval', async () => {
    const model = new ScriptedChatModel();
    const { turn: t, events, requests } = await turn({ question: 'Bonjour !' }, { model });
    expect(t.state).toBe('capability');
    expect(t.plan).toMatchObject({ source: 'router', fastPath: 'greeting' });
    expect(t.language).toBe('fr');
    expect(t.answer?.text).toMatch(/^Bonjour/);
    expect(model.calls).toEqual([]);
    expect(requests).toEqual([]);
    expect(events.map((e) => e.type)).toEqual(['plan', 'answer', 'done']);
  });

  it('answers "what can you do" naming the model, and empty input with a prompt to type', async () => {
    const model = new ScriptedChatModel();
    const capability = await turn({ question: 'What can you do?' }, { model });
    expect(capability.turn.state).toBe('capability');
    expect(capability.turn.answer?.text).toContain('scripted/test-model');
    const none = await turn({ question: 'Which model is answering?' });
    expect(none.turn.answer?.text).toContain('No language model is selected');
    const empty = await turn({ question: '   ' }, { model });
    expect(empty.turn.state).toBe('clarification');
    expect(model.calls).toEqual([]);
  });
});

describe('without a model', () => {
  it('retrieves with the exact question and answers extractively, every citation and quote checked', async () => {
    const { turn: t, events, requests } = await turn({ question: QUESTION });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.question).toBe(QUESTION);
    expect(t).toMatchObject({ state: 'answered', writer: 'extractive', plan: { source: 'deterministic', family: 'workspace_retrieval' }, regime: { requested: 'auto', resolved: 'grounded' } });
    expect(t.sources.map((s) => s.chunkId)).toEqual(['msa:40', 'msa:55', 'msa:70']);
    expect(t.answer!.verification).toMatchObject({ ok: true, unresolvedCitations: 0, unverifiedQuotes: 0 });
    expect(t.answer!.citations.map((c) => c.chunkId)).toContain('msa:40');
    expect(events.map((e) => e.type)).toEqual(['plan', 'status', 'tool_call', 'tool_result', 'sources', 'status', 'answer', 'done']);
    expectOneTerminalLast(events);
    expect(t.trace.stages.map((s) => s.stage)).toEqual(['route', 'retrieve', 'compose', 'verify']);
    expect(t.trace.model).toBeNull();
  });

  it('abstains on insufficient evidence, showing the closest passages', async () => {
    const { turn: t } = await turn({ question: 'Is there a most-favoured-nation clause?' }, { result: askResult('Is there a most-favoured-nation clause?', [PASSAGES.term], { outcome: 'insufficient' }) });
    expect(t.state).toBe('insufficient');
    expect(t.writer).toBe('app');
    expect(t.sources.map((s) => s.chunkId)).toEqual(['msa:55']);
    expect(t.answer?.text).toMatch(/not contain enough evidence/);
  });

  it('routes workspace questions to the workspace answers', async () => {
    const asked: unknown[] = [];
    const workspace: WorkspaceAnswers = {
      route: (q) => (/how many documents/i.test(q) ? { family: 'inventory', documentIds: [], factKind: null } : null),
      answer: async (q) => {
        asked.push(q);
        return { text: '3 documents: 2 in English, 1 in German.', data: { total: 3 } };
      },
    };
    const { turn: t, requests } = await turn({ question: 'How many documents are there?' }, { workspace });
    expect(t).toMatchObject({ state: 'inventory', workspace: { data: { total: 3 } } });
    expect(t.answer?.text).toBe('3 documents: 2 in English, 1 in German.');
    expect(asked).toHaveLength(1);
    expect(requests).toEqual([]);
  });

  it('asks which document when ask() cannot tell them apart', async () => {
    const result = askResult('What does the agreement say about fees?', [], { outcome: 'needs_clarification', candidates: DOCUMENTS.slice(0, 2), sufficiency: null });
    const { turn: t } = await turn({ question: 'What does the agreement say about fees?' }, { result });
    expect(t.state).toBe('clarification');
    expect(t.candidates.map((c) => c.id)).toEqual(['msa', 'nda']);
    expect(t.answer?.text).toContain('“Master Services Agreement”');
  });

  it('ends with one error event carrying the turn when retrieval fails', async () => {
    const failing = async () => {
      throw new IndexError('index/corrupt', 'index: the lexical snapshot of workspace w1 is corrupt');
    };
    const { turn: t, events } = await collectTurn(runTurn({ question: QUESTION }, { asker: bindAsk(failing, askDeps) }));
    expect(t.state).toBe('error');
    expect(t.error).toMatchObject({ name: 'IndexError', code: 'index/corrupt' });
    expect(t.answer).toBeNull();
    expectOneTerminalLast(events);
    expect(events[events.length - 1]!.type).toBe('error');
  });

  it('hands ask() the previous turn’s scope for a follow-up, unless the request clears it', async () => {
    const first = await turn({ question: QUESTION });
    const kept = await turn({ question: 'and the renewal term?', history: [first.turn] });
    expect(kept.requests[0]!.context?.previousScope).toEqual(first.turn.scope);
    const cleared = await turn({ question: 'and the renewal term?', history: [first.turn], previousScope: null });
    expect(cleared.requests[0]!.context?.previousScope).toBeNull();
  });

  it('picks the sentences to quote by what is asked, not by the words that named the document', async () => {
    const question = 'In the Master Services Agreement between Acme and Beta, how much notice stops the renewal?';
    const text = 'This Master Services Agreement between Acme and Beta renews each year. Either party may give notice of non-renewal ninety (90) days before the end of the term.';
    const result = askResult(question, [{ doc: MSA, seq: 9, text }], { retrievalQuery: 'how much notice stops the renewal?' });
    const { turn: t } = await turn({ question }, { result });
    expect(t.answer?.text).toContain('> Either party may give notice of non-renewal ninety (90) days before the end of the term. [1]');
    expect(t.answer?.text).not.toContain('renews each year');
  });

  it('replies in the language ask() detected', async () => {
    const result = { ...answered('Quel est le plafond de responsabilité ?'), language: 'fr' };
    const { turn: t } = await turn({ question: 'Quel est le plafond de responsabilité ?' }, { result });
    expect(t.language).toBe('fr');
    expect(t.answer?.text).toContain('Extraits des documents, mot pour mot :');
  });
});

describe('with a model: plans', () => {
  it('passes the planned documents and section to ask(), with the question unchanged', async () => {
    const model = new ScriptedChatModel({ json: [phaseA('single_doc_retrieval'), phaseB(['D1'], { section_ordinal: '12' })], chat: [{ deltas: ['The cap is twelve months of fees [1].'] }] });
    const { turn: t, requests } = await turn({ question: 'In the Acme agreement, what does article 12 cap?' }, { model });
    expect(requests[0]).toMatchObject({ question: 'In the Acme agreement, what does article 12 cap?', context: { userScope: ['msa'], sectionOrdinal: '12' } });
    expect(t.plan).toMatchObject({ source: 'model', family: 'single_doc_retrieval', documentIds: ['msa'] });
  });

  it('never searches everything on an unusable plan: it asks instead', async () => {
    const model = new ScriptedChatModel({ json: [{ value: 'not a plan' }] });
    const { turn: t, requests } = await turn({ question: 'and?' }, { model });
    expect(t.state).toBe('clarification');
    expect(t.plan.problems.length).toBeGreaterThan(0);
    expect(requests).toEqual([]);
    expect(model.chatCalls).toEqual([]);
  });

  it('uses the clarification question the plan wrote', async () => {
    const model = new ScriptedChatModel({ json: [phaseA('needs_clarification', { clarification: 'Which contract: the MSA or the NDA?' })] });
    const { turn: t } = await turn({ question: 'what about the term' }, { model });
    expect(t.answer?.text).toBe('Which contract: the MSA or the NDA?');
  });

  it('falls back to the deterministic path when the planner fails, and does not call the model again', async () => {
    const model = new ScriptedChatModel({ json: [{ hang: true, deaf: true }] });
    const { turn: t, requests, events } = await turn({}, { model });
    expect(t).toMatchObject({ state: 'answered', writer: 'extractive', plan: { source: 'fallback' } });
    expect(t.fallback).toMatch(/timed out/);
    expect(requests).toHaveLength(1);
    expect(model.chatCalls).toEqual([]);
    expect(events.some((e) => e.type === 'status' && e.stage === 'fallback')).toBe(true);
  });

  it('proposes a scan and runs nothing', async () => {
    const question = 'Review the NDA against our playbook';
    const handle = plannerDocuments(question, DOCUMENTS).find((d) => d.id === 'nda')!.handle;
    const model = new ScriptedChatModel({ json: [phaseA('scan_request'), phaseB([handle])] });
    const { turn: t, requests } = await turn({ question }, { model });
    expect(t).toMatchObject({ state: 'action', action: { kind: 'scan', documentIds: ['nda'] } });
    expect(t.answer?.text).toContain('Mutual Non-Disclosure Agreement');
    expect(requests).toEqual([]);
    expect(model.chatCalls).toEqual([]);
  });

  it('says workspace questions are not available when no workspace answers are wired', async () => {
    const model = new ScriptedChatModel({ json: [phaseA('inventory', { reply_language: 'de' })] });
    const { turn: t } = await turn({ question: 'Wie viele Dokumente sind auf Deutsch?' }, { model });
    expect(t.state).toBe('inventory');
    expect(t.language).toBe('de');
    expect(t.answer?.text).toMatch(/noch nicht verfügbar/);
  });
});

describe('evidence regimes', () => {
  const insufficient = askResult('Can the customer audit the supplier?', [PASSAGES.term], { outcome: 'insufficient' });

  it('grounded: insufficient evidence ends the turn without calling the model to answer', async () => {
    const model = new ScriptedChatModel({ json: [phaseA('workspace_retrieval'), phaseB([])], chat: [{ deltas: ['should never be written'] }] });
    const { turn: t } = await turn({ question: 'Can the customer audit the supplier?', regime: 'grounded' }, { model, result: insufficient });
    expect(t.state).toBe('insufficient');
    expect(model.chatCalls).toEqual([]);
    expect(t.sources).toHaveLength(1);
  });

  it('auto follows the plan: grounded unless the model reads a request for drafting', async () => {
    const grounded = new ScriptedChatModel({ json: [phaseA('workspace_retrieval'), phaseB([])] });
    expect((await turn({ question: 'Can the customer audit the supplier?' }, { model: grounded, result: insufficient })).turn.state).toBe('insufficient');
    expect(grounded.chatCalls).toEqual([]);
    const creative = new ScriptedChatModel({ json: [phaseA('workspace_retrieval', { evidence_regime: 'creative' }), phaseB([])], chat: [{ deltas: ['An audit clause could read: ...'] }] });
    const { turn: t } = await turn({ question: 'Draft an audit clause for us' }, { model: creative, result: insufficient });
    expect(t).toMatchObject({ state: 'creative', writer: 'model', regime: { requested: 'auto', resolved: 'creative' } });
    expect(creative.chatCalls[0]!.request.messages[0]!.content).toMatch(/own reasoning, drafting/);
  });

  it('creative without a model cannot write beyond the evidence: it abstains', async () => {
    const { turn: t } = await turn({ question: 'Draft an audit clause', regime: 'creative' }, { result: insufficient });
    expect(t.state).toBe('insufficient');
  });
});
