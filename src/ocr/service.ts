/**
 * The OCR worker's API as plain functions over an engine (environment-neutral, so Node tests
 * drive it over a MessageChannel exactly as the app drives workers/ocr.worker.ts):
 *
 *   recognize(jobId, image, options) → OcrResult    the image's bytes arrive transferred
 *   cancel(jobId)                                    a queued job is dropped; a running one ends
 *                                                    the tesseract worker (WASM cannot be interrupted)
 *   prepare(languages?)                              loads the core and language data ahead of use
 *   release()                                        ends the tesseract worker, frees its memory
 *
 * The page side is src/app/workers/ocr-proxy.ts (WorkerOcr).
 */
import type { OcrResult, PageImage } from '../core/ports';
import { createJobRegistry } from '../rpc/jobs';

/** What crosses the boundary with each job (an AbortSignal cannot). */
export interface OcrJobOptions {
  readonly languages?: readonly string[] | undefined;
  /** Languages the page may be in (see OcrOptions.detect). */
  readonly detect?: readonly string[] | undefined;
  /** Folder for languages that do not ship with the app (see runtime.ts). */
  readonly extraLangPath?: string | undefined;
}

/** The engine the service drives (TesseractOcr). */
export interface OcrServiceEngine {
  recognize(image: PageImage, options: OcrJobOptions & { signal?: AbortSignal }): Promise<OcrResult>;
  prepare(languages?: readonly string[], options?: { extraLangPath?: string }): Promise<void>;
  terminate(): Promise<void>;
}

export function createOcrService(engine: OcrServiceEngine) {
  const jobs = createJobRegistry('ocr worker');

  return {
    /** Reads one page image. Rejects with AbortedError after cancel(jobId). */
    async recognize(jobId: string, image: PageImage, options: OcrJobOptions = {}): Promise<OcrResult> {
      return jobs.run(jobId, (signal) => engine.recognize(image, { languages: options.languages, detect: options.detect, extraLangPath: options.extraLangPath, signal }));
    },

    /** Stops a job (queued or running). Unknown or finished jobs are ignored. */
    cancel(jobId: string): void {
      jobs.cancel(jobId);
    },

    async prepare(languages?: readonly string[], options: { extraLangPath?: string } = {}): Promise<void> {
      await engine.prepare(languages, options);
    },

    /** Ends the tesseract worker (jobs in flight fail); the next job starts a new one. */
    async release(): Promise<void> {
      await engine.terminate();
    },

    /** Jobs queued or running (for tests and diagnostics). */
    activeJobs(): number {
      return jobs.active();
    },
  };
}

export type OcrServiceApi = ReturnType<typeof createOcrService>;
