import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IsolatedParser } from '../../../src/cli/isolated-parser';
import { memorySourceFile } from '../../../src/cli/node-source-file';
import type { FileError } from '../../../src/core/errors';
import type { Parser, SourceFile } from '../../../src/core/ports';
import { prng } from '../../../src/core/prng';
import { isPdfJsInternalError } from '../../../src/parsers/pdf';
import { declaredPageCount, scanPdfStreams, streamFilters } from '../../../src/parsers/pdf-scan';
import { InProcessParser } from '../../../src/parsers/parser';
import { loadPdfJsNode } from '../../../src/parsers/pdfjs-node';
import { onePagePdf, pdfImageBomb, pdfPageBomb, pdfStreamBomb, textPdf, zlibZeros } from '../../fixtures/hostile/raw-pdf';
import { SAMPLES_DIR } from './helpers/fixtures';

const parser = new InProcessParser({ pdfjs: loadPdfJsNode });
const BUDGETS = { maxStreamBytes: 64 * 1024 * 1024, maxDecodedBytes: 512 * 1024 * 1024 };

async function outcome(file: SourceFile, p: Parser = parser): Promise<{ pages: number; error: FileError | null }> {
  let pages = 0;
  try {
    for await (const item of p.parse(file)) if (item.kind === 'page') pages++;
    return { pages, error: null };
  } catch (error) {
    return { pages, error: error as FileError };
  }
}

describe('the PDF stream pre-scan', () => {
  it('reads filter names, single or chained', () => {
    expect(streamFilters('<< /Length 5 /Filter /FlateDecode >>')).toEqual(['FlateDecode']);
    expect(streamFilters('<< /Filter [/FlateDecode /FlateDecode] /Length 9 >>')).toEqual(['FlateDecode', 'FlateDecode']);
    expect(streamFilters('<< /Filter[/ASCII85Decode/LZWDecode] >>')).toEqual(['ASCII85Decode', 'LZWDecode']);
    expect(streamFilters('<< /Length 3 >>')).toEqual([]);
  });

  it('measures the Flate streams of a normal PDF', () => {
    const pdf = textPdf(['A line of text.', 'Another line.']);
    const scan = scanPdfStreams(pdf, 'ok.pdf', BUDGETS);
    expect(scan).toMatchObject({ streams: 1, measured: 1, oversizedImages: [] });
    expect(scan.decodedBytes).toBeGreaterThan(30);
  });

  it('stops a 2 KB PDF whose page inflates twice to 1 GiB, in well under a second of decoding', () => {
    const bomb = pdfStreamBomb();
    expect(bomb.length).toBeLessThan(4096);
    const start = performance.now();
    expect(() => scanPdfStreams(bomb, 'bomb.pdf', BUDGETS)).toThrow('bomb.pdf: a stream (object 4, compressed 2 times) decompresses past the 64 MB limit (stopped there; a decompression bomb or a damaged file)');
    expect(performance.now() - start).toBeLessThan(3000);
  });

  it('counts all streams together against the document budget', () => {
    const many = onePagePdf(zlibZeros(40 * 1024 * 1024), '/FlateDecode', [{ body: '<< /Filter /FlateDecode >>', stream: zlibZeros(40 * 1024 * 1024) }]);
    expect(() => scanPdfStreams(many, 'two.pdf', { maxStreamBytes: 64 * 1024 * 1024, maxDecodedBytes: 64 * 1024 * 1024 })).toThrow(/^two\.pdf: the PDF's streams decompress past the 64 MB limit/);
    expect(scanPdfStreams(many, 'two.pdf', BUDGETS).decodedBytes).toBe(80 * 1024 * 1024);
  });
});

describe('PDF budgets through the parser', () => {
  it('fails the stream bomb before pdf.js decodes it (was ~30 s and 2.5 GB)', async () => {
    const start = performance.now();
    const { error } = await outcome(memorySourceFile('stream-bomb.pdf', pdfStreamBomb()));
    expect(performance.now() - start).toBeLessThan(5000);
    expect(error).toMatchObject({ code: 'file/limit', details: { limit: 'maxStreamBytes' } });
  });

  it('fails a document over the page budget right after opening it', async () => {
    const small = new InProcessParser({ pdfjs: loadPdfJsNode, budgets: { maxPages: 100 } });
    const { error } = await outcome(memorySourceFile('pages.pdf', pdfPageBomb(300)), small);
    expect(error).toMatchObject({ code: 'file/limit', details: { limit: 'maxPages', max: 100, actual: 300 } });
    expect(error!.message).toBe('pages.pdf: the document has too many pages to read (300; the limit is 100)');
  });

  it('refuses a document that declares more pages than the budget before pdf.js parses its page tree', async () => {
    expect(declaredPageCount(pdfPageBomb(300))).toBe(300);
    expect(declaredPageCount(textPdf(['One page.']))).toBe(1);
    const start = performance.now();
    const { error } = await outcome(memorySourceFile('page-bomb.pdf', pdfPageBomb(20_000)));
    expect(error).toMatchObject({ code: 'file/limit', details: { limit: 'maxPages', max: 5000, actual: 20_000 } });
    // pdf.js alone needs ~5 s to open it; the byte scan answers in milliseconds.
    expect(performance.now() - start).toBeLessThan(3000);
  });

  it('fails a page holding more text than the budget', async () => {
    const dense = new InProcessParser({ pdfjs: loadPdfJsNode, budgets: { maxPageChars: 100 } });
    const { error } = await outcome(memorySourceFile('dense.pdf', textPdf(Array.from({ length: 20 }, (_, i) => `Line ${i} of a page that holds too much text.`))), dense);
    expect(error).toMatchObject({ code: 'file/limit', details: { limit: 'maxPageChars', page: 1 } });
    expect(error!.message).toMatch(/^dense\.pdf: page 1 holds too much text to read \(more than 100 characters\)$/);
  });
});

describe('PDF images over the pixel budget', () => {
  it('are skipped by pdf.js; a document with nothing else says why it cannot be read', async () => {
    const { error } = await outcome(memorySourceFile('poster.pdf', pdfImageBomb(60_000, 60_000)));
    expect(error).toMatchObject({ code: 'file/limit', details: { limit: 'maxImagePixels', actual: 3_600_000_000 } });
    expect(error!.message).toBe('poster.pdf: its pages hold only images too large to read (60000 × 60000 pixels; the limit is 100 megapixels)');
  });
});

describe("pdf.js's unobserved rejections", () => {
  it('are recognised by name and by where they were thrown', () => {
    const format = Object.assign(new Error('Invalid number: R'), { name: 'FormatError' });
    expect(isPdfJsInternalError(format)).toBe(true);
    expect(isPdfJsInternalError(new TypeError('x is not a function'))).toBe(false);
    expect(isPdfJsInternalError('string')).toBe(false);
  });

  it('bit-flipped PDFs end ok or failed with a message, and none takes its parse thread down', async () => {
    // In a thread Node's default is to die on an unhandled rejection (as a browser worker
    // reports it): pdf.js's own prefetch rejections must not count.
    const base = new Uint8Array(await readFile(join(SAMPLES_DIR, 'master-services-agreement.pdf')));
    const rnd = prng(7);
    const isolated = new IsolatedParser({ timeoutMs: 30_000 });
    try {
      for (let i = 0; i < 50; i++) {
        const bytes = base.slice();
        const flips = 1 + Math.floor(rnd() * 20);
        for (let k = 0; k < flips; k++) bytes[Math.floor(rnd() * bytes.length)]! ^= 1 << Math.floor(rnd() * 8);
        // Seeds 31 and 49 of this sequence hit pdf.js's prefetch with a damaged page dictionary.
        if (i !== 31 && i !== 49 && i % 10 !== 0) continue;
        const { error } = await outcome(memorySourceFile(`flip-${i}.pdf`, bytes), isolated);
        if (error) expect(error.message, `flip-${i}`).toMatch(new RegExp(`^flip-${i}\\.pdf: `));
        expect(error?.details?.['crashed'], `flip-${i}: ${error?.message}`).toBeUndefined();
      }
      expect(isolated.spawned).toBe(1);
    } finally {
      await isolated.terminate();
    }
  }, 120_000);
});
