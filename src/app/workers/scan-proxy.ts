/**
 * The page side of the scan worker (workers/scan.worker.ts; API in src/scanner/api.ts).
 *
 * - `scan()` streams one scan through a remote async iterable: the worker classifies and checks
 *   while the page only receives batches of events, then the ScanRecord (the generator's return
 *   value). An AbortSignal cancels it in the worker and rejects the consumer at once; a worker
 *   still in the middle of a batch is set aside at once (the next scan gets a fresh worker, it
 *   never waits behind it) and terminated unless the batch ends within `stopGraceMs` (1 s): a
 *   batch stuck in pattern matching cannot see the cancel, so Cancel really stops it.
 * - Model checks and embeddings are served here: the worker calls back with the scan's job id,
 *   and the job's ChatModel (the workspace's language model) or Embedder answers with the job's
 *   signal, so cancelling a scan cancels its model calls too (model-relay.ts).
 * - Playbook validation, file parsing and share-link decoding run in the same worker: the first
 *   validation compiles the schema and every RE2 pattern (about a second of CPU).
 * - The worker starts on first use and is closed after `idleMs` (60 s) without work; a crash
 *   fails the pending calls with an AppError and the next call starts a fresh worker.
 */
import { proxy, type ProxyMarked } from 'comlink';
import { AppError, InputError } from '../../core/errors';
import type { CasefileEvent } from '../../core/events';
import type { ChatModel, Embedder } from '../../core/ports';
import type { Playbook } from '../../core/scan/playbook';
import type { ScanRequest } from '../../core/scan/scan';
import type { ScanRecord } from '../../core/scan/types';
import type { ValidationResult } from '../../core/scan/validate';
import type { WorkerEndpoint } from '../../rpc/handle';
import { WorkerLifetime } from '../../rpc/lifetime';
import { remoteIterable } from '../../rpc/remote-iterable';
import type { ScanApi, ScanCallbacks } from '../../scanner/api';
import { ModelRelay } from './model-relay';

export interface ScanJob extends ScanRequest {
  readonly jobId: string;
  /** Answers model checks; null: they are reported "not checked". */
  readonly chatModel?: ChatModel | null;
  readonly embedder?: Embedder | null;
  readonly signal?: AbortSignal | undefined;
}

export interface WorkerScannerOptions {
  /** Creates the worker (default: workers/scan.worker.ts as a module worker). */
  readonly spawn?: () => WorkerEndpoint;
  /** Close the worker after this long without work (default 60 000 ms). */
  readonly idleMs?: number;
  /** After a cancel, how long a batch may take to end before its worker is terminated (default 1 000 ms). */
  readonly stopGraceMs?: number;
}

/** The scan worker as Vite bundles it (`new Worker(new URL(...), {type: 'module'})` must stay literal). */
export function spawnScanWorker(): WorkerEndpoint {
  return new Worker(new URL('../../../workers/scan.worker.ts', import.meta.url), { type: 'module', name: 'casefile-scan' });
}

export class WorkerScanner {
  readonly #worker: WorkerLifetime<ScanApi>;
  readonly #relay = new ModelRelay({
    unknownJob: (jobId) => new AppError('internal', `scan: no running job ${jobId}`),
    noModel: (jobId, model) => new AppError('internal', `scan: job ${jobId} has no ${model}`),
    // The examples of a classifier are embedded once, for whichever scan first needed them.
    embedForAnyJob: true,
  });
  readonly #callbacks: ScanCallbacks & ProxyMarked;
  readonly #stopGraceMs: number;
  #identity: Promise<string> | null = null;

  constructor(options: WorkerScannerOptions = {}) {
    this.#stopGraceMs = options.stopGraceMs ?? 1000;
    this.#callbacks = proxy<ScanCallbacks>({ chatJson: this.#relay.chatJson, embed: this.#relay.embed });
    this.#worker = new WorkerLifetime<ScanApi>({
      name: 'scan worker',
      spawn: options.spawn ?? spawnScanWorker,
      idleMs: options.idleMs ?? 60_000,
      init: async (api) => {
        await api.connect(this.#callbacks);
      },
    });
  }

  /** Workers spawned so far (tests, diagnostics). */
  get spawned(): number {
    return this.#worker.spawned;
  }

  /** Streams the scan's events; returns its record (not stored: the caller persists it). */
  async *scan(job: ScanJob): AsyncGenerator<CasefileEvent, ScanRecord, undefined> {
    const { jobId, signal } = job;
    if (this.#relay.has(jobId)) throw new InputError(`scan: job ${jobId} is already running`, { jobId });
    const chatModel = job.chatModel ?? null;
    const embedder = job.embedder ?? null;
    this.#relay.add(jobId, { chatModel, embedder, signal });
    const request = {
      jobId,
      document: { id: job.document.id, name: job.document.name, sha256: job.document.sha256, pages: job.document.pages, language: job.document.language ?? null },
      chunks: job.chunks,
      playbook: job.playbook,
      chatModel: chatModel?.model ?? null,
      embedder: embedder?.model ?? null,
    };
    try {
      const items = remoteIterable(this.#worker, (api) => api.scan(request), { what: `scanning ${job.document.name}`, signal, stopGraceMs: this.#stopGraceMs });
      for await (const item of items) {
        if (item.kind === 'record') return item.record;
        yield* item.events;
      }
      throw new AppError('internal', `scan worker: the scan of ${job.document.name} ended without a result`);
    } finally {
      this.#relay.delete(jobId);
    }
  }

  /**
   * The identity of the model scans read with (its content hash; the same for the life of the
   * page, so asked once): a stored scan with another was made by another version of the model.
   */
  classifierIdentity(): Promise<string> {
    const asked = (this.#identity ??= this.#worker.call('reading the clause model', undefined, (api) => api.classifierIdentity()));
    asked.catch(() => {
      if (this.#identity === asked) this.#identity = null;
    });
    return asked;
  }

  validate(draft: unknown, signal?: AbortSignal): Promise<ValidationResult> {
    return this.#worker.call('validating the playbook', signal, (api) => api.validate(draft) as Promise<ValidationResult>);
  }

  /** A playbook file's text, parsed and validated (InputError naming the file and the fields). */
  parse(text: string, source: string, signal?: AbortSignal): Promise<Playbook> {
    return this.#worker.call(`reading ${source}`, signal, (api) => api.parse(text, source));
  }

  /** The playbook a share link carries, decoded and validated. */
  decode(encoded: string, signal?: AbortSignal): Promise<Playbook> {
    return this.#worker.call('opening the shared playbook', signal, (api) => api.decode(encoded));
  }

  encode(playbook: Playbook, signal?: AbortSignal): Promise<string> {
    return this.#worker.call('encoding the playbook', signal, (api) => api.encode(playbook));
  }

  /** Ends the worker now (scans in flight fail with AbortedError); the next call starts a fresh one. */
  terminate(): void {
    this.#worker.terminate();
  }
}
