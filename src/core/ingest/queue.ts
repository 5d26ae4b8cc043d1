/**
 * The persisted ingestion queue. Jobs are lists of files; each file is one queue item that is
 * (receiving →) pending → running → done | failed | duplicate | cancelled. The queue lives in
 * the workspace database, so after a crash or a reload `start()` resets items that were running
 * and carries on where it stopped; documents get their id when queued, so a file committed just
 * before a crash is recognised and never indexed twice.
 *
 * Files the user hands over are queued as 'receiving' before their bytes are copied into the
 * app's storage (`enqueueReceiving`), then `received` (pending) or `notTaken` (failed, by name):
 * a crash during the copy leaves rows that say which files were chosen, never nothing.
 *
 * One file is read ahead: once a file's text is analysed, the next pending file is read and
 * parsed (read-ahead.ts) while the first is stored and indexed. Only its turn writes anything, so
 * order, duplicates, failures by name, pause, cancel and crash recovery are as if it were read
 * then; a read ahead that is not the next file when its turn comes (paused, cancelled, another
 * job first) is dropped.
 *
 * Several tabs share one workspace database: `exclusive` (Web Locks in the app) lets one tab at
 * a time drain the queue, so a file is never read twice; the others wait as standbys and take
 * over when that tab closes. `jobChanged` applies a pause or cancel made in another tab.
 *
 * Length: near 500 lines, the queue's persisted types and ports (about 120) with its one class;
 * the types could move to a module of their own.
 */
import { AbortedError, describeError, isAbort, toSerialized, type AppError } from '../errors';
import { jobEmitter, type EventInput, type EventSink } from '../events';
import { newId } from '../hash';
import type { SourceFile } from '../ports';
import type { DocSource, DocumentRecord } from '../types';
import { ImportEta, type ImportRatesStore } from './import-eta';
import { DEFAULT_MAX_BYTES, ingestFile, type IngestDeps, type IngestOutcome } from './pipeline';
import { readAhead, type PreparedRead } from './read-ahead';

export type QueueItemStatus = 'receiving' | 'pending' | 'running' | 'done' | 'failed' | 'duplicate' | 'cancelled';

/** Statuses of an item that is not finished yet. */
export const UNFINISHED: ReadonlySet<QueueItemStatus> = new Set(['receiving', 'pending', 'running']);
export type JobStatus = 'running' | 'paused' | 'done' | 'cancelled';

export interface QueueItem {
  readonly id: string;
  readonly jobId: string;
  /** Order within the whole queue. */
  readonly seq: number;
  readonly documentId: string;
  readonly source: DocSource;
  /** Where the bytes are: saved in the app's file vault, or in the user's opened folder. */
  readonly origin: 'vault' | 'folder';
  readonly path: string;
  readonly name: string;
  readonly size: number;
  readonly mediaType: string;
  readonly lastModified: number | null;
  readonly status: QueueItemStatus;
  readonly error: string | null;
  /** Pages of the file when known (for the ETA), else 0. */
  readonly pages: number;
  readonly startedAt: number | null;
  readonly finishedAt: number | null;
}

export interface JobRecord {
  readonly id: string;
  readonly label: string;
  readonly status: JobStatus;
  readonly total: number;
  readonly createdAt: number;
}

/** A running or paused job as the Imports list shows it. */
export interface JobSummary {
  readonly job: JobRecord;
  readonly total: number;
  /** Items finished (done, failed, duplicate, cancelled). */
  readonly done: number;
  /** The items being read now. */
  readonly running: readonly QueueItem[];
}

export interface QueueStore {
  /** Adds a job, its items and their 'queued' document rows in one transaction. */
  addJob(job: JobRecord, items: readonly QueueItem[], documents: readonly DocumentRecord[]): Promise<void>;
  /** The first pending item (lowest seq) of a running job. */
  nextPending(): Promise<QueueItem | undefined>;
  updateItem(id: string, patch: Partial<QueueItem>): Promise<void>;
  setJobStatus(jobId: string, status: JobStatus): Promise<void>;
  job(jobId: string): Promise<JobRecord | undefined>;
  jobs(): Promise<JobRecord[]>;
  items(jobId: string): Promise<QueueItem[]>;
  /** How many items the job has, and how many of them are not finished (receiving, pending, running). */
  counts(jobId: string): Promise<{ readonly total: number; readonly unfinished: number }>;
  /** Crash recovery: running items back to pending. Returns how many. */
  resetRunning(): Promise<number>;
  /** Marks the job's pending (and receiving) items cancelled and returns them. */
  cancelPending(jobId: string): Promise<QueueItem[]>;
  item(id: string): Promise<QueueItem | undefined>;
  nextSeq(): Promise<number>;
}

/** Where the bytes of a queued file come from (the vault for uploads, the folder handle...). */
export interface FileResolver {
  /** Throws a FileError when the file is gone or unreadable. */
  resolve(item: QueueItem): Promise<SourceFile>;
  /** Called when an item will never be needed again (done, duplicate, cancelled). */
  release(item: QueueItem, outcome: QueueItemStatus): Promise<void>;
}

export interface NewFile {
  readonly file: SourceFile;
  readonly origin: 'vault' | 'folder';
  readonly documentId?: string;
}

export interface QueueDeps {
  readonly store: QueueStore;
  readonly files: FileResolver;
  readonly ingest: () => IngestDeps;
  readonly sink: EventSink;
  readonly now?: () => number;
  /**
   * Runs `drain` while this queue is the only one processing the workspace (a cross-tab lock in
   * the app); waits for it, and gives up when `signal` fires. Default: runs it at once.
   */
  readonly exclusive?: (drain: () => Promise<void>, signal: AbortSignal) => Promise<void>;
  /** Runs first whenever this queue becomes the one processing (e.g. recovers files a closed tab was saving). */
  readonly beforeDrain?: () => Promise<void>;
  /** Where this device's import rates are kept (the ETA's basis; import-eta.ts). Default: learnt anew each session. */
  readonly rates?: ImportRatesStore;
  /** Read the next file while the current one is stored and indexed (read-ahead.ts). Default true. */
  readonly readAhead?: boolean;
}

/** The next file, read ahead of its turn. */
interface Ahead {
  readonly item: QueueItem;
  /** The file as `FileResolver.resolve` gave it (or its error, met in the file's turn). */
  readonly file: Promise<SourceFile>;
  /** Its bytes and parse, or null when it is not read ahead (empty or too large: its turn says so). */
  readonly read: Promise<PreparedRead | null>;
  /** Stops the read (idempotent). */
  stop(): void;
}

/** The ETA is sent again at most this often while a file's pages are read. */
const PAGE_PROGRESS_MS = 1_000;

/** Why the item being read was stopped (the queue was stopped: it resumes when reopened). */
const STOPPED = 'import (workspace closed)';

export class IngestQueue {
  /** Passwords for encrypted files, by document id: in memory only, never persisted. */
  private readonly passwords = new Map<string, string>();
  private running: Promise<void> | null = null;
  /** Work was added while the drain ran (it may have missed it). */
  private kickAgain = false;
  private current: { item: QueueItem; controller: AbortController } | null = null;
  private readonly now: () => number;
  /** Fires when the queue stops (workspace closed): abandons the wait for the lock and the file being read. */
  private readonly stopping = new AbortController();
  /** The time imports have left, from this device's measured rates. */
  readonly eta: ImportEta;
  private lastProgress = Number.NEGATIVE_INFINITY;
  /** The items of the job being read, for the ETA sent between files. */
  private jobItems: { readonly jobId: string; readonly items: readonly QueueItem[] } | null = null;
  /** The next file being read ahead (resolves to null when there was none to read). */
  private ahead: Promise<Ahead | null> | null = null;

  constructor(private readonly deps: QueueDeps) {
    this.now = deps.now ?? Date.now;
    this.eta = new ImportEta(deps.rates ?? null);
  }

  /** Resumes after a reload or crash (items left running are read again), then processes whatever is pending. */
  async start(): Promise<void> {
    this.kick();
  }

  /**
   * Stops for good (the workspace closes): the file being read goes back to pending and is read
   * again when the workspace reopens; resolves when nothing runs any more.
   */
  async stop(): Promise<void> {
    this.stopping.abort(new AbortedError(STOPPED));
    this.current?.controller.abort(new AbortedError(STOPPED));
    await this.idle();
  }

  /** Waits for the queue (as a standby when another tab drains it) so work left behind is taken over. */
  standby(): void {
    this.kick();
  }

  /** A job was paused or cancelled elsewhere (another tab): stop reading its file if this queue is. */
  async jobChanged(jobId: string): Promise<void> {
    if (this.current?.item.jobId !== jobId) return;
    const job = await this.deps.store.job(jobId);
    if (job?.status === 'paused') this.current?.controller.abort(new AbortedError('import (paused)'));
    else if (job?.status === 'cancelled') this.current?.controller.abort(new AbortedError('import'));
  }

  /** Queues a file again with the password that opens it (kept in memory, not stored). */
  async retryWithPassword(file: NewFile & { documentId: string }, source: DocSource, password: string): Promise<string> {
    this.passwords.set(file.documentId, password);
    return this.enqueue([file], source, `Unlock ${file.file.name}`);
  }

  /** Queues files as one job; returns the job id. The document rows appear as 'queued' at once. */
  async enqueue(files: readonly NewFile[], source: DocSource, label: string): Promise<string> {
    return (await this.add(files, source, label, 'pending')).jobId;
  }

  /**
   * Queues files whose bytes are still to be copied into the app's storage: nothing reads them
   * until `received`; `notTaken` fails one by name. Returns the job and its items in file order.
   */
  async enqueueReceiving(files: readonly NewFile[], source: DocSource, label: string): Promise<{ jobId: string; items: QueueItem[] }> {
    return this.add(files, source, label, 'receiving');
  }

  /** The item's bytes are stored: it can be read. False when it was cancelled meanwhile. */
  async received(itemId: string): Promise<boolean> {
    const item = await this.deps.store.item(itemId);
    if (item?.status !== 'receiving') return false;
    await this.deps.store.updateItem(itemId, { status: 'pending' });
    this.kick();
    return true;
  }

  /** The item's bytes could not be stored (no space, the tab closed during the copy): it fails with `error`. */
  async notTaken(item: QueueItem, error: AppError): Promise<void> {
    const now = this.now();
    await this.deps.store.updateItem(item.id, { status: 'failed', error: error.message, startedAt: now, finishedAt: now });
    this.setCachedStatus(item, 'failed');
    const store = this.deps.ingest().store;
    const queued = (await store.getDocument(item.documentId)) ?? queuedDocument(item.documentId, fileOf(item), item.source, now);
    await store.putDocument({ ...queued, status: 'failed', error: error.message, errorInfo: toSerialized(error), updatedAt: now });
    const emit = jobEmitter(item.jobId, this.deps.sink, this.now);
    emit({ type: 'file_failed', documentId: item.documentId, name: item.name, error: toSerialized(error) });
    const counts = await this.emitProgress(item.jobId);
    if (counts.unfinished === 0) await this.finishJobIfDone(item.jobId);
  }

  private async add(files: readonly NewFile[], source: DocSource, label: string, status: 'pending' | 'receiving'): Promise<{ jobId: string; items: QueueItem[] }> {
    const jobId = newId();
    let seq = await this.deps.store.nextSeq();
    const now = this.now();
    const items: QueueItem[] = [];
    const documents: DocumentRecord[] = [];
    for (const f of files) {
      const documentId = f.documentId ?? newId();
      items.push({
        id: newId(), jobId, seq: seq++, documentId, source, origin: f.origin, path: f.file.path, name: f.file.name, size: f.file.size,
        mediaType: f.file.mediaType, lastModified: f.file.lastModified, status, error: null, pages: 0, startedAt: null, finishedAt: null,
      });
      documents.push(queuedDocument(documentId, f.file, source, now));
    }
    await this.deps.store.addJob({ id: jobId, label, status: 'running', total: files.length, createdAt: now }, items, documents);
    if (status === 'pending') this.kick();
    return { jobId, items };
  }

  /** Stops taking new files of the job; the file being read is put back and read again on resume. */
  async pause(jobId: string): Promise<void> {
    await this.deps.store.setJobStatus(jobId, 'paused');
    if (this.current?.item.jobId === jobId) this.current.controller.abort(new AbortedError('import (paused)'));
    await this.emitProgress(jobId);
  }

  async resume(jobId: string): Promise<void> {
    await this.deps.store.setJobStatus(jobId, 'running');
    await this.emitProgress(jobId);
    this.kick();
  }

  /** Cancels the job: the file being read leaves no partial rows; pending files are dropped. */
  async cancel(jobId: string): Promise<void> {
    await this.deps.store.setJobStatus(jobId, 'cancelled');
    if (this.current?.item.jobId === jobId) this.current.controller.abort(new AbortedError('import'));
    const dropped = await this.deps.store.cancelPending(jobId);
    const ingest = this.deps.ingest();
    for (const item of dropped) {
      await ingest.store.deleteDocument(item.documentId).catch(() => undefined);
      await this.deps.files.release(item, 'cancelled').catch(() => undefined);
    }
    jobEmitter(jobId, this.deps.sink, this.now)({ type: 'job_cancelled' });
  }

  /** Resolves when nothing is left to do (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private kick(): void {
    if (this.stopping.signal.aborted) return;
    if (this.running) {
      // The running drain may already have seen nothing pending: look again once it ends.
      this.kickAgain = true;
      return;
    }
    this.kickAgain = false;
    const exclusive = this.deps.exclusive ?? ((drain) => drain());
    this.running = exclusive(async () => {
      // Only the holder reads files: an item still marked running was left by a tab that closed.
      await this.deps.store.resetRunning();
      await this.deps.beforeDrain?.();
      await this.drain();
    }, this.stopping.signal)
      .catch((error: unknown) => {
        this.kickAgain = false;
        if (this.stopping.signal.aborted) return;
        // The database went away under us (workspace closed or deleted): the queue stops here
        // and resumes from the persisted state the next time the workspace opens.
        console.warn(`IngestQueue: stopped (${describeError(error)})`);
      })
      .finally(() => {
        this.running = null;
        if (this.kickAgain) this.kick();
      });
  }

  private async drain(): Promise<void> {
    await this.eta.ready();
    try {
      while (!this.stopping.signal.aborted) {
        const item = await this.deps.store.nextPending();
        if (!item) return;
        await this.process(item, await this.takeAhead(item));
      }
    } finally {
      await this.takeAhead(null);
    }
  }

  /** The file read ahead when it is `item`; any other read ahead is stopped. */
  private async takeAhead(item: QueueItem | null): Promise<Ahead | null> {
    const ahead = await this.ahead;
    this.ahead = null;
    if (ahead && ahead.item.id === item?.id) return ahead;
    ahead?.stop();
    return null;
  }

  /** Starts reading the file after `current` (the next pending one) ahead of its turn. */
  private readNext(current: QueueItem): void {
    if (this.ahead || this.stopping.signal.aborted || this.deps.readAhead === false) return;
    this.ahead = (async (): Promise<Ahead | null> => {
      const next = await this.deps.store.nextPending();
      if (!next || next.id === current.id || this.stopping.signal.aborted) return null;
      const { parser, maxBytes = DEFAULT_MAX_BYTES } = this.deps.ingest();
      let stopped = false;
      let read: PreparedRead | null = null;
      const file = this.deps.files.resolve(next);
      const prepared = file.then((f) => (stopped || f.size === 0 || f.size > maxBytes ? null : (read = readAhead(f, parser, { password: this.passwords.get(next.documentId) }))));
      return {
        item: next,
        file,
        read: prepared.catch(() => null),
        stop: () => {
          stopped = true;
          read?.close();
        },
      };
    })().catch(() => null);
  }

  private async process(item: QueueItem, ahead: Ahead | null): Promise<void> {
    const { store } = this.deps;
    const send = jobEmitter(item.jobId, this.deps.sink, this.now);
    // Each page read refines the ETA, sent at most once a second.
    const emit = (e: EventInput) => {
      send(e);
      if (this.eta.event(e, this.now()) && this.now() - this.lastProgress >= PAGE_PROGRESS_MS) this.pageProgress(item.jobId, send);
    };
    const controller = new AbortController();
    if (this.stopping.signal.aborted) controller.abort(this.stopping.signal.reason);
    this.current = { item, controller };
    await store.updateItem(item.id, { status: 'running', startedAt: this.now() });
    this.eta.begin(item, this.now());
    // The job's items are read once per job (not once per file: a thousand-file import would read
    // a million rows); this file's status is kept up to date in memory, for the estimate.
    if (this.jobItems?.jobId !== item.jobId) this.jobItems = { jobId: item.jobId, items: await store.items(item.jobId) };
    this.setCachedStatus(item, 'running');
    let status: QueueItemStatus;
    let error: string | null = null;
    let pages = 0;
    try {
      const ingest = this.deps.ingest();
      const existing = await ingest.store.getDocument(item.documentId);
      if (existing && (existing.status === 'ready' || existing.status === 'degraded')) {
        // Committed before a crash, but the item was not marked: never index it twice.
        status = 'done';
      } else {
        const file = await (ahead ? ahead.file : this.deps.files.resolve(item));
        const read = ahead ? await ahead.read : null;
        const password = this.passwords.get(item.documentId);
        this.passwords.delete(item.documentId);
        const request = { file, source: item.source, documentId: item.documentId, ...(password ? { password } : {}), read, onParsed: () => this.readNext(item) };
        const outcome = await ingestFile(request, ingest, emit, controller.signal);
        ({ status, error, pages } = await this.settle(item, outcome, emit));
      }
    } catch (e) {
      if (isAbort(e)) {
        const job = await store.job(item.jobId);
        // Paused or stopped: back to pending (read again on resume or reopen). Cancelled: dropped.
        status = job?.status === 'paused' || this.stopping.signal.aborted ? 'pending' : 'cancelled';
        if (status === 'pending') await this.deps.ingest().store.putDocument(queuedDocument(item.documentId, fileOf(item), item.source, this.now()));
      } else {
        status = 'failed';
        error = describeError(e);
        emit({ type: 'file_failed', documentId: item.documentId, name: item.name, error: toSerialized(e) });
      }
    } finally {
      this.current = null;
      ahead?.stop();
    }
    await this.eta.end(this.now(), status === 'done' && pages > 0);
    await store.updateItem(item.id, { status, error, pages, startedAt: status === 'pending' ? null : item.startedAt, finishedAt: status === 'pending' ? null : this.now() });
    this.setCachedStatus(item, status);
    if (status === 'done' || status === 'duplicate' || status === 'cancelled') await this.deps.files.release(item, status).catch(() => undefined);
    const counts = await this.emitProgress(item.jobId);
    if (counts.unfinished === 0) await this.finishJobIfDone(item.jobId);
  }

  private async settle(item: QueueItem, outcome: IngestOutcome, emit: (e: EventInput) => void): Promise<{ status: QueueItemStatus; error: string | null; pages: number }> {
    switch (outcome.kind) {
      case 'ingested':
        return { status: 'done', error: null, pages: outcome.document.pages };
      case 'failed':
        return { status: 'failed', error: outcome.error.message, pages: 0 };
      case 'duplicate':
        // The queued row was a placeholder for a file the workspace already has.
        await this.deps.ingest().store.deleteDocument(item.documentId);
        emit({ type: 'status', stage: 'duplicate', message: `${item.name} is already in this workspace as ${outcome.existing.name}` });
        return { status: 'duplicate', error: null, pages: 0 };
    }
  }

  /** The ETA as a page of the file being read moved it (the job's items as they were when the file started). */
  private pageProgress(jobId: string, send: (e: EventInput) => void): void {
    const items = this.jobItems?.jobId === jobId ? this.jobItems.items : null;
    if (!items) return;
    this.lastProgress = this.now();
    const done = items.filter((i) => !UNFINISHED.has(i.status)).length;
    send({ type: 'progress', unit: 'files', done, total: items.length, etaMs: this.eta.remainingMs(items, this.now()) });
  }

  /** A file's new status in the job's items kept for the estimate. */
  private setCachedStatus(item: QueueItem, status: QueueItemStatus): void {
    const cached = this.jobItems;
    if (cached?.jobId !== item.jobId) return;
    const at = cached.items.findIndex((i) => i.id === item.id);
    if (at < 0) return;
    const items = cached.items.slice();
    items[at] = { ...items[at]!, status };
    this.jobItems = { jobId: cached.jobId, items };
  }

  /** Sends the job's progress; returns its counts. */
  private async emitProgress(jobId: string): Promise<{ total: number; unfinished: number }> {
    const { total, unfinished } = await this.deps.store.counts(jobId);
    const done = total - unfinished;
    // From this device's measured rates (null until they give a basis: "estimating…").
    const items = this.jobItems?.jobId === jobId ? this.jobItems.items : await this.deps.store.items(jobId);
    const etaMs = done >= total ? 0 : this.eta.remainingMs(items, this.now());
    this.lastProgress = this.now();
    jobEmitter(jobId, this.deps.sink, this.now)({ type: 'progress', unit: 'files', done, total, etaMs });
    return { total, unfinished };
  }

  private async finishJobIfDone(jobId: string): Promise<void> {
    const job = await this.deps.store.job(jobId);
    if (!job || job.status !== 'running') return;
    const items = await this.deps.store.items(jobId);
    if (items.some((i) => UNFINISHED.has(i.status))) return;
    await this.deps.store.setJobStatus(jobId, 'done');
    const count = (s: QueueItemStatus) => items.filter((i) => i.status === s).length;
    jobEmitter(jobId, this.deps.sink, this.now)({ type: 'job_done', summary: { ingested: count('done'), duplicates: count('duplicate'), failed: count('failed') } });
  }
}

function fileOf(item: QueueItem): Pick<SourceFile, 'name' | 'path' | 'size' | 'mediaType' | 'lastModified'> {
  return { name: item.name, path: item.path, size: item.size, mediaType: item.mediaType, lastModified: item.lastModified };
}

function queuedDocument(id: string, file: Pick<SourceFile, 'name' | 'path' | 'size' | 'mediaType' | 'lastModified'>, source: DocSource, now: number): DocumentRecord {
  return {
    id, path: file.path, name: file.name, mediaType: file.mediaType, size: file.size, sha256: '', pages: 0, language: null, title: null,
    aliases: [], status: 'queued', error: null, errorInfo: null, source, lexicalOnly: true, ocrConfidence: null, chunkCount: 0,
    mtime: file.lastModified, addedAt: now, updatedAt: now,
  };
}
