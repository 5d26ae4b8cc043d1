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
import { AbortedError, AppError } from '../core/errors';
import type { OcrEngine, OcrOptions, OcrResult, PageImage } from '../core/ports';
import type { OcrServiceApi } from '../ocr/service';
import { registerRpcErrors } from './rpc';
import { abortRace, closeHandle, openHandle, type WorkerEndpoint, type WorkerHandle } from './worker-handle';

export type OcrWorkerEndpoint = WorkerEndpoint;

export interface WorkerOcrOptions {
  /** Creates the worker (default: workers/ocr.worker.ts as a module worker). */
  readonly spawn?: () => OcrWorkerEndpoint;
  /** Terminate the worker after this long without a job (default 10 000 ms). */
  readonly idleMs?: number;
  /** Folder (URL) for languages that do not ship with the app (see src/ocr/runtime.ts). */
  readonly extraLangPath?: string | undefined;
  /** Transfer image bytes to the worker, detaching the caller's buffer (default true). */
  readonly transferImages?: boolean;
}

/** The OCR worker as Vite bundles it (`new Worker(new URL(...), {type: 'module'})` must stay literal). */
export function spawnOcrWorker(): OcrWorkerEndpoint {
  return new Worker(new URL('../../workers/ocr.worker.ts', import.meta.url), { type: 'module', name: 'ocr' });
}

interface Handle extends WorkerHandle<OcrServiceApi> {
  /** Jobs using this worker now. */
  active: number;
}

export class WorkerOcr implements OcrEngine {
  readonly #spawn: () => OcrWorkerEndpoint;
  readonly #idleMs: number;
  readonly #extraLangPath: string | undefined;
  readonly #transferImages: boolean;
  /** The worker new jobs go to. A retired one (after an engine failure) lives on until its jobs end. */
  #handle: Handle | null = null;
  #idleTimer: ReturnType<typeof setTimeout> | null = null;
  #jobs = 0;
  /** Workers spawned so far (for tests and diagnostics). */
  spawned = 0;

  constructor(options: WorkerOcrOptions = {}) {
    registerRpcErrors();
    this.#spawn = options.spawn ?? spawnOcrWorker;
    this.#idleMs = options.idleMs ?? 10_000;
    this.#extraLangPath = options.extraLangPath;
    this.#transferImages = options.transferImages ?? true;
  }

  /** True while a worker is alive. */
  get running(): boolean {
    return this.#handle !== null;
  }

  async recognize(image: PageImage, options: OcrOptions = {}): Promise<OcrResult> {
    const { signal } = options;
    const what = 'text recognition';
    if (signal?.aborted) throw new AbortedError(what);
    const data = this.#transferImages ? image.data : image.data.slice(0);
    const payload: PageImage = { width: image.width, height: image.height, mediaType: image.mediaType, data };
    const jobId = `ocr-${++this.#jobs}`;
    const handle = this.#acquire();
    const abort = abortRace(signal, what, () => {
      if (!handle.dead) handle.api.cancel(jobId).catch(() => undefined);
    });
    try {
      const languages = options.languages ? [...options.languages] : undefined;
      const call = handle.api.recognize(jobId, transfer(payload, [data]), { languages, extraLangPath: this.#extraLangPath });
      call.catch(() => undefined); // an answer that lost the race must not become an unhandled rejection
      return await Promise.race([call, abort.promise, handle.crashed]);
    } catch (error) {
      // The engine failed (not an abort, not bad input): new jobs go to a fresh worker.
      if (error instanceof AppError && error.code === 'internal' && !signal?.aborted && this.#handle === handle) this.#handle = null;
      throw error;
    } finally {
      abort.dispose();
      this.#release(handle);
    }
  }

  /** Starts the worker and loads the engine for these languages ahead of the first page. */
  async prepare(languages?: readonly string[], options: { signal?: AbortSignal } = {}): Promise<void> {
    const what = 'loading text recognition';
    if (options.signal?.aborted) throw new AbortedError(what);
    const handle = this.#acquire();
    const abort = abortRace(options.signal, what);
    try {
      const call = handle.api.prepare(languages ? [...languages] : undefined, this.#extraLangPath ? { extraLangPath: this.#extraLangPath } : {});
      call.catch(() => undefined);
      await Promise.race([call, abort.promise, handle.crashed]);
    } finally {
      abort.dispose();
      this.#release(handle);
    }
  }

  /** Frees the memory now: terminates the worker (jobs in flight fail with AbortedError). */
  terminate(): void {
    this.#clearIdle();
    const handle = this.#handle;
    this.#handle = null;
    if (handle) this.#kill(handle, new AbortedError('text recognition'));
  }

  #acquire(): Handle {
    this.#clearIdle();
    let handle = this.#handle;
    if (!handle || handle.dead) {
      handle = this.#start();
      this.#handle = handle;
    }
    handle.active++;
    return handle;
  }

  #start(): Handle {
    this.spawned++;
    const handle: Handle = Object.assign(
      openHandle<OcrServiceApi>(this.#spawn(), (message) => {
        if (this.#handle === handle) this.#handle = null;
        return new AppError('internal', `ocr worker crashed: ${message}`);
      }),
      { active: 0 },
    );
    return handle;
  }

  #release(handle: Handle): void {
    handle.active = Math.max(0, handle.active - 1);
    if (handle.active > 0 || handle.dead) return;
    if (this.#handle !== handle) {
      this.#kill(handle, new AbortedError('text recognition')); // retired and now unused
      return;
    }
    this.#idleTimer = setTimeout(() => {
      this.#idleTimer = null;
      if (this.#handle === handle && handle.active === 0) this.terminate();
    }, this.#idleMs);
  }

  #clearIdle(): void {
    if (this.#idleTimer !== null) clearTimeout(this.#idleTimer);
    this.#idleTimer = null;
  }

  #kill(handle: Handle, reason: AppError): void {
    if (handle.dead) return;
    handle.fail(reason); // jobs still waiting on this worker end now
    closeHandle(handle);
  }
}
