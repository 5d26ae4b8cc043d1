/**
 * The fuzz suite's UI subset (tests/fixtures/hostile: one file of each hostile kind) imported
 * into the built app in Chromium, watching the main thread: the worst long task while the
 * bombs, broken files and payloads go through (the UI must stay responsive), and how long the
 * subset takes to end Ready or Failed.
 *
 *   npx vite build --mode test && npx tsx src/cli/bench-hostile-ui.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { preview } from 'vite';
import { writeHostileSubset } from '../../tests/fixtures/hostile';

export interface HostileUiFigures {
  readonly files: number;
  readonly read: number;
  readonly failed: number;
  readonly seconds: number;
  readonly longTasks: number;
  readonly longTasksOver200ms: number;
  readonly maxLongTaskMs: number;
}

export async function benchHostileUi(): Promise<HostileUiFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'casefile-hostile-bench-'));
  const paths = await writeHostileSubset(dir);
  const server = await preview({ preview: { port: 0, host: '127.0.0.1' }, logLevel: 'warn' });
  const url = server.resolvedUrls!.local[0]!.replace('127.0.0.1', 'localhost');
  const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox'] });
  try {
    const page = await browser.newPage();
    page.on('dialog', (d) => void d.dismiss());
    await page.addInitScript(() => {
      const w = window as unknown as { longTasks: number[] };
      w.longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.longTasks.push(e.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(url);
    await page.getByRole('heading', { name: 'Documents' }).waitFor();
    // Only the import counts: forget the start-up tasks.
    await page.evaluate(() => ((window as unknown as { longTasks: number[] }).longTasks = []));
    const t0 = Date.now();
    await page.getByTestId('file-input').setInputFiles(paths);
    await page.waitForFunction((n) => document.querySelectorAll('.doc.status-ready, .doc.status-degraded, .doc.status-failed').length === n, paths.length, { timeout: 10 * 60_000, polling: 250 });
    const seconds = (Date.now() - t0) / 1000;
    const long = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    const failed = await page.locator('.doc.status-failed').count();
    return {
      files: paths.length,
      read: paths.length - failed,
      failed,
      seconds,
      longTasks: long.length,
      longTasksOver200ms: long.filter((d) => d > 200).length,
      maxLongTaskMs: long.length ? Math.max(...long) : 0,
    };
  } finally {
    await browser.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const [k, v] of Object.entries(await benchHostileUi())) console.log(`${k.padEnd(20)} ${typeof v === 'number' ? Number(v.toFixed(2)) : v}`);
}
