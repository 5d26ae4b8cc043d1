/**
 * The browser's storage budget for this app (navigator.storage): how much is used and free, the
 * "not enough storage" failure of one file by name, and persistent storage (so the browser does
 * not evict the documents when space runs low).
 */
import { FileError } from '../core/errors';

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
const RESERVE_BYTES = 256 * 1024;

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
  async quotaError(name: string, bytes: number, cause?: unknown): Promise<FileError> {
    const free = await this.free();
    const needed = bytes + RESERVE_BYTES;
    const room = free === null ? 'the browser refused to store it' : `${formatMb(free)} MB free`;
    return new FileError('store/quota', name, `not enough storage: ${formatMb(needed)} MB needed, ${room}`, { ...(cause === undefined ? {} : { cause }), details: { needed, free } });
  }

  /** Throws the quota error when `bytes` of `name` cannot fit now (nothing is written). */
  async ensureRoom(name: string, bytes: number): Promise<void> {
    const free = await this.free();
    if (free !== null && bytes + RESERVE_BYTES > free) throw await this.quotaError(name, bytes);
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
