/**
 * The app's Parser: the same interface as InProcessParser, with the work done in the parse
 * worker (workers/parse.worker.ts).
 *
 * - Pulls one item at a time (`next`), so the worker never runs ahead of the consumer.
 * - Transfers the file bytes to the worker (no copy): the buffer from `file.bytes()` is handed over.
 * - An AbortSignal cannot cross to a worker: on abort it calls `cancel(sessionId)` (the worker
 *   stops before the next page) and rejects the consumer at once with AbortedError.
 * - The worker is spawned on first use and terminated after `idleMs` (10 s) without a parse, so
 *   pdf.js memory goes back to the system; the next parse spawns a fresh one.
 */
import { transfer } from 'comlink';
import { AbortedError, AppError } from '../core/errors';
import type { AnalyzedDocument, AnalyzeMeta, AnalyzeOptions, DocumentAnalyzer } from '../core/ingest/analyze';
import type { PageText } from '../core/ingest/chunker';
import type { ParsedItem, ParseOptions, Parser, SourceFile } from '../core/ports';
import type { ParseSessionsApi } from '../parsers/sessions';
import { metaOf } from '../parsers/source';
import { registerRpcErrors } from './rpc';
import { abortRace, closeHandle, openHandle, type WorkerEndpoint, type WorkerHandle } from './worker-handle';

/** What workers/parse.worker.ts exposes (kept structural so the DOM project needs no worker types). */
export interface ParseWorkerRemoteApi extends ParseSessionsApi {
  analyze(pages: PageText[], meta: AnalyzeMeta, options?: AnalyzeOptions): AnalyzedDocument;
}

export type ParseWorkerEndpoint = WorkerEndpoint;

export interface WorkerParserOptions {
  /** Creates the worker (default: workers/parse.worker.ts as a module worker). */
  readonly spawn?: () => ParseWorkerEndpoint;
  /** Terminate the worker after this long without a parse (default 10 000 ms). */
  readonly idleMs?: number;
}

/** The parse worker as Vite bundles it (`new Worker(new URL(...), {type: 'module'})` must stay literal). */
export function spawnParseWorker(): ParseWorkerEndpoint {
  return new Worker(new URL('../../workers/parse.worker.ts', import.meta.url), { type: 'module', name: 'parse' });
}

type Handle = WorkerHandle<ParseWorkerRemoteApi>;

export class WorkerParser implements Parser, DocumentAnalyzer {
  readonly #spawn: () => ParseWorkerEndpoint;
  readonly #idleMs: number;
  #handle: Handle | null = null;
  #active = 0;
  #idleTimer: ReturnType<typeof setTimeout> | null = null;
  /** Workers spawned so far (for tests and diagnostics). */
  spawned = 0;

  constructor(options: WorkerParserOptions = {}) {
    registerRpcErrors();
    this.#spawn = options.spawn ?? spawnParseWorker;
    this.#idleMs = options.idleMs ?? 10_000;
  }

  /** True while a worker is alive. */
  get running(): boolean {
    return this.#handle !== null;
  }

  async *parse(file: SourceFile, options: ParseOptions = {}): AsyncGenerator<ParsedItem> {
    const { signal } = options;
    const what = `parsing ${file.name}`;
    if (signal?.aborted) throw new AbortedError(what);
    const bytes = await file.bytes();
    if (signal?.aborted) throw new AbortedError(what);

    const handle = this.#acquire();
    let sessionId: string | null = null;
    const abort = abortRace(signal, what, () => {
      if (sessionId !== null) handle.api.cancel(sessionId).catch(() => undefined);
    });
    // Whatever arrives first: the answer, the abort, or the worker's death.
    const call = <T>(p: Promise<T>): Promise<T> => {
      p.catch(() => undefined); // an answer that lost the race must not become an unhandled rejection
      return Promise.race([p, abort.promise, handle.crashed]);
    };
    const opening = handle.api.open(transfer(bytes, [bytes]), metaOf(file), options.password);
    try {
      ({ sessionId } = await call(opening));
      for (;;) {
        // (comlink's Remote<> distributes the union into a union of promises; one promise it is.)
        const item = await call(handle.api.next(sessionId) as Promise<ParsedItem | null>);
        if (item === null) return; // the worker closed the finished session itself
        yield item;
      }
    } finally {
      abort.dispose();
      // Close the session even when the abort won the race against open(); close is idempotent.
      // Not awaited: a worker busy with a page would hold the consumer up.
      opening.then(({ sessionId: id }) => (handle.dead ? undefined : handle.api.close(id))).catch(() => undefined);
      this.#release(handle);
    }
  }

  /** Cleans, analyses and chunks a parsed document in the worker. */
  async analyze(pages: readonly PageText[], meta: AnalyzeMeta, options: AnalyzeOptions & { signal?: AbortSignal | undefined } = {}): Promise<AnalyzedDocument> {
    const { signal, ...rest } = options;
    const what = `analysing ${meta.fileName}`;
    if (signal?.aborted) throw new AbortedError(what);
    const handle = this.#acquire();
    const abort = abortRace(signal, what);
    try {
      const call = handle.api.analyze([...pages], meta, rest);
      call.catch(() => undefined);
      return await Promise.race([call, abort.promise, handle.crashed]);
    } finally {
      abort.dispose();
      this.#release(handle);
    }
  }

  /** Terminates the worker now (pending parses fail); the next parse spawns a new one. */
  terminate(): void {
    if (this.#idleTimer !== null) clearTimeout(this.#idleTimer);
    this.#idleTimer = null;
    const handle = this.#handle;
    this.#handle = null;
    if (handle) closeHandle(handle);
  }

  #acquire(): Handle {
    if (this.#idleTimer !== null) clearTimeout(this.#idleTimer);
    this.#idleTimer = null;
    this.#active++;
    if (this.#handle && !this.#handle.dead) return this.#handle;
    this.spawned++;
    const handle: Handle = openHandle<ParseWorkerRemoteApi>(this.#spawn(), (message) => {
      if (this.#handle === handle) this.#handle = null;
      return new AppError('internal', `parse worker crashed: ${message}`);
    });
    this.#handle = handle;
    return handle;
  }

  #release(handle: Handle): void {
    this.#active = Math.max(0, this.#active - 1);
    if (this.#active > 0 || this.#handle !== handle) return;
    this.#idleTimer = setTimeout(() => {
      this.#idleTimer = null;
      if (this.#active === 0 && this.#handle === handle) this.terminate();
    }, this.#idleMs);
  }
}
