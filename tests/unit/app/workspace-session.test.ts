/**
 * A WorkspaceSession end to end in Node: Dexie on fake-indexeddb, the parse and index worker
 * APIs over MessageChannels (the app's code paths minus the Worker). Files imported through the
 * session answer its questions (ask() in the index worker); a deleted one is gone; the
 * conversation is saved in the workspace; dispose closes the database and ends the index worker,
 * and nothing of the session runs afterwards.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { WorkspaceSession } from '../../../src/app/workspace-session';
import type { WorkspaceRecord } from '../../../src/core/types';
import { builtinPlaybook } from '../../../src/playbooks/builtin';
import { registerRpcErrors } from '../../../src/rpc/errors';
import { browser, openTab, type Tab } from '../../helpers/session';

registerRpcErrors();

const MSA = 'MASTER SERVICES AGREEMENT\n\n1. Termination. Either party may terminate this Agreement for convenience on sixty (60) days written notice.\n\n2. Fees. Fees are payable within thirty (30) days of the invoice.';
const NDA = 'MUTUAL NON-DISCLOSURE AGREEMENT\n\n1. Confidential Information. The receiving party shall keep the Confidential Information secret for three (3) years.';

const sessions: WorkspaceSession[] = [];
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.dispose(false);
});

async function setup(): Promise<Tab & { workspace: WorkspaceRecord }> {
  const b = browser();
  const workspace = await b.registry.current();
  const tab = await openTab(b, workspace);
  sessions.push(tab.session);
  return { ...tab, workspace };
}

describe('WorkspaceSession', () => {
  it('imports files, finds them with its search, forgets deleted ones', async () => {
    const { session, jobsDone, indexWorkers } = await setup();
    expect(indexWorkers.spawned).toBe(1); // the index opened with the workspace
    await session.imports.addFiles([new File([MSA], 'msa.txt', { type: 'text/plain' }), new File([NDA], 'nda.txt', { type: 'text/plain' })]);
    await jobsDone(1);
    expect((await session.documents.list()).map((d) => [d.name, d.status])).toEqual([
      ['msa.txt', 'ready'],
      ['nda.txt', 'ready'],
    ]);
    expect(await session.imports.active()).toEqual([]);

    await session.conversation.ask('terminate for convenience');
    const turn = session.conversation.view.turns[0]!;
    expect(turn.record?.state).toBe('answered');
    const first = turn.sources[0];
    expect(first?.file).toBe('msa.txt');
    expect(turn.retrieval?.explanation.timings).toHaveProperty('lexical');
    expect(session.conversation.view).toMatchObject({ busy: false, notice: null, completed: 1 });
    await session.conversation.flush();
    expect((await session.db.turns.toArray()).map((t) => t.question)).toEqual(['terminate for convenience']);

    await session.imports.deleteDocument(first!.documentId);
    const after = await session.index.ask({ question: 'terminate for convenience' });
    expect(after.passages.map((p) => p.document.name)).not.toContain('msa.txt');
    expect(indexWorkers.spawned).toBe(1);
  });

  it('dispose closes the database, saves and ends the index worker; its services stop', async () => {
    const { session, jobsDone, indexWorkers, deps, workspace } = await setup();
    await session.imports.addFiles([new File([NDA], 'nda.txt', { type: 'text/plain' })]);
    await jobsDone(1);
    await session.dispose();
    expect(indexWorkers.terminated).toBe(1);
    expect(session.db.isOpen()).toBe(false);
    await session.conversation.ask('confidential information');
    expect(session.conversation.view.completed).toBe(0);
    await expect(session.index.ask({ question: 'confidential' })).rejects.toMatchObject({ code: 'job/aborted' });

    // Reopened, the workspace has its document and its saved index.
    const reopened = await WorkspaceSession.open(workspace, deps);
    sessions.push(reopened);
    expect(await reopened.index.stats()).toMatchObject({ documents: 1 });
    const found = await reopened.index.ask({ question: 'confidential information' });
    expect(found.passages[0]?.document.name).toBe('nda.txt');
  });

  it('scans its documents in the scan worker, and deleting a document deletes its scans and reviews', async () => {
    const { session, jobsDone, deps } = await setup();
    const commercial = builtinPlaybook('commercial-contracts')!;
    await session.imports.addFiles([new File([MSA], 'msa.txt', { type: 'text/plain' })]);
    await jobsDone(1);
    const [doc] = await session.documents.list();
    const { scans } = await session.scans.start({ documentIds: [doc!.id], playbookId: commercial.id });
    const missingLaw = scans[0]!.flags.find((f) => f.ruleId === 'governing-law-present');
    expect(missingLaw).toMatchObject({ kind: 'missing', documentId: doc!.id });
    await deps.review!.reviewer.setName('Ann Lawyer');
    await session.reviews.decide(missingLaw!, 'escalated', 'no governing law at all');
    expect((await session.reviews.documentStates()).get(doc!.id)).toMatchObject({ scans: 1, escalated: 1 });
    await session.imports.deleteDocument(doc!.id);
    expect(await session.reviews.documentReviews(commercial)).toEqual([]);
    expect([await session.db.scans.count(), await session.db.reviews.count()]).toEqual([0, 0]);
  });
});
