/**
 * The browser's storage budget for this app (navigator.storage): how much is used and free, the
 * "not enough storage" failure of one file by name, and persistent storage (so the browser does
 * not evict the documents when space runs low).
 *
 * `estimate()` is the first guess, but the browser may refuse a write while it still reports room
 * (Chromium's estimate ignores a quota set for the site, e.g. by DevTools or policy). After a
 * refused write, `measureFree` finds the room that is really left by trying to store probes of
 * halving sizes, so the message gives true figures.
 */
import { FileError } from '../../core/errors';

/** The part of `navigator.storage` used here. */
export interface StorageManagerLike {
  estimate(): Promise<{ usage?: number; quota?: number }>;
  persisted?(): Promise<boolean>;
  persist?(): Promise<boolean>;
}

export interface StorageState {
  readonly usage: number | null;
  readonly quota: number | null;
  readonly persisted: boolean | null;
}

/** Room kept free besides a file's own bytes (its rows and index entries need some too). */
export const RESERVE_BYTES = 256 * 1024;
/** Probes a write of `bytes` (then removes it): true when the browser accepted it. */
export type SpaceProbe = (bytes: number) => Promise<boolean>;
/** Probe writes after a refusal; the room found is exact to (size / 2^steps). */
const PROBE_STEPS = 7;

/** Megabytes with one decimal ("3.2"). */
export function formatMb(bytes: number): string {
  return (Math.max(0, bytes) / (1024 * 1024)).toFixed(1);
}

export class StorageSpace {
  constructor(private readonly storage: StorageManagerLike | null = browserStorage()) {}

  async state(): Promise<StorageState> {
    const estimate = await this.storage?.estimate().catch(() => null);
    const persisted = (await this.storage?.persisted?.().catch(() => null)) ?? null;
    return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted };
  }

  /** Bytes still free in this origin's quota (null when the browser does not say). */
  async free(): Promise<number | null> {
    const { usage, quota } = await this.state();
    return usage === null || quota === null ? null : Math.max(0, quota - usage);
  }

  /** The failure of `name` for want of room: "name: not enough storage: N MB needed, M MB free". */
  quotaError(name: string, bytes: number, free: number, cause?: unknown): FileError {
    const needed = bytes + RESERVE_BYTES;
    return new FileError('store/quota', name, `not enough storage: ${formatMb(needed)} MB needed, ${formatMb(free)} MB free`, { ...(cause === undefined ? {} : { cause }), details: { needed, free } });
  }

  /** Throws the quota error when `bytes` of `name` cannot fit by the browser's estimate (nothing is written). */
  async ensureRoom(name: string, bytes: number): Promise<void> {
    const free = await this.free();
    if (free !== null && bytes + RESERVE_BYTES > free) throw this.quotaError(name, bytes, free);
  }

  /**
   * After a refused write of `bytes`: the room really left, found with probe writes (at most
   * `bytes`, halving), or the estimate's when it is already below `bytes`.
   */
  async measureFree(bytes: number, probe: SpaceProbe): Promise<number> {
    const estimated = await this.free();
    if (estimated !== null && estimated < bytes) return estimated;
    let fits = 0;
    let refused = bytes;
    for (let step = 0; step < PROBE_STEPS && refused - fits > 1; step++) {
      const mid = Math.floor((fits + refused) / 2);
      if (await probe(mid).catch(() => false)) fits = mid;
      else refused = mid;
    }
    return fits;
  }

  /** Asks the browser to keep this app's data (not evict it under storage pressure). */
  async persist(): Promise<boolean> {
    return (await this.storage?.persist?.().catch(() => false)) ?? false;
  }
}

function browserStorage(): StorageManagerLike | null {
  const nav = (globalThis as { navigator?: { storage?: StorageManagerLike } }).navigator;
  return nav?.storage && typeof nav.storage.estimate === 'function' ? nav.storage : null;
}

/** True for the browser's "storage full" failures, however they are wrapped (DOMException, Dexie). */
export function isQuotaError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const name = (e as { name?: unknown }).name;
    if (name === 'QuotaExceededError' || (e as { code?: unknown }).code === 'store/quota') return true;
    e = (e as { inner?: unknown; cause?: unknown }).inner ?? (e as { cause?: unknown }).cause;
  }
  return false;
}
