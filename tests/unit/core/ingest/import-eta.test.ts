/**
 * The import ETA (src/core/ingest/import-eta.ts through the IngestQueue): nothing before there
 * is a basis, then the time left from this device's measured rates — per page (an 18-page scan
 * gets one after its first page), per byte for files not read yet, kept for the next import.
 * Time is a fake clock the fake parser and OCR advance: 200 ms a text page, 4 s an OCR page.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { CasefileEvent } from '../../../../src/core/events';
import { ImportEta } from '../../../../src/core/ingest/import-eta';
import { fileKind, ImportRates, validRates, type ImportRatesRecord } from '../../../../src/core/ingest/import-rates';
import { IngestQueue, type FileResolver, type QueueItem } from '../../../../src/core/ingest/queue';
import { inProcessAnalyzer } from '../../../../src/core/ingest/analyze';
import type { IngestDeps } from '../../../../src/core/ingest/pipeline';
import type { OcrEngine, ParsedItem, Parser, SourceFile } from '../../../../src/core/ports';
import { WorkspaceDb } from '../../../../src/store/db';
import { DocumentRepository } from '../../../../src/store/documents';
import { DexieQueueStore } from '../../../../src/store/queue-store';
import { freshIdb } from '../../../helpers/idb';

let clock = 0;
const TEXT_PAGE_MS = 200;
const OCR_PAGE_MS = 4_000;
const BYTES_PER_PAGE = 1_000;

/** A "PDF" of `pages` pages, `scanned` ones needing OCR; 1,000 bytes a page. */
function pdf(name: string, pages: number, scanned = false): SourceFile {
  const bytes = new TextEncoder().encode(`${scanned ? 'SCAN' : 'TEXT'}:${pages}:${name}`.padEnd(pages * BYTES_PER_PAGE, ' '));
  return { name, path: name, size: bytes.byteLength, mediaType: 'application/pdf', lastModified: 1, bytes: async () => bytes.slice().buffer };
}

const SENTENCE = 'The Supplier shall deliver the goods within thirty days and the Customer shall pay each invoice within sixty days.';

class ClockParser implements Parser {
  async *parse(f: SourceFile): AsyncIterable<ParsedItem> {
    const [kind, n] = new TextDecoder().decode(await f.bytes()).split(':');
    const pages = Number(n);
    yield { kind: 'info', info: { pages, title: null, mediaType: 'application/pdf' } };
    for (let i = 1; i <= pages; i++) {
      clock += TEXT_PAGE_MS;
      yield kind === 'SCAN'
        ? { kind: 'page', page: { page: i, text: '', ocr: false, confidence: null, needsOcr: true, image: { width: 1, height: 1, mediaType: 'image/png', data: new ArrayBuffer(4) } } }
        : { kind: 'page', page: { page: i, text: `${SENTENCE} Page ${i}.`, ocr: false, confidence: null, needsOcr: false } };
    }
  }
}

const ocr: OcrEngine = {
  recognize: async () => {
    clock += OCR_PAGE_MS;
    return { text: SENTENCE, confidence: 95 };
  },
};

class Files implements FileResolver {
  readonly files = new Map<string, SourceFile>();
  async resolve(item: QueueItem): Promise<SourceFile> {
    return this.files.get(item.path)!;
  }
  async release(): Promise<void> {}
}

const dbs: WorkspaceDb[] = [];
afterEach(() => dbs.splice(0).forEach((d) => d.close()));

function setup(rates: { record: ImportRatesRecord | null }) {
  const db = new WorkspaceDb(`eta-${dbs.length}`, freshIdb());
  dbs.push(db);
  const documents = new DocumentRepository(db);
  const files = new Files();
  const events: CasefileEvent[] = [];
  const ingest = (): IngestDeps => ({ parser: new ClockParser(), analyzer: inProcessAnalyzer, ocr, store: documents, index: { addDocument: async () => undefined, removeDocument: async () => undefined } });
  const queue = new IngestQueue({
    store: new DexieQueueStore(db), files, ingest, sink: (e) => events.push(e), now: () => clock,
    rates: { load: async () => rates.record, save: async (r) => void (rates.record = r) },
    // The fake clock charges a parse to whoever runs when it runs: a file read ahead would be
    // charged to the file before it. Files one after another, as this clock can tell them apart.
    readAhead: false,
  });
  const run = async (list: SourceFile[]) => {
    const jobId = await queue.enqueue(list.map((f) => (files.files.set(f.path, f), { file: f, origin: 'vault' as const })), 'upload', 'test');
    await queue.idle();
    return events.filter((e): e is Extract<CasefileEvent, { type: 'progress' }> => e.type === 'progress' && e.jobId === jobId);
  };
  return { run, queue };
}

describe('import ETA', () => {
  it('says nothing before there is a basis, then estimates the waiting files from the first one', async () => {
    clock = 0;
    const s = setup({ record: null });
    const progress = await s.run([pdf('a.pdf', 5), pdf('b.pdf', 5), pdf('c.pdf', 10)]);
    // No estimate while the first file is read (no rate measured yet for whole files).
    expect(progress[0]!.etaMs).toBeNull();
    const afterFirst = progress.find((p) => p.done === 1)!;
    // b: 5 pages, c: 10 pages at 200 ms a page (+ what the first file's start and its end took).
    expect(afterFirst.etaMs).toBeGreaterThanOrEqual(15 * TEXT_PAGE_MS * 0.9);
    expect(afterFirst.etaMs).toBeLessThan(15 * TEXT_PAGE_MS * 1.6);
    expect(progress[progress.length - 1]).toMatchObject({ done: 3, total: 3, etaMs: 0 });
  });

  it('an 18-page scan gets an estimate after its first page, and it holds', async () => {
    clock = 0;
    const s = setup({ record: null });
    const progress = await s.run([pdf("scan.pdf", 18, true)]);
    const first = progress.find((p) => p.etaMs !== null && p.etaMs > 0)!;
    expect(first).toBeDefined();
    const at = progress.indexOf(first);
    expect(progress.slice(0, at).every((p) => p.etaMs === null)).toBe(true);
    // Measured from page 2's start at most; 17 or 16 pages of 4.2 s left.
    const actualLeft = 18 * (OCR_PAGE_MS + TEXT_PAGE_MS) - first.at;
    expect(Math.abs(first.etaMs! - actualLeft) / actualLeft).toBeLessThan(0.15);
    // Updated page by page (at most once a second): it goes down.
    const estimates = progress.filter((p) => p.etaMs !== null && p.done === 0).map((p) => p.etaMs!);
    expect(estimates.length).toBeGreaterThan(10);
    expect(estimates[estimates.length - 1]).toBeLessThan(estimates[0]!);
  });

  it('keeps the rates for the device: the next import is estimated from its first progress', async () => {
    clock = 0;
    const rates = { record: null as ImportRatesRecord | null };
    await setup(rates).run([pdf('a.pdf', 4), pdf('b.pdf', 6), pdf('c.pdf', 3)]);
    expect(rates.record).not.toBeNull();
    const next = setup(rates);
    const started = clock;
    const progress = await next.run([pdf('d.pdf', 8), pdf('e.pdf', 12), pdf('f.pdf', 5)]);
    const actual = clock - started;
    const first = progress[0]!;
    expect(first.etaMs).not.toBeNull();
    expect(Math.abs(first.etaMs! - (actual - first.at + started)) / actual).toBeLessThan(0.4);
  });

  it('a job of scans after a history of contracts: once it has read a few, its own rate replaces the device’s', async () => {
    clock = 0;
    const rates = { record: null as ImportRatesRecord | null };
    await setup(rates).run([pdf('a.pdf', 4), pdf('s.pdf', 1, true), pdf('b.pdf', 6)]);
    const next = setup(rates);
    const started = clock;
    const progress = await next.run([1, 2, 3, 4, 5, 6].map((i) => pdf(`s${i}.pdf`, 3, true)));
    const afterThree = progress.find((p) => p.done === 3)!;
    const left = clock - afterThree.at;
    expect(clock - started).toBeGreaterThan(0);
    expect(Math.abs(afterThree.etaMs! - left) / left).toBeLessThan(0.15);
  });

  it('rates: kinds from type and name, records validated, time per byte by kind and over all kinds', () => {
    expect(fileKind('application/pdf', 'x')).toBe('pdf');
    expect(fileKind('', 'Contract.DOCX')).toBe('docx');
    expect(fileKind('image/png', 'scan.png')).toBe('image');
    expect(fileKind('text/markdown', 'a.md')).toBe('text');
    expect(validRates({ version: 2 })).toBeNull();
    expect(validRates({ version: 1, start: { sum: -1, weight: 1, samples: 1 } })?.start.samples).toBe(0);
    const r = new ImportRates();
    expect(new ImportEta(null, r.toRecord()).fileMs('pdf', 1_000)).toBeNull();
    r.observeStart(100);
    r.observeFinished({ kind: 'pdf', bytes: 10_000, pages: 10, afterMs: 50, startMs: 100, totalMs: 600 });
    const eta = new ImportEta(null, r.toRecord());
    // The start, then 500 ms per 10,000 bytes; a kind never read takes the rate over all kinds.
    expect(eta.fileMs('pdf', 20_000)).toBeCloseTo(100 + 1_000, 5);
    expect(eta.fileMs('docx', 20_000)).toBeCloseTo(100 + 1_000, 5);
    r.observeFinished({ kind: 'docx', bytes: 10_000, pages: 2, afterMs: 50, startMs: 100, totalMs: 300 });
    expect(new ImportEta(null, r.toRecord()).fileMs('docx', 20_000)).toBeCloseTo(100 + 400, 5);
  });
});
