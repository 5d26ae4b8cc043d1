/**
 * The time an import has left, from this device's measured rates (import-rates.ts): the file
 * being read by its pages left — at this file's own share of OCR pages — and every file waiting
 * by its size (its kind's time per byte; over all kinds for a kind not read yet). Updated at
 * every page, so an 18-page scan gets an estimate after its first page is read.
 *
 * No basis, no estimate: `remainingMs` is null (the UI says "estimating…") until every rate the
 * remaining work needs has been measured on this device — by an earlier import (the rates are
 * kept per device) or by this one.
 *
 * The queue (queue.ts) feeds it the events of the file it reads and the item list of a job.
 */
import type { EventInput } from '../events';
import { fileKind, ImportRates, type FileKind, type ImportRatesRecord } from './import-rates';

/** Where the device's rates are kept (the registry's key-value table in the app). */
export interface ImportRatesStore {
  load(): Promise<ImportRatesRecord | null>;
  save(record: ImportRatesRecord): Promise<void>;
}

/** What the estimate needs to know of a queue item. */
export interface EtaItem {
  readonly documentId: string;
  readonly name: string;
  readonly mediaType: string;
  readonly size: number;
  /** 'running' is the file being read; 'pending' and 'receiving' wait; the rest are finished. */
  readonly status: string;
}

interface Reading {
  readonly jobId: string;
  readonly documentId: string;
  readonly kind: FileKind;
  readonly bytes: number;
  readonly startedAt: number;
  /** ms from the start to the first page. */
  startMs: number;
  /** The end of the last page (or the start): the next page's time is measured from here. */
  mark: number;
  started: boolean;
  pages: number;
  pagesDone: number;
  /** A page that needed OCR was parsed; its time ends with its ocr_page event. */
  waitingOcr: number | null;
  readonly ocrPageMs: number[];
}

/** Files of a kind this job must have read before its own rate replaces the device's. */
const JOB_FILES = 3;

export class ImportEta {
  readonly rates: ImportRates;
  readonly #store: ImportRatesStore | null;
  #loaded: Promise<void> | null = null;
  /** The rates being written (one write after another). */
  #saving: Promise<void> = Promise.resolve();
  #reading: Reading | null = null;
  /**
   * What this job's finished files showed (time per byte by kind): once it has read a few of a
   * kind, the files waiting are estimated from their own job rather than from earlier imports
   * (a folder of scans after a folder of contracts).
   */
  #job: { readonly jobId: string; readonly rates: ImportRates } | null = null;

  constructor(store: ImportRatesStore | null = null, record: ImportRatesRecord | null = null) {
    this.#store = store;
    this.rates = new ImportRates(record);
  }

  /** Loads the device's rates once (a failure leaves them unknown: estimates wait for this import's own). */
  ready(): Promise<void> {
    return (this.#loaded ??= (async () => {
      const record = await this.#store?.load().catch(() => null);
      if (record) this.rates.replace(record);
    })());
  }

  /** A file starts being read. */
  begin(item: Pick<EtaItem, 'documentId' | 'name' | 'mediaType' | 'size'> & { readonly jobId: string }, at: number): void {
    if (this.#job?.jobId !== item.jobId) this.#job = { jobId: item.jobId, rates: new ImportRates() };
    this.#reading = { jobId: item.jobId, documentId: item.documentId, kind: fileKind(item.mediaType, item.name), bytes: item.size, startedAt: at, startMs: 0, mark: at, started: false, pages: 0, pagesDone: 0, waitingOcr: null, ocrPageMs: [] };
  }

  /** An ingest event of the file being read (others are ignored). True when it moved the estimate. */
  event(e: EventInput, at: number): boolean {
    const r = this.#reading;
    if (!r || !('documentId' in e) || e.documentId !== r.documentId) return false;
    if (e.type === 'page_parsed') {
      r.pages = Math.max(r.pages, e.pages);
      r.pagesDone = Math.max(r.pagesDone, e.page);
      const first = !r.started;
      if (first) {
        // Reading, hashing, the worker's start and the first page's text (or picture): the file's start.
        r.started = true;
        r.startMs = at - r.startedAt;
        this.rates.observeStart(r.startMs);
      } else if (!e.needsOcr) this.rates.observePage(false, at - r.mark);
      // A page OCR reads counts from the end of the page before it (its rendering included).
      r.waitingOcr = e.needsOcr ? (first ? at : r.mark) : null;
      r.mark = at;
      return true;
    }
    if (e.type === 'ocr_page' && r.waitingOcr !== null) {
      const ms = at - r.waitingOcr;
      r.ocrPageMs.push(ms);
      this.rates.observePage(true, ms);
      r.waitingOcr = null;
      r.mark = at;
      return true;
    }
    return false;
  }

  /** The file being read finished (`ingested`: read whole; a failure or cancel teaches nothing more). */
  async end(at: number, ingested: boolean): Promise<void> {
    const r = this.#reading;
    this.#reading = null;
    if (!r || !ingested || r.pages === 0) return;
    const finished = { kind: r.kind, bytes: r.bytes, pages: r.pages, afterMs: at - r.mark, startMs: r.startMs, totalMs: at - r.startedAt };
    this.rates.observeFinished(finished);
    if (this.#job?.jobId === r.jobId) this.#job.rates.observeFinished(finished);
    // Saved in the background, in order: the next file need not wait for the device's rates to be written.
    const record = this.rates.toRecord();
    const store = this.#store;
    if (store) this.#saving = this.#saving.then(() => store.save(record)).catch(() => undefined);
  }

  /** Milliseconds the job's unfinished items need, or null while there is no basis for them all. */
  remainingMs(items: readonly EtaItem[], now: number): number | null {
    let total = 0;
    for (const item of items) {
      if (item.status !== 'running' && item.status !== 'pending' && item.status !== 'receiving') continue;
      const ms = item.status === 'running' && this.#reading?.documentId === item.documentId ? this.#rest(this.#reading, now) : this.fileMs(fileKind(item.mediaType, item.name), item.size);
      if (ms === null) return null;
      total += ms;
    }
    return Math.round(total);
  }

  /** A whole file of this kind and size, or null without a basis. */
  fileMs(kind: FileKind, bytes: number): number | null {
    const { rates } = this;
    const job = this.#job?.rates;
    const perByte = (job && job.files(kind) >= JOB_FILES ? job.perByte(kind) : null) ?? rates.perByte(kind) ?? (job && job.files('*') >= JOB_FILES ? job.perByte('*') : null) ?? rates.perByte('*');
    if (rates.start === null || perByte === null) return null;
    return rates.start + bytes * perByte;
  }

  /** The time left of the file being read. */
  #rest(r: Reading, now: number): number | null {
    if (!r.started || r.pages === 0) {
      const whole = this.fileMs(r.kind, r.bytes);
      return whole === null ? null : Math.max(0, whole - (now - r.startedAt));
    }
    // This file's own share of OCR pages, from the pages it has shown (its kind's before that).
    const shown = r.pagesDone - (r.waitingOcr !== null ? 1 : 0);
    if (shown === 0) {
      // Nothing shown yet but the page OCR is reading: the whole file by its size.
      const whole = this.fileMs(r.kind, r.bytes);
      return whole === null ? null : Math.max(0, whole - (now - r.startedAt));
    }
    const share = r.ocrPageMs.length / shown;
    const left = r.pages - r.pagesDone;
    const perPage = left > 0 ? this.#readPerPage(Math.min(1, share)) : 0;
    if (perPage === null) return null;
    // The page OCR is reading now: what its usual time leaves.
    if (r.waitingOcr !== null && this.rates.ocrPage === null) return null;
    const current = r.waitingOcr !== null ? Math.max(0, this.rates.ocrPage! - (now - r.waitingOcr)) : 0;
    return left * perPage + current + r.pages * (this.rates.afterPage ?? 0);
  }

  /** Reading one page at this share of OCR pages, or null without a basis. */
  #readPerPage(share: number): number | null {
    const { textPage, ocrPage } = this.rates;
    if ((share > 0 && ocrPage === null) || (share < 1 && textPage === null)) return null;
    return (1 - share) * (textPage ?? 0) + share * (ocrPage ?? 0);
  }

}
