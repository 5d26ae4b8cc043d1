/**
 * Import at scale in the real app (Chromium, production build): a folder of 200 generated
 * contracts / 3,000 pages through the folder input, watching the main thread for long tasks
 * (the UI must stay responsive: no task over 200 ms) and the page's JS heap.
 *
 *   npx vite build --mode test && npx tsx src/cli/bench-scale.ts [--docs 200 --pages 15]
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
  readonly queryMs: number;
}

export async function benchScale(options: { docs?: number; pages?: number } = {}): Promise<ScaleFigures> {
  const docs = options.docs ?? 200;
  const pages = options.pages ?? 15;
  const dir = await writeBatch(docs, pages);
  const app = await openBuiltApp({ args: ['--enable-precise-memory-info'] });
  const { page } = app;
  try {
    // Only the import counts: forget the start-up tasks.
    await app.resetLongTasks();
    const t0 = Date.now();
    await page.getByTestId('folder-input').setInputFiles(dir);
    await page.waitForFunction((n) => document.querySelectorAll('.doc.status-ready').length === n, docs, { timeout: 30 * 60_000, polling: 1000 });
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
    return {
      documents: docs,
      pages: docs * pages,
      seconds,
      pagesPerSecond: (docs * pages) / seconds,
      longTasks: long.length,
      longTasksOver200ms: long.filter((d) => d > 200).length,
      maxLongTaskMs: long.length ? Math.max(...long) : 0,
      heapMB: heap === null ? null : heap / 1e6,
      queryMs,
    };
  } finally {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { docs: { type: 'string' }, pages: { type: 'string' } } });
  const figures = await benchScale({ docs: values.docs ? Number(values.docs) : undefined, pages: values.pages ? Number(values.pages) : undefined });
  for (const [k, v] of Object.entries(figures)) console.log(`${k.padEnd(20)} ${typeof v === 'number' ? Number(v.toFixed(2)) : v}`);
}
