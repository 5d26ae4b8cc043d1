/**
 * LiveDocumentList: one live view of the documents for every component; a record that did not
 * change keeps its object across re-reads (rows are not drawn again, names not recomputed).
 */
import 'fake-indexeddb/auto'; // liveQuery reads the global indexedDB
import { describe, expect, it } from 'vitest';
import { keepUnchanged, LiveDocumentList } from '../../../src/app/document-list';
import { DocumentRepository } from '../../../src/store/documents';
import { WorkspaceDb } from '../../../src/store/db';
import { freshIdb } from '../../helpers/idb';
import { docRecord } from '../../helpers/records';

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('keepUnchanged', () => {
  it('hands back the previous object of a record that reads the same, the new one otherwise', () => {
    const a = docRecord('a', { status: 'ready' });
    const b = docRecord('b', { status: 'parsing' });
    const next = keepUnchanged([a, b], [{ ...a }, { ...b, status: 'ready' }, docRecord('c')]);
    expect(next[0]).toBe(a);
    expect(next[1]).not.toBe(b);
    expect(next[1]!.status).toBe('ready');
    expect(next.map((d) => d.id)).toEqual(['a', 'b', 'c']);
    // Same status and time, another title: a new object.
    expect(keepUnchanged([a], [{ ...a, title: 'Other' }])[0]).not.toBe(a);
  });
});

describe('LiveDocumentList', () => {
  it('follows the documents while listened to and keeps unchanged records', async () => {
    const db = new WorkspaceDb('document-list', freshIdb());
    const repo = new DocumentRepository(db);
    await db.documents.put(docRecord('a', { status: 'ready', addedAt: 1 }));
    const list = new LiveDocumentList(() => repo.list());
    let calls = 0;
    const stop = list.subscribe(() => calls++);
    await until(() => list.current().length === 1);
    const a = list.current()[0]!;
    await db.documents.put(docRecord('b', { status: 'parsing', addedAt: 2 }));
    await until(() => list.current().length === 2);
    expect(list.current()[0]).toBe(a);
    expect(calls).toBe(2);
    stop();
    await db.documents.put(docRecord('c', { addedAt: 3 }));
    await new Promise((r) => setTimeout(r, 600));
    expect(list.current().length).toBe(2);
    db.close();
  });
});
