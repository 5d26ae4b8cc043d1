/**
 * The first user journey: samples → ask → cited passage → source viewer → delete → a corrupt
 * file next to a good one → offline reload with the same results. Then one visit, offline: the
 * precached shell alone opens, loads the samples and reads a scanned PDF through OCR.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textPdf } from '../fixtures/collection';
import { makeScannedPdf, SCANNED_PAGES } from '../fixtures/scanned';
import { ask, deleteDocument, launch, openApp, results, screenshot, waitForServiceWorker, waitForStatus, type Session, workspaceMenu, latestTurn } from './support';

describe('foundation: upload, ask, cite, open, delete, bad files, offline', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
    await openApp(s.page);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('loads the sample documents', async () => {
    await screenshot(s.page, '01-empty');
    await s.page.getByRole('button', { name: 'Try sample documents' }).click();
    for (const name of ['master-services-agreement.pdf', 'mutual-nda.txt', 'data-retention-policy.md']) await waitForStatus(s.page, name, 'Ready');
    await screenshot(s.page, '02-samples-ready');
  });

  it('finds the liability cap first, with its file, page and section', async () => {
    await ask(s.page, 'limitation of liability cap');
    const top = (await results(s.page))[0];
    expect(top).toMatchObject({ file: 'master-services-agreement.pdf', page: 'p. 5' });
    expect(top?.section).toContain('12 LIMITATION OF LIABILITY');
    expect(top?.section).toContain('12.2');
    await expect.poll(() => s.page.getByTestId('result').first().locator('mark').count()).toBeGreaterThan(0);
    await screenshot(s.page, '03-results');
  });

  it('opens the passage in the source viewer, highlighted and in view', async () => {
    await s.page.getByTestId('result').first().getByRole('button').click();
    const dialog = s.page.getByRole('dialog', { name: 'master-services-agreement.pdf' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByTestId('viewer-pager').textContent()).toBe('Page 5 of 7');
    // The page as printed, the passage highlighted on it (tests/e2e/viewer.e2e.ts goes further).
    await dialog.getByTestId('highlight').first().waitFor();
    await screenshot(s.page, '04-viewer');
    await dialog.getByRole('button', { name: 'Text', exact: true }).click();
    const passage = dialog.getByTestId('passage').first();
    expect(await passage.textContent()).toContain('twelve (12) months');
    // The whole page is shown, not just the passage.
    expect((await dialog.getByTestId('viewer-page').textContent())!.length).toBeGreaterThan((await passage.textContent())!.length);
    await expect.poll(() => passage.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const body = el.closest('.viewer-body')!.getBoundingClientRect();
      return r.top >= body.top - 1 && r.top < body.bottom;
    })).toBe(true);
    await dialog.getByRole('button', { name: 'Original', exact: true }).click();
    await dialog.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => dialog.getByTestId('viewer-pager').textContent()).toBe('Page 6 of 7');
    await dialog.getByRole('button', { name: 'Close source viewer' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('removes a deleted document from the results', async () => {
    await ask(s.page, 'return or destroy Confidential Information');
    expect((await results(s.page)).some((r) => r.file === 'mutual-nda.txt')).toBe(true);
    // Delete asks first: Cancel (or Escape) keeps the document, and focus goes back to its Delete button.
    const remove = s.page.getByRole('button', { name: 'Delete mutual-nda.txt' });
    await remove.click();
    const confirm = s.page.getByRole('dialog', { name: 'Delete “mutual-nda.txt”?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await remove.evaluate((el) => el === document.activeElement)).toBe(true);
    await s.page.keyboard.press('Enter');
    await s.page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await ask(s.page, 'return or destroy Confidential Information');
    expect((await results(s.page)).some((r) => r.file === 'mutual-nda.txt')).toBe(true);
    expect(await s.page.getByRole('listitem', { name: 'mutual-nda.txt', exact: true }).count()).toBe(1);
    // Confirmed, it is gone.
    await deleteDocument(s.page, 'mutual-nda.txt');
    await s.page.getByRole('listitem', { name: 'mutual-nda.txt', exact: true }).waitFor({ state: 'detached' });
    await ask(s.page, 'return or destroy Confidential Information');
    expect((await results(s.page)).some((r) => r.file === 'mutual-nda.txt')).toBe(false);
  });

  it('indexes a good PDF and fails a corrupt one with a clear message', async () => {
    const good = Buffer.from(await textPdf([['ARBITRATION AGREEMENT', '1. Seat. Any dispute shall be finally resolved by arbitration seated in Geneva', 'under the ICC Rules by three arbitrators.']]));
    const corrupt = Buffer.concat([Buffer.from('%PDF-1.7\n'), good.subarray(9, 200)]);
    await s.page.getByTestId('file-input').setInputFiles([
      { name: 'broken-contract.pdf', mimeType: 'application/pdf', buffer: corrupt },
      { name: 'arbitration.pdf', mimeType: 'application/pdf', buffer: good },
    ]);
    await waitForStatus(s.page, 'arbitration.pdf', 'Ready');
    await waitForStatus(s.page, 'broken-contract.pdf', 'Failed');
    const error = await s.page.getByRole('listitem', { name: 'broken-contract.pdf', exact: true }).locator('.error-text').textContent();
    expect(error).toMatch(/^broken-contract\.pdf: /);
    expect(error).toMatch(/PDF/);
    await ask(s.page, 'arbitration seated in Geneva');
    expect((await results(s.page))[0]).toMatchObject({ file: 'arbitration.pdf', page: 'p. 1' });
    await screenshot(s.page, '05-bad-file');
  });

  it('opens and searches with the network off', async () => {
    await ask(s.page, 'limitation of liability cap');
    const online = await results(s.page);
    await waitForServiceWorker(s.page);
    await s.context.setOffline(true);
    await s.page.reload();
    await s.page.getByRole('heading', { name: 'Documents' }).waitFor();
    await waitForStatus(s.page, 'master-services-agreement.pdf', 'Ready');
    await ask(s.page, 'limitation of liability cap');
    expect(await results(s.page)).toEqual(online);
    // Served by the service worker: the top bar says so, and nothing floats over the answer.
    const status = s.page.locator('.topbar').getByRole('status').filter({ hasText: 'Works offline' });
    await status.waitFor();
    expect(await status.getAttribute('title')).toBe('Casefile is ready to work offline.');
    expect(await s.page.locator('.update-prompt').count()).toBe(0);
    await screenshot(s.page, '06-offline');
    await s.context.setOffline(false);
  });

  it('works in a narrow window', async () => {
    await s.page.setViewportSize({ width: 400, height: 800 });
    // A short follow-up stays with the arbitration agreement asked about last, which has no
    // governing-law clause: the turn names the documents that do, and one click asks them.
    await ask(s.page, 'governing law');
    const count = await s.page.getByTestId('turn').count();
    await latestTurn(s.page).getByTestId('elsewhere').getByRole('button', { name: 'Search all documents for this question' }).click();
    await expect.poll(() => s.page.getByTestId('turn').count()).toBe(count + 1);
    await expect.poll(() => latestTurn(s.page).getAttribute('data-state')).toBe('answered');
    expect((await results(s.page)).length).toBeGreaterThan(0);
    const overflow = await s.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(s.page, '07-narrow');
  });

  it('made no request outside localhost and logged no errors', () => {
    const foreign = s.requests.filter((u) => !/^(https?:\/\/(localhost|127\.0\.0\.1)[:/]|blob:|data:)/.test(u));
    expect(foreign).toEqual([]);
    expect(s.consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});

describe('offline after one visit: the precached shell is enough', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
    await openApp(s.page);
    await waitForServiceWorker(s.page);
    await s.page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  });
  afterAll(async () => {
    await s?.context.setOffline(false);
    await s?.close();
  });

  it('reloads, loads the samples and reads a scan (pdf.js, OCR) with the network off; no model runtime was fetched', async () => {
    await s.context.setOffline(true);
    await s.page.reload();
    await s.page.getByRole('heading', { name: 'Documents' }).waitFor();
    await s.page.getByRole('button', { name: 'Try sample documents' }).click();
    for (const name of ['master-services-agreement.pdf', 'mutual-nda.txt', 'data-retention-policy.md']) await waitForStatus(s.page, name, 'Ready');
    const scan = Buffer.from(await makeScannedPdf({ pages: [SCANNED_PAGES[1]!] }));
    await s.page.getByTestId('file-input').setInputFiles([{ name: 'scanned-termination.pdf', mimeType: 'application/pdf', buffer: scan }]);
    await waitForStatus(s.page, 'scanned-termination.pdf', 'Ready', 120_000);
    await ask(s.page, 'Wilmington jurisdiction Delaware');
    expect((await results(s.page))[0]).toMatchObject({ file: 'scanned-termination.pdf', page: 'p. 1' });
    await screenshot(s.page, '06b-offline-first-visit');
    // The shell needed no model runtime (they are cached on first use, not precached).
    expect(s.requests.filter((u) => /\/assets\/(ort-wasm-|llm\.worker-)/.test(u))).toEqual([]);
    expect(s.consoleErrors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
  });
});

describe('updates: a new version is announced, not applied mid-work', () => {
  let s: Session;
  const sw = 'dist/sw.js';
  let original = '';
  beforeAll(async () => {
    original = await readFile(sw, 'utf8');
    s = await launch();
    await openApp(s.page);
    await waitForServiceWorker(s.page);
    // A returning visit: the page is now controlled by the installed service worker.
    await s.page.reload();
    await s.page.getByRole('heading', { name: 'Documents' }).waitFor();
    await s.page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  });
  afterAll(async () => {
    await writeFile(sw, original);
    await s?.close();
  });

  it('shows "Reload to update" when a new service worker is waiting, and reloads on request', async () => {
    await writeFile(sw, `${original}\n// a new release\n`);
    await s.page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = s.page.getByRole('alertdialog');
    await prompt.getByText('A new version of Casefile is ready.').waitFor({ timeout: 30_000 });
    await screenshot(s.page, '08-update');
    // Nothing happened on its own: the page still runs the old version until the user agrees.
    expect(await s.page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state)).toBe('installed');
    await Promise.all([s.page.waitForEvent('load', { timeout: 30_000 }), prompt.getByRole('button', { name: 'Reload to update' }).click()]);
    await s.page.getByRole('heading', { name: 'Documents' }).waitFor();
  });
});

describe('workspaces: create, switch, rename, delete without a trace', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
    await openApp(s.page);
  });
  afterAll(async () => {
    await s?.close();
  });

  const databases = () => s.page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''));
  /** Workspace folders in the file vault (OPFS) that keeps uploaded originals. */
  const vault = () =>
    s.page.evaluate(async () => {
      const names: string[] = [];
      try {
        const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('casefile');
        for await (const key of (dir as unknown as { keys(): AsyncIterable<string> }).keys()) names.push(key);
      } catch {
        // no vault at all
      }
      return names;
    });

  it('keeps matters apart and removes a deleted one entirely', async () => {
    const select = s.page.getByRole('combobox', { name: 'Workspace' });
    // The menu closes after each action, so its select leaves the accessibility tree: read the choice from the element.
    const chosen = () => s.page.locator('#workspace-select').evaluate((e) => (e as HTMLSelectElement).selectedOptions[0]?.textContent ?? null);
    const options = () => s.page.locator('#workspace-select option').allTextContents();
    await workspaceMenu(s.page);
    await s.page.getByRole('button', { name: 'New workspace' }).click();
    const create = s.page.getByRole('dialog', { name: 'New workspace' });
    await create.getByLabel('Name').fill('Acme v. Globex');
    await create.getByRole('button', { name: 'Create' }).click();
    await expect.poll(chosen, { timeout: 15_000 }).toBe('Acme v. Globex');
    const pdf = Buffer.from(await textPdf([['SETTLEMENT TERMS', '1. Payment. Globex shall pay Acme the settlement sum within ten business days.']]));
    await s.page.getByTestId('file-input').setInputFiles([{ name: 'settlement.pdf', mimeType: 'application/pdf', buffer: pdf }]);
    await waitForStatus(s.page, 'settlement.pdf', 'Ready');
    const acmeId = await s.page.evaluate(() => (window as never as { casefile: { workspace: { current: { id: string } } } }).casefile.workspace.current.id);
    expect(await databases()).toContain(`casefile-ws-${acmeId}`);
    expect(await vault()).toContain(acmeId);

    await workspaceMenu(s.page);
    await select.selectOption({ label: 'My documents' });
    await s.page.getByText('No documents yet.').waitFor();
    await workspaceMenu(s.page);
    await select.selectOption({ label: 'Acme v. Globex' });
    await waitForStatus(s.page, 'settlement.pdf', 'Ready');

    await workspaceMenu(s.page);
    await s.page.getByRole('button', { name: 'Rename workspace' }).click();
    const rename = s.page.getByRole('dialog', { name: 'Rename workspace' });
    await rename.getByLabel('Name').fill('Acme v. Globex (settled)');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect.poll(chosen, { timeout: 15_000 }).toBe('Acme v. Globex (settled)');

    await workspaceMenu(s.page);
    await s.page.getByRole('button', { name: 'Delete workspace' }).click();
    await s.page.getByRole('dialog', { name: /Delete “Acme v. Globex \(settled\)”/ }).getByRole('button', { name: 'Delete workspace' }).click();
    await expect.poll(options, { timeout: 15_000 }).toEqual(['My documents']);
    expect(await databases()).not.toContain(`casefile-ws-${acmeId}`);
    expect(await vault()).not.toContain(acmeId);
  });
});
