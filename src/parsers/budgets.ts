/**
 * Per-file budgets: how far a hostile file may push a parser before it fails. Every parser
 * checks the budgets that apply to it and fails with a FileError that says which limit was
 * hit and by how much, carrying `details.limit` (the budget's name), `details.max` and, when
 * known, `details.actual`.
 *
 * Some work cannot be interrupted once started (pdf.js decodes a stream synchronously, mammoth
 * converts a whole document in one go), so the budgets are checked before that work where they
 * can be (a pre-scan of PDF streams, counting DOCX paragraphs, measuring HTML depth) and between
 * units of work otherwise (the parse clock, checked between pages). A parser that failed on a
 * budget may have used a lot of memory first: `isBudgetError` tells the parse-worker proxy to
 * recycle its worker. Environment-neutral.
 */
import { AppError, FileError, type ErrorCode } from '../core/errors';

export interface ParseBudgets {
  /** PDF pages (default 5,000; larger files should be split). */
  readonly maxPages: number;
  /** Decoded bytes of any one PDF stream that is not an image (default 64 MB). */
  readonly maxStreamBytes: number;
  /** Decoded bytes of all such streams of a PDF together (default 512 MB). */
  readonly maxDecodedBytes: number;
  /** Characters of text on one PDF page (default 1,000,000; a dense page holds ~5,000). */
  readonly maxPageChars: number;
  /** Pixels of one image (image files; pdf.js skips larger images in PDFs) (default 100 MP). */
  readonly maxImagePixels: number;
  /** Decoded bytes of one image file: width × height × channels × bytes per sample (default 400 MB). */
  readonly maxImageBytes: number;
  /** Paragraphs of a Word document, table cells included (default 50,000). */
  readonly maxParagraphs: number;
  /** Element nesting depth of an HTML page (default 512, where browsers stop nesting too). */
  readonly maxHtmlDepth: number;
  /** Time the parser itself may spend on one file, not counting the consumer (default 120 s). */
  readonly maxParseMs: number;
  /** Time the parser may spend on one PDF page, rendering for OCR included (default 30 s). */
  readonly maxPageMs: number;
}

export const DEFAULT_BUDGETS: ParseBudgets = {
  maxPages: 5_000,
  maxStreamBytes: 64 * 1024 * 1024,
  maxDecodedBytes: 512 * 1024 * 1024,
  maxPageChars: 1_000_000,
  maxImagePixels: 100_000_000,
  maxImageBytes: 400 * 1024 * 1024,
  maxParagraphs: 50_000,
  maxHtmlDepth: 512,
  maxParseMs: 120_000,
  maxPageMs: 30_000,
};

/** Budget names: the fields above, the zip limits, and the hard limits of a thread or worker. */
export type BudgetName = keyof ParseBudgets | 'inflatedBytes' | 'zipEntries' | 'zipRatio' | 'hardTimeMs' | 'hardRssBytes';

/** Bytes for people: "2,000 bytes", "64 MB", "1.5 GB". */
export function formatAmount(bytes: number): string {
  if (bytes < 1024 * 1024) return `${formatCount(bytes)} bytes`;
  const mb = bytes / (1024 * 1024);
  if (mb < 1024) return `${mb >= 10 ? formatCount(mb) : mb.toFixed(1)} MB`;
  return `${(mb / 1024).toFixed(1)} GB`;
}

/** "200,000". (Not toLocaleString: its first call loads locale data, ~100 ms in a fresh worker.) */
export function formatCount(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * The FileError for an exhausted budget. `reason` says what happened in words, with the limit
 * and the amount; `details` adds to {limit, max, actual}.
 */
export function budgetError(
  fileName: string,
  limit: BudgetName,
  reason: string,
  amounts: { max: number; actual?: number | undefined },
  options: { code?: ErrorCode; details?: Record<string, unknown> } = {},
): FileError {
  return new FileError(options.code ?? 'file/limit', fileName, reason, {
    details: { limit, max: amounts.max, ...(amounts.actual === undefined ? {} : { actual: amounts.actual }), ...options.details },
  });
}

/**
 * True for a failure caused by an exhausted budget (whatever its code): the parser may have
 * used a lot of memory or time first, so a worker that ran it is best replaced.
 */
export function isBudgetError(error: unknown): boolean {
  return error instanceof AppError && typeof error.details?.['limit'] === 'string';
}

/**
 * Measures the time a parser spends working on one file: `pause` while the consumer holds a
 * page (OCR, indexing), `resume` when the parser is asked for the next one. `check` throws
 * the budget error once the total or the current page has run over.
 */
export class ParseClock {
  #spent = 0;
  #since: number | null = null;
  #pageStart = 0;

  constructor(
    readonly fileName: string,
    readonly budgets: Pick<ParseBudgets, 'maxParseMs' | 'maxPageMs'>,
    readonly now: () => number = () => performance.now(),
  ) {}

  /** Milliseconds of parser time so far. */
  get spent(): number {
    return this.#spent + (this.#since === null ? 0 : this.now() - this.#since);
  }

  resume(): void {
    if (this.#since === null) this.#since = this.now();
    this.#pageStart = this.spent;
  }

  pause(): void {
    if (this.#since !== null) this.#spent += this.now() - this.#since;
    this.#since = null;
  }

  /** Throws when over budget; `page` names the page being read (for the per-page limit). */
  check(page?: number): void {
    const spent = this.spent;
    const { maxParseMs, maxPageMs } = this.budgets;
    if (spent > maxParseMs) {
      throw budgetError(this.fileName, 'maxParseMs', `reading it takes too long (stopped after ${seconds(spent)}; the limit is ${seconds(maxParseMs)})`, { max: maxParseMs, actual: Math.round(spent) });
    }
    const onPage = spent - this.#pageStart;
    if (page !== undefined && onPage > maxPageMs) {
      throw budgetError(this.fileName, 'maxPageMs', `page ${page} takes too long to read (stopped after ${seconds(onPage)}; the limit is ${seconds(maxPageMs)} a page)`, { max: maxPageMs, actual: Math.round(onPage) }, { details: { page } });
    }
  }
}

function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

/** The budgets with these overrides (undefined fields keep the defaults). */
export function resolveBudgets(overrides: Partial<ParseBudgets> | undefined): ParseBudgets {
  if (!overrides) return DEFAULT_BUDGETS;
  const out: Record<string, number> = { ...DEFAULT_BUDGETS };
  for (const [key, value] of Object.entries(overrides)) if (typeof value === 'number') out[key] = value;
  return out as unknown as ParseBudgets;
}
