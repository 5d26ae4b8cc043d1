/**
 * Two tabs on one workspace (issue 14): both import at once, and each finds every document in
 * search without a reload, every file read once; deleting the workspace in one tab while the
 * other imports into it closes it there first and leaves no database and no stored file of it
 * in either tab.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, deleteDocument, latestTurn, launch, openApp, results, screenshot, waitForStatus, type Session, workspaceMenu } from './support';
import { currentWorkspace, databases, documentRows, pdfBatch, recordStarts, startedFiles, vaultFolders, writeFiles } from './storage-support';

describe('two tabs on one workspace', () => {
  let s: Session;
  let one: Page;
  let two: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    s = await launch();
    one = s.page;
    await openApp(one);
    two = await s.context.newPage();
    two.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    two.on('pageerror', (e) => errors.push(e.message));
    await openApp(two);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('both tabs import at once: every file is read once and each tab finds all of them without a reload', async () => {
    expect((await currentWorkspace(two)).id).toBe((await currentWorkspace(one)).id);
    await recordStarts(one);
    await recordStarts(two);
    const first = await pdfBatch('alpha', 4);
    const second = await pdfBatch('bravo', 4);
    await Promise.all([one.getByTestId('file-input').setInputFiles(first), two.getByTestId('file-input').setInputFiles(second)]);
    for (const page of [one, two]) for (const f of [...first, ...second]) await waitForStatus(page, f.name, 'Ready', 120_000);

    // Each file started once: the other tab's copy of the event is the same event.
    const started = new Set([...(await startedFiles(one)), ...(await startedFiles(two))]);
    const perDocument = new Map<string, number>();
    for (const key of started) perDocument.set(key.split('|')[1]!, (perDocument.get(key.split('|')[1]!) ?? 0) + 1);
    expect(perDocument.size).toBe(8);
    expect([...perDocument.values()].every((n) => n === 1)).toBe(true);

    // Each tab's search finds the other tab's files.
    for (const [page, f] of [[one, second[2]!], [two, first[1]!]] as const) {
      await ask(page, f.phrase);
      expect((await results(page))[0]?.file).toBe(f.name);
    }
    await screenshot(two, 'tabs-01-both-imported');
  });

  it('a document deleted in one tab: the other tab marks its answer as given before, and asked again it is gone', async () => {
    await ask(two, 'alpha clause 3 zebraalpha3');
    expect((await results(two))[0]?.file).toBe('alpha-3.pdf');
    await deleteDocument(one, 'alpha-3.pdf');
    await two.getByRole('listitem', { name: 'alpha-3.pdf', exact: true }).waitFor({ state: 'detached' });
    const stale = latestTurn(two).getByTestId('stale');
    await stale.waitFor({ timeout: 15_000 });
    const before = Number(await two.locator('section.search').getAttribute('data-searches'));
    await stale.getByRole('button', { name: 'Ask again' }).click();
    await two.waitForFunction((n) => Number(document.querySelector('section.search')?.getAttribute('data-searches')) > n, before);
    expect((await results(two)).map((r) => r.file)).not.toContain('alpha-3.pdf');
  });

  it('deleting the workspace in one tab while the other imports into it leaves nothing of it in either tab', async () => {
    await workspaceMenu(one);
    await one.getByRole('button', { name: 'New workspace' }).click();
    const create = one.getByRole('dialog', { name: 'New workspace' });
    await create.getByLabel('Name').fill('Doomed matter');
    await create.getByRole('button', { name: 'Create' }).click();
    await expect.poll(async () => (await currentWorkspace(one)).name, { timeout: 15_000 }).toBe('Doomed matter');
    const doomed = await currentWorkspace(one);
    // The other tab sees the new workspace and opens it.
    const select = two.getByRole('combobox', { name: 'Workspace' });
    await expect.poll(() => two.locator('#workspace-select option').allTextContents(), { timeout: 15_000 }).toContain('Doomed matter');
    await workspaceMenu(two);
    await select.selectOption({ label: 'Doomed matter' });
    await expect.poll(async () => (await currentWorkspace(two)).id, { timeout: 15_000 }).toBe(doomed.id);

    await two.getByTestId('file-input').setInputFiles(await writeFiles(await pdfBatch('doomed', 30, 1024 * 1024)), { timeout: 60_000 });
    await expect.poll(async () => (await documentRows(two)).filter((d) => d.status === 'ready').length, { timeout: 60_000 }).toBeGreaterThan(0);
    expect((await documentRows(two)).filter((d) => d.status === 'ready').length).toBeLessThan(30); // still importing

    await workspaceMenu(one);
    await one.getByRole('button', { name: 'Delete workspace' }).click();
    await one.getByRole('dialog', { name: /Delete “Doomed matter”/ }).getByRole('button', { name: 'Delete workspace' }).click();
    for (const page of [one, two]) {
      await expect.poll(async () => (await currentWorkspace(page)).id, { timeout: 30_000 }).not.toBe(doomed.id);
      await expect.poll(() => page.locator('#workspace-select option').allTextContents(), { timeout: 15_000 }).not.toContain('Doomed matter');
    }
    // Every tab's work on a workspace runs under its locks (open, import, copy): once no tab
    // holds or waits for one, nothing can write to it any more. Then look in both tabs.
    await expect.poll(() => one.evaluate(async (id) => {
      const { held = [], pending = [] } = await navigator.locks.query();
      return [...held, ...pending].filter((l) => l.name?.includes(`:${id}`)).map((l) => l.name);
    }, doomed.id), { timeout: 30_000 }).toEqual([]);
    for (const page of [one, two]) {
      expect(await databases(page)).not.toContain(`casefile-ws-${doomed.id}`);
      expect(await vaultFolders(page)).not.toContain(doomed.id);
    }
    // The other tab went on working in the workspace it switched to.
    expect((await documentRows(two)).some((d) => d.name === 'alpha-1.pdf')).toBe(true);
    await screenshot(two, 'tabs-02-after-delete');
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    expect(s.consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});
