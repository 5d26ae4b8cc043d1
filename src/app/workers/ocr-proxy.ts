/**
 * The app's OcrEngine: the same interface as TesseractOcr, with the work done in the OCR worker
 * (workers/ocr.worker.ts; protocol in src/ocr/service.ts).
 *
 * - Transfers the page image's bytes to the worker (no copy): after `recognize` the caller's
 *   `image.data` is detached. Pass `transferImages: false` to send a copy instead.
 * - An AbortSignal cannot cross to a worker: on abort it calls `cancel(jobId)` (a queued job is
 *   dropped, a running one ends the tesseract worker inside) and rejects at once with AbortedError.
 * - The worker is spawned on first use and terminated after `idleMs` (10 s) without a job, so the
 *   WASM heap (tens to hundreds of MB) goes back to the system; the next job spawns a fresh one.
 * - An engine failure (not an abort, not bad input) also ends the worker: the next job starts
 *   from a clean state.
 */
import { transfer } from 'comlink';
import { AbortedError, AppError } from '../../core/errors';
import type { OcrEngine, OcrOptions, OcrResult, PageImage } from '../../core/ports';
import type { OcrServiceApi } from '../../ocr/service';
import type { WorkerEndpoint } from '../../rpc/handle';
import { WorkerLifetime } from '../../rpc/lifetime';

export interface WorkerOcrOptions {
  /** Creates the worker (default: workers/ocr.worker.ts as a module worker). */
  readonly spawn?: () => WorkerEndpoint;
  /** Terminate the worker after this long without a job (default 10 000 ms). */
  readonly idleMs?: number;
  /** Folder (URL) for languages that do not ship with the app (see src/ocr/runtime.ts). */
  readonly extraLangPath?: string | undefined;
  /** Transfer image bytes to the worker, detaching the caller's buffer (default true). */
  readonly transferImages?: boolean;
}

/** The OCR worker as Vite bundles it (`new Worker(new URL(...), {type: 'module'})` must stay literal). */
export function spawnOcrWorker(): WorkerEndpoint {
  return new Worker(new URL('../../../workers/ocr.worker.ts', import.meta.url), { type: 'module', name: 'ocr' });
}

const WHAT = 'text recognition';

export class WorkerOcr implements OcrEngine {
  readonly #worker: WorkerLifetime<OcrServiceApi>;
  readonly #extraLangPath: string | undefined;
  readonly #transferImages: boolean;
  #jobs = 0;

  constructor(options: WorkerOcrOptions = {}) {
    this.#worker = new WorkerLifetime({ name: 'ocr worker', spawn: options.spawn ?? spawnOcrWorker, idleMs: options.idleMs ?? 10_000 });
    this.#extraLangPath = options.extraLangPath;
    this.#transferImages = options.transferImages ?? true;
  }

  /** True while a worker is alive. */
  get running(): boolean {
    return this.#worker.running;
  }

  /** Workers spawned so far (for tests and diagnostics). */
  get spawned(): number {
    return this.#worker.spawned;
  }

  async recognize(image: PageImage, options: OcrOptions = {}): Promise<OcrResult> {
    const { signal } = options;
    if (signal?.aborted) throw new AbortedError(WHAT);
    const data = this.#transferImages ? image.data : image.data.slice(0);
    const payload: PageImage = { width: image.width, height: image.height, mediaType: image.mediaType, data };
    const jobId = `ocr-${++this.#jobs}`;
    const languages = options.languages ? [...options.languages] : undefined;
    const detect = options.detect ? [...options.detect] : undefined;
    const lease = this.#worker.lease();
    try {
      return await this.#worker.call(
        WHAT,
        signal,
        (api) => api.recognize(jobId, transfer(payload, [data]), { languages, detect, extraLangPath: this.#extraLangPath }),
        (api) => void api.cancel(jobId).catch(() => undefined),
      );
    } catch (error) {
      // The engine failed (not an abort, not bad input): new jobs go to a fresh worker, and
      // this one ends when its last job does.
      if (error instanceof AppError && error.code === 'internal' && !signal?.aborted) lease.retire();
      throw error;
    } finally {
      lease.release();
    }
  }

  /** Starts the worker and loads the engine for these languages ahead of the first page. */
  async prepare(languages?: readonly string[], options: { signal?: AbortSignal } = {}): Promise<void> {
    const extra = this.#extraLangPath ? { extraLangPath: this.#extraLangPath } : {};
    await this.#worker.call('loading text recognition', options.signal, (api) => api.prepare(languages ? [...languages] : undefined, extra));
  }

  /** Frees the memory now: terminates the worker (jobs in flight fail with AbortedError). */
  terminate(): void {
    this.#worker.terminate(new AbortedError(WHAT));
  }
}
