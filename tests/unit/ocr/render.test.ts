/** pdf.ts `renderForOcr`: pages that need OCR are rendered to PNG (Node: pdf.js on @napi-rs/canvas). */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/core/errors';
import type { ParsedPage } from '../../../src/core/ports';
import { DEFAULT_OCR_MAX_PIXELS, ocrScale, parsePdf, type PdfParseOptions } from '../../../src/parsers/pdf';
import { loadPdfJsNode } from '../../../src/parsers/pdfjs-node';
import { makeScannedPdf } from '../../fixtures/scanned';

let scan: Uint8Array;
beforeAll(async () => {
  scan = await makeScannedPdf({ dpi: 100 });
});

async function pages(bytes: Uint8Array, options: PdfParseOptions): Promise<ParsedPage[]> {
  const out: ParsedPage[] = [];
  for await (const item of parsePdf(bytes.slice(), 'test.pdf', loadPdfJsNode, options)) if (item.kind === 'page') out.push(item.page);
  return out;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(data: ArrayBuffer): [number, number] {
  const view = new DataView(data);
  expect(view.getUint32(0)).toBe(0x89504e47);
  return [view.getUint32(16), view.getUint32(20)];
}

describe('ocrScale', () => {
  it('turns DPI into a pdf.js scale, default 300 DPI', () => {
    expect(ocrScale(612, 792)).toBeCloseTo(300 / 72);
    expect(ocrScale(612, 792, { dpi: 144 })).toBe(2);
    expect(ocrScale(612, 792, { scale: 1.5, dpi: 600 })).toBe(1.5);
  });

  it('caps the picture at maxPixels (12 MP by default)', () => {
    // A3 at 300 DPI would be 17.4 MP.
    const s = ocrScale(842, 1191, {});
    expect(842 * s * 1191 * s).toBeCloseTo(DEFAULT_OCR_MAX_PIXELS, -3);
    const small = ocrScale(612, 792, { maxPixels: 1_000_000 });
    expect(612 * small * 792 * small).toBeLessThanOrEqual(1_000_001);
  });

  it('rejects a scale that is not positive', () => {
    expect(() => ocrScale(612, 792, { dpi: 0 })).toThrow(AppError);
    expect(() => ocrScale(612, 792, { scale: Number.NaN })).toThrow(/renderForOcr needs a positive scale or dpi/);
  });
});

describe('parsePdf with renderForOcr', () => {
  it('renders each scanned page to a PNG of the requested resolution', async () => {
    const result = await pages(scan, { renderForOcr: { dpi: 150 } });
    expect(result.map((p) => [p.page, p.needsOcr, p.image?.mediaType, p.image?.width, p.image?.height])).toEqual([
      [1, true, 'image/png', 1275, 1650],
      [2, true, 'image/png', 1275, 1650],
    ]);
    for (const p of result) {
      expect(pngSize(p.image!.data)).toEqual([1275, 1650]);
      expect(p.image!.data.byteLength).toBeGreaterThan(20_000); // text, not a blank page
    }
  });

  it('keeps the picture under maxPixels', async () => {
    const [first] = await pages(scan, { renderForOcr: { dpi: 300, maxPixels: 2_000_000 } });
    expect(first!.image!.width * first!.image!.height).toBeLessThanOrEqual(2_000_000);
    expect(first!.image!.width).toBeGreaterThan(1000);
  });

  it('renders nothing without the option, and nothing for pages with a text layer', async () => {
    expect((await pages(scan, {})).map((p) => p.image)).toEqual([undefined, undefined]);
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf.addPage([612, 792]).drawText('This agreement is governed by the laws of Delaware.', { x: 72, y: 700, size: 12, font });
    const [text] = await pages(await pdf.save(), { renderForOcr: { dpi: 150 } });
    expect(text!.needsOcr).toBe(false);
    expect(text!.image).toBeUndefined();
  });

  it('rejects a bad renderForOcr before reading any page', async () => {
    await expect(pages(scan, { renderForOcr: { dpi: -1 } })).rejects.toMatchObject({ code: 'input/invalid' });
  });
});
