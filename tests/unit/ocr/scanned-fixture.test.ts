/** The scanned-PDF generator (tests/fixtures/scanned.ts): deterministic, image-only, two pages. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { memorySourceFile } from '../../../src/cli/node-source-file';
import type { ParsedItem } from '../../../src/core/ports';
import { InProcessParser } from '../../../src/parsers/parser';
import { loadPdfJsNode } from '../../../src/parsers/pdfjs-node';
import { makeScannedPdf, renderScanPage, SCANNED_PAGES, wordRecall } from '../../fixtures/scanned';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('makeScannedPdf', () => {
  it('gives the same bytes every time', { timeout: 30_000 }, async () => {
    const a = await makeScannedPdf({ dpi: 100 });
    expect(sha(await makeScannedPdf({ dpi: 100 }))).toBe(sha(a));
    const noisy = await makeScannedPdf({ dpi: 100, noise: 0.05, seed: 3 });
    expect(sha(await makeScannedPdf({ dpi: 100, noise: 0.05, seed: 3 }))).toBe(sha(noisy));
    expect(sha(noisy)).not.toBe(sha(a));
  });

  it('is a 2-page PDF with no text layer: every page needs OCR', { timeout: 30_000 }, async () => {
    const items: ParsedItem[] = [];
    for await (const item of new InProcessParser({ pdfjs: loadPdfJsNode }).parse(memorySourceFile('scan.pdf', await makeScannedPdf()))) items.push(item);
    expect(items[0]).toMatchObject({ kind: 'info', info: { pages: 2, mediaType: 'application/pdf' } });
    const pages = items.flatMap((i) => (i.kind === 'page' ? [i.page] : []));
    expect(pages.map((p) => [p.page, p.text, p.needsOcr, p.image])).toEqual([
      [1, '', true, undefined],
      [2, '', true, undefined],
    ]);
  });

  it('draws each page at the requested resolution, PNG or JPEG', () => {
    const png = renderScanPage(SCANNED_PAGES[0]!, { dpi: 100 });
    expect([png.width, png.height, png.mediaType]).toEqual([850, 1100, 'image/png']);
    expect([...png.data.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const jpeg = renderScanPage(SCANNED_PAGES[1]!, { dpi: 100, jpegQuality: 50 });
    expect([...jpeg.data.subarray(0, 2)]).toEqual([0xff, 0xd8]);
  });

  it('gives each page its own words', () => {
    const [one, two] = SCANNED_PAGES;
    expect(wordRecall(one!.paragraphs.join(' ') + one!.heading, one!.expect)).toBe(1);
    expect(wordRecall(two!.paragraphs.join(' ') + two!.heading, one!.expect)).toBe(0);
  });
});
