/**
 * WorkerParser against the real session API over a MessageChannel: the same code path as the
 * app's parse worker, minus the Worker itself (Node has no module workers for our TS).
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WorkerParser } from '../../../src/app/workers/parser-proxy';
import { registerRpcErrors } from '../../../src/rpc/errors';
import { memorySourceFile, nodeSourceFile } from '../../../src/cli/node-source-file';
import { AbortedError, FileError } from '../../../src/core/errors';
import type { ParsedItem, ParseOptions, Parser, SourceFile } from '../../../src/core/ports';
import { InProcessParser } from '../../../src/parsers/parser';
import { loadPdfJsNode } from '../../../src/parsers/pdfjs-node';
import { createParseSessions, type ParseSessionsApi } from '../../../src/parsers/sessions';
import { makeEncryptedPdf } from './helpers/encrypted-pdf';
import { makePngBytes } from './helpers/images';
import { SAMPLES_DIR } from './helpers/fixtures';
import { channelWorker } from '../../helpers/channel-worker';

registerRpcErrors();

const MSA = join(SAMPLES_DIR, 'master-services-agreement.pdf');

/** Counts what the "worker side" does, to check the consumer drives the pace. */
class CountingParser implements Parser {
  pulled = 0;
  /** The page images as the worker side produced them. */
  readonly images: ArrayBuffer[] = [];
  constructor(readonly inner: Parser) {}
  async *parse(file: SourceFile, options?: ParseOptions): AsyncGenerator<ParsedItem> {
    for await (const item of this.inner.parse(file, options)) {
      this.pulled++;
      if (item.kind === 'page' && item.page.image) this.images.push(item.page.image.data);
      yield item;
    }
  }
}

interface Harness {
  readonly parser: WorkerParser;
  readonly counting: CountingParser;
  readonly sessions: () => ParseSessionsApi[];
  terminated: number;
}

const harnesses: Harness[] = [];

function harness(idleMs = 10_000): Harness {
  const counting = new CountingParser(new InProcessParser({ pdfjs: loadPdfJsNode }));
  const apis: ParseSessionsApi[] = [];
  const h: Harness = {
    counting,
    sessions: () => apis,
    terminated: 0,
    parser: new WorkerParser({
      idleMs,
      spawn: () => {
        const api = createParseSessions(counting);
        apis.push(api);
        return channelWorker(api, () => h.terminated++);
      },
    }),
  };
  harnesses.push(h);
  return h;
}

afterEach(() => {
  for (const h of harnesses.splice(0)) h.parser.terminate();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('WorkerParser (comlink over a MessageChannel)', () => {
  it('parses the sample PDF page by page, pulling one item at a time', async () => {
    const h = harness();
    const seen: string[] = [];
    for await (const item of h.parser.parse(await nodeSourceFile(MSA))) {
      seen.push(item.kind === 'info' ? `info:${item.info.pages}` : `page:${item.page.page}`);
      // The worker side has produced exactly what we consumed: it never runs ahead.
      expect(h.counting.pulled).toBe(seen.length);
      await sleep(5);
      expect(h.counting.pulled).toBe(seen.length);
    }
    expect(seen).toEqual(['info:7', 'page:1', 'page:2', 'page:3', 'page:4', 'page:5', 'page:6', 'page:7']);
    expect(h.sessions()[0]!.openStreams()).toBe(0);
  });

  it('transfers the bytes instead of copying them', async () => {
    const h = harness();
    const buffer = new TextEncoder().encode('A short note.\n').buffer;
    const file: SourceFile = { name: 'n.txt', path: 'n.txt', size: buffer.byteLength, mediaType: 'text/plain', lastModified: null, bytes: async () => buffer };
    for await (const item of h.parser.parse(file)) void item;
    expect(buffer.byteLength).toBe(0); // detached: ownership went to the worker
  });

  it('transfers a page image from the worker instead of copying it', async () => {
    const h = harness();
    const png = makePngBytes(16, 16);
    const file: SourceFile = { name: 'scan.png', path: 'scan.png', size: png.byteLength, mediaType: 'image/png', lastModified: null, bytes: async () => png.slice().buffer };
    const pages: ParsedItem[] = [];
    for await (const item of h.parser.parse(file)) if (item.kind === 'page') pages.push(item);
    const page = pages[0];
    expect(page?.kind === 'page' && page.page.image?.data.byteLength).toBeGreaterThan(0);
    expect(h.counting.images).toHaveLength(1);
    expect(h.counting.images[0]!.byteLength).toBe(0); // detached on the worker side: moved, not cloned
  });

  it('a FileError from the worker arrives as a FileError', async () => {
    const h = harness();
    const run = async () => {
      for await (const item of h.parser.parse(memorySourceFile('sealed.pdf', makeEncryptedPdf('pw', 'Secret')))) void item;
    };
    const error = await run().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FileError);
    expect(error).toMatchObject({ code: 'file/encrypted', message: 'sealed.pdf: the PDF is password-protected; a password is needed to open it' });
    expect(h.sessions()[0]!.openStreams()).toBe(0);
  });

  it('passes the password through', async () => {
    const h = harness();
    const items: ParsedItem[] = [];
    for await (const item of h.parser.parse(memorySourceFile('sealed.pdf', makeEncryptedPdf('pw', 'Secret terms')), { password: 'pw' })) items.push(item);
    expect(items[1]).toMatchObject({ kind: 'page', page: { text: 'Secret terms' } });
  });

  it('maps an AbortSignal to cancel(): stops between pages and frees the session', async () => {
    const h = harness();
    const controller = new AbortController();
    const pages: number[] = [];
    let error: unknown;
    try {
      for await (const item of h.parser.parse(await nodeSourceFile(MSA), { signal: controller.signal })) {
        if (item.kind === 'page') {
          pages.push(item.page.page);
          if (item.page.page === 2) controller.abort();
        }
      }
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AbortedError);
    expect(pages).toEqual([1, 2]);
    await sleep(50);
    expect(h.sessions()[0]!.openStreams()).toBe(0);
    expect(h.counting.pulled).toBeLessThanOrEqual(3); // info + 2 pages; nothing parsed after the abort
  });

  it('closes the session when the consumer stops early', async () => {
    const h = harness();
    for await (const item of h.parser.parse(await nodeSourceFile(MSA))) {
      if (item.kind === 'page') break;
    }
    await sleep(50);
    expect(h.sessions()[0]!.openStreams()).toBe(0);
  });

  it('terminates the worker when idle and respawns it on the next parse', async () => {
    const h = harness(30);
    const note = () => memorySourceFile('note.md', '# Note\n\nBody.');
    for await (const item of h.parser.parse(note())) void item;
    expect(h.parser.running).toBe(true);
    await sleep(80);
    expect(h.parser.running).toBe(false);
    expect(h.terminated).toBe(1);
    for await (const item of h.parser.parse(note())) void item;
    expect(h.parser.spawned).toBe(2);
  });

  it('shares one worker between concurrent parses', async () => {
    const h = harness();
    const drain = async (f: SourceFile) => {
      let n = 0;
      for await (const item of h.parser.parse(f)) if (item.kind === 'page') n++;
      return n;
    };
    const counts = await Promise.all([drain(await nodeSourceFile(MSA)), drain(memorySourceFile('a.txt', 'one\ftwo'))]);
    expect(counts).toEqual([7, 2]);
    expect(h.parser.spawned).toBe(1);
  });
});
