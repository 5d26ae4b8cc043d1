import { afterEach, describe, expect, it } from 'vitest';
import { WorkspaceDb } from '../../../src/store/db';
import { DocumentRepository } from '../../../src/store/documents';
import { WorkspaceRegistry } from '../../../src/store/workspaces';
import { freshIdb } from '../../helpers/idb';
import { chunkRecord, docRecord, pageRecord } from '../../helpers/records';

const open: { close(): void }[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

function repo() {
  const db = new WorkspaceDb('t', freshIdb());
  open.push(db);
  return { db, docs: new DocumentRepository(db) };
}

describe('DocumentRepository', () => {
  it('lists documents oldest first, those added at the same time in id order (as the addedAt index gave them)', async () => {
    const { docs } = repo();
    for (const [id, addedAt] of [['c', 5], ['a', 9], ['d', 5], ['b', 1]] as const) await docs.putDocument(docRecord(id, { addedAt }));
    expect((await docs.list()).map((d) => d.id)).toEqual(['b', 'c', 'd', 'a']);
  });

  it('commits a document with its pages and chunks in one go and reads them back in order', async () => {
    const { docs } = repo();
    const chunks = [chunkRecord('a', 1, 'second'), chunkRecord('a', 0, 'first')];
    await docs.commitDocument(docRecord('a', { chunkCount: 2 }), [pageRecord('a', 1, 'page one')], chunks);
    expect((await docs.chunks('a')).map((c) => c.text)).toEqual(['first', 'second']);
    expect((await docs.page('a', 1))?.text).toBe('page one');
    expect((await docs.findBySha256('sha-a'))?.id).toBe('a');
  });

  it('replaces what a document had when committed again', async () => {
    const { docs } = repo();
    await docs.commitDocument(docRecord('a'), [pageRecord('a', 1, 'x'), pageRecord('a', 2, 'y')], [chunkRecord('a', 0, 'x'), chunkRecord('a', 1, 'y')]);
    await docs.commitDocument(docRecord('a'), [pageRecord('a', 1, 'z')], [chunkRecord('a', 0, 'z')]);
    expect((await docs.chunks('a')).map((c) => c.text)).toEqual(['z']);
    expect(await docs.page('a', 2)).toBeUndefined();
  });

  it('deletes a document and every row that belongs to it, leaving others alone', async () => {
    const { db, docs } = repo();
    await docs.commitDocument(docRecord('a'), [pageRecord('a', 1, 'x')], [chunkRecord('a', 0, 'x')]);
    await docs.commitDocument(docRecord('b'), [pageRecord('b', 1, 'y')], [chunkRecord('b', 0, 'y')]);
    await db.vectors.put({ documentId: 'a', modelId: 'm', dim: 2, seqs: new Uint32Array([0]), data: new Float32Array([1, 0]) });
    await docs.deleteDocument('a');
    expect(await docs.getDocument('a')).toBeUndefined();
    expect(await db.chunks.where('documentId').equals('a').count()).toBe(0);
    expect(await db.pages.where('documentId').equals('a').count()).toBe(0);
    expect(await db.vectors.get('a')).toBeUndefined();
    expect((await docs.chunks('b')).length).toBe(1);
  });

  it('commits a document of many batches of text whole, and rolls all of them back when a late batch fails', async () => {
    const { db, docs } = repo();
    const long = 'word '.repeat(20_000); // 100,000 characters: a few rows per batch
    const pages = Array.from({ length: 12 }, (_, i) => pageRecord('a', i + 1, `${i} ${long}`));
    const chunks = Array.from({ length: 12 }, (_, i) => chunkRecord('a', i, `${i} ${long}`));
    await docs.commitDocument(docRecord('a', { chunkCount: 12 }), pages, chunks);
    expect((await docs.chunks('a')).map((c) => c.text.split(' ')[0])).toEqual(chunks.map((_, i) => String(i)));
    expect(await db.pages.where('documentId').equals('a').count()).toBe(12);
    const broken = [...chunks.slice(0, 11), { ...chunkRecord('a', 11, 'bad'), id: undefined as unknown as string }];
    await expect(docs.commitDocument(docRecord('a', { title: 'new' }), [pageRecord('a', 1, 'new')], broken)).rejects.toThrow();
    expect(await db.chunks.where('documentId').equals('a').count()).toBe(12);
    expect(await db.pages.where('documentId').equals('a').count()).toBe(12);
  });

  it('rolls back a commit that fails half-way', async () => {
    const { db, docs } = repo();
    await docs.commitDocument(docRecord('a'), [pageRecord('a', 1, 'old')], [chunkRecord('a', 0, 'old')]);
    // A chunk without its primary key makes bulkPut fail inside the transaction.
    const broken = [chunkRecord('a', 0, 'new'), { ...chunkRecord('a', 1, 'bad'), id: undefined as unknown as string }];
    await expect(docs.commitDocument(docRecord('a', { title: 'new' }), [pageRecord('a', 1, 'new')], broken)).rejects.toThrow();
    expect((await docs.chunks('a')).map((c) => c.text)).toEqual(['old']);
    expect((await docs.getDocument('a'))?.title).toBeNull();
    expect((await db.pages.get(['a', 1]))?.text).toBe('old');
  });

  it('round-trips typed arrays', async () => {
    const { db } = repo();
    await db.vectors.put({ documentId: 'a', modelId: 'm', dim: 3, seqs: new Uint32Array([0, 1]), data: new Float32Array([0.5, 0.25, 1, 2, 3, 4]) });
    const v = await db.vectors.get('a');
    expect(v?.data).toBeInstanceOf(Float32Array);
    expect([...(v?.data ?? [])]).toEqual([0.5, 0.25, 1, 2, 3, 4]);
  });
});

describe('WorkspaceRegistry', () => {
  it('creates a default workspace on first start and remembers the current one', async () => {
    const registry = new WorkspaceRegistry(freshIdb());
    const first = await registry.current();
    expect(first.name).toBe('My documents');
    const second = await registry.create('Acme v. Globex');
    await registry.open(second.id);
    expect((await registry.current()).id).toBe(second.id);
    expect((await registry.list()).map((w) => w.name)).toEqual(['Acme v. Globex', 'My documents']);
  });

  it('names the first workspace in the app\'s language', async () => {
    const registry = new WorkspaceRegistry(freshIdb());
    registry.firstName = 'Mes documents';
    expect((await registry.current()).name).toBe('Mes documents');
  });

  it('renames and validates names', async () => {
    const registry = new WorkspaceRegistry(freshIdb());
    const ws = await registry.create('  Matter   42 ');
    expect(ws.name).toBe('Matter 42');
    await registry.rename(ws.id, 'Matter 43');
    expect((await registry.get(ws.id))?.name).toBe('Matter 43');
    await expect(registry.rename(ws.id, '   ')).rejects.toThrow(/needs a name/);
    await expect(registry.rename('nope', 'x')).rejects.toThrow(/no workspace/);
  });

  it('deletes a workspace with every trace of its data', async () => {
    const deps = freshIdb();
    const registry = new WorkspaceRegistry(deps);
    const ws = await registry.create('Doomed');
    const db = registry.openDatabase(ws.id);
    await new DocumentRepository(db).commitDocument(docRecord('a'), [pageRecord('a', 1, 'secret')], [chunkRecord('a', 0, 'secret')]);
    await db.meta.put({ key: 'index/lexical-manifest', value: { any: 'thing' } });
    await db.lexicalSegments.put({ id: 'seg-0', bytes: new Uint8Array(8) });
    db.close();
    await registry.open(ws.id);
    await registry.delete(ws.id);
    expect(await registry.get(ws.id)).toBeUndefined();
    const names = await (deps.indexedDB as IDBFactory).databases();
    expect(names.map((d: { name?: string }) => d.name)).not.toContain(`casefile-ws-${ws.id}`);
    // The next start opens another workspace rather than the deleted one.
    expect((await registry.current()).id).not.toBe(ws.id);
  });
});
