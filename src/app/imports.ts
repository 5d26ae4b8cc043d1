/**
 * Imports into one workspace: files the user hands us (picker, drop, samples), folders chosen
 * without live sync, password unlocks, pause/resume/cancel, and document deletion. Uploaded
 * bytes are kept in the file vault first, so an import survives a reload and resumes.
 */
import { FileError, StoreError } from '../core/errors';
import { newId } from '../core/hash';
import type { IngestQueue, JobRecord, NewFile, QueueItem } from '../core/ingest/queue';
import { DEFAULT_FOLDER_EXTENSIONS, isWanted } from '../core/ingest/rescan';
import type { IndexWriter } from '../core/ports';
import type { DocSource } from '../core/types';
import type { DocumentRepository } from '../store/documents';
import type { DexieQueueStore } from '../store/queue-store';
import { sourceFromFile, type DroppedFile } from './browser-files';
import type { FileVault } from './file-vault';
import type { FolderFiles } from './queue-files';
import { fetchSamples } from './samples';

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
}

export class ImportService {
  constructor(private readonly deps: ImportDeps) {}

  /** Imports files (picker, drop, samples); returns the job id. */
  async addFiles(files: readonly (File | DroppedFile)[], source: DocSource = 'upload', label = 'Import'): Promise<string> {
    const queued: NewFile[] = [];
    for (const entry of files) {
      const { file, path } = entry instanceof File ? { file: entry, path: '' } : entry;
      const documentId = newId();
      await this.deps.vault.put(this.deps.workspaceId, documentId, file);
      queued.push({ file: sourceFromFile(file, path || undefined), origin: 'vault', documentId });
    }
    return this.deps.queue.enqueue(queued, source, label);
  }

  /** Imports the files of a folder chosen with `<input webkitdirectory>` or dropped (no live sync). */
  async addFolderFiles(files: readonly (File | DroppedFile)[], extensions: readonly string[] = DEFAULT_FOLDER_EXTENSIONS): Promise<{ jobId: string | null; skipped: number }> {
    const pathOf = (f: File | DroppedFile) => (f instanceof File ? f.webkitRelativePath || f.name : f.path || f.file.name);
    const wanted = files.filter((f) => isWanted(pathOf(f), extensions));
    const jobId = wanted.length > 0 ? await this.addFiles(wanted, 'upload', 'Folder') : null;
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

  pause(jobId: string): Promise<void> {
    return this.deps.queue.pause(jobId);
  }

  resume(jobId: string): Promise<void> {
    return this.deps.queue.resume(jobId);
  }

  cancel(jobId: string): Promise<void> {
    return this.deps.queue.cancel(jobId);
  }

  /** Running and paused imports with their files (for a live view). */
  active(): Promise<ActiveImport[]> {
    return this.deps.jobs.activeJobs();
  }

  /** Removes a document: its rows, its scans and reviews, its index entries and its stored original. */
  async deleteDocument(id: string): Promise<void> {
    await this.deps.documents.deleteDocument(id);
    await this.deps.scans?.deleteDocument(id);
    await this.deps.index.removeDocument(id);
    await this.deps.vault.remove(this.deps.workspaceId, id);
  }
}
