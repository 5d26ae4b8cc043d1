/**
 * Ingests one file: bytes → hash (skip duplicates) → parse page by page → OCR the pages that
 * have no text layer → clean, detect language and metadata, chunk → embed (when a model is
 * loaded) → commit (one transaction) → index. A failure marks this document failed with a
 * message naming the file and the problem and never throws past the caller's loop; a cancel
 * leaves nothing behind.
 */
import { AppError, FileError, isAbort, throwIfAborted, toSerialized } from '../errors';
import type { EventInput } from '../events';
import { newId, sha256Hex } from '../hash';
import type { Embedder, IndexWriter, IngestStore, OcrEngine, ParsedItem, Parser, SourceFile } from '../ports';
import type { DocSource, DocumentRecord, PageRecord } from '../types';
import type { DocumentAnalyzer } from './analyze';
import type { ChunkerOptions } from './chunker';
import { toChunkRecords } from './chunker';
import { embedChunks } from './embed';
import { firstPageOptions, nextPageOptions, type OcrLanguage } from './ocr-language';
import { OcrTally, ocrPage, type RawPage } from './ocr-pages';
import type { PreparedRead } from './read-ahead';

export interface IngestDeps {
  readonly parser: Parser;
  readonly store: IngestStore;
  readonly index: IndexWriter;
  /**
   * Cleaning, language, metadata and chunking: the parse worker in the app (it loads the
   * language model, which the page must not), `inProcessAnalyzer` in Node.
   */
  readonly analyzer: DocumentAnalyzer;
  /** Reads pages without a text layer; without it such pages stay empty. */
  readonly ocr?: OcrEngine | null;
  /** The language scans are read in (default 'auto': English, French or German, told apart; ocr-language.ts). */
  readonly ocrLanguage?: OcrLanguage;
  /** Embeds chunks for dense search; without it documents are searchable by keywords only. */
  readonly embedder?: Embedder | null;
  readonly chunker?: ChunkerOptions;
  /** Files over this size fail as too large before they are read. */
  readonly maxBytes?: number;
  /** Mean OCR confidence (0–100) under which a document is marked degraded. */
  readonly ocrDegradedBelow?: number;
  readonly now?: () => number;
}

export interface IngestRequest {
  readonly file: SourceFile;
  readonly source: DocSource;
  /** Reuse this id (a resumed job, or a re-scan of a changed file). */
  readonly documentId?: string;
  readonly password?: string;
  /** The file already being read and parsed (read-ahead.ts; the queue reads the next file ahead): its hash and items are used, and it is closed when this returns. */
  readonly read?: PreparedRead | null;
  /** Called once the file no longer needs the parser (its text analysed, or it failed or was skipped): the queue then reads the next file ahead. */
  readonly onParsed?: () => void;
}

export type IngestOutcome =
  | { readonly kind: 'ingested'; readonly document: DocumentRecord }
  | { readonly kind: 'duplicate'; readonly existing: DocumentRecord }
  | { readonly kind: 'failed'; readonly document: DocumentRecord; readonly error: AppError };

export const DEFAULT_MAX_BYTES = 200 * 1024 * 1024;
/** Measured on generated scans (src/cli/bench-ocr.ts): ≥ 70 mean confidence ≈ ≥ 99% words right. */
export const DEFAULT_OCR_DEGRADED_BELOW = 70;
/** A page under this confidence has most words wrong (heavy noise: 18–46% right). */
export const OCR_PAGE_UNREADABLE_BELOW = 50;

export async function ingestFile(
  request: IngestRequest,
  deps: IngestDeps,
  emit: (event: EventInput) => void,
  signal?: AbortSignal,
): Promise<IngestOutcome> {
  let parsed = false;
  const onParsed = () => {
    if (parsed) return;
    parsed = true;
    request.onParsed?.();
  };
  try {
    return await ingest({ ...request, onParsed }, deps, emit, signal);
  } finally {
    request.read?.close();
    onParsed();
  }
}

async function ingest(request: IngestRequest, deps: IngestDeps, emit: (event: EventInput) => void, signal: AbortSignal | undefined): Promise<IngestOutcome> {
  const now = deps.now ?? Date.now;
  const { file } = request;
  const maxBytes = deps.maxBytes ?? DEFAULT_MAX_BYTES;
  let doc: DocumentRecord = {
    id: request.documentId ?? newId(),
    path: file.path,
    name: file.name,
    mediaType: file.mediaType,
    size: file.size,
    sha256: '',
    pages: 0,
    language: null,
    title: null,
    aliases: [],
    status: 'parsing',
    error: null,
    errorInfo: null,
    source: request.source,
    lexicalOnly: true,
    ocrConfidence: null,
    chunkCount: 0,
    mtime: file.lastModified,
    addedAt: now(),
    updatedAt: now(),
  };

  try {
    throwIfAborted(signal, file.name);
    if (file.size === 0) throw new FileError('file/empty', file.name, 'the file is empty (0 bytes)');
    if (file.size > maxBytes) {
      throw new FileError('file/too-large', file.name, `the file is ${formatBytes(file.size)}, over the limit of ${formatBytes(maxBytes)}`);
    }
    // The parser takes the bytes already read (or those the read ahead of this file holds).
    const { read } = request;
    let parse: () => AsyncIterable<ParsedItem>;
    if (read) {
      doc = { ...doc, sha256: await read.sha256 };
      parse = () => read.items(signal);
    } else {
      const bytes = await file.bytes();
      doc = { ...doc, sha256: await sha256Hex(bytes) };
      const once: SourceFile = { ...file, bytes: () => Promise.resolve(bytes) };
      parse = () => deps.parser.parse(once, { signal, password: request.password });
    }
    const existing = await deps.store.findBySha256(doc.sha256);
    if (existing && existing.id !== doc.id && existing.status !== 'failed') return { kind: 'duplicate', existing };
    if (existing && existing.id !== doc.id) doc = { ...doc, id: existing.id, addedAt: existing.addedAt };
    throwIfAborted(signal, file.name);

    await deps.store.putDocument(doc);
    emit({ type: 'file_started', documentId: doc.id, name: file.name, size: file.size });

    // 1. Parse, page by page, reading a scanned page with OCR as soon as it arrives (so page
    //    images are never all held at once).
    const raw: RawPage[] = [];
    const tally = new OcrTally();
    let ocrLanguages = firstPageOptions(deps.ocrLanguage);
    let needOcr = 0;
    let declaredTitle: string | null = null;
    for await (const item of parse()) {
      if (item.kind === 'info') {
        doc = { ...doc, pages: item.info.pages, mediaType: item.info.mediaType };
        declaredTitle = item.info.title;
        continue;
      }
      const page: RawPage = { ...item.page };
      raw.push(page);
      emit({ type: 'page_parsed', documentId: doc.id, page: page.page, pages: doc.pages, ...(page.needsOcr && deps.ocr ? { needsOcr: true } : {}) });
      if (page.needsOcr) {
        needOcr++;
        if (deps.ocr) {
          if (doc.status !== 'ocr') {
            doc = { ...doc, status: 'ocr' };
            await deps.store.updateDocument(doc.id, { status: 'ocr', pages: doc.pages });
          }
          if (await ocrPage(page, deps.ocr, tally, signal, ocrLanguages)) {
            ocrLanguages = nextPageOptions(ocrLanguages, page.ocrLanguages);
            emit({ type: 'ocr_page', documentId: doc.id, page: page.page, pages: doc.pages, confidence: page.confidence ?? 0 });
          }
        } else page.image = undefined;
      }
      throwIfAborted(signal, file.name);
    }
    const ocrConfidence = tally.mean;

    // 3. Clean, detect language and metadata, chunk.
    const analyzed = await deps.analyzer.analyze(
      raw.map((p) => ({ page: p.page, text: p.text, ...(p.headings ? { headings: p.headings } : {}) })),
      { fileName: file.name, declaredTitle },
      { chunker: deps.chunker, signal },
    );
    request.onParsed?.();
    const chunks = toChunkRecords(doc.id, analyzed.chunks);
    if (chunks.length === 0) {
      const reason = needOcr > 0 && !deps.ocr ? 'it is a scan without a text layer, and text recognition (OCR) is not available' : 'no readable text was found in it';
      throw new FileError('file/no-text', file.name, reason);
    }
    emit({ type: 'chunked', documentId: doc.id, chunks: chunks.length });
    throwIfAborted(signal, file.name);
    doc = { ...doc, language: analyzed.language, title: analyzed.title, aliases: analyzed.aliases, parties: analyzed.parties, identity: analyzed.identity };

    // 4. Embed (optional: without a model the document is searchable by keywords).
    let vectors = null;
    if (deps.embedder) {
      doc = { ...doc, status: 'embedding' };
      await deps.store.updateDocument(doc.id, { status: 'embedding' });
      vectors = await embedChunks(doc, chunks, deps.embedder, (done, total) => emit({ type: 'embedded', documentId: doc.id, done, total }), signal);
    }

    // 5. Commit everything in one transaction, then index.
    const byPage = new Map(raw.map((p) => [p.page, p]));
    const pages: PageRecord[] = analyzed.pages.map((p) => {
      const layout = byPage.get(p.page)?.layout;
      return {
        documentId: doc.id,
        page: p.page,
        text: p.text,
        ocr: byPage.get(p.page)?.ocr ?? false,
        confidence: byPage.get(p.page)?.confidence ?? null,
        ...(layout ? { layout } : {}),
      };
    });
    const degradedBelow = deps.ocrDegradedBelow ?? DEFAULT_OCR_DEGRADED_BELOW;
    // Low mean confidence, or one page that is nearly unreadable, makes the document "degraded";
    // only pages where OCR found words count (a picture without text is not "low quality").
    const degraded = ocrConfidence !== null && (ocrConfidence < degradedBelow || tally.min < OCR_PAGE_UNREADABLE_BELOW);
    const lowPages = degraded ? tally.lowPages(degradedBelow) : [];
    const unreadPages = deps.ocr ? tally.unread : needOcr;
    const unread = unreadPages > 0;
    doc = {
      ...doc,
      pages: Math.max(doc.pages, pages.length),
      chunkCount: chunks.length,
      lexicalOnly: vectors === null,
      ocrConfidence,
      ...(lowPages.length > 0 ? { ocrLowPages: lowPages } : {}),
      // Pages OCR found words on (a wordless signature page or exhibit is not "recognised text").
      ...(tally.pages.size > 0 ? { ocrPages: tally.pages.size } : {}),
      status: degraded || unread ? 'degraded' : 'ready',
      error: unread
        ? `${file.name}: ${unreadPages} scanned page${unreadPages === 1 ? '' : 's'} could not be read${deps.ocr ? '' : ' (text recognition is not available)'}`
        : degraded
          ? `${file.name}: ${lowConfidenceReason(lowPages, tally.pages, ocrConfidence ?? 0)}; some words may be wrong`
          : null,
      updatedAt: now(),
    };
    await deps.store.commitDocument(doc, pages, chunks, vectors);
    await deps.index.addDocument({ id: doc.id, name: doc.name, language: doc.language }, chunks, vectors);
    emit({ type: 'indexed', documentId: doc.id });
    emit({ type: 'file_done', documentId: doc.id, name: doc.name, status: doc.status });
    return { kind: 'ingested', document: doc };
  } catch (error) {
    if (isAbort(error)) {
      // A cancelled file leaves no partial rows behind.
      await deps.store.deleteDocument(doc.id).catch(() => undefined);
      await deps.index.removeDocument(doc.id).catch(() => undefined);
      throw error;
    }
    const appError = asFileError(error, file.name);
    const failed: DocumentRecord = { ...doc, status: 'failed', error: appError.message, errorInfo: toSerialized(appError), chunkCount: 0, updatedAt: now() };
    await deps.store.commitDocument(failed, [], []);
    await deps.index.removeDocument(doc.id).catch(() => undefined);
    emit({ type: 'file_failed', documentId: doc.id, name: file.name, error: toSerialized(appError) });
    return { kind: 'failed', document: failed, error: appError };
  }
}

/** "text recognition confidence is low on pages 3 and 5 (41%, 38%)", or the mean when no page is named. */
export function lowConfidenceReason(lowPages: readonly number[], confidences: ReadonlyMap<number, number>, mean: number): string {
  if (lowPages.length === 0) return `text recognition confidence is low (${Math.round(mean)}% on average)`;
  const shown = lowPages.slice(0, 10);
  const list = shown.length === 1 ? `page ${shown[0]}` : `pages ${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
  const more = lowPages.length > shown.length ? ` and ${lowPages.length - shown.length} more` : '';
  const percents = shown.map((p) => `${Math.round(confidences.get(p) ?? 0)}%`).join(', ');
  return `text recognition confidence is low on ${list}${more} (${percents})`;
}

function asFileError(error: unknown, fileName: string): AppError {
  if (error instanceof FileError) return error;
  if (error instanceof AppError) return new FileError(error.code, fileName, error.message, { cause: error });
  const reason = error instanceof Error ? error.message : String(error);
  return new FileError('file/corrupt', fileName, `could not be read (${reason})`, { cause: error });
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 * 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${(n / 1024 / 1024 / 1024).toFixed(2)} GB`;
}
