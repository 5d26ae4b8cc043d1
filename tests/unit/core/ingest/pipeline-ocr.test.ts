/**
 * How OCR results mark a document (issue 14): "low quality" only when OCR read words with low
 * confidence, naming those pages; a picture without words (a logo, a photo) is not low quality.
 */
import { describe, expect, it } from 'vitest';
import { memorySourceFile } from '../../../../src/cli/node-source-file';
import { inProcessAnalyzer } from '../../../../src/core/ingest/analyze';
import { ingestFile, lowConfidenceReason, type IngestDeps } from '../../../../src/core/ingest/pipeline';
import type { OcrEngine, OcrResult, ParsedItem, ParsedPage, Parser } from '../../../../src/core/ports';
import { MemoryWorkspace } from '../../../../src/store/memory';

const TEXT = 'The Supplier shall deliver the goods within thirty days of the order and invoice monthly.';
const IMAGE = { width: 10, height: 10, mediaType: 'image/png', data: new ArrayBuffer(8) };

/** A parser that yields these pages (text pages, or image pages that need OCR). */
function pagesParser(pages: readonly ('text' | 'image')[]): Parser {
  return {
    async *parse(): AsyncGenerator<ParsedItem> {
      yield { kind: 'info', info: { pages: pages.length, title: null, mediaType: 'application/pdf' } };
      for (const [i, kind] of pages.entries()) {
        const page: ParsedPage = kind === 'text' ? { page: i + 1, text: `${TEXT} Page ${i + 1}.`, ocr: false, confidence: null, needsOcr: false } : { page: i + 1, text: '', ocr: false, confidence: null, needsOcr: true, image: IMAGE };
        yield { kind: 'page', page };
      }
    },
  };
}

/** OCR answering these results page after page. */
function scriptedOcr(results: readonly OcrResult[]): OcrEngine {
  let n = 0;
  return { recognize: async () => results[n++]! };
}

async function ingest(pages: readonly ('text' | 'image')[], results: readonly OcrResult[]) {
  const ws = new MemoryWorkspace();
  const deps: IngestDeps = { parser: pagesParser(pages), analyzer: inProcessAnalyzer, store: ws, index: { addDocument: async () => undefined, removeDocument: async () => undefined }, ocr: scriptedOcr(results) };
  const outcome = await ingestFile({ file: memorySourceFile('contract.pdf', 'bytes'), source: 'upload' }, deps, () => undefined);
  if (outcome.kind !== 'ingested') throw new Error(`expected ingested, got ${outcome.kind}`);
  return outcome.document;
}

describe('OCR quality of a document', () => {
  it('a text PDF whose one image page has no words is ready, with no confidence to show', async () => {
    const doc = await ingest(['text', 'image', 'text'], [{ text: '', confidence: 0 }]);
    expect(doc).toMatchObject({ status: 'ready', error: null, ocrConfidence: null });
    expect(doc.ocrLowPages).toBeUndefined();
    expect(doc.ocrPages).toBeUndefined();
  });

  it('pages read with low confidence make it degraded, and the message names them', async () => {
    const doc = await ingest(['image', 'text', 'image', 'image'], [
      { text: 'Clearly read scanned words of the first page.', confidence: 93 },
      { text: 'Blurred words barely legible here.', confidence: 41 },
      { text: 'More blurred words on the last page.', confidence: 38.4 },
    ]);
    expect(doc.status).toBe('degraded');
    expect(doc.ocrLowPages).toEqual([3, 4]);
    expect(doc.ocrPages).toBe(3); // the row says "on 3 of 4 pages"
    expect(doc.error).toBe('contract.pdf: text recognition confidence is low on pages 3 and 4 (41%, 38%); some words may be wrong');
  });

  it('well-read scans are ready', async () => {
    const doc = await ingest(['image', 'image'], [
      { text: 'Scanned words read well.', confidence: 91 },
      { text: 'More scanned words read well.', confidence: 88 },
    ]);
    expect(doc).toMatchObject({ status: 'ready', error: null });
    expect(doc.ocrConfidence).toBeGreaterThan(88);
  });

  it('lists at most ten pages', () => {
    const pages = Array.from({ length: 12 }, (_, i) => i + 1);
    expect(lowConfidenceReason(pages, new Map(pages.map((p) => [p, 40])), 40)).toBe(`text recognition confidence is low on pages 1, 2, 3, 4, 5, 6, 7, 8, 9 and 10 and 2 more (${Array(10).fill('40%').join(', ')})`);
  });
});
