/**
 * Manual browser check of OCR (not part of CI): builds tests/e2e/ocr-page, serves it with the
 * app's CSP as a header and COOP/COEP, and in headless Chromium
 *   1. parses the generated scan in a parse worker (pdf.js on OffscreenCanvas, 300 DPI) and reads
 *      each page in workers/ocr.worker.ts (nested tesseract.js worker from our origin);
 *   2. installs the service worker, goes offline, reloads and does it again;
 *   3. cancels a page mid-read, reads again, and checks the worker closes when idle;
 *   4. times repeated OCR of one page image (pages/s);
 * and reports every request that left the origin and every CSP violation (there must be none).
 *
 *   npx tsx tests/e2e/ocr-page/check.ts         (needs /usr/bin/chromium; no network)
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { nodeEngDataDir } from '../../../src/ocr/node-runtime';
import { makeScannedPdf, renderScanPage, SCANNED_PAGES, wordRecall } from '../../fixtures/scanned';
import { buildOcrPage, PAGE_OUT, serveOcrPage } from './build';

interface PageRun {
  page: number;
  needsOcr: boolean;
  width: number;
  height: number;
  pngBytes: number;
  text: string;
  confidence: number;
  ocrMs: number;
}
interface ParseAndOcr {
  pages: PageRun[];
  parseMs: number;
  ocrMs: number;
  totalMs: number;
  spawned: number;
}
interface OcrResult {
  text: string;
  confidence: number;
}
interface OcrCheckApi {
  crossOriginIsolated: boolean;
  controlled(): boolean;
  registerServiceWorker(): Promise<void>;
  stash(paths: string[]): Promise<void>;
  probe(path: string): Promise<{ ok: boolean; status: number; bytes: number }>;
  parseAndOcr(path: string): Promise<ParseAndOcr>;
  recognizeLanguage(path: string, language: string, extraLangPath: string): Promise<OcrResult>;
  recognizeFile(path: string, mediaType: string, repeat: number): Promise<{ results: OcrResult[]; ms: number[]; detached: boolean }>;
  benchCoresInterleaved(files: string[], path: string, rounds: number): Promise<Record<string, number[]>>;
  benchCore(file: string, path: string, repeat: number): Promise<{ ms: number[]; confidence: number }>;
  abortAndIdle(path: string): Promise<{ abortedAs: string; abortMs: number; after: OcrResult; runningAfterIdle: boolean; spawned: number }>;
}
declare const window: { ocrCheck: OcrCheckApi };

function summarize(label: string, run: ParseAndOcr): boolean {
  let ok = run.pages.length === SCANNED_PAGES.length;
  for (const p of run.pages) {
    const expected = SCANNED_PAGES[p.page - 1]?.expect ?? [];
    const others = SCANNED_PAGES.filter((_, i) => i !== p.page - 1).flatMap((s) => s.expect);
    const recall = wordRecall(p.text, expected);
    const leaked = wordRecall(p.text, others);
    ok &&= p.needsOcr && recall >= 0.9 && leaked < 0.3 && p.confidence > 80;
    console.log(`  ${label} page ${p.page}: ${p.width}x${p.height} png ${(p.pngBytes / 1024).toFixed(0)} KB, OCR ${p.ocrMs.toFixed(0)} ms, confidence ${p.confidence}, expected words ${(recall * 100).toFixed(0)}%`);
  }
  console.log(`  ${label}: parse+render ${run.parseMs.toFixed(0)} ms, OCR ${run.ocrMs.toFixed(0)} ms, total ${run.totalMs.toFixed(0)} ms, OCR workers spawned ${run.spawned}`);
  return ok;
}

async function main(): Promise<void> {
  console.log('building the check page…');
  await buildOcrPage();
  writeFileSync(join(PAGE_OUT, 'fixtures', 'scan.pdf'), await makeScannedPdf());
  const clean = renderScanPage(SCANNED_PAGES[0]!, { dpi: 300 });
  writeFileSync(join(PAGE_OUT, 'fixtures', 'page1.png'), clean.data);
  // A stand-in download folder for a language that does not ship: English data saved as "deu".
  mkdirSync(join(PAGE_OUT, 'fixtures', 'lang'), { recursive: true });
  copyFileSync(join(nodeEngDataDir(), 'eng.traineddata.gz'), join(PAGE_OUT, 'fixtures', 'lang', 'deu.traineddata.gz'));
  const server = await serveOcrPage();
  const origin = new URL(server.url).origin;
  const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
  const failures: string[] = [];
  try {
    const context = await browser.newContext({ serviceWorkers: 'allow' });
    const requests: string[] = [];
    const problems: string[] = [];
    context.on('request', (r) => requests.push(r.url()));
    context.on('response', (r) => {
      if (r.status() >= 400) problems.push(`HTTP ${r.status()} for ${r.url()}`);
    });
    const page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error' || /Content Security Policy|Refused to/i.test(m.text())) problems.push(`console ${m.type()}: ${m.text()} (${m.location().url})`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    context.on('weberror', (e) => problems.push(`web error: ${e.error().message}`));
    page.setDefaultTimeout(120_000);

    await page.goto(server.url);
    await page.getByText('ready').waitFor();
    const isolated = await page.evaluate(() => window.ocrCheck.crossOriginIsolated);
    console.log(`page: ${server.url} (crossOriginIsolated ${isolated})`);

    console.log('1. online: parse (render) + OCR of the 2-page scan');
    if (!summarize('online', await page.evaluate(() => window.ocrCheck.parseAndOcr('/fixtures/scan.pdf')))) failures.push('online parse+OCR');

    const downloadFolder = `${origin}/fixtures/lang/`;
    const deu = await page.evaluate(([p, l, f]) => window.ocrCheck.recognizeLanguage(p, l, f), ['/fixtures/page1.png', 'deu', downloadFolder] as [string, string, string]);
    console.log(`  language "deu" from ${downloadFolder}: confidence ${deu.confidence}, expected words ${(wordRecall(deu.text, SCANNED_PAGES[0]!.expect) * 100).toFixed(0)}%`);
    if (deu.confidence < 80) failures.push('download-folder language');

    console.log('2. service worker, then offline');
    await page.evaluate(() => window.ocrCheck.registerServiceWorker());
    await page.evaluate(() => window.ocrCheck.stash(['/fixtures/scan.pdf', '/fixtures/page1.png']));
    await page.reload();
    await page.getByText('ready').waitFor();
    const controlled = await page.evaluate(() => window.ocrCheck.controlled());
    // The plain (no SIMD) core is not precached: fetched once, the runtime route keeps it.
    const fallbackCore = '/tesseract/core/tesseract-core-lstm.wasm.js';
    const coreOnline = await page.evaluate((p) => window.ocrCheck.probe(p), fallbackCore);
    await context.setOffline(true);
    const coreOffline = await page.evaluate((p) => window.ocrCheck.probe(p), fallbackCore);
    console.log(`  ${fallbackCore} (runtime-cached): online ${coreOnline.status} ${coreOnline.bytes} B, then offline ${coreOffline.status} ${coreOffline.bytes} B`);
    if (!coreOffline.ok || coreOffline.bytes !== coreOnline.bytes) failures.push('runtime cache of the fallback core');
    await page.reload();
    await page.getByText('ready').waitFor();
    const controlledOffline = await page.evaluate(() => window.ocrCheck.controlled());
    console.log(`  controlled by the service worker: ${controlled}; after an offline reload: ${controlledOffline}`);
    // The scan itself is not precached (fixtures/**): the page kept a copy in the Cache API.
    const offline = await page.evaluate(async () => {
      return window.ocrCheck.parseAndOcr('/fixtures/scan.pdf').catch((e: unknown) => ({ error: String(e) }));
    });
    if ('error' in offline) {
      console.log(`  offline run failed: ${offline.error}`);
      failures.push('offline parse+OCR');
    } else if (!summarize('offline', offline)) failures.push('offline parse+OCR');

    const deuOffline = await page.evaluate(([p, l, f]) => window.ocrCheck.recognizeLanguage(p, l, f).catch((e: unknown) => ({ text: String(e), confidence: -1 })), ['/fixtures/page1.png', 'deu', downloadFolder] as [string, string, string]);
    console.log(`  offline, language "deu" (downloaded before, from tesseract.js's IndexedDB cache): confidence ${deuOffline.confidence}${deuOffline.confidence < 0 ? ` (${deuOffline.text})` : ''}`);
    if (deuOffline.confidence < 80) failures.push('downloaded language offline');

    console.log('3. cancel mid-page, read again, idle close');
    const abort = await page.evaluate(() => window.ocrCheck.abortAndIdle('/fixtures/page1.png'));
    console.log(`  aborted as ${abort.abortedAs} after ${abort.abortMs.toFixed(0)} ms; next read confidence ${abort.after.confidence}; worker running after idle: ${abort.runningAfterIdle}; workers spawned ${abort.spawned}`);
    if (abort.abortedAs !== 'AbortedError' || abort.after.confidence < 80 || abort.runningAfterIdle) failures.push('abort/idle');

    console.log('4. OCR speed (same 300 DPI page image, one warm worker)');
    const repeat = Number(process.env['OCR_REPEAT'] ?? 5);
    const speed = await page.evaluate((n) => window.ocrCheck.recognizeFile('/fixtures/page1.png', 'image/png', n), repeat);
    const warm = speed.ms.slice(1);
    const mean = warm.reduce((a, b) => a + b, 0) / Math.max(1, warm.length);
    console.log(`  first ${speed.ms[0]?.toFixed(0)} ms (includes worker start), then ${warm.map((m) => m.toFixed(0)).join(', ')} ms: ${(1000 / mean).toFixed(2)} pages/s; image bytes transferred (detached): ${speed.detached}`);

    await context.setOffline(false);
    if (process.env['OCR_CORES']) {
      console.log('5. core variants (pinned corePath, tesseract.js workers spawned by the page, alternating page by page)');
      const files = process.env['OCR_CORES'].split(',');
      const r = await page.evaluate(([f, n]) => window.ocrCheck.benchCoresInterleaved(f, '/fixtures/page1.png', n), [files, repeat] as [string[], number]);
      for (const [file, ms] of Object.entries(r)) {
        const sorted = [...ms].sort((a, b) => a - b);
        const median = sorted[Math.floor(sorted.length / 2)]!;
        console.log(`  ${file}: median ${median.toFixed(0)} ms (${(1000 / median).toFixed(2)} pages/s); ${ms.map((x) => x.toFixed(0)).join(', ')}`);
      }
    }

    await context.setOffline(false);
    const tesseractFiles = [...new Set(requests.filter((u) => u.includes('/tesseract/')).map((u) => new URL(u).pathname))];
    console.log(`tesseract files requested: ${tesseractFiles.join(', ')}`);
    const foreign = requests.filter((u) => !u.startsWith(origin) && !u.startsWith('blob:') && !u.startsWith('data:'));
    console.log(`requests: ${requests.length}, outside ${origin}: ${foreign.length}`);
    if (foreign.length > 0 || problems.length > 0) {
      failures.push('requests outside the origin or CSP/console errors');
      for (const p of [...foreign, ...problems]) console.log(`  ! ${p}`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
  console.log(failures.length === 0 ? 'OK' : `FAILED: ${failures.join('; ')}`);
  process.exitCode = failures.length === 0 ? 0 : 1;
}

await main();
