/** The ingestion queue (core/ingest/queue.ts) persisted in the workspace database. */
import Dexie from 'dexie';
import { UNFINISHED, type JobRecord, type JobStatus, type JobSummary, type QueueItem, type QueueStore } from '../core/ingest/queue';
import type { DocumentRecord } from '../core/types';
import type { WorkspaceDb } from './db';

export class DexieQueueStore implements QueueStore {
  constructor(private readonly db: WorkspaceDb) {}

  async addJob(job: JobRecord, items: readonly QueueItem[], documents: readonly DocumentRecord[]): Promise<void> {
    await this.db.transaction('rw', [this.db.jobs, this.db.queue, this.db.documents], async () => {
      await this.db.jobs.add(job);
      await this.db.queue.bulkAdd([...items]);
      await this.db.documents.bulkPut([...documents]);
    });
  }

  /** One read transaction (not one per query: this runs twice per file). */
  nextPending(): Promise<QueueItem | undefined> {
    return this.db.transaction('r', [this.db.jobs, this.db.queue], async () => {
      const running = new Set<unknown>(await this.db.jobs.where('status').equals('running').primaryKeys());
      if (running.size === 0) return undefined;
      return this.db.queue
        .where('[status+seq]')
        .between(['pending', Dexie.minKey], ['pending', Dexie.maxKey])
        .filter((i) => running.has(i.jobId))
        .first();
    });
  }

  async updateItem(id: string, patch: Partial<QueueItem>): Promise<void> {
    await this.db.queue.update(id, patch);
  }

  async setJobStatus(jobId: string, status: JobStatus): Promise<void> {
    await this.db.jobs.update(jobId, { status });
  }

  item(id: string): Promise<QueueItem | undefined> {
    return this.db.queue.get(id);
  }

  /** Items whose bytes were being copied into the file vault (a crash may have cut the copy short). */
  receiving(): Promise<QueueItem[]> {
    return this.db.queue.where('status').equals('receiving').toArray();
  }

  job(jobId: string): Promise<JobRecord | undefined> {
    return this.db.jobs.get(jobId);
  }

  jobs(): Promise<JobRecord[]> {
    return this.db.jobs.orderBy('createdAt').toArray();
  }

  items(jobId: string): Promise<QueueItem[]> {
    return this.db.queue.where('jobId').equals(jobId).sortBy('seq');
  }

  counts(jobId: string): Promise<{ total: number; unfinished: number }> {
    return this.db.transaction('r', this.db.queue, async () => {
      const [total, unfinished] = await Promise.all([
        this.db.queue.where('jobId').equals(jobId).count(),
        this.db.queue.where('[jobId+status]').anyOf([...UNFINISHED].map((s) => [jobId, s])).count(),
      ]);
      return { total, unfinished };
    });
  }

  async resetRunning(): Promise<number> {
    return this.db.queue.where('status').equals('running').modify({ status: 'pending', startedAt: null });
  }

  async cancelPending(jobId: string): Promise<QueueItem[]> {
    return this.db.transaction('rw', this.db.queue, async () => {
      const pending = await this.db.queue.where('jobId').equals(jobId).filter((i) => i.status === 'pending' || i.status === 'receiving').toArray();
      await this.db.queue.bulkUpdate(pending.map((i) => ({ key: i.id, changes: { status: 'cancelled' as const } })));
      return pending;
    });
  }

  /**
   * Running and paused jobs, oldest first, each with its counts and the items being read (what
   * the Imports list shows): counted through the indexes, so a view re-read during a
   * thousand-file import reads the few running items, not the thousand.
   */
  async activeSummaries(): Promise<JobSummary[]> {
    const active = await this.db.jobs.where('status').anyOf('running', 'paused').sortBy('createdAt');
    return Promise.all(
      active.map(async (job) => {
        const [{ total, unfinished }, running] = await Promise.all([this.counts(job.id), this.db.queue.where('[jobId+status]').equals([job.id, 'running']).sortBy('seq')]);
        return { job, total, done: total - unfinished, running };
      }),
    );
  }

  /** Running and paused jobs, oldest first, each with its items. */
  async activeJobs(): Promise<{ job: JobRecord; items: QueueItem[] }[]> {
    const active = await this.db.jobs.where('status').anyOf('running', 'paused').sortBy('createdAt');
    return Promise.all(active.map(async (job) => ({ job, items: await this.db.queue.where('jobId').equals(job.id).toArray() })));
  }

  async nextSeq(): Promise<number> {
    const last = await this.db.queue.orderBy('seq').last();
    return (last?.seq ?? 0) + 1;
  }
}
