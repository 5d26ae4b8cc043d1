/**
 * Walks a directory handle (File System Access API) recursively. Written against a structural
 * subset of the API so tests can pass a fake handle.
 */
import type { ScannedFile } from '../../core/ingest/rescan';
import { isWanted } from '../../core/ingest/rescan';
import { throwIfAborted } from '../../core/errors';

export interface FileHandleLike {
  readonly kind: 'file';
  readonly name: string;
  getFile(): Promise<File | { readonly size: number; readonly lastModified: number; arrayBuffer(): Promise<ArrayBuffer> }>;
}

export interface DirectoryHandleLike {
  readonly kind: 'directory';
  readonly name: string;
  values(): AsyncIterable<FileHandleLike | DirectoryHandleLike>;
}

export interface ScanResult {
  readonly files: ScannedFile[];
  readonly handles: ReadonlyMap<string, FileHandleLike>;
  /** Entries that could not be read (permission, vanished while scanning), with the reason. */
  readonly errors: readonly { readonly path: string; readonly reason: string }[];
}

/** Lists the wanted files below `root` with their size and modification time. */
export async function scanFolder(root: DirectoryHandleLike, extensions: readonly string[], signal?: AbortSignal): Promise<ScanResult> {
  const files: ScannedFile[] = [];
  const handles = new Map<string, FileHandleLike>();
  const errors: { path: string; reason: string }[] = [];
  const visit = async (dir: DirectoryHandleLike, prefix: string, depth: number): Promise<void> => {
    if (depth > 32) return; // a symlink loop or an absurd tree
    for await (const entry of dir.values()) {
      throwIfAborted(signal, 'folder scan');
      const path = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.kind === 'directory') {
        if (!entry.name.startsWith('.')) await visit(entry, path, depth + 1);
        continue;
      }
      if (!isWanted(path, extensions)) continue;
      try {
        const file = await entry.getFile();
        files.push({ path, size: file.size, lastModified: file.lastModified });
        handles.set(path, entry);
      } catch (error) {
        errors.push({ path, reason: error instanceof Error ? error.message : String(error) });
      }
    }
  };
  await visit(root, '', 0);
  return { files, handles, errors };
}
