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
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { writeBatch } from '../../tests/fixtures/collection';
import type { Page } from 'playwright-core';
import { openBuiltApp, type LongTask } from './built-app';

export interface ScaleFigures {
  /** How the folder was opened (see benchScale). */
  readonly via: 'input' | 'folder';
  readonly documents: number;
  readonly pages: number;
  readonly seconds: number;
  readonly pagesPerSecond: number;
  readonly longTasks: number;
  readonly longTasksOver200ms: number;
  readonly maxLongTaskMs: number;
  /**
   * The task in which the folder input hands the files over: Chromium builds the FileList before
   * the app's change handler runs (`browserMs`, the task's start to the handler), then the
   * handler's part (`appMs`). Null when it was not a long task.
   */
  readonly inputTask: { readonly ms: number; readonly browserMs: number; readonly appMs: number } | null;
  /** The longest task the app's own code could shorten: every other task, and the handler's part of the input's. */
  readonly maxAppTaskMs: number;
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

type InputMark = { casefileInputAt?: number };

/** Splits the folder input's task (the one running when its change event arrived) from the rest. */
function attribute(tasks: readonly LongTask[], inputAt: number | null): Pick<ScaleFigures, 'inputTask' | 'maxAppTaskMs'> {
  const input = inputAt === null ? undefined : tasks.find((t) => t.start <= inputAt && inputAt <= t.start + t.duration);
  const others = tasks.filter((t) => t !== input).map((t) => t.duration);
  const inputTask = input && inputAt !== null ? { ms: input.duration, browserMs: inputAt - input.start, appMs: input.start + input.duration - inputAt } : null;
  return { inputTask, maxAppTaskMs: Math.max(0, ...others, inputTask?.appMs ?? 0) };
}

type AskWindow = { casefile?: { session: { index: { ask(r: { question: string }): Promise<{ passages: unknown[] }>; opened: { fromSnapshot: boolean } | null } } } };

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** The folder picker's stand-in: the folder the bench wrote into the origin-private file system. */
const OPFS_FOLDER = 'scale-bench';

/** Copies the generated folder into the origin-private file system (before the measured import). */
async function copyToOpfs(page: Page, dir: string): Promise<void> {
  const names = (await readdir(dir)).sort();
  for (let i = 0; i < names.length; i += 50) {
    const batch = await Promise.all(names.slice(i, i + 50).map(async (name) => [name, (await readFile(join(dir, name))).toString('base64')] as const));
    await page.evaluate(
      async ([folder, files]) => {
        const root = await (await navigator.storage.getDirectory()).getDirectoryHandle(folder, { create: true });
        for (const [name, base64] of files) {
          const w = await (await root.getFileHandle(name, { create: true })).createWritable();
          await w.write(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
          await w.close();
        }
      },
      [OPFS_FOLDER, batch] as const,
    );
  }
}

/**
 * `via`: 'input' — the folder input (`<input webkitdirectory>`, every browser); 'folder' — "Open
 * folder" with the File System Access API, Chromium's way (the picker, which a headless browser
 * cannot click through, hands over a real directory handle of the origin-private file system, as
 * folder.e2e.ts does; the scan, reading and import are the app's own code).
 */
export async function benchScale(options: { docs?: number; pages?: number; via?: 'input' | 'folder' } = {}): Promise<ScaleFigures> {
  const docs = options.docs ?? 1000;
  const pages = options.pages ?? 15;
  const via = options.via ?? 'input';
  const dir = await writeBatch(docs, pages);
  const app = await openBuiltApp({ args: ['--enable-precise-memory-info'] });
  const { page } = app;
  try {
    if (via === 'folder') {
      await copyToOpfs(page, dir);
      await page.evaluate((folder) => {
        (window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = async () => (await navigator.storage.getDirectory()).getDirectoryHandle(folder);
      }, OPFS_FOLDER);
    }
    // Only the import counts: forget the start-up tasks.
    await app.resetLongTasks();
    // When the input's change event reaches the page (first listener, capture phase).
    await page.evaluate(() => document.addEventListener('change', () => ((window as unknown as InputMark).casefileInputAt ??= performance.now()), { capture: true, once: true }));
    const t0 = Date.now();
    if (via === 'folder') await page.getByRole('button', { name: 'Open folder' }).click();
    else await page.getByTestId('folder-input').setInputFiles(dir);
    await page.waitForFunction((n) => document.querySelectorAll('.doc.status-ready').length === n, docs, { timeout: 120 * 60_000, polling: 1000 });
    const seconds = (Date.now() - t0) / 1000;
    const long = await app.longTasks();
    const inputAt = await page.evaluate(() => (window as unknown as InputMark).casefileInputAt ?? null);
    const { inputTask, maxAppTaskMs } = attribute(await app.longTaskEntries(), inputAt);
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
      via,
      documents: docs,
      pages: docs * pages,
      seconds,
      pagesPerSecond: (docs * pages) / seconds,
      longTasks: long.length,
      longTasksOver200ms: long.filter((d) => d > 200).length,
      maxLongTaskMs: long.length ? Math.max(...long) : 0,
      inputTask,
      maxAppTaskMs,
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
    '| folder opened with | documents / pages | passages | import s | pages/s | longest main-thread task ms (tasks > 200 ms) | the folder input\'s task: Chromium\'s FileList + the app\'s handler, ms | longest task of the app\'s own, ms | JS heap MB | originals (OPFS) MB | database MB | browser usage MB | warm ask() median, ms | reload → first answer, ms |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.via === 'folder' ? 'Open folder (File System Access)' : 'folder input'} | ${r.documents.toLocaleString('en')} / ${r.pages.toLocaleString('en')} | ${r.passages.toLocaleString('en')} | ${f(r.seconds)} | ${f(r.pagesPerSecond)} | ${f(r.maxLongTaskMs)} (${r.longTasksOver200ms}) | ${r.inputTask ? `${f(r.inputTask.browserMs)} + ${f(r.inputTask.appMs)}` : '–'} | ${f(r.maxAppTaskMs)} | ${f(r.heapMB)} | ${f(r.opfsMB)} | ${f(r.databaseMB)} | ${f(r.usageMB)} | ${f(r.warmAskMs)} | ${f(r.reloadToFirstAnswerMs)} |`,
    ),
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { docs: { type: 'string' }, pages: { type: 'string' }, via: { type: 'string' } } });
  const figures = await benchScale({ docs: values.docs ? Number(values.docs) : undefined, pages: values.pages ? Number(values.pages) : undefined, via: values.via === 'folder' ? 'folder' : 'input' });
  for (const [k, v] of Object.entries(figures)) console.log(`${k.padEnd(20)} ${typeof v === 'number' ? Number(v.toFixed(2)) : v}`);
}

/** The figures under the names `npm run bench -- --only scale --json FILE` writes (ms, MB). */
export function scaleJson(r: ScaleFigures): Record<string, number | string | null> {
  return {
    via: r.via,
    docs: r.documents,
    pages: r.pages,
    import_pages_per_s: round(r.pagesPerSecond),
    worst_task_ms: round(r.maxLongTaskMs),
    long_tasks_over_200: r.longTasksOver200ms,
    input_task_browser_ms: r.inputTask ? round(r.inputTask.browserMs) : null,
    input_task_app_ms: r.inputTask ? round(r.inputTask.appMs) : null,
    worst_app_task_ms: round(r.maxAppTaskMs),
    warm_ask_ms: round(r.warmAskMs),
    reload_to_first_answer_ms: round(r.reloadToFirstAnswerMs),
    heap_mb: r.heapMB === null ? null : round(r.heapMB),
    storage_mb: round(r.usageMB),
    passages: r.passages,
    import_seconds: round(r.seconds),
  };
}

const round = (x: number) => Math.round(x * 10) / 10;
