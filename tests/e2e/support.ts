/**
 * Shared end-to-end helpers: Debian Chromium through playwright-core, a fresh profile per test,
 * a record of every request the page makes (so tests can assert nothing leaves localhost).
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export const baseUrl = (): string => inject('baseUrl');
export const ARTIFACTS = 'tests/e2e/artifacts';

export interface Session {
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  /** Every URL the page (and its workers) requested. */
  readonly requests: string[];
  readonly consoleErrors: string[];
  close(): Promise<void>;
}

export interface SessionOptions {
  readonly webgpu?: boolean;
  readonly viewport?: { width: number; height: number };
}

export async function launch(options: SessionOptions = {}): Promise<Session> {
  const args = ['--headless=new', '--no-sandbox', '--disable-gpu-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
  if (options.webgpu) args.push('--enable-unsafe-webgpu');
  const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args });
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 800 }, serviceWorkers: 'allow' });
  const requests: string[] = [];
  const consoleErrors: string[] = [];
  context.on('request', (r) => requests.push(r.url()));
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(e.message));
  page.on('dialog', (d) => void d.dismiss()); // the app uses its own dialogs; a native one would be a bug
  return { browser, context, page, requests, consoleErrors, close: () => browser.close() };
}

export async function openApp(page: Page): Promise<void> {
  await page.goto(baseUrl());
  // The question box is on the Ask screen at every width (the documents are in a drawer on a phone).
  await page.getByLabel('Ask a question or search your documents').waitFor();
}

/** Deletes a document from its row, confirming in the dialog that asks first. */
export async function deleteDocument(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: `Delete “${name}”?` }).getByRole('button', { name: 'Delete document' }).click();
}

/** Saves a screenshot artefact: the whole page, or (`fullPage: false`) what the window shows, e.g. a dialog. */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: options.fullPage ?? true });
}

/** Waits until the document row shows the given status badge. */
export async function waitForStatus(page: Page, name: string, status: string, timeout = 60_000): Promise<void> {
  await page.getByRole('listitem', { name, exact: true }).getByText(status, { exact: true }).waitFor({ timeout });
}

/** Asks a question and waits for the answer to *this* question (not the previous one's). */
export async function ask(page: Page, question: string): Promise<void> {
  const panel = page.locator('section.search');
  const before = Number(await panel.getAttribute('data-searches'));
  await page.getByLabel('Ask a question or search your documents').fill(question);
  await page.getByRole('search').getByRole('button', { name: 'Ask', exact: true }).click();
  await page.waitForFunction((n) => Number(document.querySelector('section.search')?.getAttribute('data-searches')) > n, before);
}

/** The latest turn of the conversation (the answer to the latest question; turns are listed latest first). */
export function latestTurn(page: Page): Locator {
  return page.getByTestId('turn').first();
}

/** File name, page label and section of each passage of the latest answer, in order. */
export async function results(page: Page): Promise<{ file: string; page: string; section: string }[]> {
  return latestTurn(page).getByTestId('result').evaluateAll((items) =>
    items.map((li) => ({
      file: li.querySelector('[data-testid=result-file]')?.textContent ?? '',
      page: li.querySelector('[data-testid=result-page]')?.textContent ?? '',
      section: li.querySelector('[data-testid=result-section]')?.textContent ?? '',
    })),
  );
}

/** Resolves when the service worker is active and has finished precaching. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/** Opens the workspace menu (switch, new, rename, back up, restore, delete) when it is closed. */
export async function workspaceMenu(page: Page): Promise<void> {
  const menu = page.locator('details.workspace-menu');
  if ((await menu.getAttribute('open')) === null) await menu.locator('summary').click();
}

/** The two widths every journey is looked at: a laptop and a phone. */
export const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

/** How far the page scrolls sideways (0 when it fits). */
const sidewaysOverflow = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * `el` in view, screenshotted at both sizes, with no sideways scrolling at either. The width is
 * measured once the resize has been laid out (polled: right after `setViewportSize` a wrapped
 * row may not have reflowed yet), so only overflow that stays fails.
 */
export async function screenshotAtSizes(page: Page, el: Locator, path: (size: string) => string): Promise<void> {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await el.evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await expect.poll(() => sidewaysOverflow(page), { timeout: 3_000 }).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path(size) });
  }
  await page.setViewportSize(SIZES.desktop);
}
