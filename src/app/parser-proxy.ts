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
 */
import { transfer } from 'comlink';
import { AbortedError } from '../core/errors';
import type { AnalyzedDocument, AnalyzeMeta, AnalyzeOptions, DocumentAnalyzer } from '../core/ingest/analyze';
import type { PageText } from '../core/ingest/chunker';
import type { ParsedItem, ParseOptions, Parser, SourceFile } from '../core/ports';
import type { ParseSessionsApi } from '../parsers/sessions';
import type { HtmlView } from '../parsers/views';
import { metaOf } from '../parsers/source';
import type { WorkerEndpoint } from '../rpc/handle';
import { WorkerLifetime } from '../rpc/lifetime';
import { remoteIterable } from '../rpc/remote-iterable';

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
}

/** The parse worker as Vite bundles it (`new Worker(new URL(...), {type: 'module'})` must stay literal). */
export function spawnParseWorker(): WorkerEndpoint {
  return new Worker(new URL('../../workers/parse.worker.ts', import.meta.url), { type: 'module', name: 'parse' });
}

export class WorkerParser implements Parser, DocumentAnalyzer, DocumentViews {
  readonly #worker: WorkerLifetime<ParseWorkerRemoteApi>;

  constructor(options: WorkerParserOptions = {}) {
    this.#worker = new WorkerLifetime({ name: 'parse worker', spawn: options.spawn ?? spawnParseWorker, idleMs: options.idleMs ?? 10_000 });
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
    yield* remoteIterable(this.#worker, (api) => api.open(transfer(bytes, [bytes]), metaOf(file), options.password), { what, signal });
  }

  /** Cleans, analyses and chunks a parsed document in the worker. */
  analyze(pages: readonly PageText[], meta: AnalyzeMeta, options: AnalyzeOptions & { signal?: AbortSignal | undefined } = {}): Promise<AnalyzedDocument> {
    const { signal, ...rest } = options;
    return this.#worker.call(`analysing ${meta.fileName}`, signal, (api) => api.analyze([...pages], meta, rest));
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
