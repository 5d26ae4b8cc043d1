/**
 * Benchmark of OCR in Node on the generated scan (tests/fixtures/scanned.ts): scans of
 * decreasing quality, each parsed by InProcessParser with `renderForOcr` (pdf.js on
 * @napi-rs/canvas) and read by TesseractOcr, one warm tesseract worker throughout.
 *
 *   npx tsx src/cli/bench-ocr.ts [--dpi 300] [--repeat 1] [--levels clean,heavy] [--timeout-ms 30000]
 *   import { benchOcr } from './bench-ocr'                     # figures for `npm run bench`
 *
 * Per quality level: pages/s of OCR alone and of render + OCR, Tesseract's mean confidence, and
 * word accuracy (share of the page's words, in order-free multiset terms, that OCR got right).
 * Confidence against accuracy is what the `degraded` threshold of the ingest pipeline rests on.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { memorySourceFile } from './node-source-file';
import { AppError } from '../core/errors';
import type { OcrResult, ParsedPage } from '../core/ports';
import { nodeOcrRuntime } from '../ocr/node-runtime';
import { TesseractOcr } from '../ocr/tesseract';
import { InProcessParser } from '../parsers/parser';
import { parsePdf } from '../parsers/pdf';
import { loadPdfJsNode } from '../parsers/pdfjs-node';
import { makeScannedPdf, SCANNED_PAGES, type ScanOptions } from '../../tests/fixtures/scanned';

export interface BenchOcrOptions {
  /** Render resolution for OCR (default 300 DPI, the app's default). */
  readonly dpi?: number;
  /** Times each scan is read (default 1). */
  readonly repeat?: number;
  /** Quality levels to run (default all of QUALITY_LEVELS; `extreme` pages mostly hit the page timeout). */
  readonly levels?: readonly string[];
  /** Give up on a page after this long (default: TesseractOcr's 30 s). */
  readonly pageTimeoutMs?: number;
}

/** Scans from clean to barely legible (same text, same seed). */
export const QUALITY_LEVELS: Readonly<Record<string, ScanOptions>> = {
  clean: {},
  light: { noise: 0.002, skewDegrees: 0.4, jpegQuality: 75 },
  medium: { noise: 0.01, skewDegrees: 1, dpi: 150, jpegQuality: 55, blur: 0.6 },
  heavy: { noise: 0.03, skewDegrees: 1.5, dpi: 150, jpegQuality: 40, blur: 1 },
  extreme: { noise: 0.08, skewDegrees: 2.5, dpi: 100, jpegQuality: 30, blur: 1.4, paper: 200 },
  /** Small print: 7 pt Times-like serif, a 300 DPI JPEG scan. */
  'small-serif': { dpi: 300, fontSize: 7, serif: true, jpegQuality: 70 },
};

export interface BenchOcrRow {
  readonly level: string;
  readonly pages: number;
  readonly renderMs: number;
  readonly ocrMs: number;
  readonly ocrPagesPerSecond: number;
  readonly pipelinePagesPerSecond: number;
  /** Mean and minimum page confidence, 0..100. */
  readonly confidence: number;
  readonly minConfidence: number;
  /** Mean word accuracy 0..1 against the text that was drawn. */
  readonly wordAccuracy: number;
  /** Pages given up on (job/timeout); they count as confidence 0, accuracy 0. */
  readonly timeouts: number;
}

export interface BenchOcrReport {
  readonly dpi: number;
  readonly startMs: number;
  readonly rows: readonly BenchOcrRow[];
  /** Flat figures for `npm run bench`. */
  readonly figures: Record<string, number>;
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Share of the reference words that appear in the OCR text (multiset: each found once). */
export function wordAccuracy(ocrText: string, reference: string): number {
  const ref = words(reference);
  if (ref.length === 0) return 1;
  const got = new Map<string, number>();
  for (const w of words(ocrText)) got.set(w, (got.get(w) ?? 0) + 1);
  let hit = 0;
  for (const w of ref) {
    const n = got.get(w) ?? 0;
    if (n > 0) {
      hit++;
      got.set(w, n - 1);
    }
  }
  return hit / ref.length;
}

const referenceText = (page: number) => {
  const p = SCANNED_PAGES[page - 1];
  return p ? [p.heading, ...p.paragraphs].join('\n') : '';
};

export async function benchOcr(options: BenchOcrOptions = {}): Promise<BenchOcrReport> {
  const dpi = options.dpi ?? 300;
  const repeat = options.repeat ?? 1;
  const levels = options.levels ?? Object.keys(QUALITY_LEVELS);
  const parser = new InProcessParser({
    pdfjs: loadPdfJsNode,
    handlers: { pdf: ({ bytes, file, options: o }) => parsePdf(bytes, file.name, loadPdfJsNode, { signal: o.signal, renderForOcr: { dpi } }) },
  });
  const ocr = new TesseractOcr({ runtime: nodeOcrRuntime(), ...(options.pageTimeoutMs ? { pageTimeoutMs: options.pageTimeoutMs } : {}) });
  const rows: BenchOcrRow[] = [];
  const t0 = performance.now();
  await ocr.prepare();
  const startMs = performance.now() - t0;
  try {
    for (const level of levels) {
      const scan = QUALITY_LEVELS[level];
      if (!scan) throw new Error(`bench-ocr: unknown quality level ${JSON.stringify(level)} (known: ${Object.keys(QUALITY_LEVELS).join(', ')})`);
      const pdf = await makeScannedPdf(scan);
      let renderMs = 0;
      let ocrMs = 0;
      const confidences: number[] = [];
      const accuracies: number[] = [];
      let timeouts = 0;
      for (let r = 0; r < repeat; r++) {
        let t = performance.now();
        const pages: ParsedPage[] = [];
        for await (const item of parser.parse(memorySourceFile(`${level}.pdf`, pdf))) {
          if (item.kind !== 'page') continue;
          renderMs += performance.now() - t;
          pages.push(item.page);
          const image = item.page.image;
          if (!image) throw new Error(`bench-ocr: page ${item.page.page} of the ${level} scan was not rendered`);
          const s = performance.now();
          let result: OcrResult = { text: '', confidence: 0 };
          try {
            result = await ocr.recognize(image);
          } catch (error) {
            if (!(error instanceof AppError) || error.code !== 'job/timeout') throw error;
            timeouts++;
          }
          ocrMs += performance.now() - s;
          confidences.push(result.confidence);
          accuracies.push(wordAccuracy(result.text, referenceText(item.page.page)));
          t = performance.now();
        }
      }
      const pages = confidences.length;
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
      rows.push({
        level,
        pages,
        renderMs,
        ocrMs,
        ocrPagesPerSecond: pages / (ocrMs / 1000),
        pipelinePagesPerSecond: pages / ((ocrMs + renderMs) / 1000),
        confidence: mean(confidences),
        minConfidence: Math.min(...confidences),
        wordAccuracy: mean(accuracies),
        timeouts,
      });
    }
  } finally {
    await ocr.terminate();
  }
  const figures: Record<string, number> = { ocr_dpi: dpi, ocr_start_ms: Math.round(startMs) };
  for (const row of rows) {
    figures[`ocr_${row.level}_pages_per_s`] = Number(row.ocrPagesPerSecond.toFixed(3));
    figures[`ocr_${row.level}_confidence`] = Number(row.confidence.toFixed(1));
    figures[`ocr_${row.level}_word_accuracy`] = Number(row.wordAccuracy.toFixed(3));
  }
  return { dpi, startMs, rows, figures };
}

function printTable(report: BenchOcrReport): void {
  console.log(`OCR in Node (tesseract.js, eng best_int), pages rendered at ${report.dpi} DPI; worker start ${report.startMs.toFixed(0)} ms`);
  const header = ['scan', 'pages', 'render ms/page', 'OCR ms/page', 'OCR pages/s', 'render+OCR pages/s', 'confidence', 'min conf.', 'word accuracy', 'timeouts'];
  const lines = report.rows.map((r) => [
    r.level,
    String(r.pages),
    (r.renderMs / r.pages).toFixed(0),
    (r.ocrMs / r.pages).toFixed(0),
    r.ocrPagesPerSecond.toFixed(2),
    r.pipelinePagesPerSecond.toFixed(2),
    r.confidence.toFixed(1),
    r.minConfidence.toFixed(0),
    `${(r.wordAccuracy * 100).toFixed(1)}%`,
    String(r.timeouts),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(row(header));
  console.log(`|${widths.map((w, i) => (i === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const l of lines) console.log(row(l));
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const dpi = Number(arg('dpi') ?? 300);
  const repeat = Number(arg('repeat') ?? 1);
  const levels = arg('levels')?.split(',');
  const timeout = arg('timeout-ms');
  benchOcr({ dpi, repeat, ...(levels ? { levels } : {}), ...(timeout ? { pageTimeoutMs: Number(timeout) } : {}) })
    .then(printTable)
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
