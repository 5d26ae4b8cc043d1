/**
 * Workspace answers in Chromium, on the seven generated contracts of the ask tests (two with a
 * non-compete clause, four English ones without, one French contract), no language model:
 * counts and the document list; a broad question proposed with its estimate on an approval card,
 * nothing run before Run, a refusal recorded; an approved flow's per-document progress, a
 * second one waiting with its place in line and ETA, cancelled; the findings table citing the
 * right clause or saying not found, a citation opened in the viewer, the XLSX export read back
 * with exceljs; flows and tables kept across a reload; document tables paged without overlap.
 * Screenshots at 1280×800 and 390×844 (tests/e2e/artifacts), no sideways scrolling on a phone.
 */
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textFile, WORKSPACE_CONTRACTS } from '../fixtures/contracts';
import { download } from './review-support';
import { ARTIFACTS, ask, latestTurn, launch, openApp, screenshotAtSizes, SIZES, waitForStatus, type Session } from './support';

const NON_COMPETE = WORKSPACE_CONTRACTS.filter((c) => c.has.includes('noncompete')).map((c) => c.file);
const ENGLISH_WITHOUT = WORKSPACE_CONTRACTS.filter((c) => c.language === 'en' && !c.has.includes('noncompete')).map((c) => c.file);

const screenshots = (page: Page, el: Locator, name: string): Promise<void> => screenshotAtSizes(page, el, (size) => `${ARTIFACTS}/flows-${name}-${size}.png`);

/** Every text the flows' live regions showed, in order (so progress that passes quickly is still seen). */
async function recordLiveLines(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { flowLines: string[] };
    w.flowLines = [];
    const seen = () => {
      for (const el of document.querySelectorAll('[data-testid=flow-line]')) {
        const text = el.textContent ?? '';
        if (w.flowLines[w.flowLines.length - 1] !== text) w.flowLines.push(text);
      }
    };
    new MutationObserver(seen).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}
const liveLines = (page: Page) => page.evaluate(() => (window as unknown as { flowLines: string[] }).flowLines);

/**
 * Approves the flows of these questions in one task of the page, and cancels `cancel`'s flow the
 * moment its card shows `when` (its live line), recording that card's Cancel all label: the
 * generated contracts are small, so a flow can end within a few hundred milliseconds — too soon
 * for a step-by-step test to catch it waiting or running.
 */
async function approveAndCancel(page: Page, approve: readonly string[], cancel: string, when: string): Promise<void> {
  await page.evaluate(
    ([questions, target, pattern]) => {
      const w = window as unknown as { cancelAllLabel: string | null; cancelledAt: string | null };
      w.cancelAllLabel = null;
      w.cancelledAt = null;
      const card = (q: string) => [...document.querySelectorAll('[data-testid=turn]')].find((t) => t.querySelector('[data-testid=turn-question]')?.textContent === q);
      const observer = new MutationObserver(() => {
        const line = card(target)?.querySelector('[data-testid=flow-line]');
        if (!line || !new RegExp(pattern).test(line.textContent ?? '')) return;
        observer.disconnect();
        w.cancelAllLabel = card(target)?.querySelector('[data-testid=flow-cancel-all]')?.textContent ?? null;
        w.cancelledAt = line.textContent;
        card(target)?.querySelector<HTMLButtonElement>('[data-testid=flow-cancel]')?.click();
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      for (const q of questions) card(q)?.querySelector<HTMLButtonElement>('[data-testid=approve]')?.click();
    },
    [approve, cancel, when] as const,
  );
}
const cancelled = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { cancelAllLabel: string | null; cancelledAt: string | null };
    return { cancelAllLabel: w.cancelAllLabel, cancelledAt: w.cancelledAt };
  });

/** The turn asking `question` (turns are listed latest first). */
const turnOf = (page: Page, question: string) => page.getByTestId('turn').filter({ has: page.getByTestId('turn-question').getByText(question, { exact: true }) });

describe('workspace answers: inventory, approval, flows, exports', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch({ viewport: SIZES.desktop });
    await openApp(s.page);
    await s.page.getByTestId('file-input').setInputFiles(WORKSPACE_CONTRACTS.map((c) => ({ name: c.file, mimeType: 'text/plain', buffer: Buffer.from(textFile(c)) })));
    for (const c of WORKSPACE_CONTRACTS) await waitForStatus(s.page, c.file, 'Ready');
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('counts the documents in French and lists the documents, without a model or retrieval', async () => {
    await ask(s.page, 'how many documents are in French');
    const counts = latestTurn(s.page);
    expect(await counts.getAttribute('data-state')).toBe('inventory');
    expect(await counts.getByTestId('answer-text').textContent()).toMatch(/\b1\b.*French|French.*\b1\b/s);
    await ask(s.page, 'list the documents');
    const list = latestTurn(s.page);
    expect(await list.getByTestId('document-table-heading').textContent()).toBe('Showing all 7 documents:');
    expect(await list.getByTestId('document-table-row').count()).toBe(7);
    expect(await list.getByTestId('page-next').count()).toBe(0);
    await screenshots(s.page, list, 'list');
  });

  it('proposes a broad question with its estimate and runs nothing until approved; a refusal is recorded', async () => {
    await ask(s.page, 'which contracts have a termination clause?');
    const turn = latestTurn(s.page);
    expect(await turn.getAttribute('data-state')).toBe('action');
    const card = turn.getByTestId('approval-card');
    expect(await card.getByTestId('approval-documents').textContent()).toBe('7 documents, one at a time');
    // A fresh profile has measured nothing: no time is promised yet.
    expect(await card.getByTestId('approval-estimate').textContent()).toBe('Estimated time: estimating… (known once the first documents are read: nothing measured on this device yet)');
    await s.page.waitForTimeout(1500);
    expect(await turn.getByTestId('flow-progress').count()).toBe(0);
    expect(await turn.getByTestId('flow-table').count()).toBe(0);
    await card.getByTestId('deny').click();
    expect(await turn.getByTestId('flow-ended').textContent()).toMatch(/^You declined this on .+: nothing ran\.$/);
    expect(await turn.getByTestId('flow-table').count()).toBe(0);
  });

  it('runs an approved flow document by document while a second waits in line with its ETA; cancel stops the second', async () => {
    const first = 'which contracts have a non-compete clause?';
    const second = 'what law governs each contract?';
    await ask(s.page, first);
    const card = turnOf(s.page, first).getByTestId('approval-card');
    await card.waitFor();
    await screenshots(s.page, turnOf(s.page, first), 'approval');
    await ask(s.page, second);
    await turnOf(s.page, second).getByTestId('approval-card').waitFor();
    await recordLiveLines(s.page);
    await approveAndCancel(s.page, [first, second], second, 'in line');
    await expect.poll(() => turnOf(s.page, second).getByTestId('flow-ended').textContent(), { timeout: 30_000 }).toBe('Cancelled after 0 of 7 documents.');
    const { cancelAllLabel, cancelledAt } = await cancelled(s.page);
    // The flow ahead has not measured its documents yet: no start time is promised.
    expect(cancelledAt).toMatch(/^2nd in line( · starts in about \d+ (s|min) · done in about \d+ (s|min)| · estimating the time left…)$/);
    expect(cancelAllLabel).toBe('Cancel all (2)');
    expect(await liveLines(s.page)).toContainEqual(cancelledAt);

    const result = turnOf(s.page, first).getByTestId('flow-result');
    await result.waitFor({ timeout: 60_000 });
    const lines = await liveLines(s.page);
    expect(lines).toContainEqual(expect.stringMatching(/^0 of 7 · reading [a-z-]+\.txt · estimating the time left…$/));
    // Once two documents after the first (it carries the session's warm-up) were read, the time left.
    expect(lines).toContainEqual(expect.stringMatching(/^[3-6] of 7 · reading [a-z-]+\.txt · about \d+ (s|min) left$/));
    expect(lines.filter((l) => /^[1-6] of 7 · reading /.test(l)).length).toBeGreaterThanOrEqual(3);
    expect(await result.getAttribute('data-status')).toBe('done');
  });

  it('shows the findings: the non-compete clause cited where it is, "not found" elsewhere; a citation opens the viewer', async () => {
    const turn = turnOf(s.page, 'which contracts have a non-compete clause?');
    const rows = await turn.getByTestId('flow-row').evaluateAll((trs) =>
      trs.map((tr) => ({ document: tr.getAttribute('data-document'), status: tr.getAttribute('data-status'), finding: tr.querySelector('[data-testid=flow-finding]')?.textContent ?? '', where: tr.querySelector('.flow-where')?.textContent ?? '' })),
    );
    expect(rows).toHaveLength(7);
    for (const file of NON_COMPETE) {
      const row = rows.find((r) => r.document === file)!;
      expect(row.status).toBe('found');
      expect(row.finding).toMatch(/shall not manufacture, sell or promote products that compete with the Products/);
      expect(row.where).toMatch(/^part \d+\d+ Non-Competition$/); // the page, then the section
    }
    for (const file of ENGLISH_WITHOUT) expect(rows.find((r) => r.document === file)!.status, file).toBe('not_found');
    expect(await turn.getByTestId('flow-answer').textContent()).toMatch(/Found in 2 of 7 documents|Found in 3 of 7 documents/);
    await screenshots(s.page, turn, 'result');

    const row = turn.getByTestId('flow-row').filter({ has: s.page.locator(`[data-document="${NON_COMPETE[0]}"]`) });
    const cite = turn.locator(`[data-testid=flow-row][data-document="${NON_COMPETE[0]}"]`).getByTestId('flow-cite');
    expect(await row.count()).toBeLessThanOrEqual(1);
    await cite.click();
    const viewer = s.page.getByRole('dialog', { name: NON_COMPETE[0] });
    await viewer.waitFor();
    expect(await viewer.getByTestId('passage').textContent()).toContain('shall not manufacture, sell or promote products that compete');
    await s.page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });
  });

  it('exports the table as XLSX (read back with exceljs) and as CSV', async () => {
    const turn = turnOf(s.page, 'which contracts have a non-compete clause?');
    const xlsx = await download(s.page, () => turn.getByTestId('export-xlsx').click());
    expect(xlsx.name).toBe('which-contracts-have-a-non-compete-clause-findings.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.bytes.buffer.slice(xlsx.bytes.byteOffset, xlsx.bytes.byteOffset + xlsx.bytes.byteLength) as ArrayBuffer);
    const sheet = wb.getWorksheet('Findings')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['Document', 'File', 'Result', 'Verdict', 'Value', 'Finding', 'Evidence', 'Page', 'Section', 'Note']);
    const cells = [...Array(sheet.rowCount - 1).keys()].map((i) => (sheet.getRow(i + 2).values as (string | number | null | undefined)[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
    expect(cells).toHaveLength(7);
    for (const file of NON_COMPETE) {
      const r = cells.find((c) => c[1] === file)!;
      expect(r[2]).toBe('found');
      expect(r[5]).toMatch(/shall not manufacture, sell or promote products that compete/);
      expect(r[8]).toMatch(/^\d+ Non-Competition$/);
    }
    for (const file of ENGLISH_WITHOUT) expect(cells.find((c) => c[1] === file)![2]).toBe('not found');
    const csv = await download(s.page, () => turn.getByTestId('export-csv').click());
    expect(csv.name.endsWith('.csv')).toBe(true);
    expect(csv.bytes.toString('utf8')).toContain('Document,File,Result,Verdict,Value,Finding,Evidence,Page,Section,Note');
  });

  it('cancels a running flow, keeping what it finished', async () => {
    const question = 'which contracts have a confidentiality clause?';
    await ask(s.page, question);
    const turn = turnOf(s.page, question);
    await approveAndCancel(s.page, [question], question, 'of 7');
    await expect.poll(() => turn.getByTestId('flow-ended').textContent(), { timeout: 30_000 }).toMatch(/^Cancelled after \d of 7 documents\.$/);
    const done = Number((await turn.getByTestId('flow-ended').textContent())!.match(/after (\d)/)![1]);
    expect(await turn.getByTestId('flow-row').count()).toBe(done);
  });

  it('keeps flows, decisions and tables across a reload', async () => {
    await s.page.reload();
    await s.page.getByRole('heading', { name: 'Documents', exact: true }).waitFor();
    const result = turnOf(s.page, 'which contracts have a non-compete clause?');
    await result.getByTestId('flow-table').waitFor();
    expect(await result.getByTestId('flow-row').count()).toBe(7);
    expect(await turnOf(s.page, 'which contracts have a termination clause?').getByTestId('flow-ended').textContent()).toMatch(/^You declined this/);
    expect(await turnOf(s.page, 'what law governs each contract?').getByTestId('flow-ended').textContent()).toMatch(/^Cancelled after/);
  });

  it('pages a longer document list without overlap: Next and Previous', async () => {
    const notes = Array.from({ length: 20 }, (_, i) => ({ name: `note-${String(i + 1).padStart(2, '0')}.txt`, mimeType: 'text/plain', buffer: Buffer.from(`FILE NOTE ${i + 1}\n\nMeeting with the client about matter ${i + 1}.`) }));
    await s.page.getByTestId('file-input').setInputFiles(notes);
    for (const n of notes) await waitForStatus(s.page, n.name, 'Ready');
    await ask(s.page, 'list the documents');
    const turn = latestTurn(s.page);
    const heading = () => turn.getByTestId('document-table-heading').textContent();
    const names = () => turn.getByTestId('document-table-row').locator('th').allTextContents();
    expect(await heading()).toBe('Showing 1–25 of 27 documents:');
    const first = await names();
    expect(first).toHaveLength(25);
    expect(await turn.getByTestId('page-previous').isDisabled()).toBe(true);
    await turn.getByTestId('page-next').click();
    await expect.poll(heading).toBe('Showing 26–27 of 27 documents:');
    const second = await names();
    expect(second).toHaveLength(2);
    expect(second.filter((n) => first.includes(n))).toEqual([]);
    expect(await turn.getByTestId('page-next').isDisabled()).toBe(true);
    await screenshots(s.page, turn, 'pages');
    await turn.getByTestId('page-previous').click();
    await expect.poll(heading).toBe('Showing 1–25 of 27 documents:');
  });
});
