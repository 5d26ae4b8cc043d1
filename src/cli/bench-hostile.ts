/**
 * Time and peak memory of hostile files in Node, one child process per file so each peak RSS is
 * its own:
 *
 *   npx tsx src/cli/bench-hostile.ts [--ingest] [--all] [--src DIR] [--timeout-s 150] [--only a.pdf,b.docx]
 *
 * By default each bomb of the fuzz suite (tests/fixtures/hostile) goes through the in-process
 * parser. `--ingest` runs the whole ingestion instead (parse, clean, language, metadata,
 * structure, chunks, index: the app's pipeline with Node adapters), and `--all` takes every file
 * of the fuzz suite plus the texts too large for the unit tests (a 50 MB single token). `--src`
 * loads the code from another checkout's `src` folder (e.g. an older commit exported with
 * `git archive`), to compare before and after on the same files. A child that runs past the
 * timeout is killed and reported as such.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bombs, hostileFiles, largeTexts, type HostileFile } from '../../tests/fixtures/hostile';
import type * as AnalyzeModule from '../core/ingest/analyze';
import type * as PipelineModule from '../core/ingest/pipeline';
import type * as EngineModule from '../core/search/engine';
import type * as ParserModule from '../parsers/parser';
import type * as PdfJsNodeModule from '../parsers/pdfjs-node';
import type * as MemoryModule from '../store/memory';
import type * as SourceFileModule from './node-source-file';

export interface Measured {
  readonly file: string;
  readonly bytes: number;
  readonly ms: number;
  readonly maxRssMb: number;
  readonly outcome: string;
}

const load = async <T>(src: string, path: string) => (await import(pathToFileURL(join(src, path)).href)) as T;

/** The child: parse (or ingest) one file with the code found under `src`, print one JSON line. */
async function child(src: string, path: string, ingest: boolean): Promise<void> {
  const { InProcessParser } = await load<typeof ParserModule>(src, 'parsers/parser.ts');
  const { loadPdfJsNode } = await load<typeof PdfJsNodeModule>(src, 'parsers/pdfjs-node.ts');
  const { nodeSourceFile } = await load<typeof SourceFileModule>(src, 'cli/node-source-file.ts');
  const parser = new InProcessParser({ pdfjs: loadPdfJsNode });
  const started = performance.now();
  let outcome: string;
  try {
    if (ingest) {
      const { ingestFile } = await load<typeof PipelineModule>(src, 'core/ingest/pipeline.ts');
      const { inProcessAnalyzer } = await load<typeof AnalyzeModule>(src, 'core/ingest/analyze.ts');
      const { MemoryWorkspace } = await load<typeof MemoryModule>(src, 'store/memory.ts');
      const { SearchEngine } = await load<typeof EngineModule>(src, 'core/search/engine.ts');
      const ws = new MemoryWorkspace();
      const { engine } = await SearchEngine.open(ws, { saveDelayMs: 0 });
      const result = await ingestFile({ file: await nodeSourceFile(path), source: 'upload' }, { parser, analyzer: inProcessAnalyzer, store: ws, index: engine }, () => undefined);
      outcome = result.kind === 'failed' ? result.error.message.replace(/^[^:]*: /, '') : result.kind === 'ingested' ? `ok, ${result.document.pages} page(s), ${result.document.chunkCount} chunk(s)` : result.kind;
    } else {
      let pages = 0;
      for await (const item of parser.parse(await nodeSourceFile(path))) if (item.kind === 'page') pages++;
      outcome = `ok, ${pages} page(s)`;
    }
  } catch (error) {
    outcome = error instanceof Error ? error.message.replace(/^[^:]*: /, '') : String(error);
  }
  const result = { ms: Math.round(performance.now() - started), maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024), outcome };
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}

function measure(src: string, path: string, timeoutMs: number, ingest: boolean): Promise<Omit<Measured, 'file' | 'bytes'>> {
  return new Promise((done) => {
    const started = performance.now();
    const proc = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', src, path, ...(ingest ? ['--ingest'] : [])], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
    proc.on('exit', () => {
      clearTimeout(timer);
      const line = out.trim().split('\n').at(-1);
      try {
        done(JSON.parse(line ?? '') as Omit<Measured, 'file' | 'bytes'>);
      } catch {
        done({ ms: Math.round(performance.now() - started), maxRssMb: NaN, outcome: `killed after ${Math.round(timeoutMs / 1000)} s (or crashed)` });
      }
    });
  });
}

export interface HostileRunOptions {
  readonly src?: string;
  readonly timeoutMs?: number;
  readonly ingest?: boolean;
  readonly all?: boolean;
  readonly only?: readonly string[];
  readonly log?: (row: Measured) => void;
}

/** Measures each file of the chosen set in its own child process. */
export async function measureHostile(options: HostileRunOptions = {}): Promise<Measured[]> {
  const src = resolve(options.src ?? fileURLToPath(new URL('..', import.meta.url)));
  const files: HostileFile[] = options.all ? [...(await hostileFiles(14)), ...largeTexts()] : bombs();
  const dir = await mkdtemp(join(tmpdir(), 'casefile-hostile-'));
  const rows: Measured[] = [];
  try {
    for (const file of files.filter((f) => !options.only || options.only.includes(f.name))) {
      const path = join(dir, file.name);
      await writeFile(path, file.bytes);
      const m = await measure(src, path, options.timeoutMs ?? 150_000, options.ingest ?? false);
      await rm(path, { force: true });
      const row = { file: file.name, bytes: file.bytes.length, ...m };
      rows.push(row);
      options.log?.(row);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return rows;
}

/** The suite's summary: how many, the slowest and the largest, and how many over the limits. */
export function summarise(rows: readonly Measured[], limits = { ms: 15_000, rssMb: 1024 }): Record<string, string | number> {
  const slowest = rows.reduce((a, b) => (b.ms > a.ms ? b : a));
  const largest = rows.reduce((a, b) => (b.maxRssMb > a.maxRssMb ? b : a));
  return {
    files: rows.length,
    'slowest file': `${slowest.file} (${slowest.ms} ms)`,
    'largest peak RSS': `${largest.file} (${largest.maxRssMb} MB)`,
    [`files over ${limits.ms / 1000} s`]: rows.filter((r) => r.ms > limits.ms).length,
    [`files over ${limits.rssMb} MB`]: rows.filter((r) => !(r.maxRssMb <= limits.rssMb)).length,
  };
}

async function main(argv: string[]): Promise<void> {
  const arg = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  if (argv.includes('--child')) return child(arg('--child')!, argv[argv.indexOf('--child') + 2]!, argv.includes('--ingest'));
  const src = arg('--src');
  const only = arg('--only')?.split(',');
  const rows = await measureHostile({
    ...(src ? { src } : {}),
    ...(only ? { only } : {}),
    timeoutMs: Number(arg('--timeout-s') ?? 150) * 1000,
    ingest: argv.includes('--ingest'),
    all: argv.includes('--all'),
    log: (m) => console.log(`${m.file.slice(0, 40).padEnd(40)} ${String(m.bytes).padStart(9)} B  ${String(m.ms).padStart(7)} ms  ${String(m.maxRssMb).padStart(5)} MB  ${m.outcome.slice(0, 100)}`),
  });
  console.log(summarise(rows));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main(process.argv.slice(2));
