/**
 * Import at scale in the real app (Chromium, production build): a folder of generated
 * contracts (1,000 documents / 15,000 pages by default) through the folder input, watching the
 * main thread for long tasks (the UI must stay responsive: no task over 200 ms), the page's JS
 * heap, and what the workspace then keeps: the originals in the Origin Private File System, the
 * database (passages, index), the browser's usage. Then questions as the UI asks them (ask() in
 * the index worker): the median of several once warm, and after a reload of the page the time
 * from the page load to the first answer (the index opened from its saved snapshot).
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
  /** The median of WARM_QUESTIONS asked one after another after a first one (ask() in the index worker). */
  readonly warmAskMs: number;
  /** The page reloaded: from its load (navigation start) to the first question answered. */
  readonly reloadToFirstAnswerMs: number;
}

/** Asked once the import is done, after a first question that warms the path up; the median is reported. */
const WARM_QUESTIONS = [
  'termination on sixty days written notice',
  'who may assign this agreement',
  'limitation of liability cap',
  'governing law of the agreement',
  'payment of invoices within thirty days',
  'reference code K17X3',
  'confidential information of the disclosing party',
];

type AskWindow = { casefile?: { session: { index: { ask(r: { question: string }): Promise<{ passages: unknown[] }>; opened: { fromSnapshot: boolean } | null } } } };

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
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
    const warm = await page.evaluate(async (questions) => {
      // Questions as the app asks them: ask() in the index worker (scope, retrieval, sufficiency).
      const { index } = (window as unknown as AskWindow).casefile!.session;
      await index.ask({ question: 'confidential information survives three years' });
      const ms: number[] = [];
      for (const question of questions) {
        const t = performance.now();
        await index.ask({ question });
        ms.push(performance.now() - t);
      }
      return ms;
    }, WARM_QUESTIONS);
    const storage = await page.evaluate(async () => {
      const { casefile } = window as unknown as { casefile: { storage: { report(): Promise<{ usage: number | null; workspaces: { id: string; originalsBytes: number; databaseBytes: number }[] }> }; session: { workspaceId: string; index: { stats(): Promise<{ chunks: number }> } } } };
      const report = await casefile.storage.report();
      const ws = report.workspaces.find((w) => w.id === casefile.session.workspaceId);
      return { originals: ws?.originalsBytes ?? 0, database: ws?.databaseBytes ?? 0, usage: report.usage ?? 0, passages: (await casefile.session.index.stats()).chunks };
    });
    // A new session: the service worker has installed, the page reloads, a question is asked as soon as the app is up.
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await page.reload({ waitUntil: 'commit' });
    const reload = await page.evaluate(async () => {
      const w = window as unknown as AskWindow;
      while (!w.casefile) await new Promise((r) => setTimeout(r, 2));
      const answer = await w.casefile.session.index.ask({ question: 'termination payment notice' });
      return { ms: performance.now(), passages: answer.passages.length, fromSnapshot: w.casefile.session.index.opened?.fromSnapshot ?? null };
    });
    if (reload.passages === 0) throw new Error('bench-scale: the first question after the reload found nothing');
    if (reload.fromSnapshot !== true) throw new Error('bench-scale: the workspace did not open from its saved index after the reload');
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
      warmAskMs: median(warm),
      reloadToFirstAnswerMs: reload.ms,
    };
  } finally {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export function formatScaleTable(rows: readonly ScaleFigures[]): string {
  const f = (x: number | null) => (x === null ? '–' : x >= 100 ? x.toFixed(0) : x.toFixed(1));
  return [
    '| documents / pages | passages | import s | pages/s | longest main-thread task ms (tasks > 200 ms) | JS heap MB | originals (OPFS) MB | database MB | browser usage MB | warm ask() median, ms | reload → first answer, ms |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.documents.toLocaleString('en')} / ${r.pages.toLocaleString('en')} | ${r.passages.toLocaleString('en')} | ${f(r.seconds)} | ${f(r.pagesPerSecond)} | ${f(r.maxLongTaskMs)} (${r.longTasksOver200ms}) | ${f(r.heapMB)} | ${f(r.opfsMB)} | ${f(r.databaseMB)} | ${f(r.usageMB)} | ${f(r.warmAskMs)} | ${f(r.reloadToFirstAnswerMs)} |`,
    ),
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { docs: { type: 'string' }, pages: { type: 'string' } } });
  const figures = await benchScale({ docs: values.docs ? Number(values.docs) : undefined, pages: values.pages ? Number(values.pages) : undefined });
  for (const [k, v] of Object.entries(figures)) console.log(`${k.padEnd(20)} ${typeof v === 'number' ? Number(v.toFixed(2)) : v}`);
}

/** The figures under the names `npm run bench -- --only scale --json FILE` writes (ms, MB). */
export function scaleJson(r: ScaleFigures): Record<string, number | null> {
  return {
    docs: r.documents,
    pages: r.pages,
    import_pages_per_s: round(r.pagesPerSecond),
    worst_task_ms: round(r.maxLongTaskMs),
    long_tasks_over_200: r.longTasksOver200ms,
    warm_ask_ms: round(r.warmAskMs),
    reload_to_first_answer_ms: round(r.reloadToFirstAnswerMs),
    heap_mb: r.heapMB === null ? null : round(r.heapMB),
    storage_mb: round(r.usageMB),
    passages: r.passages,
    import_seconds: round(r.seconds),
  };
}

const round = (x: number) => Math.round(x * 10) / 10;
