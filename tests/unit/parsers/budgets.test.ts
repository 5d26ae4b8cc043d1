import { describe, expect, it } from 'vitest';
import { memorySourceFile } from '../../../src/cli/node-source-file';
import { AppError, FileError, fromSerialized, toSerialized } from '../../../src/core/errors';
import type { ParsedItem } from '../../../src/core/ports';
import { budgetError, DEFAULT_BUDGETS, isBudgetError, ParseClock, resolveBudgets } from '../../../src/parsers/budgets';
import { htmlToText } from '../../../src/parsers/html-text';
import { InProcessParser } from '../../../src/parsers/parser';
import { makePngBytes } from './helpers/images';

async function failure(items: AsyncIterable<ParsedItem>): Promise<FileError> {
  try {
    for await (const _ of items) {
      // drain
    }
  } catch (error) {
    return error as FileError;
  }
  throw new Error('expected a failure');
}

describe('budget errors', () => {
  it('name the limit and survive the worker boundary, so the proxy can recycle its worker', () => {
    const error = budgetError('big.pdf', 'maxPages', 'the document has too many pages to read (9,000; the limit is 5,000)', { max: 5000, actual: 9000 });
    expect(error).toBeInstanceOf(FileError);
    expect(error).toMatchObject({ code: 'file/limit', message: 'big.pdf: the document has too many pages to read (9,000; the limit is 5,000)', details: { fileName: 'big.pdf', limit: 'maxPages', max: 5000, actual: 9000 } });
    expect(isBudgetError(error)).toBe(true);
    expect(isBudgetError(fromSerialized(toSerialized(error)))).toBe(true);
    expect(isBudgetError(new FileError('file/corrupt', 'x.pdf', 'damaged'))).toBe(false);
    expect(isBudgetError(new AppError('internal', 'boom'))).toBe(false);
  });

  it('resolveBudgets keeps the defaults for fields not given', () => {
    expect(resolveBudgets(undefined)).toBe(DEFAULT_BUDGETS);
    expect(resolveBudgets({ maxPages: 10 })).toEqual({ ...DEFAULT_BUDGETS, maxPages: 10 });
  });
});

describe('the parse clock', () => {
  it('counts only the parser’s own time, and fails per file and per page', () => {
    let now = 0;
    const clock = new ParseClock('slow.pdf', { maxParseMs: 1000, maxPageMs: 300 }, () => now);
    clock.resume();
    now = 200;
    clock.check(1);
    clock.pause();
    now = 10_000; // the consumer (OCR, indexing) holds the page: not the parser's time
    clock.resume();
    expect(clock.spent).toBe(200);
    now = 10_400;
    expect(() => clock.check(2)).toThrow('slow.pdf: page 2 takes too long to read (stopped after 0.4 s; the limit is 0.3 s a page)');
    now = 11_000;
    const error = (() => {
      try {
        clock.check();
      } catch (e) {
        return e as FileError;
      }
      return null;
    })();
    expect(error).toMatchObject({ code: 'file/limit', details: { limit: 'maxParseMs', max: 1000, actual: 1200 } });
    expect(error!.message).toBe('slow.pdf: reading it takes too long (stopped after 1.2 s; the limit is 1.0 s)');
  });

  it('stops a parse between pages once its time is spent', async () => {
    const text = Array.from({ length: 50 }, (_, i) => `Page ${i + 1} text`).join('\f');
    const parser = new InProcessParser({ budgets: { maxParseMs: 0 } });
    const error = await failure(parser.parse(memorySourceFile('pages.txt', text)));
    expect(error.details).toMatchObject({ limit: 'maxParseMs' });
  });
});

describe('HTML depth', () => {
  it('fails deep or unclosed nesting quickly while parsing, with no stack overflow', () => {
    for (const html of [`<html><body>${'<div>'.repeat(100_000)}deep`, `<body>${'<b><i><span>'.repeat(40_000)}x`]) {
      const start = performance.now();
      expect(() => htmlToText(html, { fileName: 'deep.html' })).toThrow('deep.html: the page nests its elements too deeply to read (more than 512 levels)');
      expect(performance.now() - start).toBeLessThan(2000);
    }
  });

  it('reads nesting up to the limit, and implicitly closed paragraphs do not count as depth', () => {
    expect(htmlToText(`${'<div>'.repeat(500)}inside${'</div>'.repeat(500)}`).pages[0]).toBe('inside');
    expect(htmlToText(`${'<p>para '.repeat(5000)}`).pages[0]!.split('\n\n')).toHaveLength(5000);
    expect(() => htmlToText(`${'<div>'.repeat(20)}x`, { maxDepth: 10, fileName: 'a.html' })).toThrow(FileError);
  });
});

describe('image budgets', () => {
  it('counts channels and bit depth, not only pixels', async () => {
    const png = makePngBytes(4, 4);
    // Rewrite IHDR: 9,000 × 9,000 RGBA at 16 bits = 648 MB decoded (81 MP is under the pixel limit).
    const v = new DataView(png.buffer);
    v.setUint32(16, 9000);
    v.setUint32(20, 9000);
    png[24] = 16;
    png[25] = 6;
    const { crc32 } = await import('../../../src/parsers/image-headers');
    v.setUint32(29, crc32(png.subarray(12, 29)));
    const error = await failure(new InProcessParser().parse(memorySourceFile('deep.png', png)));
    expect(error).toMatchObject({ code: 'file/too-large', details: { limit: 'maxImageBytes', channels: 4, bitsPerSample: 16 } });
    expect(error.message).toBe('deep.png: the image is too large to read (9000 × 9000 pixels × 4 channels of 16 bits decode to 618 MB; the limit is 400 MB)');
  });
});
