/**
 * DexieConversationStore on fake-indexeddb: the ConversationStore contract (the in-memory store's
 * behaviour), fields the app keeps beside the record, restore for undo, and the version-2 upgrade
 * of a database written by version 1.
 */
import Dexie from 'dexie';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { collectTurn, runTurn } from '../../../src/core/answer/turn';
import type { TurnRecord } from '../../../src/core/answer-types';
import { DexieConversationStore } from '../../../src/store/conversations';
import { WORKSPACE_DB_PREFIX, WorkspaceDb, type IdbDeps } from '../../../src/store/db';
import { askResult, fakeAsk, PASSAGES } from '../../helpers/ask-fixtures';
import { freshIdb } from '../../helpers/idb';
import { docRecord } from '../../helpers/records';

const open: Dexie[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

const turns: TurnRecord[] = [];
beforeAll(async () => {
  const fake = fakeAsk((r) => askResult(r.question, [PASSAGES.cap, PASSAGES.term]));
  for (const question of ['What is the liability cap?', 'And the renewal term?', 'Governing law?']) {
    turns.push((await collectTurn(runTurn({ question, history: turns }, { asker: fake.asker }))).turn);
  }
});

function store(idb: IdbDeps = freshIdb(), clock = { t: 1000 }) {
  const db = new WorkspaceDb('w', idb);
  open.push(db);
  let n = 0;
  return { db, clock, store: new DexieConversationStore(db, () => clock.t, () => `c${++n}`) };
}

describe('DexieConversationStore', () => {
  it('creates conversations and lists the most recently updated first', async () => {
    const { store: s, clock } = store();
    const a = await s.create('  First   matter ');
    clock.t = 2000;
    const b = await s.create('');
    expect(a).toEqual({ id: 'c1', title: 'First matter', createdAt: 1000, updatedAt: 1000, turns: 0 });
    expect(b.title).toBe('Conversation');
    expect((await s.list()).map((c) => c.id)).toEqual(['c2', 'c1']);
    clock.t = 3000;
    await s.appendTurn('c1', turns[0]!);
    expect((await s.list()).map((c) => [c.id, c.turns, c.updatedAt])).toEqual([
      ['c1', 1, 3000],
      ['c2', 0, 2000],
    ]);
  });

  it('keeps turns in order, with the fields the app adds, and refuses a turn twice', async () => {
    const { store: s } = store();
    const c = await s.create('Liability');
    for (const t of turns) await s.appendTurn(c.id, { ...t, retrieval: { kept: t.question } } as TurnRecord);
    const back = await s.turns(c.id);
    expect(back.map((t) => t.question)).toEqual(turns.map((t) => t.question));
    expect(back.every((t) => t.conversationId === c.id)).toBe(true);
    expect((back[1] as TurnRecord & { retrieval: unknown }).retrieval).toEqual({ kept: 'And the renewal term?' });
    expect(back[0]!.sources[0]!.sectionPath).toEqual(turns[0]!.sources[0]!.sectionPath);
    expect(back[0]).not.toHaveProperty('seq');
    await expect(s.appendTurn(c.id, turns[0]!)).rejects.toMatchObject({ code: 'store/conflict' });
    await expect(s.appendTurn('nope', turns[0]!)).rejects.toMatchObject({ code: 'store/not-found' });
    expect((await s.get(c.id))?.turns).toBe(3);
  });

  it('renames, deletes a conversation with its turns only, and restores it as it was', async () => {
    const { db, store: s, clock } = store();
    const a = await s.create('A');
    const b = await s.create('B');
    await s.appendTurn(a.id, turns[0]!);
    await s.appendTurn(a.id, turns[1]!);
    await s.appendTurn(b.id, turns[2]!);
    clock.t = 5000;
    await s.rename(a.id, 'Renamed');
    await s.rename(a.id, '   ');
    expect((await s.get(a.id))?.title).toBe('Renamed');
    await expect(s.rename('nope', 'x')).rejects.toMatchObject({ code: 'store/not-found' });

    const before = { record: (await s.get(a.id))!, turns: await s.turns(a.id) };
    await s.delete(a.id);
    expect(await s.get(a.id)).toBeUndefined();
    await expect(s.turns(a.id)).rejects.toMatchObject({ code: 'store/not-found' });
    expect(await db.turns.count()).toBe(1);
    expect((await s.turns(b.id)).map((t) => t.id)).toEqual([turns[2]!.id]);

    await s.restore(before.record, before.turns);
    expect(await s.get(a.id)).toEqual(before.record);
    expect(await s.turns(a.id)).toEqual(before.turns);
    await expect(s.restore(before.record, before.turns)).rejects.toMatchObject({ code: 'store/conflict' });
  });

  it('upgrades a version-1 database: its documents stay, conversations start empty', async () => {
    const idb = freshIdb();
    const v1 = new Dexie(`${WORKSPACE_DB_PREFIX}w`, idb);
    v1.version(1).stores({ documents: 'id, sha256, status, path, addedAt', pages: '[documentId+page], documentId', chunks: 'id, documentId, [documentId+seq]', vectors: 'documentId, modelId', meta: 'key', jobs: 'id, status, createdAt', queue: 'id, jobId, seq, status, documentId' });
    await v1.table('documents').put(docRecord('kept'));
    v1.close();

    const { db, store: s } = store(idb);
    expect((await db.documents.toArray()).map((d) => d.id)).toEqual(['kept']);
    expect(db.verno).toBeGreaterThanOrEqual(2);
    expect(await s.list()).toEqual([]);
    const c = await s.create('After the upgrade');
    await s.appendTurn(c.id, turns[0]!);
    expect(await s.turns(c.id)).toHaveLength(1);
  });
});
