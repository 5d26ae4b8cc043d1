/**
 * Import at scale in the real app (Chromium, production build): a folder of generated
 * contracts (1,000 documents / 15,000 pages by default) through the folder input, watching the
 * main thread for long tasks (the UI must stay responsive: no task over 200 ms), the page's JS
 * heap, and what the workspace then keeps: the originals in the Origin Private File System, the
 * database (passages, index), the browser's usage.
 *
 *   npx vite build --mode test && npx tsx src/cli/bench-scale.ts [--docs 1000 --pages 15]
 */
import { rm } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { writeBatch } from '../../tests/fixtures/collection';
import { openBuiltApp } from './built-app';

export interface ScaleFigures {
  readonly documents: number;
  readonly pages: number;
  readonly seconds: number;
  readonly pagesPerSecond: number;
  readonly longTasks: number;
  readonly longTasksOver200ms: number;
  readonly maxLongTaskMs: number;
  readonly heapMB: number | null;
  /** The workspace's stored originals (OPFS), its database (estimated), and the browser's usage for the origin. */
  readonly opfsMB: number;
  readonly databaseMB: number;
  readonly usageMB: number;
  readonly passages: number;
  readonly queryMs: number;
}

export async function benchScale(options: { docs?: number; pages?: number } = {}): Promise<ScaleFigures> {
  const docs = options.docs ?? 1000;
  const pages = options.pages ?? 15;
  const dir = await writeBatch(docs, pages);
  const app = await openBuiltApp({ args: ['--enable-precise-memory-info'] });
  const { page } = app;
  try {
    // Only the import counts: forget the start-up tasks.
    await app.resetLongTasks();
    const t0 = Date.now();
    await page.getByTestId('folder-input').setInputFiles(dir);
    await page.waitForFunction((n) => document.querySelectorAll('.doc.status-ready').length === n, docs, { timeout: 120 * 60_000, polling: 1000 });
    const seconds = (Date.now() - t0) / 1000;
    const long = await app.longTasks();
    const heap = await page.evaluate(() => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? null);
    const queryMs = await page.evaluate(async () => {
      // A question as the app asks it: ask() in the index worker (scope, retrieval, sufficiency).
      const { index } = (window as unknown as { casefile: { session: { index: { ask(r: { question: string }): Promise<unknown> } } } }).casefile.session;
      await index.ask({ question: 'confidential information survives three years' });
      const t = performance.now();
      await index.ask({ question: 'termination on sixty days written notice' });
      return performance.now() - t;
    });
    const storage = await page.evaluate(async () => {
      const { casefile } = window as unknown as { casefile: { storage: { report(): Promise<{ usage: number | null; workspaces: { id: string; originalsBytes: number; databaseBytes: number }[] }> }; session: { workspaceId: string; index: { stats(): Promise<{ chunks: number }> } } } };
      const report = await casefile.storage.report();
      const ws = report.workspaces.find((w) => w.id === casefile.session.workspaceId);
      return { originals: ws?.originalsBytes ?? 0, database: ws?.databaseBytes ?? 0, usage: report.usage ?? 0, passages: (await casefile.session.index.stats()).chunks };
    });
    return {
      documents: docs,
      pages: docs * pages,
      seconds,
      pagesPerSecond: (docs * pages) / seconds,
      longTasks: long.length,
      longTasksOver200ms: long.filter((d) => d > 200).length,
      maxLongTaskMs: long.length ? Math.max(...long) : 0,
      heapMB: heap === null ? null : heap / 1e6,
      opfsMB: storage.originals / 1e6,
      databaseMB: storage.database / 1e6,
      usageMB: storage.usage / 1e6,
      passages: storage.passages,
      queryMs,
    };
  } finally {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export function formatScaleTable(rows: readonly ScaleFigures[]): string {
  const f = (x: number | null) => (x === null ? '–' : x >= 100 ? x.toFixed(0) : x.toFixed(1));
  return [
    '| documents / pages | passages | import s | pages/s | longest main-thread task ms (tasks > 200 ms) | JS heap MB | originals (OPFS) MB | database MB | browser usage MB | a question after, ms |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.documents.toLocaleString('en')} / ${r.pages.toLocaleString('en')} | ${r.passages.toLocaleString('en')} | ${f(r.seconds)} | ${f(r.pagesPerSecond)} | ${f(r.maxLongTaskMs)} (${r.longTasksOver200ms}) | ${f(r.heapMB)} | ${f(r.opfsMB)} | ${f(r.databaseMB)} | ${f(r.usageMB)} | ${f(r.queryMs)} |`,
    ),
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { docs: { type: 'string' }, pages: { type: 'string' } } });
  const figures = await benchScale({ docs: values.docs ? Number(values.docs) : undefined, pages: values.pages ? Number(values.pages) : undefined });
  for (const [k, v] of Object.entries(figures)) console.log(`${k.padEnd(20)} ${typeof v === 'number' ? Number(v.toFixed(2)) : v}`);
}
