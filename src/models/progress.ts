/**
 * Download progress of one model: transformers.js reports per file (initiate → download →
 * progress… → done, then ready); the manager wants one figure per model, in bytes and percent,
 * that never goes backwards.
 */

export interface DownloadProgress {
  readonly modelId: string;
  /** Bytes received so far, all files together. */
  readonly loaded: number;
  /** Bytes expected, all files together (grows while files start; at least the catalog size). */
  readonly total: number;
  /** 0..100, never decreasing. */
  readonly percent: number;
  readonly file: string | null;
  readonly phase: 'downloading' | 'loading' | 'ready';
}

/** The fields of transformers.js's ProgressInfo this reads. */
export interface ProgressInfoLike {
  readonly status: string;
  readonly file?: string;
  readonly loaded?: number;
  readonly total?: number;
  /** On 'progress_total': every expected file with its size (known before any byte arrives). */
  readonly files?: Readonly<Record<string, { readonly loaded: number; readonly total: number }>>;
}

/** Emitted by Casefile once a model is loaded and warmed up (transformers.js's own 'ready' comes earlier). */
export const READY = 'casefile-ready';

export class ProgressAggregator {
  readonly #files = new Map<string, { loaded: number; total: number; done: boolean }>();
  #percent = 0;
  #last: DownloadProgress;

  constructor(
    private readonly modelId: string,
    private readonly expectedBytes = 0,
  ) {
    this.#last = { modelId, loaded: 0, total: expectedBytes, percent: 0, file: null, phase: 'downloading' };
  }

  get current(): DownloadProgress {
    return this.#last;
  }

  update(info: ProgressInfoLike): DownloadProgress {
    if (info.status === 'progress_total' && info.files) {
      for (const [name, f] of Object.entries(info.files)) {
        const known = this.#files.get(name) ?? { loaded: 0, total: 0, done: false };
        known.total = Math.max(known.total, f.total);
        this.#files.set(name, known);
      }
      return this.#last;
    }
    const file = info.file ?? null;
    if (file !== null) {
      const f = this.#files.get(file) ?? { loaded: 0, total: 0, done: false };
      if (info.status === 'progress') {
        f.loaded = Math.max(f.loaded, info.loaded ?? 0);
        f.total = Math.max(f.total, info.total ?? 0, f.loaded);
      } else if (info.status === 'done') {
        f.done = true;
        f.total = Math.max(f.total, f.loaded);
        f.loaded = f.total;
      }
      this.#files.set(file, f);
    }
    let loaded = 0;
    let total = 0;
    for (const f of this.#files.values()) {
      loaded += f.loaded;
      total += f.total;
    }
    const allDone = this.#files.size > 0 && [...this.#files.values()].every((f) => f.done);
    // Real sizes once transformers.js knows them; the catalog's estimate until then.
    const expected = total > 0 ? Math.max(total, loaded) : Math.max(this.expectedBytes, loaded);
    const phase: DownloadProgress['phase'] = info.status === READY ? 'ready' : allDone ? 'loading' : 'downloading';
    const raw = phase === 'ready' ? 100 : expected > 0 ? Math.min(99, (loaded / expected) * 100) : 0;
    this.#percent = Math.max(this.#percent, raw);
    this.#last = { modelId: this.modelId, loaded, total: expected, percent: this.#percent, file: info.status === READY ? null : (file ?? this.#last.file), phase };
    return this.#last;
  }
}
