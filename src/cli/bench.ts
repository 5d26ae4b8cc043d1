/**
 * `npm run bench [-- --only parse,query,vectors,ocr,ocr-languages,models,llm,answer,scan,scale,open,view,hostile,hostile-ui,eta] [--docs DIR --qa FILE] [--sizes N,N] [--scale N,N | --docs N] [--pages P] [--via input,folder] [--passages N] [--json FILE]`: speed figures on this machine.
 *
 * - parse:   text-PDF pages/second (pdf.js in Node), and the whole ingest (parse + clean +
 *            language + metadata + chunk) pages/second, on a generated 120-page contract;
 * - query:   retrieval at workspace sizes (`--sizes 20000,50000,100000`, `--json FILE`): hybrid,
 *            BM25 and dense latency, dense recall@10, build, snapshot size and save, open to the
 *            first answer, RSS (src/cli/bench-query.ts);
 * - vectors: the flat vector index at 20,000 × 1024 (src/cli/bench-vectors.ts);
 * - ocr:     OCR pages/second on generated scans (src/cli/bench-ocr.ts);
 * - ocr-languages: French and German OCR of a rendered page of each corpus statute, automatic
 *            language against English only (src/cli/bench-ocr-languages.ts; --docs, default ../shared/corpus);
 * - models:  embedding and rerank throughput of the fixture models in Node and in Chromium on
 *            WASM and WebGPU (src/cli/bench-models.ts);
 * - llm:     time to first token and tokens/s of the generation path on the tiny decoder fixture,
 *            Node and Chromium WASM/WebGPU (src/cli/bench-llm.ts);
 * - answer:  what the answer layer adds around retrieval per question (planning code, numbered
 *            sources, extractive composer, verification), on the samples or on --docs/--qa
 *            through ask() with the app's defaults (src/cli/bench-answer.ts);
 * - scan:    contract scan time per page with the commercial playbook, without and with the fixture
 *            embedder, cold and warm (src/cli/bench-scan.ts);
 * - scale:   folder imports in the built app in Chromium (`--docs N` or `--scale 200,1000` documents
 *            of `--pages P` pages, default 1,000 of 15; `--via input,folder`: the folder input, or
 *            "Open folder" with File System Access): pages/second, main-thread long tasks (the
 *            folder input's own task apart: Chromium builds its FileList before the app's code
 *            runs), JS heap, OPFS and database bytes, the median warm ask() and reload → first answer;
 *            `--json FILE` gets `{"scale": {via, docs, pages, import_pages_per_s, worst_task_ms,
 *            long_tasks_over_200, input_task_browser_ms, input_task_app_ms, worst_app_task_ms,
 *            warm_ask_ms, reload_to_first_answer_ms, heap_mb, storage_mb}}`
 *            (an array for several sizes) (src/cli/bench-scale.ts; `npm run bench` builds first);
 * - open:    a workspace of `--passages N` (default 100,000) opened in the built app in Chromium:
 *            page load to the first answer (src/cli/bench-open.ts);
 * - view:    the source viewer in the built app in Chromium: the worst main-thread task while
 *            viewing a PDF citation and a 50 MB one-page text (src/cli/bench-view.ts).
 * - hostile: every file of the fuzz suite (and a 50 MB single token) through the whole Node
 *            ingestion, one child process each: the slowest file and the largest peak RSS
 *            (src/cli/bench-hostile.ts --ingest --all);
 * - hostile-ui: the UI batch of the fuzz suite (135 files: bombs, broken files, slow texts,
 *            payloads) imported in the built app in Chromium: the worst main-thread task
 *            meanwhile (src/cli/bench-hostile-ui.ts).
 * - eta:     the error of the first time estimate of an import (the corpus folder, 24 files) and
 *            of a flow over its documents, in the built app in Chromium, on a device that never
 *            measured and on the next session (src/cli/bench-eta.ts; --docs, default ../shared/corpus).
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describeError } from '../core/errors';
import { analyzeDocument } from '../core/ingest/analyze';
import { InProcessParser } from '../parsers/parser';
import { loadPdfJsNode } from '../parsers/pdfjs-node';
import { benchAnswer } from './bench-answer';
import { benchLlm, formatGenerationTable } from './bench-llm';
import { benchModels, formatTable } from './bench-models';
import { benchOcr } from './bench-ocr';
import { benchQuery, formatQueryTable } from './bench-query';
import { measureHostile, summarise } from './bench-hostile';
import { benchOcrLanguages, formatOcrLanguages } from './bench-ocr-languages';
import { benchEta, formatEta } from './bench-eta';
import { benchHostileUi } from './bench-hostile-ui';
import { benchOpen } from './bench-open';
import { benchScale, formatScaleTable, scaleJson } from './bench-scale';
import { benchScan } from './bench-scan';
import { benchView } from './bench-view';
import { benchVectors } from './bench-vectors';
import { memorySourceFile } from './node-source-file';
import { prng } from '../core/prng';
import { sentence } from './bench-corpus';

const { values } = parseArgs({ options: { only: { type: 'string' }, docs: { type: 'string' }, qa: { type: 'string' }, sizes: { type: 'string' }, json: { type: 'string' }, scale: { type: 'string' }, pages: { type: 'string' }, passages: { type: 'string' }, via: { type: 'string' } } });
/** What --json FILE receives (the sections that report machine-readable figures). */
const json: Record<string, unknown> = {};
const wanted = new Set((values.only ?? 'parse,query,vectors,ocr,ocr-languages,models,llm,answer,scan,scale,open,view,hostile,hostile-ui,eta').split(','));


function table(title: string, rows: Record<string, number | string>): void {
  console.log(`\n## ${title}\n`);
  const width = Math.max(...Object.keys(rows).map((k) => k.length));
  for (const [k, v] of Object.entries(rows)) console.log(`${k.padEnd(width)}  ${typeof v === 'number' ? (Number.isInteger(v) ? v : v.toFixed(2)) : v}`);
}

async function benchParse(): Promise<void> {
  const rand = prng(7);
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  const pages = 120;
  for (let p = 0; p < pages; p++) {
    const page = pdf.addPage([612, 792]);
    page.drawText(`Master Agreement — page ${p + 1} of ${pages}`, { x: 72, y: 760, size: 9, font });
    let y = 720;
    for (let s = 0; s < 4; s++) {
      page.drawText(`${p + 1}.${s + 1} Clause heading`, { x: 72, y, size: 11, font });
      y -= 16;
      for (let l = 0; l < 7; l++) {
        page.drawText(sentence(rand, 14), { x: 72, y, size: 10.5, font });
        y -= 14;
      }
      y -= 10;
    }
  }
  const bytes = await pdf.save();
  const parser = new InProcessParser({ pdfjs: loadPdfJsNode });
  const run = async () => {
    const texts: { page: number; text: string }[] = [];
    for await (const item of parser.parse(memorySourceFile('bench.pdf', bytes))) if (item.kind === 'page') texts.push({ page: item.page.page, text: item.page.text });
    return texts;
  };
  await run(); // warm up pdf.js
  let t = performance.now();
  const texts = await run();
  const parseMs = performance.now() - t;
  t = performance.now();
  const analyzed = analyzeDocument(texts, { fileName: 'bench.pdf', declaredTitle: null });
  const analyzeMs = performance.now() - t;
  table('Parsing (Node, text PDF, 120 pages)', {
    'pdf.js text extraction, pages/s': pages / (parseMs / 1000),
    'clean + language + metadata + chunk, ms': analyzeMs,
    'whole ingest text path, pages/s': pages / ((parseMs + analyzeMs) / 1000),
    chunks: analyzed.chunks.length,
  });
}

async function main(): Promise<void> {
  const failures: string[] = [];
  const section = async (name: string, fn: () => Promise<void>) => {
    if (!wanted.has(name)) return;
    try {
      await fn();
    } catch (error) {
      failures.push(`${name}: ${describeError(error)}`);
      console.error(`\n${name}: failed: ${describeError(error)}`);
    }
  };
  console.log(`Casefile benchmarks — ${new Date().toISOString()} — Node ${process.version}, ${(await import('node:os')).cpus().length} cores`);
  await section('parse', benchParse);
  await section('query', async () => {
    const sizes = (values.sizes ?? '20000,50000,100000').split(',').map((x) => Number(x.replace(/_/g, '')));
    if (sizes.some((n) => !Number.isInteger(n) || n < 100)) throw new Error(`--sizes must list passage counts (at least 100), not ${values.sizes}`);
    const rows = await benchQuery(sizes, (line) => console.error(line));
    console.log(`\n## Retrieval at workspace sizes (Node, generated passages, 1024-d vectors; rerank excluded)\n`);
    console.log(formatQueryTable(rows));
    json['query'] = rows;
  });
  await section('vectors', async () => table('Vector index at 20,000 × 1024 (bench-vectors)', await benchVectors({ alternatives: false })));
  await section('ocr', async () => {
    const report = await benchOcr({ levels: ['clean'] });
    for (const row of report.rows) {
      table(`OCR (Node, tesseract.js, generated ${row.level} scan, 300 dpi)`, {
        pages: row.pages,
        'OCR pages/s': row.ocrPagesPerSecond,
        'render + OCR pages/s': row.pipelinePagesPerSecond,
        'mean confidence': row.confidence,
        'word accuracy': row.wordAccuracy,
      });
    }
  });
  await section('ocr-languages', async () => {
    console.log('\n## OCR in French and German (a rendered page of each corpus statute, 300 dpi)\n');
    console.log(formatOcrLanguages(await benchOcrLanguages(values.docs ? { docs: values.docs } : {})));
  });
  await section('models', async () => {
    console.log('\n## Models (tiny fixtures: pipeline overhead, not real-model speed)\n');
    console.log(formatTable(await benchModels({})));
  });
  await section('llm', async () => {
    console.log('\n## Generation (tiny Qwen2 decoder fixture, 128 new tokens: pipeline overhead, not real-model speed)\n');
    console.log(formatGenerationTable(await benchLlm({})));
  });
  await section('answer', async () => {
    const a = await benchAnswer({ ...(values.docs ? { docs: values.docs } : {}), ...(values.qa ? { qa: values.qa } : {}) });
    const fmt = (s: { medianMs: number; p95Ms: number }) => `${s.medianMs.toFixed(2)} / ${s.p95Ms.toFixed(2)}`;
    table(`Answer layer overhead per question, median / p95 ms (${a.questions} questions over ${a.documents} documents, no model; ask() itself: ${a.askMedianMs.toFixed(1)} ms median)`, {
      'planning code (model time apart)': fmt(a.planMs),
      'numbered sources': fmt(a.sourcesMs),
      'extractive composer': fmt(a.extractiveMs),
      'verification (citations, quotes)': fmt(a.verifyMs),
    });
  });
  await section('scan', async () => table('Contract scan (commercial playbook, generated 50-page contract)', await benchScan()));
  await section('scale', async () => {
    const { existsSync } = await import('node:fs');
    if (!existsSync('dist/index.html')) throw new Error('needs the production build: run `npx vite build --mode test` first');
    // `--docs N` (a number: this section's documents; elsewhere --docs is a folder) or `--scale N,N`.
    const sizes = values.docs && /^\d+$/u.test(values.docs) ? [Number(values.docs)] : (values.scale ?? '1000').split(',').map(Number);
    const pages = values.pages ? Number(values.pages) : 15;
    const rows = [];
    for (const docs of sizes) {
      console.error(`scale bench: importing ${docs} documents of ${pages} pages…`);
      for (const via of (values.via ?? 'input').split(',')) rows.push(await benchScale({ docs, pages, via: via === 'folder' ? 'folder' : 'input' }));
    }
    console.log(`\n## Import at scale in Chromium (generated contracts of ${pages} short pages)\n`);
    console.log(formatScaleTable(rows));
    json['scale'] = rows.length === 1 ? scaleJson(rows[0]!) : rows.map(scaleJson);
  });
  await section('open', async () => {
    const { existsSync } = await import('node:fs');
    if (!existsSync('dist/index.html')) throw new Error('needs the production build: run `npx vite build --mode test` first');
    const figures = await benchOpen({ passages: Number(values.passages ?? 100_000) });
    table(`A workspace of ${figures.passages.toLocaleString('en')} passages opened in Chromium (the index saved by an earlier session)`, { ...figures } as unknown as Record<string, number>);
    json['open'] = figures;
  });
  await section('view', async () => {
    const { existsSync } = await import('node:fs');
    if (!existsSync('dist/index.html')) throw new Error('needs the production build: run `npx vite build --mode test` first');
    const v = await benchView();
    table('Source viewer in Chromium (worst main-thread task while viewing)', {
      'PDF citation: open to highlight, ms': v.pdfOpenMs,
      'PDF citation, paging 8 times: worst task, ms': v.pdfWorstTaskMs,
      [`${v.largeMB} MB one-page text: open to passage, ms`]: v.largeOpenMs,
      [`${v.largeMB} MB one-page text, scrolling/paging/zoom: worst task, ms`]: v.largeWorstTaskMs,
      [`${v.largeMB} MB one-page text: long tasks (> 50 ms)`]: v.largeLongTasks,
    });
  });
  await section('hostile', async () => {
    table('Hostile files through the Node ingestion (the whole fuzz suite and a 50 MB single token, one process each)', summarise(await measureHostile({ ingest: true, all: true })));
  });
  await section('hostile-ui', async () => {
    const { existsSync } = await import('node:fs');
    if (!existsSync('dist/index.html')) throw new Error('needs the production build: run `npx vite build --mode test` first');
    table('Hostile files through the UI (the fuzz UI batch: 135 files of every kind; main-thread long tasks while importing)', { ...(await benchHostileUi()) });
  });
  await section('eta', async () => {
    const { existsSync } = await import('node:fs');
    if (!existsSync('dist/index.html')) throw new Error('needs the production build: run `npx vite build --mode test` first');
    console.log('\n## First time estimate against the actual time (built app in Chromium)\n');
    console.log(formatEta(await benchEta(values.docs ? { docs: values.docs } : {})));
  });
  if (values.json) await writeFile(values.json, JSON.stringify(json, null, 2));
  if (failures.length) process.exitCode = 1;
}

await main();
