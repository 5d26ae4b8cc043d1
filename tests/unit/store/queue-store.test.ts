import { afterEach, describe, expect, it } from 'vitest';
import type { JobRecord, QueueItem, QueueItemStatus } from '../../../src/core/ingest/queue';
import { WorkspaceDb } from '../../../src/store/db';
import { DexieQueueStore } from '../../../src/store/queue-store';
import { freshIdb } from '../../helpers/idb';

const open: WorkspaceDb[] = [];
afterEach(() => open.splice(0).forEach((db) => db.close()));

function job(id: string, status: JobRecord['status'], createdAt: number): JobRecord {
  return { id, label: id, status, total: 0, createdAt };
}

function item(jobId: string, seq: number, status: QueueItemStatus): QueueItem {
  return {
    id: `${jobId}-${seq}`, jobId, seq, documentId: `d-${jobId}-${seq}`, source: 'upload', origin: 'vault', path: `${seq}.pdf`, name: `${seq}.pdf`, size: 1,
    mediaType: 'application/pdf', lastModified: null, status, error: null, pages: 0, startedAt: null, finishedAt: null,
  };
}

describe('DexieQueueStore', () => {
  it('summarises the running and paused jobs, oldest first: counts and the items being read', async () => {
    const db = new WorkspaceDb('q', freshIdb());
    open.push(db);
    const store = new DexieQueueStore(db);
    const statuses: QueueItemStatus[] = ['done', 'failed', 'running', 'pending', 'receiving', 'duplicate'];
    await store.addJob(job('b', 'running', 2), statuses.map((s, i) => item('b', 10 + i, s)), []);
    await store.addJob(job('a', 'paused', 1), [item('a', 1, 'cancelled'), item('a', 2, 'pending')], []);
    await store.addJob(job('c', 'done', 0), [item('c', 0, 'done')], []);
    const summaries = await store.activeSummaries();
    expect(summaries.map((s) => [s.job.id, s.total, s.done, s.running.map((i) => i.name)])).toEqual([
      ['a', 2, 1, []],
      ['b', 6, 3, ['12.pdf']],
    ]);
    // The same counts as the jobs' items give.
    for (const { job: j, done } of summaries) expect(done).toBe((await store.items(j.id)).filter((i) => !['receiving', 'pending', 'running'].includes(i.status)).length);
  });
});
