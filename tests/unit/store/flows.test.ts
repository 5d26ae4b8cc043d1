/**
 * The workspace answers' Dexie stores on fake-indexeddb: DexieFlowStore (the FlowStore contract
 * as the scheduler uses it — a flow saved after every item and resumed by a new connection —,
 * stable paging in (createdAt, id) order, a conversation's flows, the learnt durations in a
 * key-value table), DexieCatalog (the DocumentCatalog contract on 1,000 generated records:
 * the same pages as the in-memory catalog in both orders, ties on addedAt ordered by id), and
 * the version-4 upgrade of a version-3 database.
 */
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import type { FlowRecord } from '../../../src/core/workspace/flows';
import { catalogRows, MemoryCatalog, type CatalogKey, type CatalogOrder, type DocumentCatalog } from '../../../src/core/workspace/catalog';
import { documentTable } from '../../../src/core/workspace/inventory';
import { FlowScheduler } from '../../../src/core/workspace/scheduler';
import { DexieCatalog } from '../../../src/store/catalog';
import { RegistryDb, WORKSPACE_DB_PREFIX, WorkspaceDb, type IdbDeps } from '../../../src/store/db';
import { DexieFlowStore } from '../../../src/store/flows';
import { generatedRows } from '../../helpers/catalog-fixtures';
import { freshIdb } from '../../helpers/idb';
import { docRecord } from '../../helpers/records';

const open: Dexie[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});
function track<T extends Dexie>(db: T): T {
  open.push(db);
  return db;
}

function flow(id: string, createdAt: number, patch: Partial<FlowRecord> = {}): FlowRecord {
  return {
    id, kind: 'question', question: 'which contracts have a non-compete clause?', language: 'en', conversationId: null, turnId: null, createdAt, status: 'proposed',
    items: [], rows: [], estimateMs: 1000, decision: null, queuedAt: null, startedAt: null, finishedAt: null, result: null, error: null, meta: {}, ...patch,
  };
}

describe('DexieFlowStore', () => {
  it('keeps flows, lists them oldest first and pages them without overlap, ties on createdAt ordered by id', async () => {
    const store = new DexieFlowStore(track(new WorkspaceDb('w', freshIdb())));
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) {
      const id = `f${String((i * 7) % 23).padStart(2, '0')}`;
      ids.push(id);
      await store.put(flow(id, 1000 + Math.floor(i / 3), { conversationId: i % 2 ? 'c1' : 'c2' }));
    }
    const listed = (await store.list()).map((f) => f.id);
    expect(listed).toHaveLength(23);
    const expected = [...ids].map((id, i) => ({ id, t: 1000 + Math.floor(i / 3) })).sort((a, b) => a.t - b.t || (a.id < b.id ? -1 : 1)).map((x) => x.id);
    expect(listed).toEqual(expected);
    const paged: string[] = [];
    let after = null;
    for (let guard = 0; guard < 10; guard++) {
      const page = await store.page(after, 5);
      paged.push(...page.flows.map((f) => f.id));
      if (!page.next) break;
      after = page.next;
    }
    expect(paged).toEqual(expected);
    expect((await store.forConversation('c1')).map((f) => f.id)).toEqual(expected.filter((id) => ids.indexOf(id) % 2 === 1));
  });

  it('is the scheduler\'s store: a flow saved item by item is resumed by the next connection, durations shared through the registry', async () => {
    const idb: IdbDeps = freshIdb();
    const registry = track(new RegistryDb(idb));
    const db = track(new WorkspaceDb('w', idb));
    const store = new DexieFlowStore(db, registry.kv);
    let release: () => void = () => undefined;
    const executor = {
      calls: 0,
      run(item: { id: string; documentId: string | null; label: string }) {
        this.calls++;
        const row = { documentId: item.documentId, document: item.label, title: null, status: 'found' as const, finding: 'x', evidence: 'x', chunkId: 'c', pageStart: 1, pageEnd: 1, section: [], language: 'en', score: 1, reason: null };
        return this.calls === 3 ? new Promise<typeof row>((resolve) => (release = () => resolve(row))) : Promise.resolve(row);
      },
    };
    const first = await FlowScheduler.open({ store, executors: { question: executor }, newId: () => 'f1' });
    const items = ['a', 'b', 'c'].map((d) => ({ kind: 'ask', documentId: d, label: d, query: 'q', subjects: [], fields: [], evidenceBudget: 2, neighbourDepth: 1, operation: 'fact' as const }));
    await first.propose({ kind: 'question', question: 'q', language: 'en', items });
    await first.approve('f1');
    await new Promise((r) => setTimeout(r, 20));
    await first.close();
    release();
    const stored = (await new DexieFlowStore(track(new WorkspaceDb('w', idb))).get('f1'))!;
    expect([stored.status, stored.rows.length]).toEqual(['running', 2]);
    // The first item carried the session's warm-up: only the second was learnt.
    expect((await store.loadDurations())?.kinds['ask']?.samples).toBe(1);
    expect((await registry.kv.get('flow-durations'))?.value).toBeTruthy();

    const second = await FlowScheduler.open({ store: new DexieFlowStore(track(new WorkspaceDb('w', idb)), track(new RegistryDb(idb)).kv), executors: { question: executor } });
    expect(second.durations.samples('ask')).toBe(1);
    await second.recover('resume');
    await second.whenIdle();
    const done = (await store.get('f1'))!;
    expect(done.status).toBe('done');
    expect(done.rows.map((r) => r.documentId).sort()).toEqual(['a', 'b', 'c']);
  });

  it('reads back nothing but a valid durations record', async () => {
    const db = track(new WorkspaceDb('w', freshIdb()));
    const store = new DexieFlowStore(db);
    expect(await store.loadDurations()).toBeNull();
    await db.meta.put({ key: 'flow-durations', value: { version: 9 } });
    expect(await store.loadDurations()).toBeNull();
    // A record from before the units (version 1: time per document) is measured again.
    await db.meta.put({ key: 'flow-durations', value: { version: 1, kinds: { ask: { meanMs: 800, samples: 3 } } } });
    expect(await store.loadDurations()).toBeNull();
    await store.saveDurations({ version: 2, kinds: { ask: { meanMs: 800, samples: 3, weight: 2.2 } } });
    expect(await store.loadDurations()).toEqual({ version: 2, kinds: { ask: { meanMs: 800, samples: 3, weight: 2.2 } } });
  });
});

async function pages(catalog: DocumentCatalog, order: CatalogOrder, limit: number): Promise<string[][]> {
  const out: string[][] = [];
  let after: CatalogKey | null = null;
  for (let guard = 0; guard < 2000; guard++) {
    const page = await catalog.page({ after, limit, order });
    out.push(page.rows.map((r) => r.id));
    if (!page.next) break;
    after = page.next;
  }
  return out;
}

describe('DexieCatalog', () => {
  it('pages 1,000 documents exactly as the in-memory catalog does, in both orders, and never holds more than a page', async () => {
    const rows = generatedRows(1000);
    const db = track(new WorkspaceDb('w', freshIdb()));
    await db.documents.bulkPut(rows.map((r) => docRecord(r.id, r)));
    const dexie = new DexieCatalog(db);
    const memory = new MemoryCatalog(rows);
    for (const order of ['asc', 'desc'] as const) {
      for (const limit of [1, 37, 500]) {
        const got = await pages(dexie, order, limit);
        expect(got).toEqual(await pages(memory, order, limit));
        expect(got.every((p) => p.length <= limit)).toBe(true);
        expect(new Set(got.flat()).size).toBe(1000);
      }
    }
    expect((await dexie.get('d0042'))?.id).toBe('d0042');
    expect(await dexie.get('nope')).toBeUndefined();
    let n = 0;
    for await (const _row of catalogRows(dexie)) n++;
    expect(n).toBe(1000);
    const table = await documentTable(dexie, { offset: 925, limit: 25 });
    expect([table.from, table.to, table.matching, table.total]).toEqual([926, 950, 1000, 1000]);
  });

  it('an empty workspace has one empty page', async () => {
    const dexie = new DexieCatalog(track(new WorkspaceDb('w', freshIdb())));
    expect(await dexie.page({ limit: 10 })).toEqual({ rows: [], next: null });
  });
});

describe('version 4', () => {
  it('opens a version-3 database: documents, conversations and scans stay, flows start empty', async () => {
    const idb = freshIdb();
    const old = new Dexie(`${WORKSPACE_DB_PREFIX}v3`, idb);
    old.version(1).stores({ documents: 'id, sha256, status, path, addedAt', pages: '[documentId+page], documentId', chunks: 'id, documentId, [documentId+seq]', vectors: 'documentId, modelId', meta: 'key', jobs: 'id, status, createdAt', queue: 'id, jobId, seq, status, documentId' });
    old.version(2).stores({ conversations: 'id, updatedAt', turns: 'id, conversationId, [conversationId+seq]' });
    old.version(3).stores({ scans: 'key, documentId, playbookId, [documentId+playbookId]', reviews: 'flagId, documentId' });
    await old.table('documents').put(docRecord('kept'));
    await old.table('conversations').put({ id: 'c1', title: 'Kept', createdAt: 1, updatedAt: 1, turns: 0 });
    old.close();
    const db = track(new WorkspaceDb('v3', idb));
    expect((await db.documents.get('kept'))?.id).toBe('kept');
    expect((await db.conversations.get('c1'))?.title).toBe('Kept');
    expect(await db.flows.count()).toBe(0);
    await new DexieFlowStore(db).put(flow('f1', 5));
    expect((await new DexieFlowStore(db).list()).map((f) => f.id)).toEqual(['f1']);
    expect(db.verno).toBeGreaterThanOrEqual(4);
  });
});
