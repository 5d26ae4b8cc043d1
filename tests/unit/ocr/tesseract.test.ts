/**
 * TesseractOcr in Node, end to end: the generated scan parsed by InProcessParser with
 * renderForOcr (pdf.js on @napi-rs/canvas), each page read by tesseract.js (worker_threads,
 * English from @tesseract.js-data/eng). One engine (one tesseract worker) serves every test.
 */
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkerOcr } from '../../../src/app/workers/ocr-proxy';
import { memorySourceFile } from '../../../src/cli/node-source-file';
import { AbortedError, InputError } from '../../../src/core/errors';
import type { PageImage, ParsedPage } from '../../../src/core/ports';
import { nodeEngDataDir, nodeOcrRuntime } from '../../../src/ocr/node-runtime';
import { createOcrService } from '../../../src/ocr/service';
import { TesseractOcr } from '../../../src/ocr/tesseract';
import { fold } from '../../../src/core/view/align';
import { passageBoxes } from '../../../src/core/view/word-boxes';
import { InProcessParser } from '../../../src/parsers/parser';
import { parsePdf } from '../../../src/parsers/pdf';
import { loadPdfJsNode } from '../../../src/parsers/pdfjs-node';
import { makeScannedPdf, renderScanPage, SCANNED_PAGES, wordRecall } from '../../fixtures/scanned';
import { channelWorker } from '../../helpers/channel-worker';

const ocr = new TesseractOcr({ runtime: nodeOcrRuntime() });
const pages: ParsedPage[] = [];

/** An InProcessParser whose PDF handler renders pages that need OCR (200 DPI keeps the test quick). */
const parser = new InProcessParser({
  pdfjs: loadPdfJsNode,
  handlers: { pdf: ({ bytes, file, options }) => parsePdf(bytes, file.name, loadPdfJsNode, { signal: options.signal, password: options.password, renderForOcr: { dpi: 200 } }) },
});

const image = (n: number): PageImage => pages[n - 1]!.image!;

/** A quick page for the lifecycle tests: page 1 at 100 DPI (a quarter of the pixels). */
const small = renderScanPage(SCANNED_PAGES[0]!, { dpi: 100 });
const smallImage = (): PageImage => ({ width: small.width, height: small.height, mediaType: small.mediaType, data: small.data.slice().buffer });

beforeAll(async () => {
  for await (const item of parser.parse(memorySourceFile('scan.pdf', await makeScannedPdf()))) if (item.kind === 'page') pages.push(item.page);
  await ocr.prepare();
}, 60_000);

afterAll(async () => {
  await ocr.terminate();
});

describe('TesseractOcr (Node)', { timeout: 30_000 }, () => {
  it('reads each scanned page: expected words, right page, high confidence', async () => {
    expect(pages.map((p) => [p.page, p.needsOcr, p.image?.mediaType])).toEqual([
      [1, true, 'image/png'],
      [2, true, 'image/png'],
    ]);
    const read = [];
    for (const page of pages) read.push({ page: page.page, ...(await ocr.recognize(page.image!)) });
    for (const r of read) {
      const own = SCANNED_PAGES[r.page - 1]!.expect;
      const other = SCANNED_PAGES[2 - r.page]!.expect;
      expect(wordRecall(r.text, own), r.text).toBeGreaterThanOrEqual(0.9);
      expect(wordRecall(r.text, other)).toBe(0);
      expect(r.confidence).toBeGreaterThan(85);
      expect(r.confidence).toBeLessThanOrEqual(100);
    }
    expect(read[0]!.text.startsWith('7. INDEMNIFICATION\n\n7.1 The Supplier shall indemnify')).toBe(true);
    expect(ocr.started).toBe(1);
  });

  it('reports each word with its box on the picture, so a passage can be highlighted there', async () => {
    const page = pages[1]!;
    const result = await ocr.recognize(page.image!);
    const words = result.words ?? [];
    expect(words.length).toBeGreaterThan(100);
    for (const w of words) {
      expect(w.x0).toBeGreaterThanOrEqual(0);
      expect(w.y0).toBeGreaterThanOrEqual(0);
      expect(w.x1).toBeLessThanOrEqual(page.image!.width);
      expect(w.y1).toBeLessThanOrEqual(page.image!.height);
      expect(w.x1).toBeGreaterThan(w.x0);
    }
    // The words are the text, in reading order.
    expect(fold(words.map((w) => w.text).join('')).chars).toBe(fold(result.text).chars);
    // The Delaware clause (12.3) is drawn below the termination clause (12.1), in the text column.
    const clause = (text: string) => passageBoxes(text, { width: page.image!.width, height: page.image!.height, words });
    const termination = clause(SCANNED_PAGES[1]!.paragraphs[0]!);
    const law = clause(SCANNED_PAGES[1]!.paragraphs[2]!);
    expect(termination.coverage).toBeGreaterThan(0.95);
    expect(law.coverage).toBeGreaterThan(0.95);
    expect(law.boxes[0]!.y0).toBeGreaterThan(termination.boxes.at(-1)!.y1);
    expect(law.boxes.length).toBeGreaterThanOrEqual(2); // one box per printed line
    const margin = (72 * 200) / 72; // the fixture's 1-inch margin at 200 DPI
    for (const b of [...termination.boxes, ...law.boxes]) {
      expect(b.x0).toBeGreaterThan(margin * 0.8);
      expect(b.x1).toBeLessThan(page.image!.width - margin * 0.8);
    }
  });

  it('cancels a page mid-read at once, and the next page still reads', async () => {
    const started = ocr.started;
    const controller = new AbortController();
    const reading = ocr.recognize(image(2), { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const t = performance.now();
    await expect(reading).rejects.toBeInstanceOf(AbortedError);
    expect(performance.now() - t).toBeLessThan(1_000);
    const next = await ocr.recognize(smallImage());
    expect(wordRecall(next.text, SCANNED_PAGES[0]!.expect)).toBeGreaterThanOrEqual(0.75);
    expect(ocr.started).toBe(started + 1); // the aborted worker was ended, a new one started
  });

  it('drops a queued request on abort without disturbing the one being read (nor its buffer)', async () => {
    const controller = new AbortController();
    const mine = smallImage();
    const first = ocr.recognize(mine);
    const second = ocr.recognize(image(2), { signal: controller.signal });
    expect(mine.data.byteLength).toBeGreaterThan(0); // the engine copied what it needs
    controller.abort();
    await expect(second).rejects.toBeInstanceOf(AbortedError);
    expect((await first).confidence).toBeGreaterThan(80);
  });

  it('refuses bad input before starting anything', async () => {
    await expect(ocr.recognize({ width: 1, height: 1, mediaType: 'image/png', data: new ArrayBuffer(0) })).rejects.toBeInstanceOf(InputError);
    await expect(ocr.recognize(image(1), { languages: ['spa'] })).rejects.toThrow('ocr: no language data for spa');
    const empty = mkdtempSync(join(tmpdir(), 'casefile-ocr-'));
    const started = ocr.started;
    await expect(ocr.recognize(image(1), { languages: ['spa'], extraLangPath: empty })).rejects.toThrow(/spa\.traineddata\.gz is missing/);
    expect(ocr.started).toBe(started);
    const aborted = new AbortController();
    aborted.abort();
    await expect(ocr.recognize(image(1), { signal: aborted.signal })).rejects.toBeInstanceOf(AbortedError);
  });

  it('fails a page it cannot decode, and keeps reading the next ones with the same worker', async () => {
    const started = ocr.started;
    const garbage: PageImage = { width: 10, height: 10, mediaType: 'image/png', data: new TextEncoder().encode('not a png at all').buffer };
    await expect(ocr.recognize(garbage)).rejects.toMatchObject({ code: 'internal', message: expect.stringMatching(/^ocr: tesseract failed to read a 10x10 image\/png page image: /) as unknown });
    expect((await ocr.recognize(smallImage())).confidence).toBeGreaterThan(80);
    expect(ocr.started).toBe(started);
  });

  it('reads other languages from the download folder (extraLangPath), any mix from there', async () => {
    // A stand-in download folder: the English model saved under the name "spa" (no network here).
    const folder = mkdtempSync(join(tmpdir(), 'casefile-lang-'));
    copyFileSync(join(nodeEngDataDir(), 'eng.traineddata.gz'), join(folder, 'spa.traineddata.gz'));
    const started = ocr.started;
    const result = await ocr.recognize(smallImage(), { languages: ['spa'], extraLangPath: folder });
    expect(wordRecall(result.text, SCANNED_PAGES[0]!.expect)).toBeGreaterThanOrEqual(0.75);
    expect(ocr.started).toBe(started + 1); // a worker set up for spa@folder replaced the eng one
    await expect(ocr.recognize(smallImage(), { languages: ['spa', 'eng'], extraLangPath: folder })).rejects.toThrow(/eng\.traineddata\.gz is missing/);
  });

  it('tells a French page from an English one and reads it again with the French model (accents kept)', { timeout: 90_000 }, async () => {
    const french = renderScanPage(
      {
        heading: 'Article 1195',
        paragraphs: ['Si un changement de circonstances imprévisible lors de la conclusion du contrat rend l’exécution excessivement onéreuse pour une partie qui n’avait pas accepté d’en assumer le risque, celle-ci peut demander une renégociation du contrat à son cocontractant.'],
        expect: [],
      },
      { dpi: 150 },
    );
    const img = (): PageImage => ({ width: french.width, height: french.height, mediaType: french.mediaType, data: french.data.slice().buffer });
    const english = await ocr.recognize(img(), { languages: ['eng'] });
    expect(english.languages).toEqual(['eng']);
    const told = await ocr.recognize(img(), { languages: ['eng'], detect: ['eng', 'fra', 'deu'] });
    expect(told.languages).toEqual(['fra']);
    expect(told.text).toContain('imprévisible');
    expect(told.text).toContain('onéreuse');
    expect(told.confidence).toBeGreaterThanOrEqual(english.confidence);
    // An English page stays English, read once.
    const started = ocr.started;
    const page = await ocr.recognize(smallImage(), { languages: ['eng'], detect: ['eng', 'fra', 'deu'] });
    expect(page.languages).toEqual(['eng']);
    expect(ocr.started).toBe(started + 1); // back from the fra worker to an eng one, once
  });

  it('runs behind WorkerOcr over a MessageChannel (the app’s path)', async () => {
    const proxy = new WorkerOcr({
      spawn: () => channelWorker(createOcrService(ocr)),
    });
    const page = smallImage();
    const result = await proxy.recognize(page);
    expect(page.data.byteLength).toBe(0); // transferred
    expect(wordRecall(result.text, SCANNED_PAGES[0]!.expect)).toBeGreaterThanOrEqual(0.75);
    proxy.terminate();
  });

  it('gives up on a page that takes too long (job/timeout) and ends that worker', async () => {
    const impatient = new TesseractOcr({ runtime: nodeOcrRuntime(), pageTimeoutMs: 30 });
    try {
      await impatient.prepare();
      await expect(impatient.recognize(image(1))).rejects.toMatchObject({ code: 'job/timeout', message: expect.stringMatching(/^ocr: gave up on a 1700x2200 page image after 0 s/) as unknown });
      expect(impatient.running).toBe(false);
    } finally {
      await impatient.terminate();
    }
  });

  it('ends its worker on terminate() and starts again on demand', async () => {
    await ocr.terminate();
    expect(ocr.running).toBe(false);
    const started = ocr.started;
    expect((await ocr.recognize(smallImage())).confidence).toBeGreaterThan(80);
    expect(ocr.started).toBe(started + 1);
  });
});
