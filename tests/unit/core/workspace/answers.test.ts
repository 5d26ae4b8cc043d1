/**
 * The workspace answers wired into the answer layer's turn, over generated contracts ingested by
 * the app's own pipeline and searched through the real ask function and the built-in clause
 * classifier: inventory and metadata without a model, broad questions proposed for approval,
 * the flow run per document (map), composed (reduce), with a model or without.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { collectTurn, runTurn } from '../../../../src/core/answer/turn';
import { bindAsk, ask as realAsk } from '../../../../src/core/ask/ask';
import { ASK_CLASSIFIER_OPTIONS } from '../../../../src/core/ask/sufficiency';
import type { AskDeps, AskFunction } from '../../../../src/core/ask/types';
import { isVerbatim } from '../../../../src/core/answer/verbatim';
import { CatalogWorkspaceAnswers } from '../../../../src/core/workspace/answers';
import { MemoryCatalog } from '../../../../src/core/workspace/catalog';
import { MemoryFlowStore, rowsInOrder } from '../../../../src/core/workspace/flows';
import { FlowScheduler } from '../../../../src/core/workspace/scheduler';
import type { DocumentTable } from '../../../../src/core/workspace/inventory';
import type { ChatModel } from '../../../../src/core/ports';
import { questionExecutor } from '../../../../src/app/ask/flow-executors';
import { DEFAULT_PIPELINE } from '../../../../src/core/search/pipeline';
import { builtinClassifier } from '../../../../src/playbooks/classifiers';
import { textFile, WORKSPACE_CONTRACTS } from '../../../fixtures/contracts';
import { askWorkspace, type AskWorkspace } from '../../../helpers/ask-workspace';
import { ScriptedChatModel } from '../../../helpers/scripted-chat';

const TIMEOUTS = { planMs: 300, firstTokenMs: 300, idleMs: 300 };
const classifier = builtinClassifier(ASK_CLASSIFIER_OPTIONS);
let w: AskWorkspace;
let askDeps: AskDeps;
const byFile = (file: string) => w.byFile.get(file)!.id;

/** The real ask function, counting its calls. */
function countingAsk(): { ask: AskFunction; calls: string[][] } {
  const calls: string[][] = [];
  return {
    calls,
    ask: async (request, deps, options) => {
      calls.push([...(request.context?.userScope ?? [])]);
      return realAsk(request, deps, options);
    },
  };
}

function setup(model: ChatModel | null = null) {
  const counted = countingAsk();
  const store = new MemoryFlowStore();
  const flows = new FlowScheduler({ store, executors: { question: questionExecutor({ asker: bindAsk(counted.ask, askDeps), settings: async () => DEFAULT_PIPELINE, model: async () => model }) } });
  const catalog = new MemoryCatalog(w.workspace.documents.values());
  const workspace = new CatalogWorkspaceAnswers({ catalog, flows, classifier });
  const turn = (question: string, chat: ChatModel | null = null) => collectTurn(runTurn({ question }, { asker: bindAsk(counted.ask, askDeps), workspace, model: chat, timeouts: TIMEOUTS }));
  return { ...counted, store, flows, workspace, turn };
}

beforeAll(async () => {
  w = await askWorkspace(WORKSPACE_CONTRACTS.map((c) => ({ file: c.file, text: textFile(c) })));
  askDeps = { retriever: w.retriever, documents: w.documents, classifier };
}, 60_000);

describe('inventory and metadata turns without a model', () => {
  it('"how many documents are in French" counts exactly, without retrieval', async () => {
    const { turn, calls } = setup();
    const { turn: t } = await turn('how many documents are in French');
    expect(t).toMatchObject({ state: 'inventory', writer: 'app', plan: { family: 'inventory', source: 'deterministic' } });
    expect(t.answer?.text).toMatch(/^1 of the 7 documents in French \(1 searchable\)\./);
    expect(calls).toEqual([]);
  });

  it('in French and German too, replying in the question\'s language', async () => {
    const { turn } = setup();
    expect((await turn('combien de documents sont en anglais ?')).turn.answer?.text).toMatch(/^6 des 7 documents en anglais/);
    const de = (await turn('Wie viele Dokumente gibt es?')).turn;
    expect(de.language).toBe('de');
    expect(de.answer?.text).toMatch(/^Der Arbeitsbereich enthält 7 Dokumente/);
  });

  it('"list the documents" is a table with the honest total', async () => {
    const { turn } = setup();
    const { turn: t } = await turn('list the documents');
    expect(t.state).toBe('inventory');
    expect(t.answer?.text.split('\n')[0]).toBe('Showing all 7 documents:');
    const table = (t.workspace?.data as { table: DocumentTable }).table;
    expect(table.rows).toHaveLength(7);
    expect(t.answer?.verification.ok).toBe(true);
  });

  it('a document\'s facts through its short name', async () => {
    const { turn } = setup();
    const { turn: t } = await turn('how many pages does the NDA have?');
    expect(t).toMatchObject({ state: 'inventory', plan: { family: 'metadata_fact', documentIds: [byFile('contoso-fabrikam-nda.txt')], factKind: 'pages' } });
    expect(t.answer?.text).toBe('MUTUAL NON-DISCLOSURE AGREEMENT (contoso-fabrikam-nda.txt) has 1 page.');
    const parties = (await turn('who are the parties to the Supply Agreement?')).turn;
    expect(parties.answer?.text).toContain('Fabrikam GmbH');
    expect(parties.answer?.text).toContain('Tailspin Toys Corp');
  });

  it('an ambiguous short name lists the candidates', async () => {
    const { turn } = setup();
    const { turn: t } = await turn('how many pages does the Distribution Agreement have?');
    expect(t.state).toBe('inventory');
    expect(t.answer?.text).toBe('Several documents could be meant: DISTRIBUTION AGREEMENT (northwind-contoso-distribution.txt) and DISTRIBUTION AGREEMENT (northwind-fabrikam-distribution.txt). Which one do you mean?');
  });
});

describe('a broad question', () => {
  const QUESTION = 'which contracts have a non-compete clause?';

  it('is proposed with its estimate; nothing runs before approval; then each contract is asked alone', async () => {
    const { turn, calls, flows, store } = setup();
    const { turn: t, events } = await turn(QUESTION);
    expect(t).toMatchObject({ state: 'action', plan: { family: 'multi_doc_retrieval' }, action: { kind: 'flow' } });
    expect(t.action!.documentIds).toHaveLength(7);
    // Nothing measured on this device yet: no time is promised.
    expect(t.answer?.text).toMatch(/^I would ask each of the 7 documents, one at a time: which contracts have a non-compete clause\?\n\nEstimated time: known once the first documents are read \(nothing measured on this device yet\)\.\n\nNothing runs until you approve\.$/);
    expect(events.map((e) => e.type)).toContain('tool_result');
    // Nothing ran: no retrieval at all, the flow waits for the user.
    expect(calls).toEqual([]);
    const flowId = t.action!.flowId!;
    expect((await store.get(flowId))!.status).toBe('proposed');
    expect((await store.get(flowId))!.items[0]).toMatchObject({ subjects: ['non_compete'], operation: 'fact' });

    await flows.approve(flowId);
    await flows.whenIdle();
    expect(calls).toHaveLength(7);
    for (const scope of calls) expect(scope).toHaveLength(1);
    const flow = (await store.get(flowId))!;
    const rows = rowsInOrder(flow);
    const row = (file: string) => rows.find((r) => r.documentId === byFile(file))!;
    for (const c of WORKSPACE_CONTRACTS.filter((c) => c.language === 'en')) {
      const r = row(c.file);
      if (c.has.includes('noncompete')) {
        expect(r.status, c.file).toBe('found');
        expect(r.section.join(' ')).toMatch(/Non-Competition/);
        expect(r.finding).toMatch(/shall not manufacture, sell or promote products that compete/);
        expect(r.evidence).toContain(r.finding);
      } else expect(r.status, c.file).toBe('not_found');
    }
    // Reduce, extractive: every quote verbatim in its cited source, every citation resolved.
    expect(flow.result).toMatchObject({ writer: 'extractive', fallback: null, answer: { verification: { ok: true, unresolvedCitations: 0, unverifiedQuotes: 0 } } });
    expect(flow.result!.answer.text).toMatch(/^Found in [23] of 7 documents; not found in [45]\./);
    expect(flow.result!.answer.quotes.length).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('a second broad question waits for the first, with its place in line and an ETA', async () => {
    const { turn, flows, workspace } = setup();
    const first = (await turn(QUESTION)).turn.action!.flowId!;
    const second = (await turn('what law governs each contract?')).turn.action!.flowId!;
    await flows.approve(first);
    await flows.approve(second);
    expect(workspace.waiting(first, 'en')).toBeNull();
    expect(workspace.waiting(second, 'en')).toMatch(/^Waiting for the device: number 1 in line(, starts in about \d+ s, done in about \d+ s\.|; when it starts is known once the flow before it has read its first documents\.)$/);
    expect(workspace.waiting(second, 'fr')).toMatch(/^En attente de l'appareil : position 1 dans la file/);
    await flows.cancelAll();
    await flows.whenIdle();
    expect(workspace.waiting(second, 'en')).toBeNull();
  }, 60_000);

  it('in German, over the documents its filter keeps', async () => {
    const { turn } = setup();
    const { turn: t } = await turn('Welche französischen Verträge enthalten ein Wettbewerbsverbot?');
    expect(t.state).toBe('action');
    expect(t.action!.documentIds).toEqual([byFile('contrat-distribution-societe-negoce.txt')]);
    expect(t.answer?.text).toMatch(/^Ich würde das eine Dokument auf Französisch fragen: Welche französischen Verträge/);
  });

  it('with a model: the planner\'s family decides, and the model composes the table, checked like any answer', async () => {
    const supply = WORKSPACE_CONTRACTS.find((c) => c.file === 'fabrikam-tailspin-supply.txt')!;
    const quote = 'shall not manufacture, sell or promote products that compete with the Products in the Territory';
    const planner = new ScriptedChatModel({ json: [{ value: { family: 'workspace_retrieval', reply_language: 'en', evidence_regime: 'grounded', follow_up: false } }, { value: { document_ids: [], section_ordinal: null, answer_shape: 'table' } }] });
    const writer = new ScriptedChatModel({ chat: [{ deltas: ['Two contracts restrict competition. ', `One says Tailspin "${quote}" [2]. `, 'Another clause is "an invented restriction on competition" [1].'] }] });
    const { turn, flows, store } = setup(writer);
    const { turn: t } = await turn(QUESTION, planner);
    expect(t).toMatchObject({ state: 'action', plan: { family: 'workspace_retrieval', source: 'model' }, action: { kind: 'flow' } });
    await flows.approve(t.action!.flowId!);
    await flows.whenIdle();
    const flow = (await store.get(t.action!.flowId!))!;
    expect(flow.result?.writer).toBe('model');
    expect(writer.chatCalls).toHaveLength(1);
    const prompt = writer.chatCalls[0]!.request.messages.at(-1)!.content;
    expect(prompt).toMatch(/^Each source is the best passage of one document\. Nothing was found in: /);
    expect(flow.result!.sources.map((s) => s.file)).toContain(supply.file);
    const [invented, real] = [...flow.result!.answer.quotes].sort((a, b) => b.start - a.start);
    expect(real!.status === 'verbatim' || real!.status === 'wrong_source').toBe(true);
    expect(isVerbatim(real!.text, flow.result!.sources.map((s) => s.text).join(' '))).toBe(true);
    expect(invented!.status).toBe('not_found');
    expect(flow.result!.answer.verification.ok).toBe(false);
  }, 60_000);

  it('a model that fails leaves the extractive table answer, saying why', async () => {
    const failing = new ScriptedChatModel({ chat: [{ deltas: [], error: new Error('device lost') }] });
    const { turn, flows, store } = setup(failing);
    const { turn: t } = await turn('list the governing law of every contract');
    await flows.approve(t.action!.flowId!);
    await flows.whenIdle();
    const flow = (await store.get(t.action!.flowId!))!;
    expect(flow.result).toMatchObject({ writer: 'extractive', fallback: 'the model failed: device lost', answer: { verification: { ok: true } } });
    expect(rowsInOrder(flow).filter((r) => r.status === 'found').length).toBeGreaterThanOrEqual(6);
  }, 60_000);

  it('a question that is not broad goes to retrieval as before', async () => {
    const { turn, calls } = setup();
    const { turn: t } = await turn('Consider the Supply Agreement between Fabrikam and Tailspin; is there a non-compete clause?');
    expect(t.state).toBe('answered');
    expect(calls).toHaveLength(1);
  });
});
