/**
 * The contract-review stores on fake-indexeddb: scans and reviews in the workspace database
 * (version 3), installed playbooks and the reviewer's name in the registry (version 2), and the
 * upgrade of databases written by version 1.
 */
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissFlag, escalateFlag, openReview, withReviews } from '../../../src/core/scan/review';
import { runScan } from '../../../src/core/scan/scan';
import type { Playbook } from '../../../src/core/scan/playbook';
import { builtinPlaybook } from '../../../src/playbooks/builtin';
import { REGISTRY_DB_NAME, RegistryDb, WORKSPACE_DB_PREFIX, WorkspaceDb, type IdbDeps } from '../../../src/store/db';
import { LocalUser } from '../../../src/store/local-user';
import { DexiePlaybookStore } from '../../../src/store/playbooks';
import { DexieScanStore } from '../../../src/store/scans';
import { freshIdb } from '../../helpers/idb';
import { docRecord } from '../../helpers/records';
import { reviewDocument, sectionChunks, withSection } from '../../fixtures/review-contract';

const commercial = builtinPlaybook('commercial-contracts')!;
const nda = builtinPlaybook('nda')!;
const open: { close(): void }[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

function track<T extends { close(): void }>(db: T): T {
  open.push(db);
  return db;
}

async function scanOf(id: string, playbook: Playbook = commercial, sha = 'a'.repeat(64), sections = undefined as Parameters<typeof sectionChunks>[1]) {
  const document = reviewDocument(id, sha);
  return runScan({ document, chunks: sectionChunks(id, sections), playbook });
}

describe('DexieScanStore', () => {
  it('stores a scan under its key and finds it as the latest of its document and playbook', async () => {
    const store = new DexieScanStore(track(new WorkspaceDb('w', freshIdb())));
    const scan = await scanOf('d1');
    await store.putScan(scan);
    expect(await store.getScan(scan.key)).toEqual(scan);
    expect((await store.latestScan('d1', commercial.id))?.key).toBe(scan.key);
    expect(await store.latestScan('d1', nda.id)).toBeUndefined();
    expect(await store.latestScan('d2', commercial.id)).toBeUndefined();
  });

  it('keeps one scan per document and playbook: a new version replaces the older one', async () => {
    const store = new DexieScanStore(track(new WorkspaceDb('w', freshIdb())));
    const first = await scanOf('d1');
    const changed = await scanOf('d1', commercial, 'b'.repeat(64), withSection('3 Term and Termination', 'Either party may terminate this Agreement for convenience upon ninety (90) days notice.'));
    const other = await scanOf('d2');
    const withNda = await scanOf('d1', nda);
    for (const s of [first, other, withNda, changed]) await store.putScan(s);
    expect(changed.key).not.toBe(first.key);
    expect(await store.getScan(first.key)).toBeUndefined();
    expect((await store.listScans({ documentId: 'd1' })).map((s) => s.key).sort()).toEqual([changed.key, withNda.key].sort());
    expect((await store.listScans({ playbookId: commercial.id })).map((s) => s.documentId).sort()).toEqual(['d1', 'd2']);
    expect(await store.listScans({ documentId: 'd1', playbookId: nda.id })).toEqual([withNda]);
    expect(await store.listScans()).toHaveLength(3);
  });

  it('keeps reviews apart from scans, so a re-scan raising the same flag finds its review', async () => {
    const store = new DexieScanStore(track(new WorkspaceDb('w', freshIdb())));
    const scan = await scanOf('d1');
    await store.putScan(scan);
    const [a, b] = scan.flags;
    await store.putReview(dismissFlag(openReview(a!), 'Ann Lawyer', 'acceptable for this client', 1000));
    await store.putReview(escalateFlag(openReview(b!), 'Ann Lawyer', 'ask the partner', 2000));
    const again = await scanOf('d1', { ...commercial, version: '1.0.1' });
    await store.putScan(again);
    const items = withReviews(again.flags, await store.listReviews('d1'));
    const reviewed = items.filter((i) => i.review.status !== 'open');
    expect(reviewed.map((i) => [i.flag.id, i.review.status, i.review.note])).toEqual([
      [a!.id, 'dismissed', 'acceptable for this client'],
      [b!.id, 'escalated', 'ask the partner'],
    ]);
    expect((await store.getReview(a!.id))?.history).toEqual([{ at: 1000, user: 'Ann Lawyer', from: 'open', to: 'dismissed', note: 'acceptable for this client' }]);
  });

  it('deletes the scans and reviews of a deleted document only', async () => {
    const store = new DexieScanStore(track(new WorkspaceDb('w', freshIdb())));
    const d1 = await scanOf('d1');
    const d2 = await scanOf('d2');
    await store.putScan(d1);
    await store.putScan(d2);
    await store.putReview(dismissFlag(openReview(d1.flags[0]!), 'A', '', 1));
    await store.putReview(dismissFlag(openReview(d2.flags[0]!), 'A', '', 1));
    await store.deleteDocument('d1');
    expect(await store.listScans({ documentId: 'd1' })).toEqual([]);
    expect(await store.listReviews('d1')).toEqual([]);
    expect(await store.listScans({ documentId: 'd2' })).toHaveLength(1);
    expect(await store.listReviews('d2')).toHaveLength(1);
  });

  it('opens a database written by version 1 without losing its documents', async () => {
    const idb = freshIdb();
    const old = new Dexie(`${WORKSPACE_DB_PREFIX}old`, idb);
    old.version(1).stores({ documents: 'id, sha256, status, path, addedAt', pages: '[documentId+page], documentId', chunks: 'id, documentId, [documentId+seq]', vectors: 'documentId, modelId', meta: 'key', jobs: 'id, status, createdAt', queue: 'id, jobId, seq, status, documentId' });
    await old.table('documents').put(docRecord('kept'));
    old.close();
    const db = track(new WorkspaceDb('old', idb));
    expect((await db.documents.get('kept'))?.id).toBe('kept');
    const store = new DexieScanStore(db);
    await store.putScan(await scanOf('kept'));
    expect(await store.listScans({ documentId: 'kept' })).toHaveLength(1);
    expect(db.verno).toBeGreaterThanOrEqual(3);
  });
});

describe('DexiePlaybookStore and the reviewer name (registry)', () => {
  const installed = (p: Playbook, at = 1) => ({ playbook: p, source: 'file' as const, installedAt: at });

  it('installs, lists by name, replaces by id and deletes playbooks; they outlive the connection', async () => {
    const idb: IdbDeps = freshIdb();
    const store = new DexiePlaybookStore(track(new RegistryDb(idb)));
    await store.putPlaybook(installed(nda));
    await store.putPlaybook(installed(commercial));
    expect((await store.listPlaybooks()).map((e) => e.playbook.name)).toEqual([commercial.name, nda.name]);
    await store.putPlaybook({ playbook: { ...nda, version: '2.0.0' }, source: 'editor', installedAt: 5 });
    expect(await store.getPlaybook(nda.id)).toEqual({ playbook: { ...nda, version: '2.0.0' }, source: 'editor', installedAt: 5 });
    const again = new DexiePlaybookStore(track(new RegistryDb(idb)));
    expect((await again.listPlaybooks()).length).toBe(2);
    await again.deletePlaybook(commercial.id);
    expect(await again.getPlaybook(commercial.id)).toBeUndefined();
    expect((await again.listPlaybooks()).map((e) => e.playbook.id)).toEqual([nda.id]);
  });

  it('upgrades a version 1 registry, keeping its workspaces', async () => {
    const idb = freshIdb();
    const old = new Dexie(REGISTRY_DB_NAME, idb);
    old.version(1).stores({ workspaces: 'id, name, openedAt', kv: 'key' });
    await old.table('workspaces').put({ id: 'w1', name: 'Acme', createdAt: 1, openedAt: 1 });
    old.close();
    const db = track(new RegistryDb(idb));
    expect((await db.workspaces.get('w1'))?.name).toBe('Acme');
    await new DexiePlaybookStore(db).putPlaybook(installed(nda));
    expect(await db.playbooks.count()).toBe(1);
  });

  it('keeps the reviewer name once given, trimmed; refuses an empty or over-long one', async () => {
    const user = new LocalUser(track(new RegistryDb(freshIdb())));
    expect(await user.name()).toBeNull();
    expect(await user.setName('  Ann   Lawyer ')).toBe('Ann Lawyer');
    expect(await user.name()).toBe('Ann Lawyer');
    await expect(user.setName('   ')).rejects.toThrow('reviewer: the name is empty');
    await expect(user.setName('x'.repeat(81))).rejects.toThrow('at most 80');
    expect(await user.name()).toBe('Ann Lawyer');
  });
});
