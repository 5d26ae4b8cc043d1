/**
 * A WorkspaceSession end to end in Node: Dexie on fake-indexeddb, the parse and index worker
 * APIs over MessageChannels (the app's code paths minus the Worker). Files imported through the
 * session are found by its search; a deleted one is gone; dispose closes the database and ends
 * the index worker, and nothing of the session runs afterwards.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { EventBus } from '../../../src/app/event-bus';
import { createFileVault } from '../../../src/app/file-vault';
import { ModelService } from '../../../src/app/model-service';
import { WorkerParser } from '../../../src/app/parser-proxy';
import { WorkspaceSession, type SessionDeps } from '../../../src/app/workspace-session';
import type { CasefileEvent } from '../../../src/core/events';
import { analyzeDocument } from '../../../src/core/ingest/analyze';
import { ModelSettingsRepository } from '../../../src/models/settings';
import { MemoryStore } from '../../../src/models/stores';
import { InProcessParser } from '../../../src/parsers/parser';
import { createParseSessions } from '../../../src/parsers/sessions';
import { registerRpcErrors } from '../../../src/rpc/errors';
import { createIndexApi } from '../../../src/search-index/api';
import { WorkspaceRegistry } from '../../../src/store/workspaces';
import { channelWorker } from '../../helpers/channel-worker';
import { freshIdb } from '../../helpers/idb';

registerRpcErrors();

const MSA = 'MASTER SERVICES AGREEMENT\n\n1. Termination. Either party may terminate this Agreement for convenience on sixty (60) days written notice.\n\n2. Fees. Fees are payable within thirty (30) days of the invoice.';
const NDA = 'MUTUAL NON-DISCLOSURE AGREEMENT\n\n1. Confidential Information. The receiving party shall keep the Confidential Information secret for three (3) years.';

const sessions: WorkspaceSession[] = [];
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.dispose(false);
});

async function setup() {
  const idb = freshIdb();
  const registry = new WorkspaceRegistry(idb);
  const events = new EventBus();
  const seen: CasefileEvent[] = [];
  events.subscribe((e) => seen.push(e));
  const indexWorkers = { spawned: 0, terminated: 0 };
  const deps: SessionDeps = {
    registry,
    vault: await createFileVault(),
    parser: new WorkerParser({ spawn: () => channelWorker({ ...createParseSessions(new InProcessParser()), analyze: analyzeDocument }) }),
    ocr: { recognize: async () => ({ text: '', confidence: 0 }) },
    models: new ModelService({
      settings: new ModelSettingsRepository(registry.db),
      store: new MemoryStore(),
      spawn: {
        embedder: () => {
          throw new Error('no model workers in this test');
        },
        reranker: () => {
          throw new Error('no model workers in this test');
        },
      },
    }),
    events,
    spawnIndex: () => {
      indexWorkers.spawned++;
      return channelWorker(createIndexApi({ idb, saveDelayMs: 0, log: () => undefined }), () => indexWorkers.terminated++);
    },
  };
  const workspace = await registry.current();
  const session = await WorkspaceSession.open(workspace, deps);
  sessions.push(session);
  await session.start();
  /** Resolves when `n` import jobs have finished. */
  const jobsDone = (n: number) =>
    new Promise<void>((resolve) => {
      const check = () => seen.filter((e) => e.type === 'job_done').length >= n;
      if (check()) return resolve();
      const stop = events.subscribe(() => {
        if (check()) {
          stop();
          resolve();
        }
      });
    });
  return { session, indexWorkers, seen, jobsDone, deps, workspace };
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

    await session.search.ask('terminate for convenience');
    const first = session.search.view.outcome?.response?.passages[0];
    expect(first?.document.name).toBe('msa.txt');
    expect(session.search.view).toMatchObject({ busy: false, error: null, completed: 1 });

    await session.imports.deleteDocument(first!.documentId);
    const after = await session.search.search('terminate for convenience');
    expect(after.response?.passages.map((p) => p.document.name)).not.toContain('msa.txt');
    expect(indexWorkers.spawned).toBe(1);
  });

  it('dispose closes the database, saves and ends the index worker; its services stop', async () => {
    const { session, jobsDone, indexWorkers, deps, workspace } = await setup();
    await session.imports.addFiles([new File([NDA], 'nda.txt', { type: 'text/plain' })]);
    await jobsDone(1);
    await session.dispose();
    expect(indexWorkers.terminated).toBe(1);
    expect(session.db.isOpen()).toBe(false);
    await session.search.ask('confidential information');
    expect(session.search.view.completed).toBe(0);
    await expect(session.index.search({ text: 'confidential' })).rejects.toMatchObject({ code: 'job/aborted' });

    // Reopened, the workspace has its document and its saved index.
    const reopened = await WorkspaceSession.open(workspace, deps);
    sessions.push(reopened);
    expect(await reopened.index.stats()).toMatchObject({ documents: 1 });
    const found = await reopened.search.search('confidential information');
    expect(found.response?.passages[0]?.document.name).toBe('nda.txt');
  });
});
