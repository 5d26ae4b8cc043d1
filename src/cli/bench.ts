/**
 * `npm run bench [-- --only parse,query,vectors,ocr,ocr-languages,models,llm,answer,scan,scale,view,hostile-ui,eta] [--docs DIR --qa FILE]`: speed figures on this machine.
 *
 * - parse:   text-PDF pages/second (pdf.js in Node), and the whole ingest (parse + clean +
 *            language + metadata + chunk) pages/second, on a generated 120-page contract;
 * - query:   hybrid query latency at 20,000 chunks (BM25 + dense top-50 over 1024-d vectors +
 *            fusion + selection; rerank excluded), and the lexical index's snapshot size and
 *            load time (the cold start of a workspace);
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
 * - scale:   a 200-document / 3,000-page folder import in the built app in Chromium: pages/second,
 *            main-thread long tasks, JS heap (src/cli/bench-scale.ts; needs `npx vite build --mode test`);
 * - view:    the source viewer in the built app in Chromium: the worst main-thread task while
 *            viewing a PDF citation and a 50 MB one-page text (src/cli/bench-view.ts).
 * - hostile-ui: the fuzz suite's UI subset (bombs, broken files, payloads) imported in the built
 *            app in Chromium: the worst main-thread task meanwhile (src/cli/bench-hostile-ui.ts).
 * - eta:     the error of the first time estimate of an import (the corpus folder, 24 files) and
 *            of a flow over its documents, in the built app in Chromium, on a device that never
 *            measured and on the next session (src/cli/bench-eta.ts; --docs, default ../shared/corpus).
 */
import { parseArgs } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describeError } from '../core/errors';
import { analyzeDocument } from '../core/ingest/analyze';
import { toChunkRecords } from '../core/ingest/chunker';
import { SearchEngine } from '../core/search/engine';
import { LexicalIndex } from '../core/search/lexical-index';
import { DEFAULT_PIPELINE, runPipeline } from '../core/search/pipeline';
import type { ChunkRecord, DocumentRecord } from '../core/types';
import { InProcessParser } from '../parsers/parser';
import { loadPdfJsNode } from '../parsers/pdfjs-node';
import { MemoryWorkspace } from '../store/memory';
import { benchAnswer } from './bench-answer';
import { benchLlm, formatGenerationTable } from './bench-llm';
import { benchModels, formatTable } from './bench-models';
import { benchOcr } from './bench-ocr';
import { benchOcrLanguages, formatOcrLanguages } from './bench-ocr-languages';
import { benchEta, formatEta } from './bench-eta';
import { benchHostileUi } from './bench-hostile-ui';
import { benchScale } from './bench-scale';
import { benchScan } from './bench-scan';
import { benchView } from './bench-view';
import { benchVectors } from './bench-vectors';
import { memorySourceFile } from './node-source-file';
import { prng } from '../core/prng';

const { values } = parseArgs({ options: { only: { type: 'string' }, docs: { type: 'string' }, qa: { type: 'string' } } });
const wanted = new Set((values.only ?? 'parse,query,vectors,ocr,ocr-languages,models,llm,answer,scan,scale,view,hostile-ui,eta').split(','));


const WORDS = (
  'agreement party parties shall supplier customer services fees payment invoice term termination notice days written breach ' +
  'confidential information disclose liability damages indemnify claims losses warranty warranties insurance assignment consent ' +
  'governing law courts jurisdiction arbitration dispute intellectual property license rights obligations force majeure event ' +
  'delivery products price audit records data protection personal processing security incident subcontractor affiliate ' +
  'renewal expiry period months year exclusive territory minimum purchase order forecast acceptance defect remedy cure'
).split(' ');

/** A Zipf-like vocabulary: the legal words above are the frequent head, 6,000 made-up words the tail. */
const VOCABULARY = [...WORDS, ...Array.from({ length: 6000 }, (_, i) => `w${i.toString(36)}x${(i * 7919) % 997}`)];

function word(rand: () => number): string {
  // P(rank r) ∝ 1/r: inverse-transform sampling on the harmonic series, approximately.
  const r = Math.floor(Math.exp(rand() * Math.log(VOCABULARY.length))) - 1;
  return VOCABULARY[Math.min(VOCABULARY.length - 1, Math.max(0, r))]!;
}

function sentence(rand: () => number, n: number): string {
  const words = Array.from({ length: n }, () => word(rand));
  return words.join(' ').replace(/^./, (c) => c.toUpperCase()) + '.';
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;

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

async function benchQuery(): Promise<void> {
  const rand = prng(11);
  const docs = 200;
  const perDoc = 100;
  const dim = 1024;
  const ws = new MemoryWorkspace();
  const unit = () => {
    const v = new Float32Array(dim);
    let n = 0;
    for (let i = 0; i < dim; i++) n += (v[i] = rand() * 2 - 1) ** 2;
    n = Math.sqrt(n);
    for (let i = 0; i < dim; i++) v[i]! /= n;
    return v;
  };
  for (let d = 0; d < docs; d++) {
    const id = `doc-${d}`;
    const chunks: ChunkRecord[] = toChunkRecords(
      id,
      Array.from({ length: perDoc }, (_, seq) => {
        const text = Array.from({ length: 6 }, () => sentence(rand, 14)).join(' ');
        return { seq, pageStart: 1 + Math.floor(seq / 4), pageEnd: 1 + Math.floor(seq / 4), charStart: 0, charEnd: text.length, sectionPath: [`${seq + 1} Clause`], sectionOrdinal: String(seq + 1), sectionTitle: 'Clause', text, sourceText: text, tokens: 110 };
      }),
    );
    const data = new Float32Array(perDoc * dim);
    for (let i = 0; i < perDoc; i++) data.set(unit(), i * dim);
    const doc: DocumentRecord = {
      id, path: `${id}.pdf`, name: `${id}.pdf`, mediaType: 'application/pdf', size: 1, sha256: id, pages: 25, language: 'en', title: null, aliases: [],
      status: 'ready', error: null, errorInfo: null, source: 'upload', lexicalOnly: false, ocrConfidence: null, chunkCount: perDoc, mtime: null, addedAt: 0, updatedAt: 0,
    };
    await ws.commitDocument(doc, [], chunks, { documentId: id, modelId: 'bench', dim, seqs: Uint32Array.from({ length: perDoc }, (_, i) => i), data, language: 'en' });
  }
  let t = performance.now();
  const { engine } = await SearchEngine.open(ws, { saveDelayMs: 0 });
  const buildMs = performance.now() - t;
  await engine.useEmbeddingModel({ modelId: 'bench', dim });
  const embedder = { model: { id: 'bench', dtype: 'fp32' as const, device: 'cpu' as const, dim }, embed: async (texts: readonly string[]) => texts.map(() => unit()) };
  const settings = { ...DEFAULT_PIPELINE, rerank: false };
  const questions = Array.from({ length: 60 }, () => sentence(rand, 7));
  const times: number[] = [];
  const lexical: number[] = [];
  const dense: number[] = [];
  for (const [i, q] of questions.entries()) {
    t = performance.now();
    const r = await runPipeline({ text: q, settings }, { engine, lookup: ws, embedder });
    if (i >= 10) {
      times.push(performance.now() - t);
      lexical.push(r.explanation.timings['lexical'] ?? 0);
      dense.push(r.explanation.timings['dense'] ?? 0);
    }
  }
  const snapshot = (await ws.loadLexical())!;
  t = performance.now();
  new LexicalIndex({}, snapshot);
  const loadMs = performance.now() - t;
  table('Hybrid query at 20,000 chunks × 1024-d (Node; rerank excluded)', {
    'open (build BM25 index from the store), ms': buildMs,
    'query median, ms': median(times),
    'query p95, ms': p95(times),
    'of which BM25 median, ms': median(lexical),
    'of which dense top-50 median, ms': median(dense),
    'lexical snapshot, MB': snapshot.index.length / 1e6,
    'lexical snapshot load (cold start), ms': loadMs,
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
  await section('query', benchQuery);
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
    table('Import at scale in Chromium (200 generated contracts, 3,000 short pages, folder input)', { ...(await benchScale()) } as Record<string, number>);
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
  await section('hostile-ui', async () => {
    const { existsSync } = await import('node:fs');
    if (!existsSync('dist/index.html')) throw new Error('needs the production build: run `npx vite build --mode test` first');
    table('Hostile files through the UI (the fuzz subset: 13 files, one of each kind; main-thread long tasks while importing)', { ...(await benchHostileUi()) });
  });
  await section('eta', async () => {
    const { existsSync } = await import('node:fs');
    if (!existsSync('dist/index.html')) throw new Error('needs the production build: run `npx vite build --mode test` first');
    console.log('\n## First time estimate against the actual time (built app in Chromium)\n');
    console.log(formatEta(await benchEta(values.docs ? { docs: values.docs } : {})));
  });
  if (failures.length) process.exitCode = 1;
}

await main();
