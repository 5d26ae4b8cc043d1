/**
 * Locks shared by every tab of the app (the Web Locks API), named per workspace:
 *
 *   casefile:ws:<id>             shared by every tab that has the workspace open (and a restore
 *                                writing it); exclusive while it is deleted
 *   casefile:import:<id>         the one tab reading the workspace's import queue
 *   casefile:copy:<id>:<job>     the tab copying a job's files into the file vault
 *   casefile:receiving:<id>      shared by a tab from queuing files to copy until it holds their
 *                                job's copy lock; exclusive while the queue recovers copies that
 *                                a closed tab left (so it never takes a new one for those)
 *
 * A lock is released when its tab closes or crashes, which is what makes them right for "who
 * is still working on this": the next tab in line takes over. Where the browser has no Web Locks
 * (Node tests, old browsers) `memoryLocks()` gives the same semantics within one page.
 */
import { AbortedError, AppError } from '../../core/errors';

interface LockRequestOptions {
  readonly mode?: 'exclusive' | 'shared';
  readonly ifAvailable?: boolean;
  readonly signal?: AbortSignal;
}

/** The part of `navigator.locks` the app uses. */
export interface LockManagerLike {
  request<T>(name: string, options: LockRequestOptions, callback: (lock: unknown) => Promise<T> | T): Promise<T>;
}

export const lockNames = {
  workspace: (id: string) => `casefile:ws:${id}`,
  import: (id: string) => `casefile:import:${id}`,
  copy: (id: string, jobId: string) => `casefile:copy:${id}:${jobId}`,
  receiving: (id: string) => `casefile:receiving:${id}`,
};

/** A lock held until `release()`. */
export interface HeldLock {
  release(): void;
}

export class TabLocks {
  constructor(readonly manager: LockManagerLike = browserLocks() ?? memoryLocks()) {}

  /**
   * Runs `task` while holding `name` exclusively; waits for it. Rejects with AbortedError when
   * `signal` fires first, or a timeout error naming `what` after `timeoutMs`. The request is
   * queued before this returns, so whoever is told to let go afterwards is behind no one new.
   */
  exclusive<T>(name: string, task: () => Promise<T>, options: { signal?: AbortSignal; timeoutMs?: number; what?: string } = {}): Promise<T> {
    const controller = new AbortController();
    const forward = () => controller.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', forward, { once: true });
    const timer = options.timeoutMs ? setTimeout(() => controller.abort(new AppError('job/timeout', `Casefile: ${options.what ?? name} did not finish within ${Math.round(options.timeoutMs! / 1000)} s`)), options.timeoutMs) : null;
    let started = false;
    return this.manager
      .request(name, { mode: 'exclusive', signal: controller.signal }, () => {
        started = true;
        if (timer) clearTimeout(timer);
        return task();
      })
      .catch((error: unknown) => {
        if (!started && controller.signal.aborted) throw controller.signal.reason instanceof AppError ? controller.signal.reason : new AbortedError(`waiting for ${options.what ?? name}`);
        throw error;
      })
      .finally(() => {
        if (timer) clearTimeout(timer);
        options.signal?.removeEventListener('abort', forward);
      });
  }

  /** Holds `name` (shared or exclusive) until released; waits for it unless `signal` fires first. */
  async hold(name: string, mode: 'shared' | 'exclusive', signal?: AbortSignal): Promise<HeldLock> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await new Promise<void>((granted, refused) => {
      this.manager
        .request(name, { mode, ...(signal ? { signal } : {}) }, () => {
          granted();
          return released;
        })
        .catch((error: unknown) => refused(signal?.aborted || !(error instanceof Error) ? new AbortedError(`waiting for ${name}`) : error));
    });
    return { release };
  }

  /** True when nobody holds `name` now. */
  async isFree(name: string): Promise<boolean> {
    return this.manager.request(name, { mode: 'exclusive', ifAvailable: true }, (lock) => lock !== null);
  }

  /** Waits until the exclusive holders of `name` (a deletion) are done. */
  async whenFree(name: string, signal?: AbortSignal): Promise<void> {
    (await this.hold(name, 'shared', signal)).release();
  }
}

function browserLocks(): LockManagerLike | null {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks ?? null;
}

interface Waiter {
  readonly mode: 'exclusive' | 'shared';
  readonly grant: () => void;
}

/** Web Locks semantics within one page (FIFO, shared/exclusive, ifAvailable, signal). */
export function memoryLocks(): LockManagerLike {
  const held = new Map<string, { mode: 'exclusive' | 'shared'; count: number }>();
  const queues = new Map<string, Waiter[]>();
  const grantable = (name: string, mode: 'exclusive' | 'shared') => {
    const h = held.get(name);
    return !h || (mode === 'shared' && h.mode === 'shared' && (queues.get(name)?.length ?? 0) === 0);
  };
  const take = (name: string, mode: 'exclusive' | 'shared') => {
    const h = held.get(name);
    held.set(name, { mode, count: (h?.count ?? 0) + 1 });
  };
  const drop = (name: string) => {
    const h = held.get(name)!;
    if (h.count > 1) held.set(name, { ...h, count: h.count - 1 });
    else held.delete(name);
    const queue = queues.get(name) ?? [];
    while (queue.length > 0) {
      const next = queue[0]!;
      const h2 = held.get(name);
      if (h2 && !(next.mode === 'shared' && h2.mode === 'shared')) break;
      queue.shift();
      take(name, next.mode);
      next.grant();
    }
  };
  return {
    async request<T>(name: string, options: LockRequestOptions, callback: (lock: unknown) => Promise<T> | T): Promise<T> {
      const mode = options.mode ?? 'exclusive';
      if (options.signal?.aborted) throw new AbortedError(`waiting for ${name}`);
      if (grantable(name, mode)) take(name, mode);
      else if (options.ifAvailable) return callback(null);
      else {
        await new Promise<void>((resolve, reject) => {
          const waiter: Waiter = { mode, grant: resolve };
          const queue = queues.get(name) ?? [];
          queue.push(waiter);
          queues.set(name, queue);
          options.signal?.addEventListener(
            'abort',
            () => {
              const i = queue.indexOf(waiter);
              if (i < 0) return;
              queue.splice(i, 1);
              reject(new AbortedError(`waiting for ${name}`));
            },
            { once: true },
          );
        });
      }
      try {
        return await callback({ name, mode });
      } finally {
        drop(name);
      }
    },
  };
}
