/**
 * The lexical index in the workspace database (version 5): its manifest in meta, its segments
 * in `lexicalSegments`, each written once; and a version-4 workspace (the MiniSearch snapshot an
 * older app saved under meta `index/lexical`) opened by this app: the index converts it without
 * re-reading a passage, answers as before, and the next save leaves only the new format.
 */
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { SearchEngine } from '../../../src/core/search/engine';
import { WORKSPACE_DB_PREFIX, WorkspaceDb } from '../../../src/store/db';
import { DocumentRepository } from '../../../src/store/documents';
import { DexieIndexPersistence, LEGACY_LEXICAL_KEY, LEXICAL_MANIFEST_KEY } from '../../../src/store/index-persistence';
import { freshIdb } from '../../helpers/idb';
import { MiniSearchLexicalIndex } from '../../helpers/minisearch-oracle';
import { chunkRecord, docRecord, pageRecord } from '../../helpers/records';

const opened: Dexie[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

const TEXTS: Record<string, string[]> = {
  msa: ['Either party may terminate this Agreement on sixty days written notice.', 'Liability is capped at the fees paid in the twelve months before the claim.', 'This Agreement is governed by the laws of England.'],
  nda: ['Confidential Information survives termination for three years.', 'The recipient shall not disclose Confidential Information to third parties.'],
};

describe('DexieIndexPersistence', () => {
  it('saves new segments only, and removes the ones a merge replaced', async () => {
    const db = new WorkspaceDb('seg', freshIdb());
    opened.push(db);
    const repo = new DocumentRepository(db);
    const persistence = new DexieIndexPersistence(db);
    for (const [id, texts] of Object.entries(TEXTS)) {
      await repo.commitDocument(docRecord(id, { chunkCount: texts.length }), [pageRecord(id, 1, texts.join(' '))], texts.map((t, i) => chunkRecord(id, i, t)));
    }
    const { engine } = await SearchEngine.open(persistence, { saveDelayMs: 0 });
    expect(await db.lexicalSegments.count()).toBe(1);
    const first = (await db.lexicalSegments.toArray())[0]!;
    for (let i = 0; i < 4; i++) {
      const id = `memo${i}`;
      await repo.commitDocument(docRecord(id, { chunkCount: 1 }), [], [chunkRecord(id, 0, `Memo ${i} about payment terms.`)]);
      await engine.addDocument({ id, name: id, language: 'en' }, [chunkRecord(id, 0, `Memo ${i} about payment terms.`)]);
      await engine.flush();
    }
    // Five small segments became one by the merge policy (four of one level merge): the stored rows follow the manifest.
    const manifest = (await db.meta.get(LEXICAL_MANIFEST_KEY))!.value as { segments: { id: string }[] };
    expect((await db.lexicalSegments.toCollection().primaryKeys()).sort()).toEqual(manifest.segments.map((s) => s.id).sort());
    expect(manifest.segments.map((s) => s.id)).not.toContain(first.id);
    const { engine: reopened, report } = await SearchEngine.open(new DexieIndexPersistence(db), { saveDelayMs: 0 });
    expect(report).toMatchObject({ fromSnapshot: true, added: 0, removed: 0 });
    // ("payment" would also find the MSA's "fees paid", its word family.)
    expect((await reopened.searchLexical({ text: 'memo terms' })).map((h) => h.chunkId).sort()).toEqual(['memo0:0', 'memo1:0', 'memo2:0', 'memo3:0']);
  });

  it('opens a version-4 workspace: its MiniSearch snapshot is converted, ranks the same, and is replaced by the new format', async () => {
    const idb = freshIdb();
    const old = new Dexie(`${WORKSPACE_DB_PREFIX}v4`, idb);
    old.version(1).stores({ documents: 'id, sha256, status, path, addedAt', pages: '[documentId+page], documentId', chunks: 'id, documentId, [documentId+seq]', vectors: 'documentId, modelId', meta: 'key', jobs: 'id, status, createdAt', queue: 'id, jobId, seq, status, documentId' });
    old.version(2).stores({ conversations: 'id, updatedAt', turns: 'id, conversationId, [conversationId+seq]' });
    old.version(3).stores({ scans: 'key, documentId, playbookId, [documentId+playbookId]', reviews: 'flagId, documentId' });
    old.version(4).stores({ flows: 'id, [createdAt+id], conversationId, status' });
    const oracle = new MiniSearchLexicalIndex();
    for (const [id, texts] of Object.entries(TEXTS)) {
      const chunks = texts.map((t, i) => chunkRecord(id, i, t));
      await old.table('documents').put(docRecord(id, { chunkCount: texts.length }));
      await old.table('chunks').bulkPut(chunks);
      oracle.add({ id, name: `${id}.pdf`, language: 'en' }, chunks);
    }
    await old.table('meta').put({ key: LEGACY_LEXICAL_KEY, value: oracle.toSnapshot() });
    old.close();

    const db = new WorkspaceDb('v4', idb);
    opened.push(db);
    // Passages are not read again: the conversion works from the snapshot alone.
    const persistence = new DexieIndexPersistence(db);
    let chunkReads = 0;
    const chunks = persistence.chunks.bind(persistence);
    persistence.chunks = (id) => (chunkReads++, chunks(id));
    const { engine, report } = await SearchEngine.open(persistence, { saveDelayMs: 0 });
    expect(report).toMatchObject({ fromSnapshot: true, upgraded: true, added: 0, removed: 0 });
    expect(chunkReads).toBe(0);
    expect(db.verno).toBe(6); // the current schema (version 6 indexed the queue)
    for (const q of ['terminate on notice', 'confidential information disclose', 'liability cap fees', 'law']) {
      expect(await engine.searchLexical({ text: q })).toEqual(oracle.search({ text: q }));
    }
    expect(await db.meta.get(LEGACY_LEXICAL_KEY)).toBeUndefined();
    expect(await db.meta.get(LEXICAL_MANIFEST_KEY)).toBeDefined();
    expect(await db.lexicalSegments.count()).toBe(1);
    const again = await SearchEngine.open(new DexieIndexPersistence(db), { saveDelayMs: 0 });
    expect(again.report.upgraded).toBeUndefined();
    expect(await again.engine.searchLexical({ text: 'liability cap fees' })).toEqual(oracle.search({ text: 'liability cap fees' }));
  });

  it('two tabs saving one workspace: the last save wins whole, and each save writes what storage lacks', async () => {
    const idb = freshIdb();
    const a = new WorkspaceDb('tabs', idb);
    const b = new WorkspaceDb('tabs', idb);
    opened.push(a, b);
    const repo = new DocumentRepository(a);
    for (const [id, texts] of Object.entries(TEXTS)) {
      await repo.commitDocument(docRecord(id, { chunkCount: texts.length }), [], texts.map((t, i) => chunkRecord(id, i, t)));
    }
    const tabA = (await SearchEngine.open(new DexieIndexPersistence(a), { saveDelayMs: 0 })).engine;
    const tabB = (await SearchEngine.open(new DexieIndexPersistence(b), { saveDelayMs: 0 })).engine;
    // Tab A imports a memo; tab B catches up (reconcile) and both save, B last.
    await repo.commitDocument(docRecord('memo', { chunkCount: 1 }), [], [chunkRecord('memo', 0, 'A memo about arbitration in Paris.')]);
    await tabA.addDocument({ id: 'memo', name: 'memo', language: 'en' }, [chunkRecord('memo', 0, 'A memo about arbitration in Paris.')]);
    await tabA.flush();
    expect((await tabB.reconcile()).added).toBe(1);
    await tabB.flush();
    const reopen = async () => (await SearchEngine.open(new DexieIndexPersistence(new WorkspaceDb('tabs', idb)), { saveDelayMs: 0 })).engine;
    const c = await reopen();
    expect((await c.searchLexical({ text: 'arbitration Paris' })).map((h) => h.chunkId)).toEqual(['memo:0']);
    expect(c.stats).toMatchObject({ documents: 3, chunks: 6 });
    // Now A saves again: B's segments are gone from A's manifest, A's own are written back.
    await tabA.addDocument({ id: 'memo', name: 'memo', language: 'en' }, [chunkRecord('memo', 0, 'A memo about arbitration in Paris.')]);
    await tabA.flush();
    const manifest = (await a.meta.get(LEXICAL_MANIFEST_KEY))!.value as { segments: { id: string }[] };
    expect((await a.lexicalSegments.toCollection().primaryKeys()).sort()).toEqual(manifest.segments.map((s) => s.id).sort());
    const d = await reopen();
    expect((await d.searchLexical({ text: 'arbitration Paris' })).map((h) => h.chunkId)).toEqual(['memo:0']);
    expect(d.stats).toMatchObject({ documents: 3, chunks: 6 });
  });
});
