/**
 * Renders public/icons/icon.svg to the PNG sizes the web app manifest and iOS need, with
 * Debian's Chromium (playwright-core). Run: npx tsx src/cli/make-icons.ts
 */
import { readFile, writeFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const ICONS = new URL('../../public/icons/', import.meta.url);

const targets = [
  { file: 'icon-192.png', size: 192, padding: 0 },
  { file: 'icon-512.png', size: 512, padding: 0 },
  { file: 'maskable-512.png', size: 512, padding: 0.1 },
  { file: 'apple-touch-icon.png', size: 180, padding: 0 },
];

const svg = await readFile(new URL('icon.svg', ICONS), 'utf8');
const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox'] });
try {
  const page = await browser.newPage();
  for (const t of targets) {
    const inner = Math.round(t.size * (1 - 2 * t.padding));
    await page.setViewportSize({ width: t.size, height: t.size });
    await page.setContent(
      `<html><body style="margin:0;background:#1f4e8c;display:grid;place-items:center;width:${t.size}px;height:${t.size}px">` +
        `<div style="width:${inner}px;height:${inner}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body></html>`,
    );
    await writeFile(new URL(t.file, ICONS), await page.screenshot({ omitBackground: false }));
    console.log(`wrote public/icons/${t.file}`);
  }
} finally {
  await browser.close();
}
