/**
 * Opening a large workspace in the real app (Chromium, production test build): the time from
 * loading the page to the first question answered, with the index saved by an earlier session.
 *
 * A workspace of N generated passages (bench-corpus.ts, the query benchmark's generator) is
 * written into the workspace database through the page, the index worker builds its index once
 * and saves it, then the page is reloaded and a question is asked as soon as the app is up:
 * the answer comes through the one ask path the UI uses (ask() in the index worker).
 *
 *   npx vite build --mode test && npx tsx src/cli/bench-open.ts [--passages 100000]
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { ChunkRecord, DocumentRecord } from '../core/types';
import { benchDocuments } from './bench-corpus';
import { openBuiltApp } from './built-app';

export interface OpenFigures {
  readonly passages: number;
  readonly documents: number;
  /** Writing the rows through the page (not part of any user path; how long the setup took). */
  readonly seedSeconds: number;
  /** The index worker building the index from the store once, and saving it. */
  readonly buildSeconds: number;
  /** From the page load (navigation start) to the app being up. */
  readonly appUpMs: number;
  /** From the page load to the workspace's index open in its worker (the worker started, the snapshot read). */
  readonly indexOpenMs: number;
  /** The index worker opening the workspace (the snapshot read, reconciled with the store), inside the app's start. */
  readonly workerOpenMs: number;
  /** From the page load to the first question answered. */
  readonly firstAnswerMs: number;
  /** From asking the first question (the index open) to its answer. */
  readonly firstAskMs: number;
  /** A second question, the index open. */
  readonly secondAskMs: number;
  readonly maxLongTaskMs: number;
  readonly heapMB: number | null;
}

type Win = { casefile?: { session: { db: { transaction: (...a: unknown[]) => Promise<void>; documents: { bulkPut(rows: unknown[]): Promise<void> }; chunks: { bulkPut(rows: unknown[]): Promise<void> } }; index: { opened: { ms: number; fromSnapshot: boolean } | null; refresh(): Promise<unknown>; stats(): Promise<{ chunks: number }>; flush(): Promise<void>; ask(r: { question: string }): Promise<{ passages: unknown[]; response: { explanation: { timings: Record<string, number> } } | null }> } } } };

export async function benchOpen(options: { passages?: number } = {}): Promise<OpenFigures> {
  const passages = options.passages ?? 100_000;
  const app = await openBuiltApp({ args: ['--enable-precise-memory-info'] });
  const { page } = app;
  try {
    let t = Date.now();
    let batch: { docs: DocumentRecord[]; chunks: ChunkRecord[] } = { docs: [], chunks: [] };
    let documents = 0;
    const write = async () => {
      await page.evaluate(async ({ docs, chunks }) => {
        const db = (window as unknown as Win).casefile!.session.db;
        await db.transaction('rw', db.documents, db.chunks, async () => {
          await db.documents.bulkPut(docs);
          await db.chunks.bulkPut(chunks);
        });
      }, batch);
      batch = { docs: [], chunks: [] };
    };
    for (const { doc, chunks } of benchDocuments(passages, { dim: 0 })) {
      batch.docs.push(doc);
      batch.chunks.push(...chunks);
      documents++;
      if (batch.docs.length === 20) await write();
    }
    if (batch.docs.length > 0) await write();
    const seedSeconds = (Date.now() - t) / 1000;

    t = Date.now();
    const built = await page.evaluate(async () => {
      const { index } = (window as unknown as Win).casefile!.session;
      await index.refresh(); // a running worker catches up; a fresh one reconciles as it opens
      const stats = await index.stats();
      await index.flush();
      return stats.chunks;
    });
    if (built !== passages) throw new Error(`bench-open: the index holds ${built} passages, ${passages} were written`);
    const buildSeconds = (Date.now() - t) / 1000;

    // The service worker has finished installing (precaching the app) before the new session.
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    // A new session of the app: the page loads, the app starts, a question is asked at once.
    await page.reload({ waitUntil: 'commit' });
    await app.resetLongTasks().catch(() => undefined);
    const opened = await page.evaluate(async () => {
      const w = window as unknown as Win;
      while (!w.casefile) await new Promise((r) => setTimeout(r, 2));
      const appUp = performance.now();
      // The index worker starts and opens the workspace's index (what the first question waits for first).
      const stats = await w.casefile.session.index.stats();
      const indexOpen = performance.now();
      const workerOpenMs = w.casefile.session.index.opened?.ms ?? null;
      const fromSnapshot = w.casefile.session.index.opened?.fromSnapshot ?? null;
      const asked = performance.now();
      const first = await w.casefile.session.index.ask({ question: 'termination payment notice' });
      const answered = performance.now();
      const t2 = performance.now();
      const second = await w.casefile.session.index.ask({ question: 'confidential information audit records' });
      const secondMs = performance.now() - t2;
      const t4 = performance.now();
      await w.casefile.session.index.ask({ question: 'renewal term exclusive territory' });
      const thirdMs = performance.now() - t4;
      const marks = Object.fromEntries(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('casefile:')).map((m) => [m.name, Math.round(m.startTime)]));
      return { marks, appUp, indexOpen, workerOpenMs, fromSnapshot, indexed: stats.chunks, answered, firstAsk: answered - asked, second: secondMs, thirdMs, passages: first.passages.length, timings: [first.response?.explanation.timings, second.response?.explanation.timings] };
    });
    if (opened.passages === 0) throw new Error('bench-open: the first question found nothing');
    if (opened.fromSnapshot !== true) throw new Error('bench-open: the workspace did not open from its saved index');
    if (process.env['BENCH_VERBOSE']) console.error(JSON.stringify(opened));
    const long = await app.longTasks();
    const heap = await page.evaluate(() => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? null);
    return {
      passages,
      documents,
      seedSeconds,
      buildSeconds,
      appUpMs: opened.appUp,
      indexOpenMs: opened.indexOpen,
      workerOpenMs: opened.workerOpenMs ?? Number.NaN,
      firstAnswerMs: opened.answered,
      firstAskMs: opened.firstAsk,
      secondAskMs: opened.second,
      maxLongTaskMs: long.length ? Math.max(...long) : 0,
      heapMB: heap === null ? null : heap / 1e6,
    };
  } finally {
    await app.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { passages: { type: 'string' } } });
  const figures = await benchOpen(values.passages ? { passages: Number(values.passages) } : {});
  for (const [k, v] of Object.entries(figures)) console.log(`${k.padEnd(16)} ${typeof v === 'number' ? Number(v.toFixed(2)) : v}`);
}
