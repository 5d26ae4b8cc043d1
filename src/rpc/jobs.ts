/**
 * The worker side of cancellation. An AbortSignal cannot cross to a worker, so the page names
 * each job with an id and sends `cancel(jobId)` when its signal fires; the worker runs the job
 * with the signal registered under that id (and must await between units of work, or the
 * cancel is never seen).
 */
import { InputError } from '../core/errors';

export interface JobRegistry {
  /** Runs `work` as job `jobId`; a second job with an id still running is refused. */
  run<T>(jobId: string, work: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** Aborts the job's signal (with `reason`); unknown or finished jobs are ignored. */
  cancel(jobId: string, reason?: unknown): void;
  /** Jobs running now (tests, diagnostics). */
  active(): number;
}

/** `owner` names the worker in error messages ("ocr worker"). */
export function createJobRegistry(owner: string): JobRegistry {
  const jobs = new Map<string, AbortController>();
  return {
    async run(jobId, work) {
      if (jobs.has(jobId)) throw new InputError(`${owner}: job ${JSON.stringify(jobId)} is already running`, { jobId });
      const controller = new AbortController();
      jobs.set(jobId, controller);
      try {
        return await work(controller.signal);
      } finally {
        jobs.delete(jobId);
      }
    },
    cancel(jobId, reason) {
      jobs.get(jobId)?.abort(reason);
    },
    active() {
      return jobs.size;
    },
  };
}
