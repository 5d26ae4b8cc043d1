/**
 * SearchableDocuments: the index worker's document list for ask() is read once and the same
 * records are handed out until the documents table changes; a change to another table does not
 * cost a re-read; a closed list stops following.
 */
import { describe, expect, it } from 'vitest';
import { WorkspaceDb } from '../../../src/store/db';
import { SearchableDocuments } from '../../../src/store/searchable-documents';
import { freshIdb } from '../../helpers/idb';
import { docRecord } from '../../helpers/records';

const tick = () => new Promise((r) => setTimeout(r, 20));

describe('SearchableDocuments', () => {
  it('keeps the records between reads until the documents table changes', async () => {
    const db = new WorkspaceDb('searchable-kept', freshIdb());
    await db.documents.bulkPut([docRecord('a', { status: 'ready', chunkCount: 2 }), docRecord('b', { status: 'failed' })]);
    const list = new SearchableDocuments(db);
    const first = await list.get();
    expect(first.map((d) => d.id)).toEqual(['a']);
    expect(await list.get()).toBe(first);

    // Another table: the same records.
    await db.meta.put({ key: 'x', value: 1 });
    await tick();
    expect(await list.get()).toBe(first);

    // A document becomes ready: read again.
    await db.documents.update('b', { status: 'ready' });
    await tick();
    const second = await list.get();
    expect(second).not.toBe(first);
    expect(second.map((d) => d.id).sort()).toEqual(['a', 'b']);
    list.close();
    db.close();
  });

  it('does not keep a read that a change overtook', async () => {
    const db = new WorkspaceDb('searchable-race', freshIdb());
    await db.documents.put(docRecord('a', { status: 'ready', chunkCount: 1 }));
    const list = new SearchableDocuments(db);
    const reading = list.get();
    await db.documents.put(docRecord('c', { status: 'ready', chunkCount: 1 }));
    await reading;
    await tick();
    expect((await list.get()).map((d) => d.id).sort()).toEqual(['a', 'c']);
    list.close();
    db.close();
  });
});
