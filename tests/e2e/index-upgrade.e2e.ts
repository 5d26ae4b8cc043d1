/**
 * A workspace saved by an older Casefile opens after the update: its index, stored as the
 * MiniSearch snapshot (version 1) apps before the binary index saved, is converted by the index
 * worker when the workspace opens — no passage read again — answers the same questions with
 * the same passages, and is stored in the new format (manifest + segments) from then on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChunkRecord, DocumentRecord } from '../../src/core/types';
import { MiniSearchLexicalIndex } from '../helpers/minisearch-oracle';
import { ask, latestTurn, launch, openApp, results, screenshot, waitForStatus, type Session } from './support';

const QUESTIONS = ['limitation of liability cap', 'how long does confidentiality last', 'retention period for personal data', 'governing law and courts'];

type Win = {
  casefile: {
    session: {
      db: { meta: { get(k: string): Promise<{ value: unknown } | undefined> }; [table: string]: unknown };
      index: { flush(): Promise<void>; opened: { upgraded?: boolean; fromSnapshot: boolean } | null; ask(r: { question: string }): Promise<{ passages: { chunkId: string }[] }> };
    };
  };
};

describe('a workspace indexed by an older version', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
    await openApp(s.page);
    await s.page.getByRole('button', { name: 'Try sample documents' }).click();
    for (const n of ['master-services-agreement.pdf', 'mutual-nda.txt', 'data-retention-policy.md']) await waitForStatus(s.page, n, 'Ready');
  });
  afterAll(async () => {
    await s?.close();
  });

  const answers = () =>
    s.page.evaluate(async (questions) => {
      const { index } = (window as unknown as Win).casefile.session;
      const out: string[][] = [];
      for (const question of questions) out.push((await index.ask({ question })).passages.map((p) => p.chunkId));
      return out;
    }, QUESTIONS);

  it('converts the older index when the workspace opens, answers as before and keeps the new format', async () => {
    await s.page.evaluate(() => (window as unknown as Win).casefile.session.index.flush());
    const before = await answers();
    expect(before.every((ids) => ids.length > 0)).toBe(true);

    // What an older app had stored: the same passages, indexed by MiniSearch in the same order.
    const stored = await s.page.evaluate(async () => {
      const { db } = (window as unknown as Win).casefile.session;
      const manifest = (await db.meta.get('index/lexical-manifest'))!.value as { documents: { id: string }[] };
      const table = (name: string) => db[name] as { toArray(): Promise<unknown[]> };
      return { order: manifest.documents.map((d) => d.id), documents: (await table('documents').toArray()) as DocumentRecord[], chunks: (await table('chunks').toArray()) as ChunkRecord[] };
    });
    const old = new MiniSearchLexicalIndex();
    for (const id of stored.order) {
      const doc = stored.documents.find((d) => d.id === id)!;
      old.add({ id, name: doc.name, language: doc.language }, stored.chunks.filter((c) => c.documentId === id).sort((a, b) => a.seq - b.seq));
    }
    await s.page.evaluate(async (legacy) => {
      const { db } = (window as unknown as Win).casefile.session;
      const t = (name: string) => db[name] as { clear(): Promise<void>; put(row: unknown): Promise<void>; delete(key: string): Promise<void> };
      await t('lexicalSegments').clear();
      await t('meta').delete('index/lexical-manifest');
      await t('meta').put({ key: 'index/lexical', value: legacy });
    }, JSON.parse(JSON.stringify(old.toSnapshot())) as unknown);

    await s.page.reload();
    await openApp(s.page);
    await s.page.waitForFunction(() => (window as unknown as Partial<Win>).casefile?.session.index.opened != null);
    const opened = await s.page.evaluate(() => (window as unknown as Win).casefile.session.index.opened);
    expect(opened).toMatchObject({ fromSnapshot: true, upgraded: true });
    expect(await answers()).toEqual(before);
    const after = await s.page.evaluate(async () => {
      const { db } = (window as unknown as Win).casefile.session;
      return { legacy: (await db.meta.get('index/lexical')) !== undefined, manifest: (await db.meta.get('index/lexical-manifest')) !== undefined, segments: await (db['lexicalSegments'] as { count(): Promise<number> }).count() };
    });
    expect(after).toEqual({ legacy: false, manifest: true, segments: 1 });

    // And as the user sees it: the answer cites the services agreement's liability cap.
    await ask(s.page, QUESTIONS[0]!);
    expect((await results(s.page))[0]?.file).toMatch(/services agreement|master-services-agreement/i);
    await latestTurn(s.page).waitFor();
    await screenshot(s.page, 'index-upgrade-01-answer');
  });
});
