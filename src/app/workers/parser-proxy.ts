/**
 * The app's Parser: the same interface as InProcessParser, with the work done in the parse
 * worker (workers/parse.worker.ts; protocol in src/parsers/sessions.ts).
 *
 * - Pulls one item at a time (a remote async iterable), so the worker never runs ahead of the
 *   consumer; page images arrive transferred, not copied.
 * - Transfers the file bytes to the worker (no copy): the buffer from `file.bytes()` is handed over.
 * - An AbortSignal cannot cross to a worker: on abort it calls `cancel(streamId)` (the worker
 *   stops before the next page) and rejects the consumer at once with AbortedError.
 * - The worker is spawned on first use and terminated after `idleMs` (10 s) without a parse, so
 *   pdf.js memory goes back to the system; the next parse spawns a fresh one.
 * - Hostile files: a file that exhausted a parser budget (src/parsers/budgets.ts) may have left
 *   the worker's heap bloated, so that worker is retired and the next file gets a fresh one. A
 *   pull that outlasts the parser's own time limits (pdf.js decodes streams synchronously, so
 *   in-worker checks cannot interrupt it) terminates the worker and fails the file with a
 *   budget error; a worker that dies mid-file fails that file (details.crashed), not the queue.
 *   The text stage (`analyze`: cleaning, language, metadata, structure, chunks) runs under a
 *   deadline too, growing with the text's size: past it the worker is terminated and the file
 *   fails by name ("analysing its text took too long").
 */
import { transfer } from 'comlink';
import { AbortedError, AppError, FileError } from '../../core/errors';
import type { AnalyzedDocument, AnalyzeMeta, AnalyzeOptions, DocumentAnalyzer } from '../../core/ingest/analyze';
import type { PageText } from '../../core/ingest/chunker';
import type { ParsedItem, ParseOptions, Parser, SourceFile } from '../../core/ports';
import type { ParseSessionsApi } from '../../parsers/sessions';
import { budgetError, DEFAULT_BUDGETS, isBudgetError } from '../../parsers/budgets';
import type { HtmlView } from '../../parsers/views';
import { metaOf } from '../../parsers/source';
import type { WorkerEndpoint } from '../../rpc/handle';
import { WorkerLifetime } from '../../rpc/lifetime';
import { remoteIterable } from '../../rpc/remote-iterable';

/** What workers/parse.worker.ts exposes (kept structural so the DOM project needs no worker types). */
export interface ParseWorkerRemoteApi extends ParseSessionsApi {
  analyze(pages: PageText[], meta: AnalyzeMeta, options?: AnalyzeOptions): AnalyzedDocument;
  view(bytes: ArrayBuffer, fileName: string): Promise<HtmlView>;
}

/** Formatted views of Word and HTML originals (the source viewer's "Original" of such documents). */
export interface DocumentViews {
  view(file: SourceFile, options?: { signal?: AbortSignal | undefined }): Promise<HtmlView>;
}

export interface WorkerParserOptions {
  /** Creates the worker (default: workers/parse.worker.ts as a module worker). */
  readonly spawn?: () => WorkerEndpoint;
  /** Terminate the worker after this long without a parse (default 10 000 ms). */
  readonly idleMs?: number;
  /**
   * Longest wait for one pulled item: the first (opening, pre-scan) and each later page. Default:
   * the parser's own budgets (maxParseMs, maxPageMs) plus a margin for the worker's overhead.
   * The text stage may take `analyzeMs` plus `analyzePerMbMs` per MB of text (default 60 s + 10 s
   * per MB: about ten times what it takes here).
   */
  readonly deadlines?: Partial<Deadlines>;
}

interface Deadlines {
  readonly firstMs: number;
  readonly pageMs: number;
  readonly analyzeMs: number;
  readonly analyzePerMbMs: number;
}

const DEFAULT_DEADLINES: Deadlines = { firstMs: DEFAULT_BUDGETS.maxParseMs + 15_000, pageMs: DEFAULT_BUDGETS.maxPageMs + 15_000, analyzeMs: 60_000, analyzePerMbMs: 10_000 };

const CRASHED = 'crashed';

/** The parse worker as Vite bundles it (`new Worker(new URL(...), {type: 'module'})` must stay literal). */
export function spawnParseWorker(): WorkerEndpoint {
  return new Worker(new URL('../../../workers/parse.worker.ts', import.meta.url), { type: 'module', name: 'parse' });
}

export class WorkerParser implements Parser, DocumentAnalyzer, DocumentViews {
  readonly #worker: WorkerLifetime<ParseWorkerRemoteApi>;
  readonly #deadlines: Deadlines;

  constructor(options: WorkerParserOptions = {}) {
    this.#worker = new WorkerLifetime({
      name: 'parse worker',
      spawn: options.spawn ?? spawnParseWorker,
      idleMs: options.idleMs ?? 10_000,
      crashError: (message) => new AppError('internal', `parse worker crashed: ${message}`, { details: { [CRASHED]: true } }),
    });
    this.#deadlines = { ...DEFAULT_DEADLINES, ...options.deadlines };
  }

  /** True while a worker is alive. */
  get running(): boolean {
    return this.#worker.running;
  }

  /** Workers spawned so far (for tests and diagnostics). */
  get spawned(): number {
    return this.#worker.spawned;
  }

  async *parse(file: SourceFile, options: ParseOptions = {}): AsyncGenerator<ParsedItem> {
    const { signal } = options;
    const what = `parsing ${file.name}`;
    if (signal?.aborted) throw new AbortedError(what);
    const bytes = await file.bytes();
    const items = remoteIterable(this.#worker, (api) => api.open(transfer(bytes, [bytes]), metaOf(file), options.password), { what, signal });
    let first = true;
    try {
      for (;;) {
        const limit = first ? this.#deadlines.firstMs : this.#deadlines.pageMs;
        const result = await this.#withDeadline(items.next(), limit, file.name, first ? 'opening it' : 'reading one of its pages');
        if (result.done) return;
        first = false;
        yield result.value;
      }
    } catch (error) {
      if (isBudgetError(error)) this.#worker.retireCurrent();
      if (error instanceof AppError && error.details?.[CRASHED] === true) {
        throw new FileError('file/corrupt', file.name, `the parser stopped while reading it (${error.message})`, { details: { crashed: true } });
      }
      throw error;
    } finally {
      await items.return(undefined).catch(() => undefined);
    }
  }

  /** The work, unless it outlasts `ms`: then the worker is terminated and the file fails by name. */
  async #withDeadline<T>(pull: Promise<T>, ms: number, fileName: string, what: string): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const seconds = Math.round(ms / 1000);
        const error = budgetError(fileName, 'hardTimeMs', `${what} took too long (stopped after ${seconds} s)`, { max: ms });
        this.#worker.terminate(error);
        reject(error);
      }, ms);
    });
    pull.catch(() => undefined);
    try {
      return await Promise.race([pull, expired]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Cleans, analyses and chunks a parsed document in the worker, under the text stage's deadline. */
  analyze(pages: readonly PageText[], meta: AnalyzeMeta, options: AnalyzeOptions & { signal?: AbortSignal | undefined } = {}): Promise<AnalyzedDocument> {
    const { signal, ...rest } = options;
    const chars = pages.reduce((n, p) => n + p.text.length, 0);
    const ms = this.#deadlines.analyzeMs + Math.ceil((this.#deadlines.analyzePerMbMs * chars) / (1024 * 1024));
    const work = this.#worker.call(`analysing ${meta.fileName}`, signal, (api) => api.analyze([...pages], meta, rest));
    return this.#withDeadline(work, ms, meta.fileName, 'analysing its text');
  }

  /** The formatted view of a Word or HTML file, built in the worker from its bytes (transferred). */
  async view(file: SourceFile, options: { signal?: AbortSignal | undefined } = {}): Promise<HtmlView> {
    const bytes = await file.bytes();
    return this.#worker.call(`preparing the view of ${file.name}`, options.signal, (api) => api.view(transfer(bytes, [bytes]), file.name));
  }

  /** Terminates the worker now (pending parses fail with AbortedError); the next parse spawns a new one. */
  terminate(): void {
    this.#worker.terminate();
  }
}
