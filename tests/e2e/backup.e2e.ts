/**
 * Backup and restore through the UI (issue 14): back up a workspace to one file, delete it,
 * restore the file → the same documents, search results and citations (file, page, section and
 * passage); restoring a workspace that is already here asks first and can restore beside it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, latestTurn, launch, openApp, results, screenshot, waitForStatus, type Session, workspaceMenu } from './support';
import { currentWorkspace, databases, vaultFolders } from './storage-support';

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
    await expect.poll(async () => (await currentWorkspace(s.page)).id).not.toBe(ws.id);
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
    const options = await s.page.getByRole('combobox', { name: 'Workspace' }).locator('option').allTextContents();
    expect(options).toEqual(expect.arrayContaining(['My documents', 'My documents (restored)']));
    expect(s.consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});
