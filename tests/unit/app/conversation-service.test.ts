/**
 * ConversationService: questions become turns rendered live and saved in the workspace database
 * (Dexie on fake-indexeddb); a newer question supersedes the running one, Stop keeps what was
 * written; scope (filter, follow-ups, widening, a chosen candidate) reaches ask(); modes; the
 * history (reopen after a reload, rename, delete with undo, export).
 */
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { ConversationService, DIRECT_MODE_NOTICE, type ConversationServiceDeps } from '../../../src/app/ask/conversation-service';
import { bindAsk } from '../../../src/core/ask/ask';
import type { AskFunction, AskRequest } from '../../../src/core/ask/types';
import { AbortedError } from '../../../src/core/errors';
import type { ChatModel } from '../../../src/core/ports';
import { DEFAULT_PIPELINE } from '../../../src/core/search/pipeline';
import type { PipelineSettings } from '../../../src/core/search-types';
import { DexieConversationStore } from '../../../src/store/conversations';
import { WorkspaceDb, type IdbDeps } from '../../../src/store/db';
import { DocumentRepository } from '../../../src/store/documents';
import { DEFAULT_ANSWER_SETTINGS, type AnswerSettings } from '../../../src/store/workspace-settings';
import { askDeps, askResult, MSA, NDA, PASSAGES } from '../../helpers/ask-fixtures';
import { freshIdb } from '../../helpers/idb';
import { ScriptedChatModel, type JsonStep } from '../../helpers/scripted-chat';

const PLAN: JsonStep[] = [
  { value: { family: 'workspace_retrieval', reply_language: 'en', evidence_regime: 'grounded', follow_up: false } },
  { value: { document_ids: [], section_ordinal: null, answer_shape: 'short' } },
];

interface Harness {
  readonly service: ConversationService;
  readonly db: WorkspaceDb;
  readonly requests: AskRequest[];
  readonly modelCalls: { n: number };
  settings: { pipeline: PipelineSettings; answer: AnswerSettings };
}

const dbs: WorkspaceDb[] = [];
const services: ConversationService[] = [];
afterEach(() => {
  for (const s of services.splice(0)) s.dispose();
  for (const db of dbs.splice(0)) db.close();
});

/** Answers from the passages the question asks about; `hold` makes a question wait for its abort. */
function fakeAsk(requests: AskRequest[], hold: { next: boolean } = { next: false }): AskFunction {
  return async (request, _deps, options) => {
    requests.push(request);
    if (hold.next) {
      hold.next = false;
      await new Promise((_, reject) => options?.signal?.addEventListener('abort', () => reject(new AbortedError('ask'))));
    }
    const scope = request.context?.userScope?.length ? { source: 'user' as const, documentIds: [...request.context.userScope], matched: [] } : undefined;
    if (/audit/.test(request.question)) return askResult(request.question, [PASSAGES.term], { outcome: 'insufficient', sufficiency: { score: 0.2, threshold: 0.5, reasons: ['No passage is an audit clause.'] } });
    if (/which agreement/i.test(request.question) && !scope) return askResult(request.question, [], { outcome: 'needs_clarification', candidates: [MSA, NDA] });
    const follow = request.context?.previousScope?.documentIds.length ? { scope: { ...request.context.previousScope, source: 'follow_up' as const } } : {};
    return askResult(request.question, [PASSAGES.cap, PASSAGES.term], { ...follow, ...(scope ? { scope } : {}) });
  };
}

function harness(options: { idb?: IdbDeps; model?: ChatModel | (() => never); hold?: { next: boolean }; ask?: AskFunction } = {}): Harness {
  const db = new WorkspaceDb('conversations', options.idb ?? freshIdb());
  dbs.push(db);
  const requests: AskRequest[] = [];
  const modelCalls = { n: 0 };
  let clock = 1_000;
  const h: Harness = {
    db,
    requests,
    modelCalls,
    settings: { pipeline: DEFAULT_PIPELINE, answer: DEFAULT_ANSWER_SETTINGS },
    service: null as unknown as ConversationService,
  };
  const deps: ConversationServiceDeps = {
    store: new DexieConversationStore(db),
    asker: bindAsk(options.ask ?? fakeAsk(requests, options.hold), askDeps),
    settings: async () => h.settings,
    model: async () => {
      modelCalls.n++;
      const m = options.model;
      return typeof m === 'function' ? m() : (m ?? null);
    },
    lookup: new DocumentRepository(db),
    timeouts: { planMs: 500, firstTokenMs: 500, idleMs: 500 },
    undoMs: 200,
    now: () => (clock += 1000),
  };
  (h as { service: ConversationService }).service = new ConversationService(deps);
  services.push(h.service);
  return h;
}

const until = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 400; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe('ConversationService: turns', () => {
  it('shows the question at once, answers it, and saves it in a conversation titled after it', async () => {
    const { service, db } = harness();
    const seen: string[] = [];
    service.subscribe(() => seen.push(service.view.turns.map((t) => (t.running ? 'running' : t.record?.state)).join(',')));
    const asked = service.ask('What is the liability cap?');
    expect(service.view.turns).toMatchObject([{ question: 'What is the liability cap?', running: true }]);
    expect(service.view.busy).toBe(true);
    await asked;
    const [turn] = service.view.turns;
    expect(turn).toMatchObject({ running: false, record: { state: 'answered', writer: 'extractive' } });
    expect(turn!.sources.map((s) => s.file)).toEqual(['Master Services Agreement.pdf', 'Master Services Agreement.pdf']);
    expect(turn!.answer?.verification).toMatchObject({ ok: true });
    expect(seen[0]).toBe('running');
    expect(service.view).toMatchObject({ busy: false, completed: 1 });
    await service.flush();
    expect(service.view.conversation).toMatchObject({ title: 'What is the liability cap?', turns: 1 });
    expect(service.view.conversations).toHaveLength(1);
    expect((await db.turns.toArray()).map((t) => [t.question, t.state])).toEqual([['What is the liability cap?', 'answered']]);
  });

  it('keeps the previous scope for follow-ups until cleared; a filter applies to every question until changed', async () => {
    const { service, requests } = harness();
    await service.ask('What is the liability cap in the MSA?');
    expect(service.view.followUp).toMatchObject({ documentIds: [MSA.id] });
    await service.ask('and the renewal term?');
    expect(requests[1]!.context?.previousScope).toMatchObject({ documentIds: [MSA.id] });
    service.clearFollowUp();
    expect(service.view.followUp).toBeNull();
    await service.ask('governing law?');
    expect(requests[2]!.context?.previousScope).toBeNull();
    expect(service.view.followUp).toMatchObject({ documentIds: [MSA.id] }); // the new turn's own scope

    service.setFilter([NDA.id, NDA.id]);
    expect(service.view.filter).toEqual([NDA.id]);
    await service.ask('confidentiality period');
    await service.ask('and the governing law?');
    expect(requests.slice(3).map((r) => r.context?.userScope)).toEqual([[NDA.id], [NDA.id]]);
    service.setFilter(null);
    expect(service.view.followUp).toBeNull(); // the filter's documents are not kept as a follow-up scope
    await service.ask('termination');
    expect(requests[5]!.context).toMatchObject({ userScope: null, previousScope: null });
  });

  it('widens a turn without one of its documents, and answers an ambiguous question for the document chosen', async () => {
    const { service, requests } = harness();
    await service.ask('Which agreement renews automatically?');
    const clarification = service.view.turns[0]!;
    expect(clarification.record).toMatchObject({ state: 'clarification' });
    expect(clarification.record!.candidates.map((c) => c.id)).toEqual([MSA.id, NDA.id]);
    await service.chooseDocument(clarification.id, NDA.id);
    expect(requests[1]!).toMatchObject({ question: 'Which agreement renews automatically?', context: { userScope: [NDA.id] } });
    expect(service.view.turns[1]!.record).toMatchObject({ state: 'answered', scope: { documentIds: [NDA.id] } });

    await service.askWithout(service.view.turns[1]!.id, NDA.id);
    // Nothing left in scope: every document of the workspace, pinned.
    expect(requests[2]!.context?.userScope).toEqual((await askDeps.documents()).map((d) => d.id));
    expect(service.view.filter).toBeNull();
    // Every document is no scope for a follow-up to stay in.
    await service.ask('and the renewal term?');
    expect(requests[3]!.context?.previousScope).toBeNull();
  });

  it('asks a turn again in every document, leaving the filter and the follow-up scope', async () => {
    const { service, requests } = harness();
    service.setFilter([NDA.id]);
    await service.ask('Can we audit the supplier?');
    await service.searchEverywhere(service.view.turns[0]!.id);
    expect(requests[1]!).toMatchObject({ question: 'Can we audit the supplier?', context: { userScope: (await askDeps.documents()).map((d) => d.id), previousScope: null } });
    expect(service.view.filter).toBeNull();
  });

  it('says insufficient with the closest passages and the reasons', async () => {
    const { service } = harness();
    await service.ask('Can we audit the supplier?');
    const t = service.view.turns[0]!;
    expect(t.record).toMatchObject({ state: 'insufficient', sufficiency: { reasons: ['No passage is an audit clause.'] } });
    expect(t.sources.map((s) => s.chunkId)).toEqual(['msa:55']);
  });
});

describe('ConversationService: supersede and stop', () => {
  it('a newer question supersedes one still searching: only the newer is shown, counted and saved', async () => {
    const hold = { next: true };
    const { service, db } = harness({ hold });
    const first = service.ask('governing law of the agreement');
    await until(() => service.view.turns.length === 1 && hold.next === false, 'the first question to reach ask()');
    const second = service.ask('limitation of liability cap');
    await Promise.all([first, second]);
    expect(service.view.turns.map((t) => t.question)).toEqual(['limitation of liability cap']);
    expect(service.view).toMatchObject({ completed: 1, busy: false });
    await service.flush();
    expect((await db.turns.toArray()).map((t) => t.question)).toEqual(['limitation of liability cap']);
  });

  it('Stop while searching keeps the turn, marked stopped', async () => {
    const hold = { next: true };
    const { service, db } = harness({ hold });
    const asked = service.ask('termination notice');
    await until(() => hold.next === false, 'ask() to start');
    service.stop();
    await asked;
    expect(service.view.turns[0]!.record).toMatchObject({ stopped: true });
    expect(service.view.busy).toBe(false);
    await service.flush();
    expect((await db.turns.toArray())[0]).toMatchObject({ question: 'termination notice', stopped: true });
  });

  it('Stop while the model writes keeps what it wrote; a newer question keeps a half-written answer too', async () => {
    const model = new ScriptedChatModel({
      json: [...PLAN, ...PLAN, ...PLAN],
      chat: [
        { deltas: ['The cap is the fees paid ', 'in the last twelve months [1].'], hang: true },
        { deltas: ['It renews every year [2].'], hang: true },
        { deltas: ['Governed by New York law [1].'] },
      ],
    });
    const { service } = harness({ model });
    const asked = service.ask('What is the liability cap?');
    await until(() => service.view.turns[0]!.draft.includes('twelve months'), 'the streamed answer');
    service.stop();
    await asked;
    const stopped = service.view.turns[0]!;
    expect(stopped.record).toMatchObject({ state: 'answered', writer: 'model', stopped: true });
    expect(stopped.answer!.text).toBe('The cap is the fees paid in the last twelve months [1].');
    expect(stopped.answer!.citations.map((c) => c.chunkId)).toEqual(['msa:40']);

    const second = service.ask('And the renewal?');
    await until(() => service.view.turns[1]?.draft.includes('renews') === true, 'the second answer');
    const third = service.ask('Governing law?');
    await Promise.all([second, third]);
    expect(service.view.turns.map((t) => [t.question, t.record?.stopped, t.record?.state])).toEqual([
      ['What is the liability cap?', true, 'answered'],
      ['And the renewal?', true, 'answered'],
      ['Governing law?', false, 'answered'],
    ]);
    expect(service.view.turns[2]!.record!.trace.model?.id).toBe('scripted/test-model');
  });
});

describe('ConversationService: modes and models', () => {
  it('"Passages only" asks without a model; the turn is marked passages-only', async () => {
    const model = new ScriptedChatModel();
    const h = harness({ model });
    h.settings = { ...h.settings, pipeline: { ...DEFAULT_PIPELINE, mode: 'retrieval_only' } };
    await h.service.ask('liability cap');
    expect(h.modelCalls.n).toBe(0);
    expect(model.calls).toEqual([]);
    expect(h.service.view.turns[0]).toMatchObject({ passagesOnly: true, record: { writer: 'extractive', passagesOnly: true } });
  });

  it('"Language model only" without a model says what to do and asks nothing', async () => {
    const h = harness();
    h.settings = { ...h.settings, pipeline: { ...DEFAULT_PIPELINE, mode: 'direct' } };
    await h.service.ask('draft a termination letter');
    expect(h.service.view).toMatchObject({ turns: [], notice: DIRECT_MODE_NOTICE, busy: false });
    expect(h.requests).toEqual([]);
  });

  it('a model that cannot be loaded leaves an extractive answer that says why', async () => {
    const h = harness({
      model: () => {
        throw new Error('WebGPU is not available');
      },
    });
    await h.service.ask('liability cap');
    expect(h.service.view.turns[0]!.record).toMatchObject({ state: 'answered', writer: 'extractive', fallback: 'the language model could not be loaded (WebGPU is not available)' });
  });

  it('passes the workspace’s evidence regime to the turn', async () => {
    const model = new ScriptedChatModel({ json: PLAN, chat: [{ deltas: ['Drafted [1].'] }] });
    const h = harness({ model });
    h.settings = { ...h.settings, answer: { regime: 'creative' } };
    await h.service.ask('Draft a clause like the liability cap');
    expect(h.service.view.turns[0]!.record).toMatchObject({ state: 'creative', regime: { requested: 'creative', resolved: 'creative' } });
  });
});

describe('ConversationService: history', () => {
  it('reopens the latest conversation after a reload, with its turns and their lineage', async () => {
    const idb = freshIdb();
    const a = harness({ idb });
    await a.service.ask('What is the liability cap in the MSA?');
    await a.service.flush();
    a.service.newConversation();
    await a.service.ask('governing law');
    await a.service.flush();
    a.service.dispose();

    const b = harness({ idb });
    await b.service.start();
    expect(b.service.view.conversations.map((c) => c.title)).toEqual(['governing law', 'What is the liability cap in the MSA?']);
    expect(b.service.view.conversation?.title).toBe('governing law');
    await b.service.openConversation(b.service.view.conversations[1]!.id);
    expect(b.service.view.turns.map((t) => t.record?.state)).toEqual(['answered']);
    await b.service.ask('and the renewal term?');
    expect(b.requests[0]!.context?.previousScope).toMatchObject({ documentIds: [MSA.id] });
    await b.service.flush();
    expect(b.service.view.conversation).toMatchObject({ title: 'What is the liability cap in the MSA?', turns: 2 });
  });

  it('renames; deletes with an undo that puts everything back; the undo expires', async () => {
    const { service } = harness();
    await service.ask('liability cap');
    await service.ask('renewal term');
    await service.flush();
    const id = service.view.conversation!.id;
    await service.renameConversation(id, 'Acme MSA review');
    expect(service.view.conversation?.title).toBe('Acme MSA review');
    expect(service.view.conversations[0]?.title).toBe('Acme MSA review');

    await service.deleteConversation(id);
    expect(service.view).toMatchObject({ conversation: null, turns: [], conversations: [], deleted: { id } });
    await service.undoDelete();
    expect(service.view.deleted).toBeNull();
    expect(service.view.conversation).toMatchObject({ id, title: 'Acme MSA review', turns: 2 });
    expect(service.view.turns.map((t) => t.question)).toEqual(['liability cap', 'renewal term']);

    await service.deleteConversation(id);
    await until(() => service.view.deleted === null, 'the undo to expire');
    await service.undoDelete();
    expect(service.view.conversations).toEqual([]);
  });

  it('exports a conversation as Markdown and Word, citations as footnotes', async () => {
    const { service } = harness();
    await service.ask('What is the liability cap?');
    await service.flush();
    const id = service.view.conversation!.id;
    const md = await service.exportConversation(id, 'markdown');
    expect(md).toMatchObject({ name: 'What is the liability cap.md', type: 'text/markdown' });
    const text = new TextDecoder().decode(md.bytes);
    expect(text).toContain('## 1. What is the liability cap?');
    expect(text).toMatch(/\[\^1-1\]: Master Services Agreement\.pdf, p\. 5, § ARTICLE 12 LIMITATION OF LIABILITY › 12\.2 Liability Cap: “/);
    const docx = await service.exportConversation(id, 'docx');
    expect(docx.name).toBe('What is the liability cap.docx');
    const files = unzipSync(docx.bytes);
    expect(strFromU8(files['word/document.xml']!)).toContain('What is the liability cap?');
    expect(strFromU8(files['word/footnotes.xml']!)).toContain('Master Services Agreement.pdf, p. 5');
  });

  it('a conversation switched away from while a turn runs does not receive it', async () => {
    const hold = { next: false };
    const { service, db } = harness({ hold });
    await service.ask('first question');
    hold.next = true;
    const running = service.ask('second question');
    await until(() => hold.next === false, 'the second question to reach ask()');
    service.newConversation();
    await running;
    await service.flush();
    expect(service.view.turns).toEqual([]);
    expect((await db.turns.toArray()).map((t) => t.question)).toEqual(['first question']);
  });
});
