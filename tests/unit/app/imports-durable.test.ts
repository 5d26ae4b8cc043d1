/**
 * No file lost, nothing orphaned (issue 14): files are queued before their bytes are copied;
 * a copy cut short by a crash is resumed (copy complete) or named as not taken, and partial
 * copies and swap files leave the vault; when storage runs out, what fits is imported and the
 * rest fails by name with the space needed and free, leaving what is stored untouched.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { FileVault } from '../../../src/app/browser/file-vault';
import { IngestQueue } from '../../../src/core/ingest/queue';
import type { WorkspaceSession } from '../../../src/app/workspace-session';
import { registerRpcErrors } from '../../../src/rpc/errors';
import { DexieQueueStore } from '../../../src/store/queue-store';
import { DocumentRepository } from '../../../src/store/documents';
import { sourceFromFile } from '../../../src/app/imports/browser-files';
import { browser, openTab, textFile, type Browser } from '../../helpers/session';

registerRpcErrors();

const sessions: WorkspaceSession[] = [];
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.dispose(false);
});

const clause = (n: number) => `AGREEMENT ${n}\n\n1. Payment. The Customer shall pay invoice number ${n} within thirty days.\n\n`;
/** A text file of about `kb` kilobytes. */
const sized = (name: string, kb: number, n: number) => textFile(name, clause(n).repeat(Math.ceil((kb * 1024) / clause(n).length)));

const vaultBytes = async (vault: FileVault, ws: string) => (await vault.entries(ws)).reduce((s, e) => s + e.size, 0);

async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('durable imports', () => {
  it('a crash during the copy: the completed copy is imported, the others are named as not taken, no leftovers', async () => {
    const b = browser();
    const ws = await b.registry.current();
    // What a tab that closed mid-copy leaves: three files queued; the first copied but not yet
    // marked, the second cut short (an empty file and the browser's swap file), the third never started.
    const db = b.registry.openDatabase(ws.id);
    const documents = new DocumentRepository(db);
    const dead = new IngestQueue({ store: new DexieQueueStore(db), files: { resolve: () => Promise.reject(new Error('unused')), release: async () => undefined }, ingest: () => ({ parser: { parse: () => { throw new Error('unused'); } }, analyzer: { analyze: () => Promise.reject(new Error('unused')) }, store: documents, index: { addDocument: async () => undefined, removeDocument: async () => undefined } }), sink: () => undefined });
    const files = [sized('copied.txt', 20, 1), sized('cut.txt', 20, 2), sized('never.txt', 20, 3)];
    const { items } = await dead.enqueueReceiving(files.map((f) => ({ file: sourceFromFile(f), origin: 'vault' as const })), 'upload', 'Import');
    await b.vault.put(ws.id, items[0]!.documentId, files[0]!);
    await b.vault.put(ws.id, items[1]!.documentId, new Blob([]));
    await b.vault.put(ws.id, `${items[1]!.documentId}.crswap`, files[1]!.slice(0, 5000));
    await b.vault.put(ws.id, 'stray-file-of-a-deleted-document', new Blob(['x']));
    db.close();

    // The tab opens again.
    const tab = await openTab(b, ws);
    sessions.push(tab.session);
    await tab.jobsDone(1);
    const docs = (await tab.session.documents.list()).sort((x, y) => x.name.localeCompare(y.name));
    expect(docs.map((d) => [d.name, d.status])).toEqual([
      ['copied.txt', 'ready'],
      ['cut.txt', 'failed'],
      ['never.txt', 'failed'],
    ]);
    expect(docs[1]!.error).toBe('cut.txt: not taken: the tab was closed while it was being saved; add it again');
    expect(docs[1]!.errorInfo?.code).toBe('store/interrupted');
    expect(docs[2]!.error).toMatch(/^never\.txt: not taken/);
    const failed = tab.seen.filter((e) => e.type === 'file_failed').map((e) => (e.type === 'file_failed' ? e.name : ''));
    expect(failed.sort()).toEqual(['cut.txt', 'never.txt']);
    // Only the imported file's original is kept: no partial copy, no swap file, no stray.
    expect((await b.vault.entries(ws.id)).map((e) => e.name)).toEqual([items[0]!.documentId]);
    expect(b.parsed).toEqual(['copied.txt']);
  });

  it('storage full: what fits is imported, the rest fails by name with the space needed and free; nothing stored is touched', async () => {
    const b = browser();
    const ws = await b.registry.current();
    const MB = 1024 * 1024;
    // The origin's quota: 1 MB more than what is stored when the import starts.
    let quota = 1024 * MB;
    b.storage = { estimate: async () => ({ usage: await vaultBytes(b.vault, ws.id), quota }) };
    const tab = await openTab(b, ws);
    sessions.push(tab.session);
    await tab.session.imports.addFiles([sized('kept.txt', 100, 9)]);
    await tab.jobsDone(1);
    const before = await b.vault.entries(ws.id);
    quota = (await vaultBytes(b.vault, ws.id)) + MB;

    await tab.session.imports.addFiles([sized('big.txt', 1500, 1), sized('small-1.txt', 300, 2), sized('huge.txt', 3000, 3), sized('small-2.txt', 300, 4)]);
    await tab.jobsDone(2);
    const docs = new Map((await tab.session.documents.list()).map((d) => [d.name, d]));
    expect(docs.get('kept.txt')?.status).toBe('ready');
    expect(docs.get('small-1.txt')?.status).toBe('ready');
    expect(docs.get('small-2.txt')?.status).toBe('ready');
    expect(docs.get('big.txt')?.status).toBe('failed');
    expect(docs.get('big.txt')?.error).toMatch(/^big\.txt: not enough storage: 1\.7 MB needed, 1\.0 MB free$/);
    expect(docs.get('huge.txt')?.error).toMatch(/^huge\.txt: not enough storage: 3\.2 MB needed, 0\.\d MB free$/);
    expect(docs.get('huge.txt')?.errorInfo?.code).toBe('store/quota');
    // What was stored before is still there, byte for byte; the failed files left nothing.
    const after = await b.vault.entries(ws.id);
    for (const e of before) expect(after).toContainEqual(e);
    expect(after).toHaveLength(3);
  });

  it('a write the browser refuses for quota fails that file by name and the import goes on', async () => {
    const b = browser();
    const put = b.vault.put.bind(b.vault);
    (b.vault as { put: FileVault['put'] }).put = async (w, key, data) => {
      if (data instanceof File && data.name === 'refused.txt') throw Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
      return put(w, key, data);
    };
    // The estimate says 5 MB are free, but the browser has room for less than 100 KB.
    b.storage = { estimate: async () => ({ usage: 1000, quota: 1000 + 5 * 1024 * 1024 }) };
    (b.vault as { probe: FileVault['probe'] }).probe = async (bytes) => bytes < 100 * 1024;
    const tab = await openTab(b);
    sessions.push(tab.session);
    await tab.session.imports.addFiles([sized('refused.txt', 10, 1), sized('fine.txt', 10, 2)]);
    await tab.jobsDone(1);
    const docs = await tab.session.documents.list();
    expect(docs.map((d) => [d.name, d.status])).toEqual([
      ['refused.txt', 'failed'],
      ['fine.txt', 'ready'],
    ]);
    expect(docs[0]!.error).toMatch(/^refused\.txt: not enough storage: 0\.3 MB needed, 0\.1 MB free$/);
  });
});

describe('two tabs on one workspace', () => {
  let b: Browser;

  it('one tab reads the queue at a time: every file parsed once, and both indexes find every file', async () => {
    b = browser();
    const ws = await b.registry.current();
    const one = await openTab(b, ws);
    const two = await openTab(b, ws);
    sessions.push(one.session, two.session);
    await Promise.all([
      one.session.imports.addFiles([sized('one-a.txt', 5, 1), sized('one-b.txt', 5, 2), sized('one-c.txt', 5, 3)]),
      two.session.imports.addFiles([sized('two-a.txt', 5, 4), sized('two-b.txt', 5, 5), sized('two-c.txt', 5, 6)]),
    ]);
    await until(async () => (await one.session.documents.list()).filter((d) => d.status === 'ready').length === 6);
    expect([...b.parsed].sort()).toEqual(['one-a.txt', 'one-b.txt', 'one-c.txt', 'two-a.txt', 'two-b.txt', 'two-c.txt']);
    // What the other tab added reaches each index (the app calls refresh on the relayed events).
    await one.session.refresh();
    await two.session.refresh();
    for (const tab of [one, two]) {
      expect(await tab.session.index.stats()).toMatchObject({ documents: 6 });
      for (const n of [1, 6]) {
        const found = await tab.session.index.ask({ question: `invoice number ${n}` });
        expect(found.passages[0]?.document.name).toBe(n === 1 ? 'one-a.txt' : 'two-c.txt');
      }
    }
    // A deletion in one tab leaves the other's index after its refresh.
    const gone = (await one.session.documents.list()).find((d) => d.name === 'two-c.txt')!;
    await one.session.imports.deleteDocument(gone.id);
    await two.session.refresh();
    expect(await two.session.index.stats()).toMatchObject({ documents: 5 });
  });

  it('a tab that closes mid-import is taken over by the other', async () => {
    b = browser();
    const ws = await b.registry.current();
    const one = await openTab(b, ws);
    const two = await openTab(b, ws);
    sessions.push(two.session);
    await one.session.imports.addFiles(Array.from({ length: 6 }, (_, i) => sized(`f${i}.txt`, 5, i)));
    two.session.standby(); // it saw the other tab's import events
    await until(async () => (await one.session.documents.list()).some((d) => d.status === 'ready'));
    await one.session.dispose(); // the first tab closes
    await until(async () => (await two.session.documents.list()).filter((d) => d.status === 'ready').length === 6);
    expect(new Set(b.parsed).size).toBe(6);
  });
});
