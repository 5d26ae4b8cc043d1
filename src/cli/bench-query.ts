/**
 * Query latency, build, snapshot and memory of the app's own indexes at workspace sizes
 * (`npm run bench -- --only query [--sizes 20000,50000,100000,200000] [--json FILE]`).
 *
 * For each size, two child processes on a generated workspace (bench-corpus.ts: legal-like
 * passages, 1024-d random unit vectors) kept on disk (file-workspace.ts):
 *   build   writes the workspace, builds the index from the store (the BM25 index from the
 *           passages; the vectors as the store keeps them) and saves its snapshot;
 *   serve   opens it cold like the app opens a workspace (snapshot, vectors), answers a first
 *           question (open_ms: from opening to that answer), then 50 timed questions through the
 *           retrieval pipeline with the app's defaults (rerank off: no model), and measures RSS.
 * Recall of the dense search is measured against an exact scan of the same vectors.
 *
 *   npx tsx src/cli/bench-query.ts --sizes 20000,100000 [--json out.json]
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, stat as fileStat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { SearchEngine } from '../core/search/engine';
import { DEFAULT_PIPELINE, runPipeline } from '../core/search/pipeline';
import { dotRow } from '../core/search/vector-scan';
import { prng } from '../core/prng';
import { BENCH_MODEL, benchDocuments, sentence, unitVector } from './bench-corpus';
import { FileWorkspace } from './file-workspace';

const DIM = 1024;
const QUESTIONS = 60;
const WARMUP = 10;

export interface Stat {
  readonly p50: number;
  readonly p95: number;
}

export interface QueryFigures {
  readonly n: number;
  readonly hybrid: Stat;
  readonly bm25: Stat;
  readonly dense: Stat & { readonly recall10: number };
  /** From opening the workspace on disk to the first question answered (by keywords when the vectors are still loading). */
  readonly open_ms: number;
  /** How the first question's dense stage ran ('loading': answered before the vectors were in). */
  readonly first_dense: string;
  /** From opening to dense search ready (every vector loaded). */
  readonly dense_ready_ms: number;
  /** The dense scan: 'int8' (SIMD, float32 rescore) or 'exact'. */
  readonly scan: string;
  /** Process RSS with the indexes loaded, after the questions (MB). */
  readonly rss_mb: number;
  /** Peak RSS of the serving process (MB). */
  readonly peak_rss_mb: number;
  /** Building the index from the store (the passages analysed, the vectors loaded). */
  readonly build_ms: number;
  /** Saving the index snapshot after the build. */
  readonly save_ms: number;
  readonly snapshot_mb: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;
const stat = (xs: number[]): Stat => ({ p50: median(xs), p95: p95(xs) });
const mb = (bytes: number) => bytes / 1e6;

async function dirBytes(dir: string): Promise<number> {
  let total = 0;
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    total += e.isDirectory() ? await dirBytes(path) : (await fileStat(path)).size;
  }
  return total;
}

// ---- child: build ------------------------------------------------------------------------------

async function build(n: number, dir: string): Promise<Record<string, number>> {
  const ws = await FileWorkspace.write(dir, benchDocuments(n, { dim: DIM }));
  // The engine saves its first snapshot while opening: time the save apart from the build.
  let saveMs = 0;
  const save = ws.saveLexical.bind(ws);
  ws.saveLexical = async (snapshot) => {
    const t = performance.now();
    await save(snapshot);
    saveMs += performance.now() - t;
  };
  const t = performance.now();
  const { engine } = await SearchEngine.open(ws, { saveDelayMs: 0 });
  await engine.useEmbeddingModel({ modelId: BENCH_MODEL, dim: DIM });
  await engine.flush();
  const buildMs = performance.now() - t - saveMs;
  return { build_ms: buildMs, save_ms: saveMs, snapshot_mb: mb(await dirBytes(join(dir, 'index'))) };
}

// ---- child: serve ------------------------------------------------------------------------------

async function serve(dir: string): Promise<Record<string, unknown>> {
  const rand = prng(23);
  const questions = Array.from({ length: QUESTIONS + 1 }, () => sentence(rand, 7));
  const vectors = questions.map(() => unitVector(rand, DIM));
  let asked = 0;
  const embedder = { model: { id: BENCH_MODEL, dtype: 'fp32' as const, device: 'cpu' as const, dim: DIM }, embed: async (texts: readonly string[]) => texts.map(() => vectors[asked]!) };
  const settings = { ...DEFAULT_PIPELINE, rerank: false };

  const t0 = performance.now();
  const ws = new FileWorkspace(dir);
  const { engine, report } = await SearchEngine.open(ws, { saveDelayMs: 0 });
  if (!report.fromSnapshot || report.added + report.removed > 0) throw new Error(`bench-query: the snapshot did not open as saved (${JSON.stringify(report)})`);
  // As the index worker does: the vectors load in the background, the first question does not wait.
  const loading = engine.useEmbeddingModel({ modelId: BENCH_MODEL, dim: DIM }, { wait: false });
  const first = await runPipeline({ text: questions[0]!, settings }, { engine, lookup: ws, embedder });
  const openMs = performance.now() - t0;
  await loading;
  await engine.whenVectorsLoaded();
  const denseReadyMs = performance.now() - t0;

  const stages = new Map<string, number[]>();
  const hybrid: number[] = [];
  const bm25: number[] = [];
  const dense: number[] = [];
  const denseHits: string[][] = [];
  for (asked = 1; asked <= QUESTIONS; asked++) {
    const t = performance.now();
    const r = await runPipeline({ text: questions[asked]!, settings }, { engine, lookup: ws, embedder });
    if (asked > WARMUP) {
      hybrid.push(performance.now() - t);
      bm25.push(r.explanation.timings['lexical'] ?? 0);
      dense.push(r.explanation.timings['dense'] ?? 0);
      for (const [stage, ms] of Object.entries(r.explanation.timings)) stages.set(stage, [...(stages.get(stage) ?? []), ms]);
      denseHits.push(engine.searchDense(vectors[asked]!, 10).map((h) => h.chunkId));
    }
  }
  const rss = process.memoryUsage().rss;
  await ws.close();
  const peak = process.resourceUsage().maxRSS * 1024;

  // Recall@10 of the dense search against an exact scan of the stored vectors (read afresh).
  const exact = await exactTop10(ws, vectors.slice(WARMUP + 1));
  let found = 0;
  for (const [i, hits] of denseHits.entries()) found += hits.filter((id) => exact[i]!.has(id)).length;
  return {
    hybrid: stat(hybrid),
    bm25: stat(bm25),
    dense: { ...stat(dense), recall10: found / (denseHits.length * 10) },
    stages: Object.fromEntries([...stages].map(([stage, ms]) => [stage, median(ms)])),
    first_timings: first.explanation.timings,
    open_ms: openMs,
    first_dense: first.explanation.dense,
    dense_ready_ms: denseReadyMs,
    scan: engine.stats.vectors > 0 ? engine.denseScan : 'none',
    rss_mb: mb(rss),
    peak_rss_mb: mb(peak),
  };
}

async function exactTop10(ws: FileWorkspace, queries: Float32Array[]): Promise<Set<string>[]> {
  const best = queries.map(() => [] as { id: string; score: number }[]);
  for (const doc of await ws.indexableDocuments()) {
    const record = await ws.documentVectors(doc.id);
    if (!record) continue;
    for (let row = 0; row < record.seqs.length; row++) {
      for (const [q, query] of queries.entries()) {
        const score = dotRow(record.data, row * DIM, query, DIM);
        const list = best[q]!;
        if (list.length < 10 || score > list[list.length - 1]!.score) {
          list.push({ id: `${doc.id}:${record.seqs[row]}`, score });
          list.sort((a, b) => b.score - a.score);
          if (list.length > 10) list.pop();
        }
      }
    }
  }
  return best.map((list) => new Set(list.map((h) => h.id)));
}

// ---- parent ------------------------------------------------------------------------------------

function child(args: string[]): Promise<Record<string, unknown>> {
  const script = fileURLToPath(import.meta.url);
  return new Promise((resolvePromise, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', script, '--child', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.on('error', reject);
    p.on('exit', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      if (code !== 0) reject(new Error(`bench-query ${args.join(' ')}: exited with ${code}`));
      else resolvePromise(JSON.parse(last) as Record<string, unknown>);
    });
  });
}

export async function benchQuery(sizes: readonly number[], log: (line: string) => void = () => undefined): Promise<QueryFigures[]> {
  const out: QueryFigures[] = [];
  for (const n of sizes) {
    const dir = await mkdtemp(join(tmpdir(), `casefile-bench-${n}-`));
    try {
      log(`query bench: ${n} passages: building…`);
      const built = await child(['build', '--n', String(n), '--dir', dir]);
      log(`query bench: ${n} passages: opening cold and asking…`);
      const served = await child(['serve', '--n', String(n), '--dir', dir]);
      out.push({ n, ...served, ...built } as unknown as QueryFigures);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  return out;
}

export function formatQueryTable(rows: readonly QueryFigures[]): string {
  const f = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
  const lines = [
    '| passages | hybrid p50 / p95 ms | BM25 p50 / p95 ms | dense p50 / p95 ms | dense recall@10 | build s | snapshot MB, save s | open to first answer / dense ready ms | RSS MB (peak) |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.n.toLocaleString('en')} | ${f(r.hybrid.p50)} / ${f(r.hybrid.p95)} | ${f(r.bm25.p50)} / ${f(r.bm25.p95)} | ${f(r.dense.p50)} / ${f(r.dense.p95)} | ${r.dense.recall10.toFixed(3)} | ${(r.build_ms / 1000).toFixed(1)} | ${f(r.snapshot_mb)}, ${(r.save_ms / 1000).toFixed(2)} | ${f(r.open_ms)} / ${r.dense_ready_ms === undefined ? '–' : f(r.dense_ready_ms)} | ${f(r.rss_mb)} (${f(r.peak_rss_mb)}) |`,
    );
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { child: { type: 'boolean' }, n: { type: 'string' }, dir: { type: 'string' }, sizes: { type: 'string' }, json: { type: 'string' } } });
  if (values.child) {
    const mode = positionals[0];
    const result = mode === 'build' ? await build(Number(values.n), values.dir!) : await serve(values.dir!);
    console.log(JSON.stringify(result));
  } else {
    const sizes = (values.sizes ?? '20000,50000,100000').split(',').map(Number);
    const rows = await benchQuery(sizes, (l) => console.error(l));
    console.log(formatQueryTable(rows));
    if (values.json) await writeFile(values.json, JSON.stringify({ query: rows }, null, 2));
  }
}
