import { describe, expect, it } from 'vitest';
import { scanFolder, type DirectoryHandleLike, type FileHandleLike } from '../../../src/app/imports/folder-walk';
import { DEFAULT_FOLDER_EXTENSIONS, isWanted, planRescan, type KnownFile } from '../../../src/core/ingest/rescan';
import { FolderSync, type FolderActions, type RescanSummary } from '../../../src/app/imports/folder-sync';
import type { WorkspaceDb } from '../../../src/store/db';

type Tree = { [name: string]: Tree | { size: number; mtime: number; unreadable?: boolean } };

/** A fake FileSystemDirectoryHandle over a nested object. */
function fakeDir(name: string, tree: Tree): DirectoryHandleLike {
  return {
    kind: 'directory',
    name,
    async *values() {
      for (const [child, node] of Object.entries(tree)) {
        if ('size' in node && typeof node.size === 'number') {
          const f = node as { size: number; mtime: number; unreadable?: boolean };
          const handle: FileHandleLike = {
            kind: 'file',
            name: child,
            getFile: async () => {
              if (f.unreadable) throw new DOMException('permission denied', 'NotAllowedError');
              return { size: f.size, lastModified: f.mtime, arrayBuffer: async () => new ArrayBuffer(f.size) };
            },
          };
          yield handle;
        } else yield fakeDir(child, node as Tree);
      }
    },
  };
}

const known = (path: string, size: number, mtime: number, status: KnownFile['status'] = 'ready'): KnownFile => ({ id: `id-${path}`, path, size, mtime, sha256: `sha-${path}`, status });

describe('folder scan and rescan decisions', () => {
  const folder = fakeDir('Matter 42', {
    'contract.pdf': { size: 100, mtime: 1 },
    'notes.txt': { size: 5, mtime: 1 },
    '.DS_Store': { size: 1, mtime: 1 },
    '~$draft.docx': { size: 1, mtime: 1 },
    'pleadings': { 'motion.docx': { size: 50, mtime: 2 }, 'exhibit.png': { size: 70, mtime: 3 }, 'data.xlsx': { size: 9, mtime: 3 } },
    '.git': { 'config.txt': { size: 1, mtime: 1 } },
    'locked.pdf': { size: 9, mtime: 9, unreadable: true },
  });

  it('walks nested folders, keeps wanted types and skips hidden and lock files', async () => {
    const scan = await scanFolder(folder, DEFAULT_FOLDER_EXTENSIONS);
    expect(scan.files.map((f) => f.path).sort()).toEqual(['contract.pdf', 'notes.txt', 'pleadings/exhibit.png', 'pleadings/motion.docx']);
    expect(scan.errors.map((e) => e.path)).toEqual(['locked.pdf']);
    expect(scan.handles.has('pleadings/motion.docx')).toBe(true);
  });

  it('honours the extension setting', async () => {
    const scan = await scanFolder(folder, ['pdf']);
    expect(scan.files.map((f) => f.path)).toEqual(['contract.pdf']);
  });

  it('plans added, changed, unchanged and removed files', async () => {
    const { files } = await scanFolder(folder, DEFAULT_FOLDER_EXTENSIONS);
    const plan = planRescan(
      [
        known('contract.pdf', 100, 1), // unchanged
        known('notes.txt', 4, 1), // size changed
        known('pleadings/motion.docx', 50, 1), // time changed
        known('old/deleted.pdf', 10, 1), // gone
      ],
      files,
    );
    expect(plan.added.map((f) => f.path)).toEqual(['pleadings/exhibit.png']);
    expect(plan.changed.map((c) => c.file.path)).toEqual(['notes.txt', 'pleadings/motion.docx']);
    expect(plan.unchanged.map((d) => d.path)).toEqual(['contract.pdf']);
    expect(plan.removed.map((d) => d.path)).toEqual(['old/deleted.pdf']);
  });

  it('leaves files still waiting in the import queue alone', () => {
    const plan = planRescan([known('a.pdf', 1, 1, 'queued')], [{ path: 'a.pdf', size: 2, lastModified: 2 }]);
    expect(plan.changed).toEqual([]);
    expect(plan.unchanged.map((d) => d.path)).toEqual(['a.pdf']);
  });

  it('removes documents whose type was deselected', () => {
    const plan = planRescan([known('a.png', 1, 1)], [{ path: 'a.png', size: 1, lastModified: 1 }], ['pdf']);
    expect(plan.removed.map((d) => d.path)).toEqual(['a.png']);
  });

  it('judges wanted paths', () => {
    expect(isWanted('a/b/Contract.PDF', ['pdf'])).toBe(true);
    expect(isWanted('a/.hidden/x.pdf', ['pdf'])).toBe(false);
    expect(isWanted('noext', ['pdf'])).toBe(false);
  });
});

describe('the folder refresh at start-up', () => {
  /** A FolderSync over an in-memory settings row, its scan counted (the walk itself is tested above). */
  function sync(granted: boolean) {
    const rows = new Map<string, unknown>();
    const handle = { name: 'Matter 42', queryPermission: async () => (granted ? 'granted' : 'prompt') } as unknown as FileSystemDirectoryHandle;
    const db = { meta: { get: async (key: string) => rows.get(key), put: async (row: { key: string }) => void rows.set(row.key, row) } };
    const folder = new FolderSync(db as unknown as WorkspaceDb, {} as FolderActions);
    let scans = 0;
    folder.rescan = async () => {
      scans++;
      const summary: RescanSummary = { added: 0, reindexed: 0, removed: 0, unchanged: 0, unreadable: [] };
      return summary;
    };
    return { folder, handle, rows, scans: () => scans };
  }

  it('rescans a folder kept from an earlier session when access is still granted, and nothing otherwise', async () => {
    const kept = sync(true);
    expect(await kept.folder.refresh()).toBeNull(); // no folder yet
    await kept.folder.connect(kept.handle);
    const reopened = new FolderSync({ meta: { get: async (key: string) => kept.rows.get(key), put: async () => undefined } } as unknown as WorkspaceDb, {} as FolderActions);
    let scanned = 0;
    reopened.rescan = async () => {
      scanned++;
      return {} as RescanSummary;
    };
    await reopened.refresh();
    expect(scanned).toBe(1);
    // Kept, but read access not granted again after the restart: nothing is scanned.
    const denied = sync(false);
    await denied.folder.connect(denied.handle);
    const deniedReopened = new FolderSync({ meta: { get: async (key: string) => denied.rows.get(key), put: async () => undefined } } as unknown as WorkspaceDb, {} as FolderActions);
    let deniedScans = 0;
    deniedReopened.rescan = async () => {
      deniedScans++;
      return {} as RescanSummary;
    };
    expect(await deniedReopened.refresh()).toBeNull();
    expect(deniedScans).toBe(0);
  });

  it('does not scan again a folder the user connected since the app opened (its summary shows the files it added)', async () => {
    const s = sync(true);
    await s.folder.connect(s.handle);
    expect(s.scans()).toBe(1);
    expect(await s.folder.refresh()).toBeNull();
    expect(s.scans()).toBe(1);
  });
});
