/**
 * Imports into one workspace: files the user hands us (picker, drop, samples), folders chosen
 * without live sync, password unlocks, pause/resume/cancel, and document deletion.
 *
 * No file chosen is lost: every file is queued first ('receiving', with its document row), then
 * its bytes are copied into the file vault one by one, each becoming readable as soon as it is
 * stored. A file that does not fit fails alone, by name ("not enough storage: N MB needed, M MB
 * free") and the others go on; nothing stored before is touched. If the tab closes during the
 * copy, the next start (`recover`) resumes the files whose copy completed and names the others
 * as not taken; partial copies and swap files are removed (`sweep`).
 */
import { AbortedError, FileError, StoreError, type AppError } from '../../core/errors';
import { newId } from '../../core/hash';
import type { IngestQueue, JobRecord, JobSummary, NewFile, QueueItem } from '../../core/ingest/queue';
import { DEFAULT_FOLDER_EXTENSIONS, isWanted } from '../../core/ingest/rescan';
import type { IndexWriter } from '../../core/ports';
import type { DocSource } from '../../core/types';
import type { DocumentRepository } from '../../store/documents';
import type { DexieQueueStore } from '../../store/queue-store';
import { sourceFromFile, type DroppedFile } from './browser-files';
import { SWAP_SUFFIX, type FileVault } from '../browser/file-vault';
import type { FolderFiles } from './queue-files';
import { fetchSamples } from './samples';
import { isQuotaError, RESERVE_BYTES, type StorageSpace } from '../browser/storage-space';
import { lockNames, type HeldLock, type TabLocks } from '../browser/tab-locks';

export interface ActiveImport {
  readonly job: JobRecord;
  readonly items: readonly QueueItem[];
}

export interface ImportDeps {
  readonly workspaceId: string;
  readonly vault: FileVault;
  readonly queue: IngestQueue;
  readonly jobs: DexieQueueStore;
  readonly documents: DocumentRepository;
  readonly index: IndexWriter;
  readonly folder: () => FolderFiles;
  /** The workspace's scans and flag reviews (removed with their document). */
  readonly scans?: { deleteDocument(documentId: string): Promise<void> };
  readonly locks: TabLocks;
  readonly space: StorageSpace;
  /** Tells the other tabs that a job was paused, resumed or cancelled here. */
  readonly onJobChange?: (jobId: string) => void;
  /** Tells the other tabs that a document was deleted here. */
  readonly onDocumentsChange?: () => void;
}

/** Why a file was not taken when its tab closed during the copy. */
const INTERRUPTED = 'not taken: the tab was closed while it was being saved; add it again';

export class ImportService {
  /** Copies in progress (stopped when the workspace closes). */
  readonly #copies = new Set<Promise<unknown>>();
  readonly #closing = new AbortController();

  constructor(private readonly deps: ImportDeps) {}

  /**
   * Imports files (picker, drop, samples); returns the job id once every file is stored or
   * failed. Reading starts with the first stored file.
   */
  async addFiles(files: readonly (File | DroppedFile)[], source: DocSource = 'upload', label = 'Import'): Promise<string> {
    if (this.#closing.signal.aborted) throw new AbortedError('import (workspace closed)');
    const chosen = files.map((entry) => (entry instanceof File ? { file: entry, path: '' } : entry));
    // Reading a File's name, size and time can cost the page a moment each: a few at a time.
    const queued: NewFile[] = [];
    for (const [i, { file, path }] of chosen.entries()) {
      if (i > 0 && i % 32 === 0) await new Promise((r) => setTimeout(r, 0));
      queued.push({ file: sourceFromFile(file, path || undefined), origin: 'vault', documentId: newId() });
    }
    if (this.#closing.signal.aborted) throw new AbortedError('import (workspace closed)');
    const { locks, workspaceId } = this.deps;
    // From queuing the files until their job's copy lock is held, the receiving lock tells
    // recover() (a drain here or in another tab) that these are not a closed tab's leftovers.
    const receiving = await locks.hold(lockNames.receiving(workspaceId), 'shared');
    let job: { jobId: string; items: QueueItem[] };
    let copying: HeldLock;
    try {
      job = await this.deps.queue.enqueueReceiving(queued, source, label);
      copying = await locks.hold(lockNames.copy(workspaceId, job.jobId), 'exclusive');
    } finally {
      receiving.release();
    }
    const { jobId, items } = job;
    const copy = this.#copy(items, chosen.map((c) => c.file)).finally(() => copying.release());
    this.#copies.add(copy);
    try {
      await copy;
    } finally {
      this.#copies.delete(copy);
    }
    return jobId;
  }

  async #copy(items: readonly QueueItem[], files: readonly File[]): Promise<void> {
    const { vault, workspaceId, queue, space } = this.deps;
    for (const [i, item] of items.entries()) {
      const file = files[i]!;
      if (this.#closing.signal.aborted) return; // the rest stay 'receiving': named at the next start
      let failure: AppError | null = null;
      try {
        await space.ensureRoom(item.name, file.size);
        await vault.put(workspaceId, item.documentId, file);
        if (!(await queue.received(item.id))) await vault.remove(workspaceId, item.documentId); // cancelled meanwhile
      } catch (error) {
        if (this.#closing.signal.aborted && !isQuotaError(error)) return;
        await vault.remove(workspaceId, item.documentId).catch(() => undefined);
        failure = await this.#refusal(item, file.size, error);
      }
      if (failure) await queue.notTaken(item, failure);
    }
  }

  /** Why a file could not be stored: no room (measured: the browser may refuse while it reports room), or another reason. */
  async #refusal(item: QueueItem, size: number, error: unknown): Promise<AppError> {
    if (error instanceof FileError && error.code === 'store/quota') return error; // the estimate already said no
    const { space, vault } = this.deps;
    const free = await space.measureFree(size + RESERVE_BYTES, (bytes) => vault.probe(bytes));
    if (isQuotaError(error) || free < size + RESERVE_BYTES) return space.quotaError(item.name, size, free, error);
    return new FileError('file/corrupt', item.name, `could not be saved in this browser (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }

  /**
   * After a crash or a closed tab: files whose copy had finished are read; the others are named
   * as not taken, their partial copies removed. Copies another open tab is still making are left
   * to it. Run by the tab that processes the queue (under its lock), so it runs once.
   */
  async recover(): Promise<{ resumed: number; notTaken: number }> {
    // Files being queued for a copy (here or in another tab) wait until this is done.
    return this.deps.locks.exclusive(lockNames.receiving(this.deps.workspaceId), () => this.#recover());
  }

  async #recover(): Promise<{ resumed: number; notTaken: number }> {
    const { jobs, vault, workspaceId, queue, locks } = this.deps;
    let resumed = 0;
    let notTaken = 0;
    for (const item of await jobs.receiving()) {
      if (!(await locks.isFree(lockNames.copy(workspaceId, item.jobId)))) continue; // another tab is copying it
      const stored = await vault.get(workspaceId, item.documentId);
      if (stored && stored.size === item.size && (await queue.received(item.id))) {
        resumed++;
        continue;
      }
      await vault.remove(workspaceId, item.documentId);
      await vault.remove(workspaceId, item.documentId + SWAP_SUFFIX);
      await queue.notTaken(item, new FileError('store/interrupted', item.name, INTERRUPTED));
      notTaken++;
    }
    return { resumed, notTaken };
  }

  /**
   * Removes what no document owns from the workspace's vault folder: files of documents that are
   * gone, and swap files of copies nobody is making (a copy in progress belongs to a 'queued'
   * document). Returns the bytes freed.
   */
  async sweep(): Promise<number> {
    const { vault, workspaceId, documents } = this.deps;
    // The names first, then the documents: an import (here or in another tab) writes a file's
    // document before its bytes, so every file listed has its document in the list read after.
    // Names only: the size of a file is read (which opens it) only for those removed.
    const names = await vault.names(workspaceId);
    const docs = await documents.list();
    const owned = new Set(docs.map((d) => d.id));
    const copying = new Set(docs.filter((d) => d.status === 'queued').map((d) => d.id));
    let freed = 0;
    for (const name of names) {
      const swap = name.endsWith(SWAP_SUFFIX);
      const key = swap ? name.slice(0, -SWAP_SUFFIX.length) : name;
      if (swap ? copying.has(key) : owned.has(key)) continue;
      const size = (await vault.get(workspaceId, name))?.size ?? 0;
      await vault.remove(workspaceId, name);
      freed += size;
    }
    return freed;
  }

  /** Stops the copies in progress (the workspace closes); their remaining files are named at the next start. */
  async close(): Promise<void> {
    this.#closing.abort();
    await Promise.allSettled([...this.#copies]);
  }

  /** Imports the files of a folder chosen with `<input webkitdirectory>` or dropped (no live sync). */
  async addFolderFiles(files: readonly (File | DroppedFile)[], extensions: readonly string[] = DEFAULT_FOLDER_EXTENSIONS): Promise<{ jobId: string | null; skipped: number }> {
    const pathOf = (f: File | DroppedFile) => (f instanceof File ? f.webkitRelativePath || f.name : f.path || f.file.name);
    // Each path read once, a hundred files at a time: reading a File's path costs the page a
    // moment, and a folder of a thousand files arrives in the input's own long task already.
    const wanted: { file: File | DroppedFile; path: string }[] = [];
    for (const [i, file] of files.entries()) {
      if (i > 0 && i % 100 === 0) await new Promise((r) => setTimeout(r, 0));
      const path = pathOf(file);
      if (isWanted(path, extensions)) wanted.push({ file, path });
    }
    // The job is named after the folder (the first part of the files' paths), when there is one.
    const roots = new Set(wanted.map(({ path }) => (path.includes('/') ? path.split('/')[0] : '')));
    const root = roots.size === 1 ? [...roots][0] : '';
    const jobId = wanted.length > 0 ? await this.addFiles(wanted.map((w) => w.file), 'upload', root ? `Folder ${root}` : 'Folder') : null;
    return { jobId, skipped: files.length - wanted.length };
  }

  /** Loads the sample documents shipped with the app. */
  async loadSamples(): Promise<string> {
    return this.addFiles(await fetchSamples(import.meta.env.BASE_URL), 'sample', 'Sample documents');
  }

  /** Reads a password-protected file again with its password (never stored). */
  async unlockDocument(id: string, password: string): Promise<string> {
    const doc = await this.deps.documents.getDocument(id);
    if (!doc) throw new StoreError('store/not-found', `Imports: no document ${id} in this workspace`);
    const origin = doc.source === 'folder' ? 'folder' : 'vault';
    const file = origin === 'vault' ? await this.deps.vault.get(this.deps.workspaceId, id) : await this.deps.folder().open(doc.path);
    if (!file) throw new FileError('file/corrupt', doc.name, 'the saved copy of this file is gone; add it again');
    const source = { ...sourceFromFile(file, doc.path), name: doc.name, mediaType: doc.mediaType };
    return this.deps.queue.retryWithPassword({ file: source, origin, documentId: id }, doc.source, password);
  }

  async pause(jobId: string): Promise<void> {
    await this.deps.queue.pause(jobId);
    this.deps.onJobChange?.(jobId);
  }

  async resume(jobId: string): Promise<void> {
    await this.deps.queue.resume(jobId);
    this.deps.onJobChange?.(jobId);
  }

  async cancel(jobId: string): Promise<void> {
    await this.deps.queue.cancel(jobId);
    this.deps.onJobChange?.(jobId);
  }

  /** Running and paused imports with their files. */
  active(): Promise<ActiveImport[]> {
    return this.deps.jobs.activeJobs();
  }

  /** Running and paused imports with their counts and the files being read (the live Imports list). */
  summaries(): Promise<JobSummary[]> {
    return this.deps.jobs.activeSummaries();
  }

  /** Removes a document: its rows, its scans and reviews, its index entries and its stored original. */
  async deleteDocument(id: string): Promise<void> {
    await this.deps.documents.deleteDocument(id);
    await this.deps.scans?.deleteDocument(id);
    await this.deps.index.removeDocument(id);
    await this.deps.vault.remove(this.deps.workspaceId, id);
    this.deps.onDocumentsChange?.();
  }
}
