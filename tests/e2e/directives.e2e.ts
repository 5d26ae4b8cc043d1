/**
 * Chat directives in Chromium without a model: "check every contract against the commercial
 * playbook" → an approval card with the documents, the playbook preselected and the estimate,
 * nothing run before Run → scan progress per document → the Review view lists the scanned
 * documents and their flags; "review these contracts" declined and the refusal recorded. "import
 * a folder" → an import card whose Cancel is recorded; "add the folder …" → Run opens the folder
 * picker (stubbed here with an origin-private folder, as folder.e2e.ts does; the real picker
 * cannot be driven headless) and the folder's document is imported; the folder input the card
 * falls back to without File System Access, driven with setInputFiles, imports a folder too.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textFile, WORKSPACE_CONTRACTS } from '../fixtures/contracts';
import { view } from './review-support';
import { ask, latestTurn, launch, openApp, waitForStatus, type Session } from './support';

const CONTRACTS = WORKSPACE_CONTRACTS.filter((c) => c.language === 'en').slice(0, 3);
const FOLDER = 'Client Alpha';

describe('chat directives: a scan and a folder import, approved or declined', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
    await s.context.addInitScript((folder) => {
      (window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = async () =>
        (await navigator.storage.getDirectory()).getDirectoryHandle(folder, { create: true });
    }, FOLDER);
    await openApp(s.page);
    await s.page.getByTestId('file-input').setInputFiles(CONTRACTS.map((c) => ({ name: c.file, mimeType: 'text/plain', buffer: Buffer.from(textFile(c)) })));
    for (const c of CONTRACTS) await waitForStatus(s.page, c.file, 'Ready');
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('"check every contract against the commercial playbook": the card, Run, scan progress, flags in the Review view', async () => {
    await s.page.evaluate(() => {
      const w = window as unknown as { flowLines: string[] };
      w.flowLines = [];
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('[data-testid=flow-line]')) if (w.flowLines.at(-1) !== el.textContent) w.flowLines.push(el.textContent ?? '');
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await ask(s.page, 'check every contract against the commercial playbook');
    const turn = latestTurn(s.page);
    expect(await turn.getAttribute('data-state')).toBe('action');
    const card = turn.getByTestId('approval-card');
    expect(await card.getByRole('heading').textContent()).toBe('Review 3 documents against a playbook?');
    expect(await card.getByTestId('approval-documents').textContent()).toBe('3 documents, one at a time');
    await card.getByTestId('approval-documents').click();
    for (const c of CONTRACTS) expect(await card.getByRole('listitem').filter({ hasText: c.title }).count()).toBeGreaterThan(0);
    expect(await card.getByTestId('approval-estimate').textContent()).toMatch(/^Estimated time: (about \d+ (s|min)|estimating…)/);
    await expect.poll(() => card.getByTestId('approval-playbook').locator('option:checked').textContent()).toBe('Commercial contracts');
    await s.page.waitForTimeout(1000);
    expect(await turn.getByTestId('flow-progress').count()).toBe(0);

    await card.getByTestId('approve').click();
    const result = turn.getByTestId('flow-result');
    await result.waitFor({ timeout: 90_000 });
    expect(await result.getAttribute('data-status')).toBe('done');
    const lines = await s.page.evaluate(() => (window as unknown as { flowLines: string[] }).flowLines);
    expect(lines).toContainEqual(expect.stringMatching(/^[0-2] of 3/));
    const rows = await turn.getByTestId('flow-row').evaluateAll((trs) => trs.map((tr) => ({ document: tr.getAttribute('data-document'), status: tr.getAttribute('data-status') })));
    expect(rows.map((r) => r.document).sort()).toEqual(CONTRACTS.map((c) => c.file).sort());
    expect(rows.filter((r) => r.status === 'found').length).toBeGreaterThan(0);

    await view(s.page, 'Review');
    await s.page.getByRole('tab', { name: /^Flags/ }).click();
    const scanned = s.page.getByRole('navigation', { name: 'Scanned documents' }).getByTestId('review-doc');
    await expect.poll(() => scanned.count()).toBe(3);
    for (const c of CONTRACTS) expect(await scanned.filter({ hasText: c.file }).count(), c.file).toBe(1);
    expect(await s.page.getByTestId('flag').count()).toBeGreaterThan(0);
    await view(s.page, 'Ask');
  });

  it('"review these contracts" declined: nothing runs and the refusal is recorded', async () => {
    await ask(s.page, 'review these contracts');
    const turn = latestTurn(s.page);
    const card = turn.getByTestId('approval-card');
    expect(await card.getByTestId('approval-documents').textContent()).toBe('3 documents, one at a time');
    expect(await card.getByTestId('approval-playbook').locator('option:checked').textContent()).toBe('Choose a playbook…');
    expect(await card.getByTestId('approve').isDisabled()).toBe(true);
    await card.getByTestId('deny').click();
    expect(await turn.getByTestId('flow-ended').textContent()).toMatch(/^You declined this on .+: nothing ran\.$/);
    expect(await turn.getByTestId('flow-progress').count()).toBe(0);
  });

  it('"import a folder": an import card; Cancel records the refusal', async () => {
    await ask(s.page, 'import a folder');
    const turn = latestTurn(s.page);
    expect(await turn.getAttribute('data-state')).toBe('action');
    const card = turn.getByTestId('approval-card');
    expect(await card.getByRole('heading').textContent()).toBe('Import a folder?');
    expect(await card.textContent()).toContain('Run opens the folder picker');
    await card.getByTestId('deny').click();
    expect(await turn.getByTestId('flow-ended').textContent()).toMatch(/^You declined this on .+: nothing ran\.$/);
  });

  it('"add the folder Client Alpha": Run opens the folder picker and imports the folder', async () => {
    await s.page.evaluate(async (folder) => {
      const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(folder, { create: true });
      const file = await (await dir.getFileHandle('escrow-letter.txt', { create: true })).createWritable();
      await file.write('1. ESCROW RELEASE\n\nThe escrow agent shall release the deposit within ten business days of a joint written instruction of the parties.\n');
      await file.close();
    }, FOLDER);
    await ask(s.page, `add the folder ${FOLDER}`);
    const turn = latestTurn(s.page);
    const card = turn.getByTestId('approval-card');
    expect(await card.getByRole('heading').textContent()).toBe(`Import the folder ${FOLDER}?`);
    await s.page.waitForTimeout(500);
    expect(await s.page.getByRole('listitem', { name: 'escrow-letter.txt' }).count()).toBe(0);
    await card.getByTestId('approve').click();
    await waitForStatus(s.page, 'escrow-letter.txt', 'Ready');
    const result = turn.getByTestId('flow-result');
    await result.waitFor({ timeout: 30_000 });
    expect(await result.getAttribute('data-status')).toBe('done');
    expect(await turn.getByTestId('flow-finding').first().textContent()).toMatch(/^1 new document/);
  });

  it('the folder input fallback of an import card imports the folder chosen (setInputFiles on a directory)', async () => {
    const root = await mkdtemp(join(tmpdir(), 'casefile-directives-'));
    try {
      await mkdir(join(root, 'Matter 42'));
      await writeFile(join(root, 'Matter 42', 'retainer-letter.txt'), '1. FEES\n\nThe client shall pay the retainer of ten thousand euros within fifteen days of signature of this engagement letter.\n');
      await ask(s.page, 'import the folder Matter 42');
      const turn = latestTurn(s.page);
      const card = turn.getByTestId('approval-card');
      expect(await card.getByRole('heading').textContent()).toBe('Import the folder Matter 42?');
      await card.getByTestId('approval-folder-input').setInputFiles(join(root, 'Matter 42'));
      await waitForStatus(s.page, 'retainer-letter.txt', 'Ready');
      await turn.getByTestId('flow-result').waitFor({ timeout: 30_000 });
      expect(await turn.getByTestId('flow-finding').first().textContent()).toBe('1 file sent for import');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
