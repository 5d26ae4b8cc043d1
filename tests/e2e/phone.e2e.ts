/**
 * The source viewer on a phone (390 × 844, touch) and on a desktop, in Chromium:
 *
 *  - a citation opens in the text, reflowed at a readable size with the passage marked (a
 *    printed page fitted to 390 px sets its type at about 5 CSS pixels); "Original" shows the
 *    page fitted to the width with the passage's text under it; two fingers zoom it (pointer
 *    events, as a touch screen sends them), + and − too; nothing scrolls sideways;
 *  - every citation opens in the screen's default view: choosing "Text" for one citation does
 *    not open the next one in Text on a desktop.
 * Screenshots: tests/e2e/artifacts/phone-viewer-{text,original}.png.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, ask, latestTurn, launch, openApp, screenshot, waitForStatus, type Session } from './support';

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A two-finger pinch on `selector`, spreading the fingers from `from` to `to` pixels apart. */
async function pinch(page: Page, selector: string, from: number, to: number): Promise<void> {
  await page.evaluate(
    ([sel, a, b]) => {
      const el = document.querySelector(sel)!;
      const box = el.getBoundingClientRect();
      const cx = box.left + box.width / 2;
      const cy = box.top + box.height / 2;
      const send = (type: string, id: number, x: number) => el.dispatchEvent(new PointerEvent(type, { pointerId: id, pointerType: 'touch', clientX: x, clientY: cy, bubbles: true, cancelable: true }));
      send('pointerdown', 1, cx - a / 2);
      send('pointerdown', 2, cx + a / 2);
      for (let i = 1; i <= 5; i++) {
        const d = a + ((b - a) * i) / 5;
        send('pointermove', 1, cx - d / 2);
        send('pointermove', 2, cx + d / 2);
      }
      send('pointerup', 1, cx - b / 2);
      send('pointerup', 2, cx + b / 2);
    },
    [selector, from, to] as const,
  );
}

describe('the source viewer on a phone and on a desktop', () => {
  let s: Session;

  beforeAll(async () => {
    s = await launch();
    await openApp(s.page);
    await s.page.getByRole('button', { name: 'Try sample documents' }).click();
    await waitForStatus(s.page, 'master-services-agreement.pdf', 'Ready');
  }, 90_000);

  afterAll(async () => {
    await s?.close();
  });

  it('on a phone a citation opens in the text, reflowed and readable, the passage marked', async () => {
    await s.page.setViewportSize({ width: 390, height: 844 });
    await ask(s.page, 'limitation of liability cap');
    await latestTurn(s.page).getByTestId('result').first().getByRole('button').click();
    const dialog = s.page.getByRole('dialog', { name: 'master-services-agreement.pdf' });
    await dialog.getByTestId('passage').first().waitFor();
    expect(await dialog.getByTestId('viewer-page').getAttribute('data-view')).toBe('text');
    const font = await dialog.getByTestId('passage').first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(font).toBeGreaterThanOrEqual(15);
    // The printed line breaks inside the clause are gone: it wraps at the phone's width.
    expect(await dialog.getByTestId('passage').first().textContent()).toContain('arising out of or relating to this Agreement');
    expect(await overflow(s.page)).toBeLessThanOrEqual(0);
    await screenshot(s.page, 'phone-viewer-text', { fullPage: false });
  });

  it('"Original" fits the page to the width with the passage under it; pinch and + / − zoom it', async () => {
    const dialog = s.page.getByRole('dialog', { name: 'master-services-agreement.pdf' });
    await dialog.getByRole('button', { name: 'Original', exact: true }).click();
    await dialog.getByTestId('highlight').first().waitFor();
    const page = await dialog.getByTestId('pdf-page').boundingBox();
    expect(page!.width).toBeLessThanOrEqual(390);
    expect(page!.width).toBeGreaterThan(300);
    const passage = dialog.getByTestId('viewer-passage');
    expect(await passage.textContent()).toContain('shall not exceed the fees paid in the twelve (12) months');
    expect(await overflow(s.page)).toBeLessThanOrEqual(0);
    await screenshot(s.page, 'phone-viewer-original', { fullPage: false });

    const zoom = dialog.getByRole('status', { name: 'Zoom level' }).or(dialog.locator('output[aria-label="Zoom level"]'));
    expect(await zoom.textContent()).toBe('100%');
    await pinch(s.page, '[data-testid=viewer-page]', 100, 200);
    await expect.poll(() => zoom.textContent()).toBe('200%');
    await expect.poll(async () => (await dialog.getByTestId('pdf-page').boundingBox())!.width).toBeGreaterThan(page!.width * 1.8);
    await dialog.getByRole('button', { name: 'Zoom out' }).click();
    expect(await zoom.textContent()).toBe('150%');
    await pinch(s.page, '[data-testid=viewer-page]', 300, 60);
    await expect.poll(() => zoom.textContent()).toBe('50%');
    expect(await overflow(s.page)).toBeLessThanOrEqual(0);
    await s.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('on a desktop every citation opens in the original, whatever view the last one was left in', async () => {
    await s.page.setViewportSize({ width: 1280, height: 800 });
    const opener = latestTurn(s.page).getByTestId('result').first().getByRole('button');
    await opener.click();
    const dialog = s.page.getByRole('dialog', { name: 'master-services-agreement.pdf' });
    await dialog.getByTestId('highlight').first().waitFor();
    expect(await dialog.getByTestId('viewer-page').getAttribute('data-view')).toBe('original');
    await dialog.getByRole('button', { name: 'Text', exact: true }).click();
    await dialog.getByTestId('passage').first().waitFor();
    await s.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await opener.click();
    await dialog.getByTestId('highlight').first().waitFor();
    expect(await dialog.getByTestId('viewer-page').getAttribute('data-view')).toBe('original');
    await s.page.keyboard.press('Escape');
    expect(s.consoleErrors).toEqual([]);
    expect(ARTIFACTS).toBe('tests/e2e/artifacts');
  });

  it('on a phone a form\'s blank (a long run of underscores) wraps in the quote and the sources, nothing scrolls sideways', async () => {
    // An endorsement form as filed: where the payments go is left blank, a line of underscores with no space in it.
    const blank = '_'.repeat(140);
    const form = `ENDORSEMENT AGREEMENT\n\n4. PAYMENTS. All payments to be made to the Professional pursuant to the terms of this Agreement shall be made to the Professional and delivered to ${blank} or at such other address as shall be designated in writing by the Professional.\n\n5. TERM. The term of this Agreement shall extend from the date of execution hereof through December 31, 1998.`;
    await s.page.getByTestId('file-input').setInputFiles([{ name: 'endorsement-form.txt', mimeType: 'text/plain', buffer: Buffer.from(form) }]);
    await waitForStatus(s.page, 'endorsement-form.txt', 'Ready');
    await s.page.setViewportSize({ width: 390, height: 844 });
    await ask(s.page, 'where are payments to the professional delivered under the endorsement form?');
    expect(await latestTurn(s.page).getByTestId('result').first().textContent()).toContain('____');
    expect(await overflow(s.page)).toBeLessThanOrEqual(0);
    await s.page.setViewportSize({ width: 1280, height: 800 });
    expect(s.consoleErrors).toEqual([]);
  });
});
