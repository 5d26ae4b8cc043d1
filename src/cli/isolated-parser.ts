/**
 * A Parser for Node that runs InProcessParser in a worker thread under hard limits, for what
 * in-thread budgets cannot guarantee (pdf.js decoding a stream synchronously, a filter the
 * pre-scan cannot read): a deadline per file and a ceiling on the process's memory (RSS,
 * sampled while a file is parsed) and on the thread's heap. Past either, the thread is
 * terminated, the file fails with a budget FileError (details.limit 'hardTimeMs' or
 * 'hardRssBytes') and the next file gets a fresh thread, as the app's parse worker is
 * recycled. A thread that ran a file failing on any other budget is replaced too when the
 * process is past half its memory ceiling (a heap that grew does not shrink). Used by the fuzz
 * suite and available to headless ingestion (`isolate`).
 *
 * The thread runs TypeScript through tsx's loader (a dev dependency, like every src/cli tool).
 * One file at a time: a parse must end (or be left) before the next starts.
 */
import { Worker } from 'node:worker_threads';
import { AbortedError, FileError, fromSerialized } from '../core/errors';
import type { ParsedItem, ParseOptions, Parser, SourceFile } from '../core/ports';
import { budgetError, formatAmount, isBudgetError } from '../parsers/budgets';
import { metaOf } from '../parsers/source';
import type { FromThread, ThreadConfig, ToThread } from './parse-thread';

export interface IsolatedParserOptions extends ThreadConfig {
  /** Wall-clock time one file may take, from hand-over to the last page (default 15 s). */
  readonly timeoutMs?: number;
  /** The whole process's resident memory may not pass this while a file is parsed (default 1 GB). */
  readonly maxRssBytes?: number;
  /** V8 old-generation heap of the thread, in MB (default 768). */
  readonly maxHeapMb?: number;
  /** How often memory is sampled (default 50 ms). */
  readonly sampleMs?: number;
}

type Event = FromThread | { readonly type: 'exit'; readonly reason: string };

export class IsolatedParser implements Parser {
  readonly #options: IsolatedParserOptions;
  #worker: Worker | null = null;
  #next = 0;
  #listener: ((event: Event) => void) | null = null;
  /** Threads started so far (for tests and reports). */
  spawned = 0;
  /** Largest process RSS sampled while parsing, in bytes. */
  peakRss = 0;

  constructor(options: IsolatedParserOptions = {}) {
    this.#options = options;
  }

  #thread(): Worker {
    if (this.#worker) return this.#worker;
    const { budgets, maxBytes, renderForOcr } = this.#options;
    // A thread starts without the parent's loaders: register tsx's, then load the TypeScript.
    const tsx = import.meta.resolve('tsx/esm/api');
    const script = new URL('./parse-thread.ts', import.meta.url).href;
    const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(script)}); });`;
    const worker = new Worker(boot, {
      eval: true,
      workerData: { budgets, maxBytes, renderForOcr } satisfies ThreadConfig,
      resourceLimits: { maxOldGenerationSizeMb: this.#options.maxHeapMb ?? 768 },
    });
    worker.unref();
    // Events of a thread that was replaced (terminated on purpose) concern nobody any more.
    const current = () => this.#worker === worker;
    worker.on('message', (m: FromThread) => {
      if (current()) this.#listener?.(m);
    });
    worker.on('error', (e) => {
      if (current()) this.#listener?.({ type: 'exit', reason: e.message });
    });
    worker.on('exit', (code) => {
      if (!current()) return;
      this.#worker = null;
      this.#listener?.({ type: 'exit', reason: `the parser thread stopped (exit code ${code})` });
    });
    this.spawned++;
    this.#worker = worker;
    return worker;
  }

  /** Ends the thread now; the next parse starts a new one. */
  async terminate(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    if (worker) await worker.terminate();
  }

  async *parse(file: SourceFile, options: ParseOptions = {}): AsyncGenerator<ParsedItem> {
    const { signal } = options;
    if (signal?.aborted) throw new AbortedError(`parsing ${file.name}`);
    const bytes = await file.bytes();
    const worker = this.#thread();
    const id = ++this.#next;
    const timeoutMs = this.#options.timeoutMs ?? 15_000;
    const maxRss = this.#options.maxRssBytes ?? 1024 ** 3;
    const queue: Event[] = [];
    let wake: (() => void) | null = null;
    // Set from the timer or the sampler (a holder, so the loop sees what the callbacks wrote).
    const stopped: { error: Error | null } = { error: null };
    const push = (event: Event) => {
      queue.push(event);
      wake?.();
    };
    const stop = (error: Error) => {
      stopped.error ??= error;
      void this.terminate();
      wake?.();
    };
    this.#listener = (event) => {
      if (event.type === 'exit' || event.id === id) push(event);
    };
    const started = performance.now();
    const timer = setTimeout(() => {
      stop(budgetError(file.name, 'hardTimeMs', `reading it took too long (stopped after ${Math.round(timeoutMs / 1000)} s)`, { max: timeoutMs }));
    }, timeoutMs);
    const sampler = setInterval(() => {
      const rss = process.memoryUsage.rss();
      this.peakRss = Math.max(this.peakRss, rss);
      if (rss > maxRss) stop(budgetError(file.name, 'hardRssBytes', `reading it needs too much memory (stopped at ${formatAmount(rss)}; the limit is ${formatAmount(maxRss)})`, { max: maxRss, actual: rss }));
    }, this.#options.sampleMs ?? 50);
    const onAbort = () => worker.postMessage({ type: 'cancel', id } satisfies ToThread);
    signal?.addEventListener('abort', onAbort, { once: true });
    let recycle = false;
    let finished = false;
    try {
      worker.postMessage({ type: 'parse', id, bytes, meta: metaOf(file), password: options.password } satisfies ToThread, [bytes]);
      for (;;) {
        if (stopped.error) throw stopped.error;
        const event = queue.shift();
        if (!event) {
          await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
          continue;
        }
        if (event.type === 'item') yield event.item;
        else if (event.type === 'done') {
          finished = true;
          return;
        } else if (event.type === 'error') {
          finished = true;
          const error = fromSerialized(event.error);
          // A budget failure may have left the thread's heap large: replace it when memory is high.
          recycle = isBudgetError(error) && process.memoryUsage.rss() > maxRss / 2;
          throw error;
        } else {
          // The thread died (an uncaught error, its heap limit): a typed failure of this file.
          throw stopped.error ?? new FileError('file/corrupt', file.name, `the parser stopped while reading it (${event.reason})`, { details: { crashed: true, ms: Math.round(performance.now() - started) } });
        }
      }
    } finally {
      clearTimeout(timer);
      clearInterval(sampler);
      signal?.removeEventListener('abort', onAbort);
      this.#listener = null;
      // A consumer that stopped early: the thread stops before its next page.
      if (!finished && this.#worker === worker) worker.postMessage({ type: 'cancel', id } satisfies ToThread);
      if (recycle) await this.terminate();
    }
  }
}
