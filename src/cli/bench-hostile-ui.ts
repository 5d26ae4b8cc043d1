/**
 * The fuzz suite's UI batch (tests/fixtures/hostile: 135 files of every hostile kind, the slow
 * texts included) imported into the built app in Chromium, watching the main thread: the worst
 * long task while the bombs, broken files and payloads go through (the UI must stay
 * responsive: ≤ 200 ms), and how long the batch takes to end Ready or Failed. `--subset` imports
 * the 13-file subset instead.
 *
 *   npx vite build --mode test && npx tsx src/cli/bench-hostile-ui.ts [--subset]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeHostileBatch, writeHostileSubset } from '../../tests/fixtures/hostile';
import { openBuiltApp } from './built-app';

export interface HostileUiFigures {
  readonly files: number;
  readonly read: number;
  readonly failed: number;
  readonly seconds: number;
  readonly longTasks: number;
  readonly longTasksOver200ms: number;
  readonly maxLongTaskMs: number;
}

export async function benchHostileUi(options: { subset?: boolean } = {}): Promise<HostileUiFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'casefile-hostile-bench-'));
  const paths = options.subset ? await writeHostileSubset(dir) : await writeHostileBatch(dir);
  const app = await openBuiltApp();
  const { page } = app;
  try {
    const t0 = Date.now();
    await page.getByTestId('file-input').setInputFiles(paths);
    // Only the import counts: forget the start-up tasks and Playwright's own task that sets the
    // 135 files on the input (its injected script, not the app; the app's change handler runs
    // inside it and only queues the files, a few at a time).
    await app.resetLongTasks();
    await page.waitForFunction((n) => document.querySelectorAll('.doc.status-ready, .doc.status-degraded, .doc.status-failed').length === n, paths.length, { timeout: 10 * 60_000, polling: 250 });
    const seconds = (Date.now() - t0) / 1000;
    const long = await app.longTasks();
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
    await app.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const [k, v] of Object.entries(await benchHostileUi({ subset: process.argv.includes('--subset') }))) console.log(`${k.padEnd(20)} ${typeof v === 'number' ? Number(v.toFixed(2)) : v}`);
}
