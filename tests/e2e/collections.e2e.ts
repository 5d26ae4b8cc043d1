/**
 * Real document collections: a folder (through the fallback input) of mixed formats with a scan
 * and bad files; and an import interrupted by closing the page, resumed on reopen.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_EXPECT as X, writeBatch, writeCollection } from '../fixtures/collection';
import { makeEncryptedPdf } from '../unit/parsers/helpers/encrypted-pdf';
import { ask, baseUrl, launch, openApp, results, screenshot, waitForStatus, type Session } from './support';

describe('collections: a folder of mixed formats', () => {
  let s: Session;
  let dir: string;
  beforeAll(async () => {
    dir = await writeCollection();
    s = await launch();
    await openApp(s.page);
  });
  afterAll(async () => {
    await s?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('imports the folder: good files become searchable, bad ones fail alone with clear errors', async () => {
    await s.page.getByTestId('folder-input').setInputFiles(dir);
    const name = (path: string) => path.split('/').pop()!;
    await waitForStatus(s.page, name(X.pdf.file), 'Ready', 60_000);
    await waitForStatus(s.page, name(X.docx.file), 'Ready', 60_000);
    await waitForStatus(s.page, name(X.html.file), 'Ready', 60_000);
    await waitForStatus(s.page, name(X.scan.file), 'Ready', 120_000);
    await waitForStatus(s.page, name(X.corrupt), 'Failed');
    await waitForStatus(s.page, name(X.empty), 'Failed');
    const err = (n: string) => s.page.getByRole('listitem', { name: n, exact: true }).locator('.error-text').textContent();
    expect(await err(name(X.corrupt))).toMatch(/^broken-amendment\.pdf: .*(corrupt|truncated|valid PDF)/i);
    expect(await err(name(X.empty))).toMatch(/^empty-notes\.txt: the file is empty/);
    await screenshot(s.page, '10-collection');
  });

  it('finds each format at the right page and section', async () => {
    await ask(s.page, X.pdf.query);
    expect((await results(s.page))[0]).toMatchObject({ file: 'warehouse-lease.pdf', page: `p. ${X.pdf.page}` });
    await ask(s.page, X.docx.query);
    const docx = (await results(s.page))[0];
    expect(docx?.file).toBe('supply-agreement.docx');
    expect(docx?.section).toContain(X.docx.section);
    await ask(s.page, X.html.query);
    // A one-part web page has no page to cite: its section says where.
    expect((await results(s.page))[0]).toMatchObject({ file: 'counsel-memo.html', page: '' });
  });

  it('reads the scanned PDF through OCR, with page numbers', async () => {
    await ask(s.page, X.scan.query);
    expect((await results(s.page))[0]).toMatchObject({ file: 'signed-services-agreement.pdf', page: `p. ${X.scan.page}` });
    const row = s.page.getByRole('listitem', { name: 'signed-services-agreement.pdf', exact: true });
    expect(await row.textContent()).toMatch(/OCR|recogni/i);
  });

  it('never shows text the HTML hid or scripted', async () => {
    await ask(s.page, 'internal tracking pixel alert');
    expect((await results(s.page)).some((r) => r.file === 'counsel-memo.html')).toBe(false);
  });
});

describe('collections: an import interrupted by closing the page resumes without duplicates', () => {
  const COUNT = 30;
  let s: Session;
  let dir: string;
  beforeAll(async () => {
    dir = await writeBatch(COUNT, 4);
    s = await launch();
    await openApp(s.page);
  });
  afterAll(async () => {
    await s?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('finishes the import after a reopen, each file exactly once', async () => {
    await s.page.getByTestId('folder-input').setInputFiles(dir);
    // Close the page while the import is under way.
    await s.page.waitForFunction(() => document.querySelectorAll('.doc.status-ready').length >= 5, null, { timeout: 60_000 });
    const readyBefore = await s.page.locator('.doc.status-ready').count();
    expect(readyBefore).toBeLessThan(COUNT);
    await s.page.close();

    const page = await s.context.newPage();
    await page.goto(baseUrl());
    await page.waitForFunction((n) => document.querySelectorAll('.doc.status-ready').length === n, COUNT, { timeout: 120_000 });
    const names = await page.locator('.doc .doc-name').allTextContents();
    expect(names.length).toBe(COUNT);
    expect(new Set(names).size).toBe(COUNT);
    await ask(page, 'reference code K17X3');
    expect((await results(page))[0]).toMatchObject({ file: 'contract-018.pdf', page: 'p. 4' });
    await screenshot(page, '11-resumed');
  });
});

describe('collections: a password-protected PDF', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
    await openApp(s.page);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('fails clearly, then opens with its password (which is not stored)', async () => {
    const pdf = Buffer.from(makeEncryptedPdf('s3cret', 'The settlement amount is seven hundred thousand dollars payable in escrow.'));
    await s.page.getByTestId('file-input').setInputFiles([{ name: 'sealed-settlement.pdf', mimeType: 'application/pdf', buffer: pdf }]);
    await waitForStatus(s.page, 'sealed-settlement.pdf', 'Failed');
    const row = s.page.getByRole('listitem', { name: 'sealed-settlement.pdf', exact: true });
    expect(await row.locator('.error-text').textContent()).toMatch(/^sealed-settlement\.pdf: .*password/);

    const unlock = async (password: string) => {
      await row.getByRole('button', { name: 'Enter the password of sealed-settlement.pdf' }).click();
      await s.page.getByLabel('Password', { exact: true }).fill(password);
      await s.page.getByRole('button', { name: 'Unlock' }).click();
    };
    await unlock('wrong');
    await expect.poll(() => row.locator('.error-text').textContent(), { timeout: 30_000 }).toMatch(/password is incorrect/);
    await unlock('s3cret');
    await waitForStatus(s.page, 'sealed-settlement.pdf', 'Ready');
    await ask(s.page, 'settlement amount escrow');
    expect((await results(s.page))[0]?.file).toBe('sealed-settlement.pdf');
    const stored = await s.page.evaluate(async () => {
      const db = (window as never as { casefile: { session: { db: { queue: { toArray(): Promise<unknown[]> }; documents: { toArray(): Promise<unknown[]> } } } } }).casefile.session.db;
      return JSON.stringify([await db.queue.toArray(), await db.documents.toArray()]);
    });
    expect(stored).not.toContain('s3cret');
  });
});
