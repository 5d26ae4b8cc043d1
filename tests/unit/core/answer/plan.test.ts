import { describe, expect, it } from 'vitest';
import { initialism, plannerDocuments } from '../../../../src/core/answer/alias-map';
import { planWithModel } from '../../../../src/core/answer/plan';
import { checkAgainst, PHASE_A_SCHEMA } from '../../../../src/core/answer/plan-schema';
import { AbortedError, InputError, ModelError } from '../../../../src/core/errors';
import { DOCUMENTS } from '../../../helpers/ask-fixtures';
import { ScriptedChatModel } from '../../../helpers/scripted-chat';

const TIMEOUTS = { planMs: 200, firstTokenMs: 200, idleMs: 200 };
const input = (question: string, previousDocumentIds: string[] = []) => ({ question, history: [], documents: DOCUMENTS, previousDocumentIds });
const phaseA = (family: string, extra: Record<string, unknown> = {}) => ({ value: { family, reply_language: 'en', evidence_regime: 'grounded', follow_up: false, ...extra } });

describe('plan schemas', () => {
  it('validate without generating code and say what is wrong', () => {
    expect(checkAgainst(PHASE_A_SCHEMA, { family: 'inventory', reply_language: 'fr', evidence_regime: 'grounded', follow_up: false }).ok).toBe(true);
    const bad = checkAgainst(PHASE_A_SCHEMA, { family: 'search_everything', reply_language: 'French', evidence_regime: 'grounded', follow_up: false, extra: 1 });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors.join('\n')).toMatch(/\/family[\s\S]*\/reply_language|\/reply_language[\s\S]*\/family/);
  });
});

describe('the alias map', () => {
  it('derives title initialisms and lists the previous turn and named documents first', () => {
    expect(initialism('General Data Protection Regulation')).toBe('GDPR');
    expect(initialism('Agreement')).toBeNull();
    const listed = plannerDocuments('what does the NDA say about advisers?', DOCUMENTS, ['avv']);
    expect(listed.map((d) => [d.handle, d.id, d.lineage])).toEqual([
      ['D1', 'avv', true],
      ['D2', 'nda', false],
      ['D3', 'msa', false],
    ]);
    expect(listed[1]!.aliases).toEqual(['MNDA', 'NDA']); // the initialism of "Mutual Non-Disclosure Agreement", then the ingest aliases
    expect(plannerDocuments('x', DOCUMENTS, [], 2)).toHaveLength(2);
  });
});

describe('planning with a model', () => {
  it('runs Phase A on the question and recent turns only, then Phase B with the document list', async () => {
    const model = new ScriptedChatModel({ json: [phaseA('single_doc_retrieval'), { value: { document_ids: ['D1'], section_ordinal: '12', answer_shape: 'short', fact_kind: null } }] });
    const out = await planWithModel(input('What is the liability cap in the Acme agreement?'), model, TIMEOUTS);
    expect(out).toMatchObject({ kind: 'plan', plan: { family: 'single_doc_retrieval', source: 'model', documentIds: ['msa'], sectionOrdinal: '12', answerShape: 'short', problems: [] } });
    const [a, b] = model.jsonCalls;
    expect(JSON.stringify(a!.request)).not.toContain('Master Services Agreement.pdf');
    expect(JSON.stringify(b!.request)).toContain('D1: Master Services Agreement.pdf');
    expect(JSON.stringify(b!.schema)).toContain('"enum":["D1","D2","D3"]');
  });

  it('skips Phase B for families without document scope', async () => {
    const model = new ScriptedChatModel({ json: [phaseA('inventory', { reply_language: 'fr' })] });
    const out = await planWithModel(input('Combien de documents sont en français ?'), model, TIMEOUTS);
    expect(out).toMatchObject({ kind: 'plan', plan: { family: 'inventory', replyLanguage: 'fr', documentIds: [] } });
    expect(model.jsonCalls).toHaveLength(1);
  });

  it('turns a malformed Phase A reply into needs_clarification, with the reason', async () => {
    const model = new ScriptedChatModel({ json: [{ value: { family: 'search', reply_language: 'en' } }] });
    const out = await planWithModel(input('liability?'), model, TIMEOUTS);
    expect(out.kind).toBe('plan');
    if (out.kind === 'plan') {
      expect(out.plan.family).toBe('needs_clarification');
      expect(out.plan.problems.join(' ')).toMatch(/phase A: .*family/);
    }
  });

  it('turns a reply that is not JSON into needs_clarification', async () => {
    for (const error of [new SyntaxError('Unexpected token I in JSON'), new InputError('llm: output is not JSON')]) {
      const out = await planWithModel(input('liability?'), new ScriptedChatModel({ json: [{ error }] }), TIMEOUTS);
      expect(out).toMatchObject({ kind: 'plan', plan: { family: 'needs_clarification' } });
    }
  });

  it('rejects an unknown document handle instead of searching everything', async () => {
    const model = new ScriptedChatModel({ json: [phaseA('single_doc_retrieval'), { value: { document_ids: ['D9'], section_ordinal: null, answer_shape: 'short' } }] });
    const out = await planWithModel(input('What does the lease say?'), model, TIMEOUTS);
    expect(out).toMatchObject({ kind: 'plan', plan: { family: 'needs_clarification', documentIds: [] } });
    if (out.kind === 'plan') expect(out.plan.problems.join(' ')).toMatch(/phase B: \/document_ids\/0/);
  });

  it('asks which document when a single-document question resolves to none', async () => {
    const model = new ScriptedChatModel({ json: [phaseA('single_doc_retrieval'), { value: { document_ids: [], section_ordinal: null, answer_shape: 'short' } }] });
    const out = await planWithModel(input('What does the contract say about the cap?'), model, TIMEOUTS);
    expect(out).toMatchObject({ kind: 'plan', plan: { family: 'needs_clarification' } });
  });

  it('reports a failing or hanging model as a model failure (the caller falls back)', async () => {
    const failing = await planWithModel(input('q?'), new ScriptedChatModel({ json: [{ error: new ModelError('model/unavailable', 'llm: endpoint unreachable') }] }), TIMEOUTS);
    expect(failing.kind).toBe('model_failed');
    const t = performance.now();
    const hanging = await planWithModel(input('q?'), new ScriptedChatModel({ json: [{ hang: true, deaf: true }] }), TIMEOUTS);
    expect(hanging.kind).toBe('model_failed');
    if (hanging.kind === 'model_failed') expect((hanging.error as ModelError).code).toBe('job/timeout');
    expect(performance.now() - t).toBeLessThan(2000);
  });

  it('ends at once on abort, even when the provider ignores the signal', async () => {
    const controller = new AbortController();
    const pending = planWithModel(input('q?'), new ScriptedChatModel({ json: [{ hang: true, deaf: true }] }), { ...TIMEOUTS, planMs: 60_000 }, controller.signal);
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toBeInstanceOf(AbortedError);
  });
});
