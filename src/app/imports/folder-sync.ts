/**
 * Folder indexing with the File System Access API: the directory handle is kept with the
 * workspace; a rescan adds new files, re-indexes changed ones (size/time, then sha256) and
 * removes deleted ones with their chunks. Originals stay in the user's folder.
 */
import { AppError, FileError } from '../../core/errors';
import { sha256Hex } from '../../core/hash';
import type { NewFile } from '../../core/ingest/queue';
import { DEFAULT_FOLDER_EXTENSIONS, planRescan } from '../../core/ingest/rescan';
import type { SourceFile } from '../../core/ports';
import type { WorkspaceDb } from '../../store/db';
import { scanFolder, type DirectoryHandleLike, type FileHandleLike } from './folder-walk';
import type { FolderFiles } from './queue-files';

const META_KEY = 'folder';

export interface FolderSettings {
  readonly handle: FileSystemDirectoryHandle;
  readonly name: string;
  readonly extensions: readonly string[];
  readonly lastScanAt: number | null;
  readonly lastSummary: RescanSummary | null;
}

export interface RescanSummary {
  readonly added: number;
  readonly reindexed: number;
  readonly unchanged: number;
  readonly removed: number;
  readonly unreadable: readonly string[];
}

export interface FolderActions {
  enqueue(files: readonly NewFile[], label: string): Promise<string>;
  remove(documentId: string): Promise<void>;
}

type Permission = 'granted' | 'prompt' | 'denied';

interface PermissionHandle {
  queryPermission(d: { mode: 'read' }): Promise<Permission>;
  requestPermission(d: { mode: 'read' }): Promise<Permission>;
}

interface DirectoryPicker {
  showDirectoryPicker(options?: { id?: string; mode?: 'read' | 'readwrite' }): Promise<FileSystemDirectoryHandle>;
}

/** Live folder sync needs the File System Access API (Chromium-based browsers). */
export function folderAccessSupported(): boolean {
  return typeof (window as unknown as Partial<DirectoryPicker>).showDirectoryPicker === 'function';
}

export class FolderSync implements FolderFiles {
  private handles = new Map<string, FileHandleLike>();
  /** A folder was connected since the app opened: it was scanned then, the start-up refresh is not for it. */
  private connectedHere = false;

  constructor(
    private readonly db: WorkspaceDb,
    private readonly actions: FolderActions,
  ) {}

  async settings(): Promise<FolderSettings | null> {
    const row = await this.db.meta.get(META_KEY);
    return (row?.value as FolderSettings | undefined) ?? null;
  }

  private async save(patch: Partial<FolderSettings> & Pick<FolderSettings, 'handle' | 'name'>): Promise<FolderSettings> {
    const current = await this.settings();
    const next: FolderSettings = { extensions: DEFAULT_FOLDER_EXTENSIONS, lastScanAt: null, lastSummary: null, ...current, ...patch };
    await this.db.meta.put({ key: META_KEY, value: next });
    return next;
  }

  /** Asks the user for a folder (a user gesture is required), keeps it and scans it. */
  async pick(): Promise<RescanSummary | null> {
    const handle = await this.choose();
    return handle ? this.connect(handle) : null;
  }

  /** The folder picker alone (a user gesture is required); null when the user closes it. */
  async choose(): Promise<FileSystemDirectoryHandle | null> {
    try {
      return await (window as unknown as DirectoryPicker).showDirectoryPicker({ id: 'casefile-folder', mode: 'read' });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return null;
      throw error;
    }
  }

  /** Keeps a chosen folder as this workspace's folder and scans it. */
  async connect(handle: FileSystemDirectoryHandle): Promise<RescanSummary> {
    this.connectedHere = true;
    this.handles = new Map();
    await this.save({ handle, name: handle.name, lastScanAt: null, lastSummary: null });
    return this.rescan();
  }

  /**
   * At start: rescans the folder kept from an earlier session (with read access still granted),
   * unless the user connected one since the app opened — a second scan right after the first
   * would report its files "unchanged" where the user just saw them added.
   */
  async refresh(): Promise<RescanSummary | null> {
    // Asked again after the permission check: the user may connect a folder while it waits.
    if (this.connectedHere || (await this.permission().catch(() => null)) !== 'granted' || this.connectedHere) return null;
    return this.rescan();
  }

  async permission(): Promise<Permission | null> {
    const s = await this.settings();
    if (!s) return null;
    return (s.handle as unknown as PermissionHandle).queryPermission({ mode: 'read' });
  }

  /** Asks again for read access after a restart (one click; needs a user gesture). */
  async requestAccess(): Promise<boolean> {
    const s = await this.settings();
    if (!s) return false;
    return (await (s.handle as unknown as PermissionHandle).requestPermission({ mode: 'read' })) === 'granted';
  }

  async setExtensions(extensions: readonly string[]): Promise<void> {
    const s = await this.settings();
    if (s) await this.save({ handle: s.handle, name: s.name, extensions: [...new Set(extensions.map((e) => e.toLowerCase()))] });
  }

  /** Forgets the folder; its documents stay until removed. */
  async disconnect(): Promise<void> {
    this.handles = new Map();
    await this.db.meta.delete(META_KEY);
  }

  async rescan(signal?: AbortSignal): Promise<RescanSummary> {
    const s = await this.settings();
    if (!s) throw new AppError('input/invalid', 'Folder: no folder is open in this workspace');
    if ((await this.permission()) !== 'granted') {
      throw new AppError('input/invalid', `Folder: Casefile needs your permission to read “${s.name}” again; click “Allow access”`);
    }
    const scan = await scanFolder(s.handle as unknown as DirectoryHandleLike, s.extensions, signal);
    this.handles = new Map(scan.handles);
    const known = (await this.db.documents.toArray()).filter((d) => d.source === 'folder');
    const plan = planRescan(known, scan.files, s.extensions);

    for (const doc of plan.removed) await this.actions.remove(doc.id);
    const queue: NewFile[] = [];
    let reindexed = 0;
    for (const { file, document } of plan.changed) {
      const bytes = await (await this.open(file.path)).arrayBuffer();
      if ((await sha256Hex(bytes)) === document.sha256) {
        await this.db.documents.update(document.id, { size: file.size, mtime: file.lastModified });
      } else {
        queue.push({ file: this.sourceFile(file.path, file.size, file.lastModified), origin: 'folder', documentId: document.id });
        reindexed++;
      }
    }
    for (const file of plan.added) queue.push({ file: this.sourceFile(file.path, file.size, file.lastModified), origin: 'folder' });
    if (queue.length > 0) await this.actions.enqueue(queue, `Folder ${s.name}`);

    const summary: RescanSummary = {
      added: plan.added.length,
      reindexed,
      unchanged: plan.unchanged.length + plan.changed.length - reindexed,
      removed: plan.removed.length,
      unreadable: scan.errors.map((e) => `${e.path}: ${e.reason}`),
    };
    await this.save({ handle: s.handle, name: s.name, lastScanAt: Date.now(), lastSummary: summary });
    return summary;
  }

  private sourceFile(path: string, size: number, lastModified: number): SourceFile {
    const name = path.slice(path.lastIndexOf('/') + 1);
    return { name, path, size, mediaType: '', lastModified, bytes: async () => (await this.open(path)).arrayBuffer() };
  }

  /** The current bytes of a file in the folder (FolderFiles, used by the import queue). */
  async open(path: string): Promise<File> {
    let handle = this.handles.get(path);
    if (!handle) {
      const s = await this.settings();
      if (!s) throw new FileError('file/corrupt', path, 'the folder is no longer connected to this workspace');
      handle = await resolvePath(s.handle, path);
    }
    try {
      return (await handle.getFile()) as File;
    } catch (error) {
      throw new FileError('file/corrupt', path, 'the file was moved, deleted or cannot be read any more', { cause: error });
    }
  }
}

async function resolvePath(root: FileSystemDirectoryHandle, path: string): Promise<FileHandleLike> {
  const parts = path.split('/');
  let dir = root;
  try {
    for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part);
    return await dir.getFileHandle(parts.at(-1) ?? '');
  } catch (error) {
    throw new FileError('file/corrupt', path, 'the file is no longer in the folder', { cause: error });
  }
}
