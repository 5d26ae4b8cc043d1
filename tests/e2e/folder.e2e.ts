/**
 * Folder sync with the File System Access API. The directory picker is the one piece a headless
 * browser cannot click through, so the test hands the app a real FileSystemDirectoryHandle from
 * the origin-private file system in its place; everything else (storing the handle with the
 * workspace, permission checks, scanning, hashing, rescans, reopen) is the app's own code.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, launch, openApp, results, screenshot, waitForStatus, type Session } from './support';

const FOLDER = 'matter-folder';

async function writeFiles(page: Page, files: Record<string, string | null>): Promise<void> {
  await page.evaluate(
    async ([folder, entries]) => {
      const root = await (await navigator.storage.getDirectory()).getDirectoryHandle(folder, { create: true });
      for (const [path, text] of Object.entries(entries)) {
        const parts = path.split('/');
        let dir = root;
        for (const p of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(p, { create: true });
        const name = parts.at(-1)!;
        if (text === null) {
          await dir.removeEntry(name);
          continue;
        }
        const w = await (await dir.getFileHandle(name, { create: true })).createWritable();
        await w.write(text);
        await w.close();
      }
    },
    [FOLDER, files] as const,
  );
}

const PARA = (topic: string) =>
  `1. ${topic.toUpperCase()}\n\nThe parties agree that ${topic} is governed by this clause. Each party shall act in good faith, keep records, and give written notice within thirty days of any event that concerns ${topic}.\n`;

describe('folder sync (File System Access)', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
    await s.context.addInitScript((folder) => {
      (window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = async () =>
        (await navigator.storage.getDirectory()).getDirectoryHandle(folder, { create: true });
    }, FOLDER);
    await openApp(s.page);
    await writeFiles(s.page, { 'indemnity.txt': PARA('indemnification'), 'notes/escrow.md': PARA('escrow release'), 'ignored.xlsx': 'binary' });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('opens a folder, indexes its files (nested, wanted types only) and shows the scan', async () => {
    await s.page.getByRole('button', { name: 'Open folder' }).click();
    await waitForStatus(s.page, 'indemnity.txt', 'Ready');
    await waitForStatus(s.page, 'escrow.md', 'Ready');
    expect(await s.page.getByRole('listitem', { name: 'ignored.xlsx' }).count()).toBe(0);
    const state = s.page.getByLabel('Opened folder');
    await expect.poll(() => state.textContent()).toMatch(new RegExp(`${FOLDER}.*scanned just now.*2 new`));
    await screenshot(s.page, '12-folder');
  });

  it('rescans: adds new files, re-indexes changed ones, removes deleted ones', async () => {
    await writeFiles(s.page, { 'indemnity.txt': PARA('arbitration in Zurich'), 'notes/escrow.md': null, 'late-fees.txt': PARA('late payment interest') });
    await s.page.getByRole('button', { name: 'Rescan' }).click();
    await waitForStatus(s.page, 'late-fees.txt', 'Ready');
    await s.page.getByRole('listitem', { name: 'escrow.md', exact: true }).waitFor({ state: 'detached' });
    await expect.poll(() => s.page.getByLabel('Opened folder').textContent()).toMatch(/1 new · 1 changed · 1 removed · 0 unchanged/);
    await waitForStatus(s.page, 'indemnity.txt', 'Ready');
    await ask(s.page, 'arbitration Zurich');
    expect((await results(s.page))[0]?.file).toBe('indemnity.txt');
    await ask(s.page, 'escrow release');
    expect((await results(s.page)).some((r) => r.file === 'escrow.md')).toBe(false);
  });

  it('keeps the folder with the workspace across a reload and rescans it', async () => {
    await s.page.reload();
    await s.page.getByRole('heading', { name: 'Documents' }).waitFor();
    const state = s.page.getByLabel('Opened folder');
    await expect.poll(() => state.textContent()).toMatch(/0 new · 0 changed · 0 removed · 2 unchanged/);
    expect(await s.page.locator('.doc .doc-name').allTextContents()).toEqual(expect.arrayContaining(['indemnity.txt', 'late-fees.txt']));
    expect(await s.page.locator('.doc').count()).toBe(2);
  });
});
