/**
 * The source viewer in the real app (Chromium, production build), watching the main thread for
 * long tasks while viewing: the sample contract's pages drawn by pdf.js with the passage
 * highlighted, paged through with the keyboard; and a 50 MB one-page text (what the importer
 * accepts) opened at its cited passage, scrolled and paged. The import itself is left out
 * (its figures are the import benchmarks'): long tasks are counted from the moment the
 * viewer opens.
 *
 *   npx vite build --mode test && npx tsx src/cli/bench-view.ts [--mb 50]
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { LARGE_TEXT_EXPECT, largeText } from '../../tests/fixtures/viewer';
import { openBuiltApp } from './built-app';

export interface ViewFigures {
  readonly pdfOpenMs: number;
  readonly pdfWorstTaskMs: number;
  readonly largeMB: number;
  readonly largeOpenMs: number;
  readonly largeWorstTaskMs: number;
  readonly largeLongTasks: number;
}

type Tasks = { longTasks: number[] };

const tasks = (page: Page) => page.evaluate(() => (window as unknown as Tasks).longTasks);
const resetTasks = (page: Page) => page.evaluate(() => ((window as unknown as Tasks).longTasks = []));
const worst = (xs: readonly number[]) => Math.round(Math.max(0, ...xs));

/** Waits until no long task has happened for two seconds (an import's tail), then forgets them. */
async function settle(page: Page): Promise<void> {
  for (let seen = -1; ; ) {
    const n = (await tasks(page)).length;
    if (n === seen) break;
    seen = n;
    await page.waitForTimeout(2000);
  }
  await resetTasks(page);
}

async function ask(page: Page, question: string): Promise<void> {
  const before = Number(await page.locator('section.search').getAttribute('data-searches'));
  await page.getByLabel('Ask a question or search your documents').fill(question);
  await page.getByRole('search').getByRole('button', { name: 'Ask', exact: true }).click();
  await page.waitForFunction((n) => Number(document.querySelector('section.search')?.getAttribute('data-searches')) > n, before);
}

async function ready(page: Page, name: string): Promise<void> {
  await page.getByRole('listitem', { name, exact: true }).getByText('Ready', { exact: true }).waitFor({ timeout: 30 * 60_000 });
}

export async function benchView(options: { mb?: number } = {}): Promise<ViewFigures> {
  const mb = options.mb ?? 50;
  const dir = await mkdtemp(join(tmpdir(), 'casefile-bench-view-'));
  const file = join(dir, LARGE_TEXT_EXPECT.file);
  await writeFile(file, largeText(mb));
  const app = await openBuiltApp({ viewport: { width: 1280, height: 800 } });
  const { page } = app;
  try {
    page.setDefaultTimeout(120_000);

    // A PDF citation: open, page through the document and back with the keyboard.
    await page.getByRole('button', { name: 'Try sample documents' }).click();
    await ready(page, 'master-services-agreement.pdf');
    await ask(page, 'limitation of liability cap');
    await settle(page);
    let t = Date.now();
    await page.getByTestId('turn').first().getByTestId('result').first().getByRole('button').first().click();
    await page.getByTestId('highlight').first().waitFor();
    const pdfOpenMs = Date.now() - t;
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press(i < 4 ? 'ArrowRight' : 'ArrowLeft');
      await page.locator('[data-testid=pdf-page] canvas').waitFor();
      await page.waitForTimeout(300);
    }
    await page.keyboard.press('Escape');
    const pdfWorstTaskMs = worst(await tasks(page));

    // A one-page text of `mb` MB: open at the passage, scroll down and up, zoom, jump to the end.
    await page.getByTestId('file-input').setInputFiles(file);
    await ready(page, LARGE_TEXT_EXPECT.file);
    await ask(page, LARGE_TEXT_EXPECT.query);
    await settle(page);
    t = Date.now();
    await page.getByTestId('turn').first().getByTestId('result').first().getByRole('button').first().click();
    await page.getByTestId('passage').first().waitFor();
    const largeOpenMs = Date.now() - t;
    for (let i = 0; i < 40; i++) await page.keyboard.press('PageDown');
    for (let i = 0; i < 80; i++) await page.keyboard.press('PageUp');
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.keyboard.press('End');
    await page.waitForTimeout(1000);
    const large = await tasks(page);
    return { pdfOpenMs, pdfWorstTaskMs, largeMB: mb, largeOpenMs, largeWorstTaskMs: worst(large), largeLongTasks: large.length };
  } finally {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { mb: { type: 'string' } } });
  const figures = await benchView({ mb: values.mb ? Number(values.mb) : undefined });
  for (const [k, v] of Object.entries(figures)) console.log(`${k.padEnd(20)} ${v}`);
}
