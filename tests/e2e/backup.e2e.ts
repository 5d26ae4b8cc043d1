/**
 * Backup and restore through the UI (issue 14): back up a workspace to one file, delete it,
 * restore the file → the same documents, search results and citations (file, page, section and
 * passage); restoring a workspace that is already here asks first and can restore beside it.
 * A damaged backup (issue 21: a byte flipped in a stored original, a zip bomb) asked to replace
 * the workspace is refused by name, and the workspace here is left exactly as it was.
 */
import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handZip } from '../unit/parsers/helpers/office';
import { zipLayout } from '../helpers/zip-layout';
import { ask, latestTurn, launch, openApp, results, screenshot, waitForStatus, type Session, workspaceMenu } from './support';
import { currentWorkspace, databases, vaultEntries, vaultFolders, writeFiles } from './storage-support';

const SAMPLES = ['master-services-agreement.pdf', 'mutual-nda.txt', 'data-retention-policy.md'];
const QUESTIONS = ['limitation of liability cap', 'return or destroy Confidential Information', 'how long are records retained'];

describe('backup → delete → restore', () => {
  let s: Session;
  let backup = '';
  const before = new Map<string, unknown>();

  /** Results of each question with the passage each result cites. */
  const answers = async () => {
    const out: unknown[] = [];
    for (const q of QUESTIONS) {
      await ask(s.page, q);
      const texts = await latestTurn(s.page).getByTestId('result').evaluateAll((items) => items.map((li) => li.textContent ?? ''));
      out.push({ q, results: await results(s.page), texts });
    }
    return out;
  };

  beforeAll(async () => {
    s = await launch();
    await openApp(s.page);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('backs the workspace up to one file', async () => {
    await s.page.getByRole('button', { name: 'Try sample documents' }).click();
    for (const name of SAMPLES) await waitForStatus(s.page, name, 'Ready');
    before.set('answers', await answers());
    before.set('workspace', await currentWorkspace(s.page));
    await workspaceMenu(s.page);
    const [download] = await Promise.all([s.page.waitForEvent('download'), s.page.getByRole('button', { name: 'Back up workspace' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^My-documents-\d{4}-\d{2}-\d{2}\.casefile$/);
    backup = (await download.path())!;
    expect(backup).toBeTruthy();
  });

  it('restores it after the workspace is deleted: same documents, results and citations', async () => {
    const ws = before.get('workspace') as { id: string; name: string };
    await workspaceMenu(s.page);
    await s.page.getByRole('button', { name: 'Delete workspace' }).click();
    await s.page.getByRole('dialog', { name: /Delete “My documents”/ }).getByRole('button', { name: 'Delete workspace' }).click();
    await expect.poll(async () => (await currentWorkspace(s.page)).id, { timeout: 30_000 }).not.toBe(ws.id);
    await s.page.getByText('No documents yet.').waitFor();
    expect(await databases(s.page)).not.toContain(`casefile-ws-${ws.id}`);
    expect(await vaultFolders(s.page)).not.toContain(ws.id);

    await s.page.getByTestId('restore-input').setInputFiles(backup);
    await expect.poll(async () => (await currentWorkspace(s.page)).id, { timeout: 60_000 }).toBe(ws.id);
    for (const name of SAMPLES) await waitForStatus(s.page, name, 'Ready');
    expect(await answers()).toEqual(before.get('answers'));
    await screenshot(s.page, 'backup-01-restored');
  });

  it('asks before restoring a workspace that is already here, and can restore it beside it', async () => {
    const ws = before.get('workspace') as { id: string; name: string };
    await s.page.getByTestId('restore-input').setInputFiles(backup);
    const dialog = s.page.getByRole('dialog', { name: 'Restore “My documents”?' });
    await dialog.waitFor();
    await screenshot(s.page, 'backup-02-ask');
    await dialog.getByRole('button', { name: 'Restore as a new workspace' }).click();
    await expect.poll(async () => (await currentWorkspace(s.page)).name, { timeout: 60_000 }).toBe('My documents (restored)');
    expect((await currentWorkspace(s.page)).id).not.toBe(ws.id);
    for (const name of SAMPLES) await waitForStatus(s.page, name, 'Ready');
    expect(await answers()).toEqual(before.get('answers'));
    const options = await s.page.locator('#workspace-select option').allTextContents();
    expect(options).toEqual(expect.arrayContaining(['My documents', 'My documents (restored)']));
    expect(s.consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });

  /** Asks to replace “My documents” with `path`; returns the refusal shown, once the restore has ended. */
  const replaceWith = async (path: string) => {
    await s.page.getByTestId('restore-input').setInputFiles(path);
    const dialog = s.page.getByRole('dialog', { name: 'Restore “My documents”?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Replace “My documents”' }).click();
    const alert = s.page.getByRole('alert').filter({ hasText: /^Backup: / });
    await alert.waitFor({ timeout: 60_000 });
    // The menu closes when a restore ends, taking its buttons out of the accessibility tree: read the button itself.
    await expect.poll(() => s.page.locator('button[aria-label="Restore a backup"]').textContent(), { timeout: 30_000 }).toBe('Restore');
    return (await alert.textContent()) ?? '';
  };

  /** The workspace “My documents” as it is here: its id, its stored originals and, opened, its answers. */
  const state = async () => {
    const ws = before.get('workspace') as { id: string; name: string };
    return { databases: (await databases(s.page)).sort(), vault: (await vaultEntries(s.page, ws.id)).sort((a, b) => a.name.localeCompare(b.name)) };
  };

  it('refuses a backup with one byte flipped in a stored original, naming the file and the original; the workspace is untouched', async () => {
    const stateBefore = await state();
    const good = new Uint8Array(await readFile(backup));
    const manifest = JSON.parse(new TextDecoder().decode(unzipSync(good, { filter: (f) => f.name === 'manifest.json' })['manifest.json'])) as { originals: { documentId: string; name: string }[] };
    const nda = manifest.originals.find((o) => o.name === 'mutual-nda.txt')!;
    const entry = zipLayout(good).find((e) => e.name === `originals/${nda.documentId}`)!;
    const damaged = good.slice();
    damaged[entry.dataStart + Math.floor(entry.compressedSize / 2)]! ^= 0x01;
    const [path] = await writeFiles([{ name: 'flipped.casefile', buffer: Buffer.from(damaged) }]);
    const message = await replaceWith(path!);
    expect(message).toBe(`Backup: flipped.casefile cannot be restored: the original of “mutual-nda.txt” (originals/${nda.documentId}) fails its checksum (CRC-32): its bytes were altered. Nothing here was changed.`);
    await screenshot(s.page, 'backup-03-damaged-refused');
    expect(await state()).toEqual(stateBefore);
    // Still the one workspace of that id, nothing restored beside it.
    const ids = await s.page.locator('#workspace-select option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(ids.filter((id) => id === (before.get('workspace') as { id: string }).id)).toHaveLength(1);
    expect(ids).toHaveLength(stateBefore.databases.filter((d) => d.startsWith('casefile-ws-')).length);
  });

  it('refuses a zip bomb (a 1 GB original in a 1 MB backup) at once, by name; the workspace is untouched', async () => {
    const stateBefore = await state();
    const parts = unzipSync(new Uint8Array(await readFile(backup)));
    const manifest = JSON.parse(new TextDecoder().decode(parts['manifest.json'])) as { originals: { documentId: string; name: string; size: number }[] };
    const pdf = manifest.originals.find((o) => o.name === 'master-services-agreement.pdf')!;
    const gib = 1024 ** 3;
    const bomb = handZip(
      Object.entries(parts).map(([name, data]) => {
        if (name === `originals/${pdf.documentId}`) return { name, zeros: gib, crc: 0 };
        if (name === 'manifest.json') return { name, data: JSON.stringify({ ...manifest, originals: manifest.originals.map((o) => (o === pdf ? { ...o, size: gib } : o)) }) };
        return { name, data, stored: name.startsWith('originals/') };
      }),
    );
    expect(bomb.length).toBeLessThan(3 * 1024 * 1024);
    const [path] = await writeFiles([{ name: 'bomb.casefile', buffer: Buffer.from(bomb) }]);
    const started = Date.now();
    const message = await replaceWith(path!);
    const ms = Date.now() - started;
    console.log(`e2e: a ${(bomb.length / 1024 / 1024).toFixed(1)} MB backup holding a 1 GB original refused in ${ms} ms`);
    expect(message).toMatch(new RegExp(`^Backup: bomb\\.casefile cannot be restored: the original of “master-services-agreement\\.pdf” \\(originals/${pdf.documentId}\\) would expand to 1\\.0 GB from [\\d.,]+ (MB|bytes) \\([\\d,]+:1; stored originals are about 1:1\\): it looks like a zip bomb\\. Nothing here was changed\\.$`));
    expect(await state()).toEqual(stateBefore);
    // The workspace opens as it was: the same documents, answers and citations.
    await workspaceMenu(s.page);
    await s.page.getByRole('combobox', { name: 'Workspace' }).selectOption((before.get('workspace') as { id: string }).id);
    await expect.poll(async () => (await currentWorkspace(s.page)).id, { timeout: 30_000 }).toBe((before.get('workspace') as { id: string }).id);
    for (const name of SAMPLES) await waitForStatus(s.page, name, 'Ready');
    expect(await answers()).toEqual(before.get('answers'));
    expect(s.consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});
