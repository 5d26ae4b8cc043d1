/**
 * Optional: the shared development corpus (../shared/corpus, real public contracts, DOCX forms,
 * scans, French and German statutes), when it is there. Every document must ingest through the
 * app's own pipeline (OCR for the scans), be found by a passage of its own text searched across
 * the whole corpus, and get the right language. Skipped when the corpus is absent; no corpus
 * file is copied into the project.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestPaths, listDocuments, openEngine, type IngestReport } from '../../../src/cli/headless';
import type { SearchEngine } from '../../../src/core/search/engine';
import { DEFAULT_PIPELINE, runPipeline } from '../../../src/core/search/pipeline';
import { nodeOcrRuntime } from '../../../src/ocr/node-runtime';
import { TesseractOcr } from '../../../src/ocr/tesseract';
import { MemoryWorkspace } from '../../../src/store/memory';

const CORPUS = resolve(process.cwd(), '../shared/corpus');
const FOLDERS = ['contracts', 'multilingual', 'scanned'];

describe.runIf(existsSync(CORPUS))('the shared development corpus', () => {
  const ws = new MemoryWorkspace();
  let reports: IngestReport[] = [];
  let engine: SearchEngine;
  const ocr = new TesseractOcr({ runtime: nodeOcrRuntime() });

  beforeAll(async () => {
    const paths = (await Promise.all(FOLDERS.map((f) => listDocuments(resolve(CORPUS, f))))).flat();
    reports = await ingestPaths(paths, CORPUS, ws, { ocr, cache: false });
    engine = await openEngine(ws);
  }, 600_000);
  afterAll(async () => {
    await ocr.terminate();
  });

  it('ingests every document (scans through OCR)', () => {
    expect(reports.length).toBeGreaterThanOrEqual(20);
    expect(reports.filter((r) => r.error).map((r) => `${r.path}: ${r.error}`)).toEqual([]);
    for (const r of reports) expect(r.document?.chunkCount, r.path).toBeGreaterThan(0);
    const scans = reports.filter((r) => r.path.startsWith('scanned/'));
    expect(scans.length).toBe(2);
    for (const s of scans) expect(s.document?.ocrConfidence, s.path).toBeGreaterThan(60);
  });

  it('detects each document language', () => {
    for (const r of reports) {
      const expected = /(^|\/)DE_/.test(r.path) ? 'de' : /(^|\/)FR_/.test(r.path) ? 'fr' : 'en';
      expect(r.document?.language, r.path).toBe(expected);
    }
  });

  it('finds every document from a passage of its own text, searched across the corpus', async () => {
    const misses: string[] = [];
    for (const r of reports) {
      const doc = r.document!;
      const chunks = ws.chunksByDoc.get(doc.id) ?? [];
      // A sentence-sized window from the middle of the document's longest chunk in its middle third.
      const middle = chunks.slice(Math.floor(chunks.length / 3), Math.max(Math.floor(chunks.length / 3) + 1, Math.floor((2 * chunks.length) / 3)));
      const chunk = middle.reduce((a, b) => (b.text.length > a.text.length ? b : a), middle[0]!);
      const words = chunk.text.split(/\s+/);
      const at = Math.max(0, Math.floor(words.length / 2) - 6);
      const query = words.slice(at, at + 12).join(' ');
      const response = await runPipeline({ text: query, settings: { ...DEFAULT_PIPELINE, rerank: false } }, { engine, lookup: ws });
      const top = response.ranked.slice(0, 5).map((c) => c.documentId);
      // Twins (the same text as PDF and Markdown) may outrank each other.
      const twins = reports.filter((o) => o.path.replace(/\.[^.]+$/, '') === r.path.replace(/\.[^.]+$/, '')).map((o) => o.document!.id);
      if (!top.some((id) => twins.includes(id))) misses.push(`${r.path} (query: ${query})`);
    }
    expect(misses).toEqual([]);
  });
});
