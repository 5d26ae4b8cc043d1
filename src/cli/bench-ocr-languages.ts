/**
 * French and German OCR on the corpus statutes: one page of each statute's text (the French
 * Civil Code, the German Trade Secrets Act from `<docs>/multilingual/`) rendered as a clean
 * scan (tests/fixtures/scanned.ts, 300 DPI as the app renders pages for OCR), then read the way
 * the ingest pipeline reads a scan's first page: `ocrPage` with the workspace's OCR language —
 * 'auto' (English first, the language told apart, read again in it), and English only for the
 * comparison (what the app did before French and German data shipped).
 *
 *   npx tsx src/cli/bench-ocr-languages.ts [--docs ../shared/corpus]
 *   import { benchOcrLanguages } from './bench-ocr-languages'     # `npm run bench -- --only ocr-languages`
 *
 * Figures per statute and setting: Tesseract's mean word confidence, word accuracy against the
 * text drawn, the language OCR settled on, milliseconds for the page.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { firstPageOptions, type OcrLanguage } from '../core/ingest/ocr-language';
import { OcrTally, ocrPage, type RawPage } from '../core/ingest/ocr-pages';
import { nodeOcrRuntime } from '../ocr/node-runtime';
import { TesseractOcr } from '../ocr/tesseract';
import { renderScanPage, type ScannedPageText } from '../../tests/fixtures/scanned';
import { wordAccuracy } from './bench-ocr';

export interface OcrLanguageRow {
  readonly statute: string;
  readonly setting: OcrLanguage;
  readonly languages: string;
  readonly confidence: number;
  readonly wordAccuracy: number;
  readonly ms: number;
}

const STATUTES = [
  { name: 'French Civil Code (art. 1101–1108)', file: 'multilingual/FR_Code_civil_Livre_III_Titre_III_art_1101-1199.md', start: /^### Article 1101/m },
  { name: 'German GeschGehG (§ 1–2)', file: 'multilingual/DE_GeschGehG_Gesetz_zum_Schutz_von_Geschaeftsgeheimnissen.md', start: /^### § 1 /m },
] as const;

/** About a page of the statute from `start`: its first heading and the paragraphs after it, Markdown marks removed. */
export function statutePage(markdown: string, start: RegExp, maxChars = 1500): ScannedPageText {
  const from = markdown.search(start);
  const text = markdown.slice(Math.max(0, from));
  const blocks = text
    .split(/\n\s*\n/)
    .map((b) => b.replace(/^#+\s*/gm, '').replace(/^-{3,}$/gm, '').replace(/\s+/g, ' ').trim())
    .filter((b) => b.length > 0 && !/^-+$/.test(b));
  const heading = blocks.shift() ?? '';
  const paragraphs: string[] = [];
  let chars = 0;
  for (const b of blocks) {
    if (chars + b.length > maxChars) break;
    paragraphs.push(b);
    chars += b.length;
  }
  return { heading, paragraphs, expect: [] };
}

export async function benchOcrLanguages(options: { docs?: string } = {}): Promise<OcrLanguageRow[]> {
  const docs = resolve(options.docs ?? '../shared/corpus');
  const missing = STATUTES.map((s) => join(docs, s.file)).filter((f) => !existsSync(f));
  if (missing.length > 0) throw new Error(`bench-ocr-languages: the corpus statutes are missing (${missing.join(', ')}); pass --docs <corpus folder>`);
  const ocr = new TesseractOcr({ runtime: nodeOcrRuntime() });
  const rows: OcrLanguageRow[] = [];
  try {
    for (const statute of STATUTES) {
      const page = statutePage(readFileSync(join(docs, statute.file), 'utf8'), statute.start);
      const reference = [page.heading, ...page.paragraphs].join('\n');
      const image = renderScanPage(page, { dpi: 300 });
      for (const setting of ['eng', 'auto'] as const) {
        const raw: RawPage = { page: 1, text: '', ocr: false, confidence: null, needsOcr: true, image: { width: image.width, height: image.height, mediaType: image.mediaType, data: image.data.slice().buffer } };
        const t = performance.now();
        await ocrPage(raw, ocr, new OcrTally(), undefined, firstPageOptions(setting));
        rows.push({ statute: statute.name, setting, languages: (raw.ocrLanguages ?? []).join('+'), confidence: raw.confidence ?? 0, wordAccuracy: wordAccuracy(raw.text, reference), ms: performance.now() - t });
      }
    }
  } finally {
    await ocr.terminate();
  }
  return rows;
}

export function formatOcrLanguages(rows: readonly OcrLanguageRow[]): string {
  const lines = ['| page | OCR language setting | read as | mean word confidence | word accuracy | ms |', '|---|---|---|---:|---:|---:|'];
  for (const r of rows) lines.push(`| ${r.statute} | ${r.setting === 'auto' ? 'automatic' : 'English only'} | ${r.languages} | ${r.confidence.toFixed(1)} | ${(r.wordAccuracy * 100).toFixed(1)}% | ${r.ms.toFixed(0)} |`);
  return lines.join('\n');
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  const i = process.argv.indexOf('--docs');
  benchOcrLanguages(i > 0 ? { docs: process.argv[i + 1]! } : {})
    .then((rows) => console.log(formatOcrLanguages(rows)))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
