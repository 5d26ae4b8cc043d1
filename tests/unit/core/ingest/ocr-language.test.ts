/**
 * Which language a scan is read in (src/core/ingest/ocr-language.ts through the ingest
 * pipeline): automatic reading starts in English and telling languages apart, then keeps the
 * language the first page turned out to be in; a chosen language is used from the start.
 */
import { describe, expect, it } from 'vitest';
import { memorySourceFile } from '../../../../src/cli/node-source-file';
import { inProcessAnalyzer } from '../../../../src/core/ingest/analyze';
import { firstPageOptions, isOcrLanguage, nextPageOptions, type OcrLanguage } from '../../../../src/core/ingest/ocr-language';
import { ingestFile } from '../../../../src/core/ingest/pipeline';
import type { OcrEngine, OcrOptions, ParsedItem, Parser } from '../../../../src/core/ports';
import { MemoryWorkspace } from '../../../../src/store/memory';

const IMAGE = { width: 10, height: 10, mediaType: 'image/png', data: new ArrayBuffer(8) };
const scans = (n: number): Parser => ({
  async *parse(): AsyncGenerator<ParsedItem> {
    yield { kind: 'info', info: { pages: n, title: null, mediaType: 'application/pdf' } };
    for (let i = 1; i <= n; i++) yield { kind: 'page', page: { page: i, text: '', ocr: false, confidence: null, needsOcr: true, image: IMAGE } };
  },
});

/** An engine that reads French pages: asked to tell languages apart, it answers with French. */
function frenchPages(seen: Pick<OcrOptions, 'languages' | 'detect'>[]): OcrEngine {
  return {
    recognize: async (_image, options = {}) => {
      seen.push({ ...(options.languages ? { languages: options.languages } : {}), ...(options.detect ? { detect: options.detect } : {}) });
      const languages = options.detect?.includes('fra') ? ['fra'] : (options.languages ?? ['eng']);
      return { text: 'Le contrat est une convention par laquelle une ou plusieurs personnes s’obligent envers une ou plusieurs autres.', confidence: 91, languages };
    },
  };
}

async function ingest(setting: OcrLanguage | undefined, pages: number) {
  const seen: Pick<OcrOptions, 'languages' | 'detect'>[] = [];
  const deps = { parser: scans(pages), analyzer: inProcessAnalyzer, store: new MemoryWorkspace(), index: { addDocument: async () => undefined, removeDocument: async () => undefined }, ocr: frenchPages(seen), ...(setting ? { ocrLanguage: setting } : {}) };
  const outcome = await ingestFile({ file: memorySourceFile('scan.pdf', 'bytes'), source: 'upload' }, deps, () => undefined);
  return { seen, outcome };
}

describe('OCR language', () => {
  it('automatic: the first page in English telling en/fr/de apart, the next pages straight in the language found', async () => {
    const { seen, outcome } = await ingest(undefined, 3);
    expect(seen).toEqual([{ languages: ['eng'], detect: ['eng', 'fra', 'deu'] }, { languages: ['fra'] }, { languages: ['fra'] }]);
    expect(outcome.kind === 'ingested' && outcome.document.language).toBe('fr');
  });

  it('a chosen language is used on every page, nothing told apart', async () => {
    const { seen } = await ingest('deu', 2);
    expect(seen).toEqual([{ languages: ['deu'] }, { languages: ['deu'] }]);
  });

  it('an English page keeps telling apart (a French page may follow a cover in English)', () => {
    const first = firstPageOptions('auto');
    expect(nextPageOptions(first, ['eng'])).toBe(first);
    expect(nextPageOptions(first, undefined)).toBe(first);
    expect(nextPageOptions(first, ['deu'])).toEqual({ languages: ['deu'] });
    expect(nextPageOptions({ languages: ['fra'] }, ['fra'])).toEqual({ languages: ['fra'] });
  });

  it('settings are validated', () => {
    expect(['auto', 'eng', 'fra', 'deu'].every(isOcrLanguage)).toBe(true);
    expect(isOcrLanguage('chi_sim')).toBe(false);
    expect(isOcrLanguage(undefined)).toBe(false);
  });
});
