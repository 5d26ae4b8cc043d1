/**
 * Where Casefile keeps the original bytes of files the user uploaded: the Origin Private File
 * System, one folder per workspace, one file per document. A queued upload survives a reload
 * (the import resumes from here) and the source viewer can show the real file later. Folder
 * imports are not copied: their originals stay in the user's folder.
 */
import { StoreError } from '../core/errors';

const ROOT = 'casefile';

export interface FileVault {
  put(workspaceId: string, key: string, data: Blob): Promise<void>;
  get(workspaceId: string, key: string): Promise<File | undefined>;
  remove(workspaceId: string, key: string): Promise<void>;
  removeWorkspace(workspaceId: string): Promise<void>;
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
    try {
      const root = await navigator.storage.getDirectory();
      const app = await root.getDirectoryHandle(ROOT, { create: false });
      await app.removeEntry(workspaceId, { recursive: true });
    } catch {
      // Nothing stored for this workspace.
    }
  }
}

class MemoryVault implements FileVault {
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
