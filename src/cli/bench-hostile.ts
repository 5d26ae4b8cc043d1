/**
 * Time and peak memory of the in-process parser on each bomb of the fuzz suite
 * (tests/fixtures/hostile), one child process per file so each peak RSS is its own.
 *
 *   npx tsx src/cli/bench-hostile.ts [--src DIR] [--timeout-s 150] [--only stream-bomb.pdf,liar.docx]
 *
 * `--src` loads the parser from another checkout's `src` folder (e.g. an older commit exported
 * with `git archive`), to compare before and after on the same files. A child that runs past
 * the timeout is killed and reported as such.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bombs } from '../../tests/fixtures/hostile';
import type * as ParserModule from '../parsers/parser';
import type * as PdfJsNodeModule from '../parsers/pdfjs-node';
import type * as SourceFileModule from './node-source-file';

interface Measured {
  readonly file: string;
  readonly bytes: number;
  readonly ms: number;
  readonly maxRssMb: number;
  readonly outcome: string;
}

/** The child: parse one file with the parser found under `src`, print one JSON line. */
async function child(src: string, path: string): Promise<void> {
  const { InProcessParser } = (await import(pathToFileURL(join(src, 'parsers/parser.ts')).href)) as typeof ParserModule;
  const { loadPdfJsNode } = (await import(pathToFileURL(join(src, 'parsers/pdfjs-node.ts')).href)) as typeof PdfJsNodeModule;
  const { nodeSourceFile } = (await import(pathToFileURL(join(src, 'cli/node-source-file.ts')).href)) as typeof SourceFileModule;
  const started = performance.now();
  let outcome: string;
  try {
    let pages = 0;
    for await (const item of new InProcessParser({ pdfjs: loadPdfJsNode }).parse(await nodeSourceFile(path))) if (item.kind === 'page') pages++;
    outcome = `ok, ${pages} page(s)`;
  } catch (error) {
    outcome = error instanceof Error ? error.message.replace(/^[^:]*: /, '') : String(error);
  }
  const result = { ms: Math.round(performance.now() - started), maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024), outcome };
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}

function measure(src: string, path: string, timeoutMs: number): Promise<Omit<Measured, 'file' | 'bytes'>> {
  return new Promise((done) => {
    const started = performance.now();
    const proc = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', src, path], { stdio: ['ignore', 'pipe', 'ignore'] });
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

async function main(argv: string[]): Promise<void> {
  const arg = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  if (argv.includes('--child')) return child(arg('--child')!, argv[argv.indexOf('--child') + 2]!);
  const src = resolve(arg('--src') ?? fileURLToPath(new URL('..', import.meta.url)));
  const timeoutMs = Number(arg('--timeout-s') ?? 150) * 1000;
  const only = arg('--only')?.split(',');
  const dir = await mkdtemp(join(tmpdir(), 'casefile-bombs-'));
  try {
    const rows: Measured[] = [];
    for (const bomb of bombs().filter((b) => !only || only.includes(b.name))) {
      const path = join(dir, bomb.name);
      await writeFile(path, bomb.bytes);
      const m = await measure(src, path, timeoutMs);
      rows.push({ file: bomb.name, bytes: bomb.bytes.length, ...m });
      console.log(`${bomb.name.padEnd(24)} ${String(bomb.bytes.length).padStart(9)} B  ${String(m.ms).padStart(7)} ms  ${String(m.maxRssMb).padStart(5)} MB  ${m.outcome}`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main(process.argv.slice(2));
