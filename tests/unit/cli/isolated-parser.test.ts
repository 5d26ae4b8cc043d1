import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IsolatedParser } from '../../../src/cli/isolated-parser';
import { memorySourceFile, nodeSourceFile } from '../../../src/cli/node-source-file';
import type { FileError } from '../../../src/core/errors';
import type { ParsedItem, SourceFile } from '../../../src/core/ports';
import { pdfStreamBomb } from '../../fixtures/hostile/raw-pdf';
import { SAMPLES_DIR } from '../parsers/helpers/fixtures';

async function run(parser: IsolatedParser, file: SourceFile): Promise<{ items: ParsedItem[]; error: FileError | null; ms: number }> {
  const items: ParsedItem[] = [];
  const start = performance.now();
  try {
    for await (const item of parser.parse(file)) items.push(item);
    return { items, error: null, ms: performance.now() - start };
  } catch (error) {
    return { items, error: error as FileError, ms: performance.now() - start };
  }
}

/** Budgets the stream bomb passes, so only the hard limits can stop pdf.js decoding 1 GiB. */
const OPEN = { maxStreamBytes: 8 * 1024 ** 3, maxDecodedBytes: 8 * 1024 ** 3 };

describe('IsolatedParser: a parse thread under a deadline and a memory ceiling', () => {
  const parsers: IsolatedParser[] = [];
  afterAll(async () => {
    for (const p of parsers) await p.terminate();
  });

  it('parses like the in-process parser, in one thread reused across files', async () => {
    const parser = new IsolatedParser();
    parsers.push(parser);
    const msa = await run(parser, await nodeSourceFile(join(SAMPLES_DIR, 'master-services-agreement.pdf')));
    expect(msa.error).toBeNull();
    expect(msa.items[0]).toEqual({ kind: 'info', info: { pages: 7, title: 'Master Services Agreement', mediaType: 'application/pdf' } });
    expect(msa.items.filter((i) => i.kind === 'page')).toHaveLength(7);
    const txt = await run(parser, memorySourceFile('note.txt', 'A short note.'));
    expect(txt.items).toHaveLength(2);
    const empty = await run(parser, memorySourceFile('x.pdf', new Uint8Array([1, 2, 3])));
    expect(empty.error).toMatchObject({ name: 'FileError', code: 'file/corrupt' });
    expect(parser.spawned).toBe(1);
  }, 60_000);

  it('terminates a parse that passes its deadline, then starts a fresh thread for the next file', async () => {
    const parser = new IsolatedParser({ timeoutMs: 3000, budgets: OPEN });
    parsers.push(parser);
    const bomb = await run(parser, memorySourceFile('bomb.pdf', pdfStreamBomb()));
    expect(bomb.error).toMatchObject({ code: 'file/limit', details: { limit: 'hardTimeMs', max: 3000 } });
    expect(bomb.error!.message).toBe('bomb.pdf: reading it took too long (stopped after 3 s)');
    expect(bomb.ms).toBeLessThan(4500);
    const next = await run(parser, memorySourceFile('note.txt', 'Still reading files afterwards.'));
    expect(next.error).toBeNull();
    expect(parser.spawned).toBe(2);
  }, 60_000);

  it('terminates a parse that drives the process past its memory ceiling', async () => {
    const ceiling = process.memoryUsage.rss() + 300 * 1024 * 1024;
    const parser = new IsolatedParser({ timeoutMs: 60_000, maxRssBytes: ceiling, budgets: OPEN });
    parsers.push(parser);
    const bomb = await run(parser, memorySourceFile('bomb.pdf', pdfStreamBomb()));
    expect(bomb.error).toMatchObject({ code: 'file/limit', details: { limit: 'hardRssBytes', max: ceiling } });
    expect(bomb.error!.message).toMatch(/^bomb\.pdf: reading it needs too much memory \(stopped at [\d.,]+ [MG]B; the limit is [\d.,]+ [MG]B\)$/);
    expect(bomb.ms).toBeLessThan(30_000);
  }, 60_000);
});
