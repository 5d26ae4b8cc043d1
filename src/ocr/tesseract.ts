/**
 * TesseractOcr: the in-process OcrEngine over tesseract.js. Node uses it directly (tests, CLIs);
 * the app runs it inside workers/ocr.worker.ts behind WorkerOcr (src/app/workers/ocr-proxy.ts).
 *
 * tesseract.js itself runs the WASM engine in its own worker (a worker_threads worker in Node, a
 * classic Worker in the browser, nested in our OCR worker). This class owns one such worker at a
 * time, set up for one language plan (runtime.ts); a request for other languages replaces it.
 *
 * - One page at a time: requests queue here, so cancelling one never strands another.
 * - Cancellation: a page being read cannot be interrupted inside WASM, so an abort terminates
 *   the tesseract worker (the caller gets AbortedError at once); the next request starts a new
 *   one. An abort while queued just drops the request.
 * - `terminate()` ends the worker and frees its WASM memory; the next request starts again.
 * - A page that takes longer than `pageTimeoutMs` (heavy speckle noise can take Tesseract minutes)
 *   ends the worker too and fails with `job/timeout`: the caller treats the page as unreadable.
 */
import type Tesseract from 'tesseract.js';
import { AbortedError, AppError, InputError } from '../core/errors';
import type { OcrEngine, OcrOptions, OcrResult, PageImage } from '../core/ports';
import { planLanguages, type LanguagePlan, type OcrRuntime } from './runtime';
import { pageLanguage } from './page-language';
import { normalizeOcrText } from './text';
import { wordsFromTsv } from './words';

type TesseractLib = typeof Tesseract;
type TesseractWorker = Tesseract.Worker;

/** A clean page takes 1–3 s; pages of pure speckle can take Tesseract minutes (measured 35 s to >60 s). */
const DEFAULT_PAGE_TIMEOUT_MS = 30_000;

export interface TesseractOcrOptions {
  readonly runtime: OcrRuntime;
  /** Give up on a page after this long (default 30 s); the worker is ended and restarted. */
  readonly pageTimeoutMs?: number;
  /** Called with tesseract.js progress messages (loading, recognizing), for diagnostics. */
  readonly logger?: ((message: Tesseract.LoggerMessage) => void) | undefined;
}

export interface RecognizeOptions extends OcrOptions {
  /** Overrides the runtime's folder for non-bundled languages for this request. */
  readonly extraLangPath?: string | undefined;
}

/** One tesseract.js worker, set up for one language plan. */
interface Slot {
  readonly key: string;
  readonly worker: TesseractWorker;
  /** Rejects when the tesseract worker dies, reports an error outside a job, or is ended. */
  readonly crashed: Promise<never>;
  readonly fail: (error: AppError) => void;
  dead: boolean;
}

/** The raw worker tesseract.js exposes (a DOM Worker or a worker_threads Worker). */
interface RawWorker {
  addEventListener?(type: string, listener: (event: unknown) => void): void;
  on?(type: string, listener: (event: unknown) => void): void;
}

let lib: Promise<TesseractLib> | undefined;

/** Loads tesseract.js once (its CommonJS module, whatever shape the loader gives it). */
function loadTesseract(): Promise<TesseractLib> {
  return (lib ??= import('tesseract.js').then((mod) => {
    const m = mod as unknown as TesseractLib & { default?: TesseractLib };
    return typeof m.default?.createWorker === 'function' ? m.default : m;
  }));
}

function messageOf(value: unknown): string {
  if (value instanceof Error) return value.message;
  if (value !== null && typeof value === 'object' && 'message' in value && typeof value.message === 'string') return value.message;
  return String(value);
}

/** Rejects when the signal fires; `dispose` removes the listener. */
function abortRace(signal: AbortSignal | undefined, what: string, onAbort?: () => void): { promise: Promise<never>; dispose: () => void } {
  if (!signal) return { promise: new Promise<never>(() => undefined), dispose: () => undefined };
  let listener = () => undefined as void;
  const promise = new Promise<never>((_, reject) => {
    listener = () => {
      reject(new AbortedError(what)); // first, so a race sees the abort before what onAbort causes
      onAbort?.();
    };
    if (signal.aborted) listener();
    else signal.addEventListener('abort', listener, { once: true });
  });
  promise.catch(() => undefined);
  return { promise, dispose: () => signal.removeEventListener('abort', listener) };
}

/**
 * In Node a local language folder is checked before starting: a missing file would otherwise
 * leave a tesseract worker thread running (and the process alive) after the failed start.
 */
async function checkLocalLanguages(plan: LanguagePlan): Promise<void> {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(plan.langPath)) return; // a URL
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const fs = proc?.getBuiltinModule?.('fs') as { promises: { access(path: string): Promise<void> } } | undefined;
  if (!fs) return;
  for (const code of plan.languages) {
    const file = `${plan.langPath.replace(/[\\/]$/, '')}/${code}.traineddata.gz`;
    await fs.promises.access(file).catch((error: unknown) => {
      throw new InputError(`ocr: no language data for ${code}: ${file} is missing`, { language: code, file, cause: messageOf(error) });
    });
  }
}

export class TesseractOcr implements OcrEngine {
  readonly runtime: OcrRuntime;
  readonly #logger: ((message: Tesseract.LoggerMessage) => void) | undefined;
  readonly #pageTimeoutMs: number;
  /** The worker being started or in use, and (once started) the worker itself. */
  #slot: Promise<Slot> | null = null;
  #current: Slot | null = null;
  #tail: Promise<unknown> = Promise.resolve();
  /** tesseract workers started so far (for tests and diagnostics). */
  started = 0;

  constructor(options: TesseractOcrOptions) {
    this.runtime = options.runtime;
    this.#logger = options.logger;
    this.#pageTimeoutMs = options.pageTimeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS;
  }

  /** True while a tesseract worker is alive (or starting). */
  get running(): boolean {
    return this.#slot !== null && !(this.#current?.dead ?? false);
  }

  async recognize(image: PageImage, options: RecognizeOptions = {}): Promise<OcrResult> {
    const { signal } = options;
    const what = 'text recognition';
    if (signal?.aborted) throw new AbortedError(what);
    if (!image.mediaType.startsWith('image/') || image.data.byteLength === 0) {
      throw new InputError(`ocr: not an encoded page image: ${image.mediaType}, ${image.data.byteLength} bytes`, { mediaType: image.mediaType, bytes: image.data.byteLength });
    }
    const extra = options.extraLangPath ?? this.runtime.extraLangPath;
    const plan = planLanguages(this.runtime, options.languages, extra);
    // Copy now: the caller may transfer or reuse its buffer while this request waits.
    const bytes = new Uint8Array(image.data.slice(0));
    const first = { ...(await this.#enqueue(signal, what, () => this.#read(plan, bytes, image, signal, what))), languages: plan.languages };
    // A page in another of the languages it may be in is read again with that language's model.
    const detected = options.detect && options.detect.length > 0 ? pageLanguage(first.text, options.detect) : null;
    if (!detected || plan.languages.includes(detected)) return first;
    const again = planLanguages(this.runtime, [detected], extra);
    const second = { ...(await this.#enqueue(signal, what, () => this.#read(again, bytes, image, signal, what))), languages: again.languages };
    return second.confidence >= first.confidence ? second : first;
  }

  /** Starts the tesseract worker for these languages now (loads the core and the data). */
  async prepare(languages?: readonly string[], options: { signal?: AbortSignal; extraLangPath?: string } = {}): Promise<void> {
    const plan = planLanguages(this.runtime, languages, options.extraLangPath ?? this.runtime.extraLangPath);
    await this.#enqueue(options.signal, 'loading text recognition', async () => {
      await this.#slotFor(plan, options.signal);
    });
  }

  /** Ends the tesseract worker now (a page being read fails); the next request starts a new one. */
  async terminate(): Promise<void> {
    const starting = this.#slot;
    this.#slot = null;
    this.#current = null;
    const slot = await starting?.catch(() => null);
    if (slot) this.#kill(slot);
  }

  /** Runs `job` after the ones before it; an abort while waiting rejects at once. */
  #enqueue<T>(signal: AbortSignal | undefined, what: string, job: () => Promise<T>): Promise<T> {
    const run = this.#tail.then(async () => {
      if (signal?.aborted) throw new AbortedError(what);
      return job();
    });
    this.#tail = run.catch(() => undefined);
    if (!signal) return run;
    const abort = abortRace(signal, what);
    run.catch(() => undefined);
    return Promise.race([run, abort.promise]).finally(abort.dispose);
  }

  async #read(plan: LanguagePlan, bytes: Uint8Array, image: PageImage, signal: AbortSignal | undefined, what: string): Promise<OcrResult> {
    const slot = await this.#slotFor(plan, signal);
    // The engine cannot be interrupted mid-page: an abort ends its worker.
    const abort = abortRace(signal, what, () => this.#drop(slot));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const seconds = Math.round(this.#pageTimeoutMs / 1000);
        reject(new AppError('job/timeout', `ocr: gave up on a ${image.width}x${image.height} page image after ${seconds} s (too noisy or too complex to read)`, { details: { width: image.width, height: image.height, timeoutMs: this.#pageTimeoutMs } }));
        this.#drop(slot);
      }, this.#pageTimeoutMs);
    });
    timeout.catch(() => undefined);
    try {
      // TSV carries each word's box (the viewer highlights passages on the picture with them).
      const job = slot.worker.recognize(bytes as unknown as Tesseract.ImageLike, {}, { text: true, tsv: true });
      job.catch(() => undefined);
      const { data } = await Promise.race([job, abort.promise, timeout, slot.crashed]);
      const text = normalizeOcrText(data.text ?? '');
      const confidence = text ? Math.max(0, Math.min(100, Number(data.confidence) || 0)) : 0;
      const words = text ? wordsFromTsv(data.tsv) : [];
      return words.length > 0 ? { text, confidence, words } : { text, confidence };
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('internal', `ocr: tesseract failed to read a ${image.width}x${image.height} ${image.mediaType} page image: ${messageOf(error)}`, { cause: error });
    } finally {
      clearTimeout(timer);
      abort.dispose();
    }
  }

  /** The worker for this plan: the current one, or a new one (the old one is ended). */
  async #slotFor(plan: LanguagePlan, signal: AbortSignal | undefined): Promise<Slot> {
    const current = this.#slot ? await this.#slot.catch(() => null) : null;
    if (current && !current.dead && current.key === plan.key) return current;
    await checkLocalLanguages(plan); // before ending the current worker for a plan that cannot start
    if (current) this.#drop(current);
    const starting = this.#start(plan);
    this.#slot = starting;
    starting.then(
      (slot) => {
        if (this.#slot === starting) this.#current = slot;
        else this.#kill(slot); // terminated while starting
      },
      () => {
        if (this.#slot === starting) this.#slot = null;
      },
    );
    // Starting is not interrupted by an abort (the next request reuses the worker).
    const abort = abortRace(signal, 'loading text recognition');
    try {
      return await Promise.race([starting, abort.promise]);
    } finally {
      abort.dispose();
    }
  }

  async #start(plan: LanguagePlan): Promise<Slot> {
    const { createWorker, OEM } = await loadTesseract();
    let fail: (error: AppError) => void = () => undefined;
    const crashed = new Promise<never>((_, reject) => (fail = reject));
    crashed.catch(() => undefined);
    const failure = (what: string) => (data: unknown) => fail(new AppError('internal', `ocr: tesseract ${what} (languages ${plan.languages.join('+')} from ${plan.langPath}): ${messageOf(data)}`, { details: { languages: plan.languages, langPath: plan.langPath } }));
    // Once started, a failed job rejects its own promise; only failures while starting end the slot.
    let starting = true;
    const startFailure = failure('failed');
    const r = this.runtime;
    const options: Partial<Tesseract.WorkerOptions> = {
      langPath: plan.langPath,
      cacheMethod: plan.cacheMethod,
      cachePath: plan.cachePath,
      gzip: true,
      // Load the worker script from our origin as is: no blob: URL wrapping it.
      workerBlobURL: false,
      // Without a handler tesseract.js rethrows a failed job inside its message listener.
      errorHandler: (data: unknown) => {
        if (starting) startFailure(data);
      },
      ...(r.workerPath ? { workerPath: r.workerPath } : {}),
      ...(r.corePath ? { corePath: r.corePath } : {}),
      ...(this.#logger ? { logger: this.#logger } : {}),
    };
    this.started++;
    const creating = createWorker([...plan.languages], OEM.LSTM_ONLY, options);
    creating.catch(failure('could not start'));
    // A language that cannot be fetched leaves createWorker pending forever (and its worker
    // alive): the error handler ends the wait instead. The OCR worker is then best restarted.
    const worker = await Promise.race([creating.then(undefined, () => crashed), crashed]);
    starting = false;
    const slot: Slot = { key: plan.key, worker, crashed, fail, dead: false };
    const raw = (worker as unknown as { worker?: RawWorker }).worker;
    const died = (event: unknown) => {
      if (slot.dead) return;
      slot.dead = true;
      failure('worker stopped')(event);
    };
    raw?.addEventListener?.('error', died);
    raw?.on?.('error', died);
    raw?.on?.('exit', died);
    return slot;
  }

  /** Ends a slot (its pending job rejects through `crashed`) and forgets it. */
  #drop(slot: Slot): void {
    if (this.#current === slot) {
      this.#current = null;
      this.#slot = null;
    }
    this.#kill(slot);
  }

  #kill(slot: Slot): void {
    if (slot.dead) return;
    slot.dead = true;
    slot.fail(new AppError('internal', 'ocr: the tesseract worker was ended while reading a page'));
    void slot.worker.terminate().catch(() => undefined);
  }
}
