/**
 * Backup and restore: a workspace written to one file and restored on "another machine" (a
 * fresh IndexedDB and vault) has every table row for row (vectors' typed arrays included, and a
 * table this code does not know about), its originals byte for byte, and searches exactly as
 * before. A newer backup, a damaged file and a taken id are refused, leaving nothing behind.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { exportWorkspace, readBackupManifest, restoreWorkspace, currentSchemaVersion } from '../../../src/app/browser/backup';
import { ZipWriter } from '../../../src/app/browser/backup-zip';
import type { WorkspaceSession } from '../../../src/app/workspace-session';
import { registerRpcErrors } from '../../../src/rpc/errors';
import { WORKSPACE_DB_PREFIX } from '../../../src/store/db';
import { installBlobReader, tableRows, workspaceWithDocuments as withDocuments } from '../../helpers/backup';
import { browser, openTab, type Browser } from '../../helpers/session';

const workspaceWithDocuments = (b: Browser) => withDocuments(b, sessions);

registerRpcErrors();

beforeAll(installBlobReader);

const sessions: WorkspaceSession[] = [];
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.dispose(false);
});

// Real imports and restores through fake-indexeddb: seconds on a loaded machine.
describe('backup and restore', { timeout: 30_000 }, () => {
  it('restores a workspace exactly on another machine: rows, vectors, originals, settings and search results', async () => {
    const here = browser();
    const { ws, tab } = await workspaceWithDocuments(here);
    await tab.session.index.flush();
    const results = async (s: WorkspaceSession) => (await s.index.ask({ question: 'limitation of liability twelve months' })).passages.map((p) => [p.document.name, p.chunkId, p.chunk.pageStart, p.chunk.sectionPath, p.chunk.charStart, p.chunk.sourceText]);
    const expected = await results(tab.session);
    expect(expected[0]![0]).toBe('msa.txt');

    const before = await tableRows(tab.session);
    expect(before['meta']!.map((r) => (r as { key: string }).key)).toContain('index/lexical-manifest');
    expect(before['lexicalSegments']!.length).toBeGreaterThan(0);
    const file = await exportWorkspace(ws, { registry: here.registry, vault: here.vault, locks: here.locks, idb: here.idb });
    const manifest = await readBackupManifest(file);
    expect(manifest).toMatchObject({ format: 'casefile-backup', formatVersion: 1, workspace: { id: ws.id, name: 'Acme v. Globex' }, database: { version: currentSchemaVersion() } });
    expect(manifest.database.tables.map((t) => t.name).sort()).toEqual(tab.session.db.tables.map((t) => t.name).sort());
    expect(manifest.originals).toHaveLength(2);

    const there = browser();
    const restored = await restoreWorkspace(file, { registry: there.registry, vault: there.vault, locks: there.locks, idb: there.idb });
    expect(restored).toMatchObject({ id: ws.id, name: 'Acme v. Globex', createdAt: ws.createdAt });
    const back = await openTab(there, restored);
    sessions.push(back.session);
    expect(await tableRows(back.session)).toEqual(before);
    const vectors = await back.session.db.vectors.toArray();
    expect(vectors[0]!.data).toBeInstanceOf(Float32Array);
    expect(Array.from(vectors[0]!.data)).toEqual([0.25, -1.5, 3, 0.125]);
    for (const doc of await back.session.documents.list()) {
      const [a, b] = [await here.vault.get(ws.id, doc.id), await there.vault.get(ws.id, doc.id)];
      expect(new Uint8Array(await b!.arrayBuffer())).toEqual(new Uint8Array(await a!.arrayBuffer()));
    }
    expect(await results(back.session)).toEqual(expected);
    expect(back.indexWorkers.spawned).toBe(1);
  });

  it('restores beside the original under a new id, and refuses a taken id, leaving nothing', async () => {
    const b = browser();
    const { ws } = await workspaceWithDocuments(b);
    const file = await exportWorkspace(ws, { registry: b.registry, vault: b.vault, locks: b.locks, idb: b.idb });
    await expect(restoreWorkspace(file, { registry: b.registry, vault: b.vault, locks: b.locks, idb: b.idb })).rejects.toMatchObject({ code: 'store/conflict' });
    const copy = await restoreWorkspace(file, { registry: b.registry, vault: b.vault, locks: b.locks, idb: b.idb }, { workspaceId: 'copy-1', name: 'Acme v. Globex (restored)' });
    expect(copy).toMatchObject({ id: 'copy-1', name: 'Acme v. Globex (restored)' });
    expect((await b.vault.entries('copy-1')).length).toBe(2);
  });

  it('refuses files that are not backups, damaged ones and backups from a newer version', async () => {
    const b = browser();
    const deps = { registry: b.registry, vault: b.vault, locks: b.locks, idb: b.idb };
    await expect(readBackupManifest(new File(['just text'], 'notes.txt'))).rejects.toMatchObject({ code: 'input/invalid' });
    const zip = new ZipWriter();
    await zip.add('manifest.json', new Blob([JSON.stringify({ format: 'casefile-backup', formatVersion: 1, appVersion: '9.0.0', workspace: { id: 'w', name: 'W', createdAt: 1 }, database: { version: currentSchemaVersion() + 1, tables: [] }, originals: [] })]));
    await expect(readBackupManifest(new File([zip.finish()], 'future.casefile'))).rejects.toThrow(/future\.casefile was made by a newer Casefile/);

    const { ws } = await workspaceWithDocuments(b);
    const good = new Uint8Array(await (await exportWorkspace(ws, deps)).arrayBuffer());
    const cut = new File([good.slice(0, Math.floor(good.length * 0.8))], 'cut.casefile');
    await expect(restoreWorkspace(cut, deps, { workspaceId: 'from-cut' })).rejects.toMatchObject({ code: 'input/invalid' });
    const names = (await (b.idb.indexedDB as IDBFactory).databases()).map((d) => d.name);
    expect(names).not.toContain(`${WORKSPACE_DB_PREFIX}from-cut`);
    expect(await b.vault.workspaces()).not.toContain('from-cut');
    expect(await b.registry.get('from-cut')).toBeUndefined();
  });
});
