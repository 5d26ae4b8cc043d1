/**
 * One lifetime for every worker the page talks to (parse, OCR, embed, rerank, index):
 *
 * - Lazy: the worker is spawned on the first call. `init` runs on every fresh worker before any
 *   call reaches it (load a model, open a workspace); concurrent first calls share it.
 * - Idle: with `idleMs` the worker is terminated after that long without a call (parse and OCR:
 *   WASM heaps never shrink). Without it the worker stays warm until `terminate()` (models,
 *   index: "free memory" terminates, it does not trust `dispose()`).
 * - Crash: when the worker dies (an error event, an unreadable message) every pending call fails
 *   at once with `crashError(message)`; the next call spawns a fresh worker and runs init again.
 * - Retire: a worker whose engine failed takes no new calls and ends when its last call does,
 *   while new calls go to a fresh one.
 *
 * Calls hold a lease for their duration; `call()` is the usual way (a request raced against the
 * worker's death and the caller's AbortSignal), `lease()` serves streams (remote-iterable.ts).
 * Errors thrown in the worker arrive as their AppError subclass (errors.ts).
 */
import type { Remote } from 'comlink';
import { AbortedError, AppError, describeError } from '../core/errors';
import { registerRpcErrors } from './errors';
import { abortRace, closeHandle, openHandle, type WorkerEndpoint, type WorkerHandle } from './handle';

export interface LifetimeOptions<Api> {
  /** Names the worker in messages ("parse worker"). */
  readonly name: string;
  readonly spawn: () => WorkerEndpoint;
  /** Terminate the worker after this long without a call; absent or null: it stays warm. */
  readonly idleMs?: number | null;
  /** The error pending calls fail with when the worker dies (default: AppError internal). */
  readonly crashError?: (message: string) => AppError;
  /** Runs on every fresh worker before any call; a failure terminates that worker. */
  readonly init?: (api: Remote<Api>, crashed: Promise<never>) => Promise<void>;
  /** A worker started, finished its init, or went away. */
  readonly onChange?: () => void;
}

/** One call's hold on a worker: it is neither retired nor closed as idle until `release()`. */
export interface Lease<Api> {
  readonly api: Remote<Api>;
  /** True once the worker's init has run (calls can go straight to it). */
  readonly ready: boolean;
  /** Waits for the worker's init (rejects with its failure, a crash or an abort). */
  whenReady(what: string, signal?: AbortSignal): Promise<void>;
  /** `promise`, unless the worker dies first (then the crash error). */
  race<T>(promise: Promise<T>): Promise<T>;
  /** This worker takes no new calls; it ends when its last lease is released. */
  retire(): void;
  /** Undoes `retire()` when no other worker took its place meanwhile (it takes calls again). */
  reinstate(): void;
  /** True once the worker is gone. */
  readonly dead: boolean;
  release(): void;
}

interface Slot<Api> extends WorkerHandle<Api> {
  active: number;
  initialised: boolean;
  ready: Promise<void>;
}

const noop = (): undefined => undefined;

export class WorkerLifetime<Api> {
  readonly #options: LifetimeOptions<Api>;
  /** The worker new calls go to. Retired ones live on in #live until their calls end. */
  #current: Slot<Api> | null = null;
  readonly #live = new Set<Slot<Api>>();
  #idleTimer: ReturnType<typeof setTimeout> | null = null;
  /** Workers spawned so far (tests, diagnostics). */
  spawned = 0;

  constructor(options: LifetimeOptions<Api>) {
    registerRpcErrors(); // errors thrown in the worker arrive typed
    this.#options = options;
  }

  /** True while a worker that takes new calls is alive. */
  get running(): boolean {
    return this.#current !== null && !this.#current.dead;
  }

  /** Spawns the worker now when none runs and waits for its init (e.g. to open ahead of use). */
  async start(what = `starting the ${this.#options.name}`, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) throw new AbortedError(what);
    const lease = this.lease();
    try {
      if (!lease.ready) await lease.whenReady(what, signal);
    } finally {
      lease.release();
    }
  }

  /**
   * Runs `fn` on the worker: rejects at once with AbortedError when `signal` fires (calling
   * `onAbort`, e.g. to send cancel(jobId)) and with the crash error when the worker dies. When
   * the worker is ready, `fn` runs synchronously in the caller's turn (transfers happen at once).
   */
  async call<T>(what: string, signal: AbortSignal | undefined, fn: (api: Remote<Api>) => Promise<T>, onAbort?: (api: Remote<Api>) => void): Promise<T> {
    if (signal?.aborted) throw new AbortedError(what);
    const lease = this.lease();
    try {
      if (!lease.ready) await lease.whenReady(what, signal);
      const abort = abortRace(signal, what, () => {
        if (!lease.dead) onAbort?.(lease.api);
      });
      try {
        return await Promise.race([lease.race(fn(lease.api)), abort.promise]);
      } finally {
        abort.dispose();
      }
    } finally {
      lease.release();
    }
  }

  /** A hold on the current worker (spawned when needed). Check `ready` before the first call. */
  lease(): Lease<Api> {
    this.#clearIdle();
    let slot = this.#current;
    if (!slot || slot.dead) slot = this.#current = this.#spawn();
    slot.active++;
    const s = slot;
    let released = false;
    return {
      api: s.api,
      get ready() {
        return s.initialised;
      },
      whenReady: async (what, signal) => {
        const abort = abortRace(signal, what);
        try {
          await Promise.race([s.ready, abort.promise]);
        } finally {
          abort.dispose();
        }
      },
      race: (promise) => {
        promise.catch(noop); // an answer that lost the race must not become an unhandled rejection
        return Promise.race([promise, s.crashed]);
      },
      retire: () => this.#retire(s),
      reinstate: () => {
        if (!s.dead && this.#current === null && this.#live.has(s)) {
          this.#current = s;
          this.#options.onChange?.();
        }
      },
      get dead() {
        return s.dead;
      },
      release: () => {
        if (released) return;
        released = true;
        this.#release(s);
      },
    };
  }

  /**
   * The current worker takes no new calls and ends when its last call does; the next call
   * spawns a fresh one (e.g. after a file that exhausted a parser budget).
   */
  retireCurrent(): void {
    if (this.#current) this.#retire(this.#current);
  }

  /** Terminates every worker now; calls in flight fail with `reason` (AbortedError by default). */
  terminate(reason: AppError = new AbortedError(this.#options.name)): void {
    this.#clearIdle();
    this.#current = null;
    for (const slot of [...this.#live]) this.#kill(slot, reason);
  }

  #spawn(): Slot<Api> {
    this.spawned++;
    const { name, init } = this.#options;
    const holder: { slot: Slot<Api> | null } = { slot: null };
    const handle = openHandle<Api>(this.#options.spawn(), (message) => {
      if (holder.slot) this.#forget(holder.slot);
      return this.#options.crashError?.(message) ?? new AppError('internal', `${name} crashed: ${message}`);
    });
    const slot: Slot<Api> = Object.assign(handle, { active: 0, initialised: !init, ready: Promise.resolve() });
    holder.slot = slot;
    this.#live.add(slot);
    if (init) {
      slot.ready = Promise.race([init(slot.api, slot.crashed), slot.crashed]).then(
        () => {
          slot.initialised = true;
          this.#options.onChange?.();
        },
        (error: unknown) => {
          this.#kill(slot, error instanceof AppError ? error : new AppError('internal', `${name}: ${describeError(error)}`, { cause: error }));
          throw error;
        },
      );
      slot.ready.catch(noop);
    }
    this.#options.onChange?.();
    return slot;
  }

  #release(slot: Slot<Api>): void {
    slot.active = Math.max(0, slot.active - 1);
    if (slot.active > 0 || slot.dead) return;
    if (slot !== this.#current) {
      this.#kill(slot, new AbortedError(this.#options.name)); // retired and now unused
      return;
    }
    const idleMs = this.#options.idleMs;
    if (idleMs === null || idleMs === undefined) return;
    this.#idleTimer = setTimeout(() => {
      this.#idleTimer = null;
      if (this.#current === slot && slot.active === 0) this.#kill(slot, new AbortedError(this.#options.name));
    }, idleMs);
  }

  #retire(slot: Slot<Api>): void {
    if (this.#current !== slot) return;
    this.#current = null;
    this.#clearIdle();
    if (slot.active === 0) this.#kill(slot, new AbortedError(this.#options.name));
    else this.#options.onChange?.();
  }

  #kill(slot: Slot<Api>, reason: AppError): void {
    if (slot.dead) return;
    slot.fail(reason); // calls still waiting on this worker end now
    closeHandle(slot);
    this.#forget(slot);
  }

  #forget(slot: Slot<Api>): void {
    if (!this.#live.delete(slot)) return;
    if (this.#current === slot) this.#current = null;
    this.#options.onChange?.();
  }

  #clearIdle(): void {
    if (this.#idleTimer !== null) clearTimeout(this.#idleTimer);
    this.#idleTimer = null;
  }
}
