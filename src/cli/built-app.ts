/**
 * The built app (`vite build --mode test`, served by `vite preview` with its CSP header) opened in
 * Debian's Chromium with the main thread watched: every long task (> 50 ms) is recorded from the
 * first script on, so a benchmark can forget the start-up and read what its own steps cost. Used
 * by the import, hostile-file and viewer benchmarks so they measure the app users run.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { preview } from 'vite';

export interface BuiltApp {
  readonly page: Page;
  readonly browser: Browser;
  /** Long tasks since the last reset, in ms. */
  longTasks(): Promise<number[]>;
  /** The same with their start (performance.now() of the page), to tell which step a task belongs to. */
  longTaskEntries(): Promise<LongTask[]>;
  resetLongTasks(): Promise<void>;
  close(): Promise<void>;
}

export interface LongTask {
  readonly start: number;
  readonly duration: number;
}

type Tasks = { longTasks: LongTask[] };

export async function openBuiltApp(options: { args?: readonly string[]; viewport?: { width: number; height: number } } = {}): Promise<BuiltApp> {
  const server = await preview({ preview: { port: 0, host: '127.0.0.1' }, logLevel: 'warn' });
  const url = server.resolvedUrls!.local[0]!.replace('127.0.0.1', 'localhost');
  const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox', ...(options.args ?? [])] });
  const close = async () => {
    await browser.close();
    await server.close();
  };
  try {
    const page = await browser.newPage(options.viewport ? { viewport: options.viewport } : {});
    page.on('dialog', (d) => void d.dismiss());
    await page.addInitScript(() => {
      const w = window as unknown as Tasks;
      w.longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(url);
    await page.getByRole('heading', { name: 'Documents' }).waitFor();
    return {
      page,
      browser,
      longTasks: () => page.evaluate(() => (window as unknown as Tasks).longTasks.map((t) => t.duration)),
      longTaskEntries: () => page.evaluate(() => (window as unknown as Tasks).longTasks),
      resetLongTasks: () => page.evaluate(() => void ((window as unknown as Tasks).longTasks = [])),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
