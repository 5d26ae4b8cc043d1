import { describe, expect, it } from 'vitest';
import { AbortedError, FileError, isAbort } from '../../../../src/core/errors';
import { sha256Hex } from '../../../../src/core/hash';
import { readAhead } from '../../../../src/core/ingest/read-ahead';
import type { ParsedItem, ParseOptions, Parser, SourceFile } from '../../../../src/core/ports';

const BYTES = new TextEncoder().encode('contract text').buffer;
const source: SourceFile = { name: 'a.pdf', path: 'a.pdf', size: BYTES.byteLength, mediaType: 'application/pdf', lastModified: 1, bytes: async () => BYTES.slice(0) };

const page = (n: number, image = false): ParsedItem => ({
  kind: 'page',
  page: { page: n, text: `page ${n}`, ocr: false, confidence: null, needsOcr: image, ...(image ? { image: { width: 1, height: 1, mediaType: 'image/png', data: new ArrayBuffer(4) } } : {}) },
});

/** Yields `items` (then throws `error`), counting what the consumer pulled and whether the stream was closed. */
class CountingParser implements Parser {
  pulled = 0;
  closed = false;
  signal: AbortSignal | undefined;
  constructor(
    private readonly items: readonly ParsedItem[],
    private readonly error?: Error,
  ) {}
  async *parse(_f: SourceFile, options: ParseOptions = {}): AsyncIterable<ParsedItem> {
    this.signal = options.signal;
    try {
      for (const item of this.items) {
        if (options.signal?.aborted) throw new AbortedError('parsing');
        this.pulled++;
        yield item;
      }
      if (this.error) throw this.error;
    } finally {
      this.closed = true;
    }
  }
}

const settle = () => new Promise((r) => setTimeout(r, 10));

async function drain(items: AsyncIterable<ParsedItem>): Promise<ParsedItem[]> {
  const out: ParsedItem[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('readAhead', () => {
  it('hashes the bytes and replays every item in order', async () => {
    const items = [{ kind: 'info', info: { pages: 3, title: null, mediaType: 'application/pdf' } } as const, page(1), page(2), page(3)];
    const read = readAhead(source, new CountingParser(items));
    expect(await read.sha256).toBe(await sha256Hex(BYTES.slice(0)));
    expect(await drain(read.items())).toEqual(items);
  });

  it('reads at most maxAhead items ahead of the consumer, and none past a page waiting for OCR', async () => {
    const parser = new CountingParser([page(1), page(2), page(3), page(4), page(5)]);
    const read = readAhead(source, parser, { maxAhead: 2 });
    await settle();
    expect(parser.pulled).toBe(2);
    const scan = new CountingParser([page(1, true), page(2), page(3)]);
    readAhead(source, scan);
    await settle();
    expect(scan.pulled).toBe(1);
    expect((await drain(read.items())).length).toBe(5);
  });

  it('meets the parser error after the items before it', async () => {
    const read = readAhead(source, new CountingParser([page(1)], new FileError('file/corrupt', 'a.pdf', 'not a valid PDF')));
    const seen: ParsedItem[] = [];
    const error = await (async () => {
      for await (const item of read.items()) seen.push(item);
    })().catch((e: unknown) => e);
    expect(seen).toEqual([page(1)]);
    expect(error).toBeInstanceOf(FileError);
    expect((error as Error).message).toBe('a.pdf: not a valid PDF');
  });

  it('rejects its hash when the bytes cannot be read', async () => {
    const gone: SourceFile = { ...source, bytes: () => Promise.reject(new FileError('file/corrupt', 'a.pdf', 'the file is gone')) };
    const read = readAhead(gone, new CountingParser([page(1)]));
    await expect(read.sha256).rejects.toThrow('a.pdf: the file is gone');
    await expect(drain(read.items())).rejects.toThrow('a.pdf: the file is gone');
  });

  it('close() stops the parse and closes its stream', async () => {
    const parser = new CountingParser([page(1), page(2), page(3), page(4)]);
    const read = readAhead(source, parser, { maxAhead: 1 });
    await settle();
    read.close();
    await settle();
    expect(parser.signal?.aborted).toBe(true);
    expect(parser.closed).toBe(true);
    expect(parser.pulled).toBeLessThan(4);
  });

  it('a consumer waiting for the next item stops with AbortedError when its signal fires', async () => {
    const never: Parser = {
      // eslint-disable-next-line require-yield -- a parser that never produces a page
      async *parse() {
        await new Promise(() => undefined);
      },
    };
    const read = readAhead(source, never);
    const controller = new AbortController();
    const consuming = drain(read.items(controller.signal));
    await settle();
    controller.abort();
    const error = await consuming.catch((e: unknown) => e);
    expect(isAbort(error)).toBe(true);
    read.close();
  });
});
