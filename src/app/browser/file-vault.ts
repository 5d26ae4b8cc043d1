/**
 * Where Casefile keeps the original bytes of files the user uploaded: the Origin Private File
 * System, one folder per workspace, one file per document. A queued upload survives a reload
 * (the import resumes from here) and the source viewer can show the real file later. Folder
 * imports are not copied: their originals stay in the user's folder.
 *
 * A copy cut short by a crash leaves an empty file and the browser's swap file (`<key>.crswap`,
 * where createWritable writes until close); `entries` lists them and `sweep` removes what no
 * document owns (src/app/browser/storage-care.ts decides what that is).
 */
import { StoreError } from '../../core/errors';

const ROOT = 'casefile';
/** The file a space probe writes (next to the workspace folders, removed at once). */
const PROBE = '.space-probe';

/** One stored file (or leftover) of a workspace. */
export interface VaultEntry {
  readonly name: string;
  readonly size: number;
}

/** The swap file of an unfinished createWritable (Chromium) for `key`. */
export const SWAP_SUFFIX = '.crswap';

export interface FileVault {
  put(workspaceId: string, key: string, data: Blob): Promise<void>;
  get(workspaceId: string, key: string): Promise<File | undefined>;
  remove(workspaceId: string, key: string): Promise<void>;
  /** Removes the workspace's folder; throws a StoreError if it is still there afterwards. */
  removeWorkspace(workspaceId: string): Promise<void>;
  /** Every entry of the workspace's folder (files, swap files). */
  entries(workspaceId: string): Promise<VaultEntry[]>;
  /** The names of those entries, without their sizes (reading a size opens the file: one call per file). */
  names(workspaceId: string): Promise<string[]>;
  /** The workspaces that have a folder. */
  workspaces(): Promise<string[]>;
  /** Tries to store `bytes` (then removes them): true when the browser has room for them. */
  probe(bytes: number): Promise<boolean>;
  /** False when the browser has no OPFS: files then live in memory until the tab closes. */
  readonly persistent: boolean;
}

class OpfsVault implements FileVault {
  readonly persistent = true;

  private async dir(workspaceId: string, create: boolean): Promise<FileSystemDirectoryHandle | undefined> {
    try {
      const root = await navigator.storage.getDirectory();
      const app = await root.getDirectoryHandle(ROOT, { create });
      return await app.getDirectoryHandle(workspaceId, { create });
    } catch (error) {
      if (!create && error instanceof DOMException && error.name === 'NotFoundError') return undefined;
      throw error;
    }
  }

  async put(workspaceId: string, key: string, data: Blob): Promise<void> {
    const dir = await this.dir(workspaceId, true);
    const handle = await dir!.getFileHandle(key, { create: true });
    const writable = await handle.createWritable();
    try {
      await writable.write(data);
      await writable.close();
    } catch (error) {
      await writable.abort().catch(() => undefined);
      if (error instanceof DOMException && error.name === 'QuotaExceededError') {
        throw new StoreError('store/quota', `FileVault: ${data instanceof File ? data.name : key}: there is not enough storage space left in this browser to keep it`, { cause: error, details: { key } });
      }
      throw error;
    }
  }

  async get(workspaceId: string, key: string): Promise<File | undefined> {
    const dir = await this.dir(workspaceId, false);
    if (!dir) return undefined;
    try {
      return await (await dir.getFileHandle(key)).getFile();
    } catch {
      return undefined;
    }
  }

  async remove(workspaceId: string, key: string): Promise<void> {
    const dir = await this.dir(workspaceId, false);
    await dir?.removeEntry(key).catch(() => undefined);
  }

  async removeWorkspace(workspaceId: string): Promise<void> {
    const app = await this.app();
    await app?.removeEntry(workspaceId, { recursive: true }).catch((error: unknown) => {
      if (!(error instanceof DOMException && error.name === 'NotFoundError')) throw error;
    });
    if ((await this.workspaces()).includes(workspaceId)) {
      throw new StoreError('store/conflict', `FileVault: the stored originals of workspace ${workspaceId} could not be removed; they are removed at the next start`);
    }
  }

  async entries(workspaceId: string): Promise<VaultEntry[]> {
    const dir = await this.dir(workspaceId, false);
    if (!dir) return [];
    const out: VaultEntry[] = [];
    for await (const [name, handle] of (dir as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries()) {
      const size = handle.kind === 'file' ? await (handle as FileSystemFileHandle).getFile().then((f) => f.size, () => 0) : 0;
      out.push({ name, size });
    }
    return out;
  }

  async names(workspaceId: string): Promise<string[]> {
    const dir = await this.dir(workspaceId, false);
    if (!dir) return [];
    const out: string[] = [];
    for await (const name of (dir as unknown as { keys(): AsyncIterable<string> }).keys()) out.push(name);
    return out;
  }

  async workspaces(): Promise<string[]> {
    const app = await this.app();
    if (!app) return [];
    const out: string[] = [];
    for await (const [name, handle] of (app as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries()) if (handle.kind === 'directory') out.push(name);
    return out;
  }

  async probe(bytes: number): Promise<boolean> {
    const root = await navigator.storage.getDirectory();
    const app = await root.getDirectoryHandle(ROOT, { create: true });
    const handle = await app.getFileHandle(PROBE, { create: true });
    const writable = await handle.createWritable();
    try {
      await writable.write(new Uint8Array(bytes));
      await writable.close();
      return true;
    } catch {
      await writable.abort().catch(() => undefined);
      return false;
    } finally {
      await app.removeEntry(PROBE).catch(() => undefined);
    }
  }

  private async app(): Promise<FileSystemDirectoryHandle | undefined> {
    try {
      return await (await navigator.storage.getDirectory()).getDirectoryHandle(ROOT, { create: false });
    } catch {
      return undefined;
    }
  }
}

/** Files in memory (no OPFS; tests). */
export class MemoryVault implements FileVault {
  readonly persistent = false;
  private readonly files = new Map<string, File>();

  async put(workspaceId: string, key: string, data: Blob): Promise<void> {
    this.files.set(`${workspaceId}/${key}`, new File([data], key));
  }
  async get(workspaceId: string, key: string): Promise<File | undefined> {
    return this.files.get(`${workspaceId}/${key}`);
  }
  async remove(workspaceId: string, key: string): Promise<void> {
    this.files.delete(`${workspaceId}/${key}`);
  }
  async removeWorkspace(workspaceId: string): Promise<void> {
    for (const k of [...this.files.keys()]) if (k.startsWith(`${workspaceId}/`)) this.files.delete(k);
  }
  async entries(workspaceId: string): Promise<VaultEntry[]> {
    return [...this.files].filter(([k]) => k.startsWith(`${workspaceId}/`)).map(([k, f]) => ({ name: k.slice(workspaceId.length + 1), size: f.size }));
  }
  async names(workspaceId: string): Promise<string[]> {
    return (await this.entries(workspaceId)).map((e) => e.name);
  }
  async workspaces(): Promise<string[]> {
    return [...new Set([...this.files.keys()].map((k) => k.slice(0, k.indexOf('/'))))];
  }
  async probe(): Promise<boolean> {
    return true;
  }
}

export async function createFileVault(): Promise<FileVault> {
  try {
    if (typeof navigator.storage?.getDirectory === 'function') {
      await navigator.storage.getDirectory();
      return new OpfsVault();
    }
  } catch {
    // OPFS refused (e.g. a private window): fall back below.
  }
  return new MemoryVault();
}
