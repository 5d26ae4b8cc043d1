/**
 * WorkerParser and hostile files: a file that exhausted a parser budget retires the worker (the
 * next file gets a fresh one), a pull that outlasts the deadline terminates the worker and fails
 * the file by name, and a worker that dies mid-file fails that file (details.crashed).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { WorkerParser } from '../../../src/app/workers/parser-proxy';
import { memorySourceFile } from '../../../src/cli/node-source-file';
import { FileError } from '../../../src/core/errors';
import type { ParsedItem, ParseOptions, Parser, SourceFile } from '../../../src/core/ports';
import { analyzeDocument, type AnalyzeMeta } from '../../../src/core/ingest/analyze';
import type { PageText } from '../../../src/core/ingest/chunker';
import { budgetError } from '../../../src/parsers/budgets';
import { createParseSessions } from '../../../src/parsers/sessions';
import { registerRpcErrors } from '../../../src/rpc/errors';
import { channelWorker } from '../../helpers/channel-worker';

registerRpcErrors();

type Behaviour = 'ok' | 'budget' | 'hang' | 'crash';

/** A worker-side parser whose behaviour the test chooses per file (by name). */
class ScriptedParser implements Parser {
  constructor(private readonly onCrash: () => void) {}
  async *parse(file: SourceFile, options?: ParseOptions): AsyncGenerator<ParsedItem> {
    const behaviour = file.name.split('.')[0] as Behaviour;
    yield { kind: 'info', info: { pages: 2, title: null, mediaType: 'text/plain' } };
    if (behaviour === 'budget') throw budgetError(file.name, 'maxPages', 'it has too many pages', { max: 1, actual: 2 });
    if (behaviour === 'hang') await new Promise((_, reject) => options?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    if (behaviour === 'crash') {
      this.onCrash();
      await new Promise(() => undefined);
    }
    for (const page of [1, 2]) yield { kind: 'page', page: { page, text: `page ${page}`, ocr: false, confidence: null, needsOcr: false } };
  }
}

const parsers: WorkerParser[] = [];

function setup() {
  const ports: MessagePort[] = [];
  let terminated = 0;
  const parser = new WorkerParser({
    deadlines: { firstMs: 2_000, pageMs: 300, analyzeMs: 300, analyzePerMbMs: 1000 },
    spawn: () => {
      const endpoint = channelWorker(
        {
          ...createParseSessions(new ScriptedParser(() => queueMicrotask(() => endpoint.dispatchEvent(Object.assign(new Event('error'), { message: 'out of memory' }))))),
          // The text stage: a page saying "hang" never ends (as a quadratic step would not, in time).
          analyze: (pages: PageText[], meta: AnalyzeMeta) => (pages.some((p) => p.text === 'hang') ? new Promise(() => undefined) : analyzeDocument(pages, meta)),
        },
        () => terminated++,
      );
      ports.push(endpoint);
      return endpoint;
    },
  });
  parsers.push(parser);
  return { parser, terminated: () => terminated };
}

afterEach(() => {
  for (const p of parsers.splice(0)) p.terminate();
});

async function drain(parser: WorkerParser, name: string): Promise<number> {
  let pages = 0;
  for await (const item of parser.parse(memorySourceFile(name, new TextEncoder().encode('text'), 'text/plain'))) if (item.kind === 'page') pages++;
  return pages;
}

describe('WorkerParser with hostile files', () => {
  it('retires the worker after a budget failure; the next file gets a fresh worker', async () => {
    const t = setup();
    await expect(drain(t.parser, 'budget.txt')).rejects.toMatchObject({ code: 'file/limit', details: { limit: 'maxPages' } });
    expect(t.parser.spawned).toBe(1);
    expect(await drain(t.parser, 'ok.txt')).toBe(2);
    expect(t.parser.spawned).toBe(2);
  });

  it('a page that outlasts the deadline terminates the worker and fails the file by name', async () => {
    const t = setup();
    const started = performance.now();
    const error: unknown = await drain(t.parser, 'hang.txt').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileError);
    expect(error).toMatchObject({ details: { limit: 'hardTimeMs', max: 300 } });
    expect((error as Error).message).toMatch(/^hang\.txt: reading one of its pages took too long/);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(t.terminated()).toBe(1);
    expect(await drain(t.parser, 'ok.txt')).toBe(2);
  });

  it('a text stage that outlasts its deadline terminates the worker and fails the file by name', async () => {
    const t = setup();
    const meta = { fileName: 'tokens.txt', declaredTitle: null };
    const error: unknown = await t.parser.analyze([{ page: 1, text: 'hang' }], meta).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileError);
    expect(error).toMatchObject({ code: 'file/limit', details: { limit: 'hardTimeMs', max: 301 } });
    expect((error as Error).message).toMatch(/^tokens\.txt: analysing its text took too long \(stopped after 0 s\)/);
    expect(t.terminated()).toBe(1);
    expect((await t.parser.analyze([{ page: 1, text: 'MUTUAL NDA\n\n1. Terms apply.' }], meta)).chunks.length).toBe(1);
  });

  it('a worker that dies mid-file fails that file with details.crashed; the next file parses', async () => {
    const t = setup();
    const error: unknown = await drain(t.parser, 'crash.txt').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileError);
    expect(error).toMatchObject({ code: 'file/corrupt', details: { crashed: true } });
    expect((error as Error).message).toContain('crash.txt: the parser stopped while reading it');
    expect(await drain(t.parser, 'ok.txt')).toBe(2);
  });
});
