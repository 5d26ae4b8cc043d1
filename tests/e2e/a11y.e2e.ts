/**
 * Every screen at 1280 × 800 and 390 × 844, as a lawyer would meet them: axe-core (WCAG 2.0/2.1
 * A and AA) finds no violation, nothing scrolls sideways — with a document whose file name is
 * 120 characters long, without a space or a hyphen to break at, in the list, the results, the
 * viewer and the review — and a screenshot of each goes to tests/e2e/artifacts
 * (a11y-<screen>-<w>x<h>.png). Also the keyboard path: from page load the question box is the
 * fifth Tab stop (the skip link, the views, the workspace menu, Settings, the question) however
 * many documents there are; the documents list is one Tab stop with arrow keys inside; the skip
 * link lands in the question box; the narrow layout's documents drawer traps and returns focus;
 * dialogs give focus back on Escape.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, launch, openApp, results, screenshot, waitForStatus, type Session } from './support';
import { scan, upload, view } from './review-support';

const SIZES = [
  [1280, 800],
  [390, 844],
] as const;

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe's violations on the page as it is now, one line each: rule, impact, the elements. */
async function axe(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')} — ${v.nodes[0]?.failureSummary?.replace(/\s+/g, ' ') ?? ''}`);
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** 120 characters and nothing to break a line at but the dot (underscores do not break). */
const LONG_NAME = `${'Master_Services_Agreement_Contoso_Pharmaceuticals_International_and_Northwind_Traders_Limited_final_executed_v7'.padEnd(116, 'x')}.txt`;
const LONG_TEXT = 'LONG NAMED AGREEMENT\n\n1. Termination fee. On early termination the Customer shall pay a termination fee of forty thousand euros within thirty days.\n';

/** Tab presses from the top of a freshly loaded page until the question box has focus (at most `max`). */
async function tabsToQuestion(page: Page, max = 12): Promise<number> {
  for (let n = 1; n <= max; n++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.id === 'question')) return n;
  }
  return Number.POSITIVE_INFINITY;
}

/**
 * A list with roving tabindex: exactly one of its controls is a Tab stop; focusing it and
 * pressing `key` moves focus to another control of the list, which becomes the one Tab stop.
 */
async function roving(list: Locator, key: 'ArrowDown' | 'ArrowRight'): Promise<void> {
  const controls = 'button:not([disabled]), a[href], input, select, textarea, summary, [tabindex]';
  const stops = () => list.evaluate((l, sel) => [...l.querySelectorAll<HTMLElement>(sel)].filter((e) => e.tabIndex === 0 && !e.closest('[data-roving-free]') && e.getClientRects().length > 0).length, controls);
  expect(await stops()).toBe(1);
  await list.evaluate((l, sel) => [...l.querySelectorAll<HTMLElement>(sel)].find((e) => e.tabIndex === 0 && !e.closest('[data-roving-free]') && e.getClientRects().length > 0)!.focus(), controls);
  // Two rows' controls can read alike ("Dismiss" in each flag): the focused node is marked, not compared by its HTML.
  await list.page().evaluate(() => document.activeElement?.setAttribute('data-roving-before', ''));
  await list.page().keyboard.press(key);
  expect(await list.evaluate((l) => l.contains(document.activeElement))).toBe(true);
  expect(await list.page().evaluate(() => document.activeElement?.hasAttribute('data-roving-before'))).toBe(false);
  await list.evaluate((l) => l.querySelector('[data-roving-before]')?.removeAttribute('data-roving-before'));
  expect(await stops()).toBe(1);
  expect(await list.page().evaluate(() => (document.activeElement as HTMLElement).tabIndex)).toBe(0);
}

describe('accessibility and layout of every screen (axe, no sideways scroll, screenshots)', () => {
  let s: Session;
  /** Every screen checked, with what axe found and how far it scrolled sideways. */
  const found: { screen: string; violations: string[]; overflow: number }[] = [];

  /** Checks the current screen at both sizes; `prepare` brings it back after the resize (e.g. reopens a drawer). */
  async function check(screen: string, options: { fullPage?: boolean; prepare?: (width: number) => Promise<void> } = {}): Promise<void> {
    for (const [width, height] of SIZES) {
      await s.page.setViewportSize({ width, height });
      await options.prepare?.(width);
      await s.page.waitForTimeout(150); // layout and the rendering that follows a resize
      await screenshot(s.page, `a11y-${screen}-${width}x${height}`, { fullPage: options.fullPage ?? true });
      found.push({ screen: `${screen} @${width}`, violations: await axe(s.page), overflow: await overflow(s.page) });
    }
    await s.page.setViewportSize({ width: 1280, height: 800 });
  }

  beforeAll(async () => {
    s = await launch();
    await openApp(s.page);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('main screen, empty: the skip link is the first Tab stop and lands in the question box; without it the box is the fifth stop', async () => {
    await s.page.keyboard.press('Tab');
    expect(await s.page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to the question');
    await s.page.keyboard.press('Enter');
    // The link moves focus on the next frame (after switching to the Ask view when needed).
    await expect.poll(() => s.page.evaluate(() => document.activeElement?.id)).toBe('question');
    expect(await s.page.getByRole('heading', { level: 1 }).count()).toBe(1);
    await s.page.reload();
    await s.page.getByLabel('Ask a question or search your documents').waitFor();
    expect(await tabsToQuestion(s.page)).toBe(5);
    await check('main-empty');
  });

  it('main screen with documents; at 390 px the question comes first and the documents are in a drawer', async () => {
    // Remember what the job bar said, however fast the import is.
    await s.page.evaluate(() => {
      const w = window as unknown as { __jobTitles: string[] };
      w.__jobTitles = [];
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('[data-testid=import-job] .job-title')) if (!w.__jobTitles.includes(el.textContent ?? '')) w.__jobTitles.push(el.textContent ?? '');
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await s.page.getByRole('button', { name: 'Try sample documents' }).click();
    for (const name of ['master-services-agreement.pdf', 'mutual-nda.txt', 'data-retention-policy.md']) await waitForStatus(s.page, name, 'Ready');
    const titles = await s.page.evaluate(() => (window as unknown as { __jobTitles: string[] }).__jobTitles);
    expect(titles.length).toBeGreaterThan(0);
    // A fresh profile has measured nothing: no time is promised before the first file is read.
    expect(titles[0]).toMatch(/^Importing samples 0 of 3 files · estimating the time left…$/);
    for (const t of titles) expect(t).toMatch(/^Importing samples \d of 3 files( · about \d+ (s|min) left| · estimating the time left…)?$/);
    await expect.poll(() => s.page.getByTestId('import-announcement').textContent()).toBe('Import finished.');
    await s.page.getByTestId('file-input').setInputFiles([{ name: LONG_NAME, mimeType: 'text/plain', buffer: Buffer.from(LONG_TEXT) }]);
    await waitForStatus(s.page, LONG_NAME, 'Ready');

    // From page load the question box is still the fifth Tab stop with four documents.
    await s.page.reload();
    await s.page.getByLabel('Ask a question or search your documents').waitFor();
    expect(await tabsToQuestion(s.page)).toBe(5);
    // The documents list is one Tab stop; ↓ goes to the same control of the next document.
    const list = s.page.getByRole('list', { name: 'Documents in this workspace' });
    for (let i = 0; i < 12 && !(await list.evaluate((l) => l.contains(document.activeElement))); i++) await s.page.keyboard.press('Tab');
    const first = await s.page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    expect(first).toBe('Search in this document (master-services-agreement.pdf)');
    await s.page.keyboard.press('ArrowDown');
    expect(await s.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Search in this document (mutual-nda.txt)');
    await s.page.keyboard.press('ArrowRight');
    expect(await s.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Delete mutual-nda.txt');
    expect(await list.evaluate((l) => [...l.querySelectorAll('button')].filter((b) => b.tabIndex === 0).length)).toBe(1);
    await s.page.keyboard.press('Tab');
    expect(await list.evaluate((l) => l.contains(document.activeElement))).toBe(false);
    await s.page.keyboard.press('Shift+Tab');
    expect(await s.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Delete mutual-nda.txt');
    await check('main-documents');

    await s.page.setViewportSize({ width: 390, height: 844 });
    // The question box is on the first screen, above the conversation, without scrolling.
    const question = await s.page.locator('#question').boundingBox();
    expect(question!.y + question!.height).toBeLessThan(844);
    const opener = s.page.getByRole('button', { name: 'Documents (4)' });
    await opener.click();
    const drawer = s.page.getByRole('dialog', { name: 'Documents' });
    await drawer.waitFor();
    // Focus stays in the drawer while it is open.
    for (let i = 0; i < 25; i++) await s.page.keyboard.press('Tab');
    expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await check('main-drawer', {
      prepare: async (width) => {
        if (width < 700 && !(await drawer.isVisible())) await opener.click();
      },
    });
    await s.page.setViewportSize({ width: 390, height: 844 });
    if (!(await drawer.isVisible())) await opener.click();
    await s.page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(await s.page.evaluate(() => document.activeElement?.textContent)).toBe('Documents (4)');
    await s.page.setViewportSize({ width: 1280, height: 800 });
  });

  it('a conversation with an answer and its citations (one from the long-named file)', async () => {
    await ask(s.page, 'termination fee forty thousand euros');
    expect((await results(s.page)).map((r) => r.file)).toContain(LONG_NAME);
    await check('conversation-long-name');
    // Its citation in the viewer, at both sizes.
    const long = s.page.getByTestId('result').filter({ hasText: LONG_NAME }).first().getByRole('button');
    await long.click();
    const viewer = s.page.getByRole('dialog', { name: LONG_NAME });
    await viewer.getByTestId('passage').first().waitFor();
    await check('viewer-long-name', { fullPage: false });
    await s.page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });
    await ask(s.page, 'limitation of liability cap');
    await expect.poll(() => s.page.getByTestId('answer-announcement').textContent()).toMatch(/^Answer ready: \d+ passages? from \d+ documents?\.$/);
    await check('conversation');
  });

  it('the viewer: the PDF page, then the text; Escape returns focus to the citation', async () => {
    const opener = s.page.getByTestId('result').first().getByRole('button');
    await opener.click();
    const dialog = s.page.getByRole('dialog', { name: 'master-services-agreement.pdf' });
    await dialog.waitFor();
    await dialog.getByTestId('highlight').first().waitFor();
    await check('viewer-page', { fullPage: false, prepare: () => dialog.getByTestId('highlight').first().waitFor() });
    await dialog.getByRole('button', { name: 'Text', exact: true }).click();
    await dialog.getByTestId('passage').first().waitFor();
    await check('viewer-text', { fullPage: false });
    await s.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('settings, each tab; Escape returns focus to the Settings button', async () => {
    const opener = s.page.getByRole('button', { name: 'Settings', exact: true });
    await opener.click();
    const dialog = s.page.getByRole('dialog', { name: 'Settings' });
    await dialog.waitFor();
    for (const tab of ['Search', 'Models', 'Storage', 'Languages']) {
      await dialog.getByRole('tab', { name: tab }).click();
      await check(`settings-${tab.toLowerCase()}`, { fullPage: false });
    }
    // Close sits on the title's row, at its right end, at both sizes (it used to float under the title).
    for (const [width, height] of SIZES) {
      await s.page.setViewportSize({ width, height });
      const title = (await dialog.getByRole('heading', { name: 'Settings' }).boundingBox())!;
      const close = (await dialog.getByRole('button', { name: 'Close settings' }).boundingBox())!;
      const box = (await dialog.boundingBox())!;
      expect(Math.abs(close.y + close.height / 2 - (title.y + title.height / 2))).toBeLessThan(title.height / 2);
      expect(box.x + box.width - (close.x + close.width)).toBeLessThan(40);
    }
    await s.page.setViewportSize({ width: 1280, height: 800 });
    await s.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('the Review view: flags, portfolio, playbooks and the editor', async () => {
    // (services-agreement.pdf would also match master-services-agreement.pdf by name.)
    await upload(s.page, 'supply-agreement.pdf');
    await scan(s.page, ['supply-agreement.pdf', LONG_NAME]);
    await s.page.getByTestId('flag').first().waitFor();
    await check('review-flags');
    // The flags and the portfolio grid are one Tab stop each; the arrow keys move inside.
    await roving(s.page.getByRole('group', { name: 'Flags' }), 'ArrowDown');
    await s.page.getByRole('tab', { name: 'Portfolio' }).click();
    await s.page.getByTestId('portfolio-row').first().waitFor();
    await roving(s.page.locator('table.portfolio-grid'), 'ArrowRight');
    await check('review-portfolio');
    await s.page.getByRole('tab', { name: 'Playbooks' }).click();
    await check('review-playbooks');
    await s.page.getByRole('listitem', { name: 'Commercial contracts' }).getByRole('button', { name: 'Edit' }).click();
    await s.page.getByTestId('validation').waitFor();
    await check('review-editor');
    await s.page.getByRole('region', { name: /^Edit playbook/ }).getByRole('button', { name: 'Close' }).click();
    await view(s.page, 'Ask');
  });

  it('found no violation and no sideways scroll on any screen', () => {
    const bad = found.filter((f) => f.violations.length > 0 || f.overflow > 0);
    expect(bad.map((f) => `${f.screen}: overflow ${f.overflow}px\n  ${f.violations.join('\n  ')}`).join('\n')).toBe('');
    expect(found.length).toBeGreaterThanOrEqual(30);
    expect(s.consoleErrors).toEqual([]);
  });
});
