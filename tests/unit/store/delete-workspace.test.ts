/**
 * Deleting a workspace leaves no database behind: a connection another tab still holds closes
 * when asked and does not recreate the database afterwards; one that never lets go makes the
 * deletion fail by the workspace's name instead of hanging. Leftovers of half-done deletions
 * (a database or vault folder the registry no longer lists) go at the next start, unless a tab
 * still uses them.
 */
import { describe, expect, it } from 'vitest';
import { MemoryVault } from '../../../src/app/browser/file-vault';
import { StorageCare } from '../../../src/app/browser/storage-care';
import { StorageSpace } from '../../../src/app/browser/storage-space';
import { lockNames, memoryLocks, TabLocks } from '../../../src/app/browser/tab-locks';
import { WORKSPACE_DB_PREFIX, WorkspaceDb } from '../../../src/store/db';
import { WorkspaceRegistry } from '../../../src/store/workspaces';
import { freshIdb } from '../../helpers/idb';

const names = async (idb: IDBFactory) => (await idb.databases()).map((d) => d.name);

describe('workspace deletion', () => {
  it('closes the other connections for good and checks the database is gone', async () => {
    const idb = freshIdb();
    const factory = idb.indexedDB as IDBFactory;
    const registry = new WorkspaceRegistry(idb);
    const ws = await registry.create('Matter');
    const otherTab = new WorkspaceDb(ws.id, idb);
    await otherTab.documents.count();
    await registry.delete(ws.id);
    expect(await names(factory)).not.toContain(WORKSPACE_DB_PREFIX + ws.id);
    // The other tab's late write fails instead of recreating the deleted database.
    await expect(otherTab.meta.put({ key: 'late', value: 1 })).rejects.toMatchObject({ name: 'DatabaseClosedError' });
    expect(await names(factory)).not.toContain(WORKSPACE_DB_PREFIX + ws.id);
    expect(await registry.get(ws.id)).toBeUndefined();
  });

  it('fails by name when a connection never lets go', async () => {
    const idb = freshIdb();
    const factory = idb.indexedDB as IDBFactory;
    const registry = new WorkspaceRegistry(idb);
    const ws = await registry.create('Stuck');
    const stuck = await new Promise<IDBDatabase>((resolve) => {
      const r = factory.open(WORKSPACE_DB_PREFIX + ws.id, 1);
      r.onsuccess = () => resolve(r.result);
    });
    await expect(registry.deleteDatabase(ws.id, 200)).rejects.toMatchObject({ code: 'store/conflict', message: expect.stringContaining(ws.id) as string });
    stuck.close();
  });

  it('removes leftovers of workspaces the registry no longer lists, except those a tab uses', async () => {
    const idb = freshIdb();
    const factory = idb.indexedDB as IDBFactory;
    const registry = new WorkspaceRegistry(idb);
    const vault = new MemoryVault();
    const locks = new TabLocks(memoryLocks());
    const kept = await registry.create('Kept');
    for (const id of [kept.id, 'gone', 'in-use']) {
      const db = new WorkspaceDb(id, idb);
      await db.meta.put({ key: 'x', value: 1 });
      db.close();
      await vault.put(id, 'doc', new Blob(['bytes']));
    }
    const held = await locks.hold(lockNames.workspace('in-use'), 'shared');
    const care = new StorageCare({ registry, vault, locks, space: new StorageSpace(null), idb });
    expect(await care.cleanUp()).toEqual({ removedDatabases: [`${WORKSPACE_DB_PREFIX}gone`], removedFolders: ['gone'] });
    expect((await names(factory)).sort()).toEqual(['casefile-registry', `${WORKSPACE_DB_PREFIX}${kept.id}`, `${WORKSPACE_DB_PREFIX}in-use`].sort());
    expect((await vault.workspaces()).sort()).toEqual([kept.id, 'in-use'].sort());
    held.release();
    const report = await care.report();
    expect(report.workspaces).toEqual([{ id: kept.id, name: 'Kept', documents: 0, originalsBytes: 5, databaseBytes: expect.any(Number) as number }]);
    expect(report.workspaces[0]!.databaseBytes).toBeGreaterThan(0);
  });
});
