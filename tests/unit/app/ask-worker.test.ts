/**
 * ask() in the index worker (createIndexApi over a MessageChannel, Dexie on fake-indexeddb), as
 * the app runs it: the same result as the in-process ask() `npm run eval` runs, one message per
 * question, cancellable, over a workspace of generated contracts ingested by the app's pipeline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexClient } from '../../../src/app/workers/index-client';
import { ask } from '../../../src/core/ask/ask';
import type { AskRequest, AskResult } from '../../../src/core/ask/types';
import { AbortedError } from '../../../src/core/errors';
import { SearchEngine } from '../../../src/core/search/engine';
import { InProcessRetriever } from '../../../src/core/search/retriever';
import type { DocumentRecord } from '../../../src/core/types';
import { engineAskDeps } from '../../../src/core/ask/engine-deps';
import { askClassifier } from '../../../src/playbooks/ask-classifier';
import { registerRpcErrors } from '../../../src/rpc/errors';
import { createIndexApi, type IndexApi } from '../../../src/search-index/api';
import { WorkspaceDb } from '../../../src/store/db';
import { DocumentRepository } from '../../../src/store/documents';
import { DexieIndexPersistence } from '../../../src/store/index-persistence';
import { textFile, WORKSPACE_CONTRACTS } from '../../fixtures/contracts';
import { channelWorker } from '../../helpers/channel-worker';
import { ingestText } from '../../helpers/dexie-workspace';
import { freshIdb } from '../../helpers/idb';

registerRpcErrors();

const WS = 'ws-ask';
let db: WorkspaceDb;
let byFile: Map<string, DocumentRecord>;
let client: IndexClient;
let api: IndexApi;
let sent = 0;
let local: (request: AskRequest) => Promise<AskResult>;

const id = (file: string) => byFile.get(file)!.id;
const summary = (r: AskResult) => ({ outcome: r.outcome, scope: r.scope, query: r.retrievalQuery, language: r.language, passages: r.passages.map((p) => p.chunkId), label: r.passageLabel, sufficiency: r.sufficiency, candidates: r.candidates.map((c) => c.id) });

beforeAll(async () => {
  const idb = freshIdb();
  db = new WorkspaceDb(WS, idb);
  byFile = await ingestText(db, WORKSPACE_CONTRACTS.map((c) => ({ file: c.file, text: textFile(c) })));
  client = new IndexClient({
    workspaceId: WS,
    spawn: () => {
      api = createIndexApi({ idb, saveDelayMs: 0, log: () => undefined });
      const port = channelWorker(api);
      const post = port.postMessage.bind(port) as (message: unknown, transfer?: Transferable[]) => void;
      port.postMessage = ((message: unknown, transfer?: Transferable[]) => {
        sent++;
        post(message, transfer);
      }) as typeof port.postMessage;
      return port;
    },
  });
  await client.open();
  local = await inProcess(db);
}, 60_000);

/** ask() in this thread over the workspace, as `npm run eval` runs it. */
async function inProcess(db: WorkspaceDb): Promise<(request: AskRequest) => Promise<AskResult>> {
  const { engine } = await SearchEngine.open(new DexieIndexPersistence(db), { saveDelayMs: 0 });
  const repo = new DocumentRepository(db);
  const deps = engineAskDeps(engine, { retriever: new InProcessRetriever({ engine, lookup: repo }), documents: () => repo.searchable(), classifier: askClassifier(), chunks: (id: string) => repo.chunks(id) });
  return (request) => ask(request, deps);
}

afterAll(async () => {
  await client.close(false);
  db.close();
});

describe('ask() in the index worker', () => {
  const questions: readonly [string, AskRequest][] = [
    ['named contract', { question: 'Consider the Distribution Agreement between Northwind Traders Ltd. and Contoso Pharma Inc.; is there a cap on liability?' }],
    // The learned clause-kind model reads this contract's liability carve-out as a cap (CUAD annotates such carve-outs under caps too): insurance it lacks plainly.
    ['clause the contract lacks', { question: 'Consider the Distribution Agreement between Northwind and Fabrikam; does the distributor have to carry insurance?' }],
    ['ambiguous name', { question: 'In the Distribution Agreement, how much notice stops the renewal?' }],
    ['French', { question: 'Quelle est la durée du contrat et comment se renouvelle-t-il ?' }],
    ['whole workspace', { question: 'governing law and jurisdiction' }],
  ];

  it.each(questions)('gives what the in-process ask() (the evaluation) gives: %s', async (_name, request) => {
    expect(summary(await client.ask(request))).toEqual(summary(await local(request)));
  });

  it('answers from the named contract, says so when it lacks the clause, asks which when the name fits two', async () => {
    const named = await client.ask(questions[0]![1]);
    expect(named).toMatchObject({ outcome: 'answered', passageLabel: 'evidence', scope: { source: 'question', documentIds: [id('northwind-contoso-distribution.txt')] } });
    expect(named.passages[0]!.chunk.text).toContain('shall not exceed the fees paid');
    const lacks = await client.ask(questions[1]![1]);
    expect(lacks).toMatchObject({ outcome: 'insufficient', passageLabel: 'closest' });
    expect(new Set(lacks.passages.map((p) => p.document.name))).toEqual(new Set(['northwind-fabrikam-distribution.txt']));
    expect(lacks.sufficiency!.reasons.join(' ')).toMatch(/insurance/);
    const ambiguous = await client.ask(questions[2]![1]);
    expect(ambiguous.outcome).toBe('needs_clarification');
    expect(ambiguous.candidates.map((c) => c.name).sort()).toEqual(['northwind-contoso-distribution.txt', 'northwind-fabrikam-distribution.txt']);
    const french = await client.ask(questions[3]![1]);
    expect(french.language).toBe('fr');
    expect(french.passages[0]!.document.name).toBe('contrat-distribution-societe-negoce.txt');
  });

  it('keeps a follow-up in the previous scope and lets pinned documents win, as the request says', async () => {
    const first = await client.ask({ question: 'Is there a non-compete in the Supply Agreement?' });
    const follow = await client.ask({ question: 'and the renewal term?', context: { previousScope: first.scope } });
    expect(follow.scope).toMatchObject({ source: 'follow_up', documentIds: [id('fabrikam-tailspin-supply.txt')] });
    const pinned = await client.ask({ question: 'governing law', context: { userScope: [id('contoso-fabrikam-nda.txt')] } });
    expect(pinned.scope).toMatchObject({ source: 'user', documentIds: [id('contoso-fabrikam-nda.txt')] });
    expect(new Set(pinned.passages.map((p) => p.document.name))).toEqual(new Set(['contoso-fabrikam-nda.txt']));
  });

  it('costs one message per question', async () => {
    await client.ask({ question: 'warm-up' });
    const before = sent;
    await client.ask({ question: 'Consider the Supply Agreement; what is the payment term?' });
    expect(sent - before).toBe(1);
  });

  it('with the warm-up the worker runs, questions asked the moment the index opens (the classifier and documents still loading) get the same answers', async () => {
    const idb = freshIdb();
    const fresh = new WorkspaceDb('ws-ask-warm', idb);
    await ingestText(fresh, WORKSPACE_CONTRACTS.map((c) => ({ file: c.file, text: textFile(c) })));
    const warming = new IndexClient({ workspaceId: 'ws-ask-warm', spawn: () => channelWorker(createIndexApi({ idb, saveDelayMs: 0, log: () => undefined, warmUp: true })) });
    try {
      await warming.open();
      const answers = await Promise.all(questions.map(([, request]) => warming.ask(request)));
      const here = await inProcess(fresh);
      const expected = await Promise.all(questions.map(([, request]) => here(request)));
      expect(answers.map(summary)).toEqual(expected.map(summary));
    } finally {
      await warming.close(false);
      fresh.close();
    }
  });

  it('an aborted question rejects at once and the worker drops it', async () => {
    const controller = new AbortController();
    const pending = client.ask({ question: 'termination for material breach' }, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(AbortedError);
    for (let i = 0; i < 100 && api.activeJobs() > 0; i++) await new Promise((r) => setTimeout(r, 5));
    expect(api.activeJobs()).toBe(0);
    expect((await client.ask({ question: 'governing law' })).outcome).not.toBe('needs_clarification');
  });
});
