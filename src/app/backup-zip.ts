/**
 * The backup container: a zip written and read as a stream (fflate), so a large workspace never
 * becomes one string or one buffer. Written entries go to Blob parts that the browser may keep
 * on disk; read entries come back as Blobs. Every entry is deflated (level 0 = stored blocks for
 * originals, which are mostly compressed already): a deflate stream marks its own end, which a
 * streaming reader needs.
 */
import { Unzip, UnzipInflate, Zip, ZipDeflate } from 'fflate';
import { InputError, throwIfAborted } from '../core/errors';

/** Bytes gathered before they are folded into one Blob part. */
const PART_BYTES = 8 * 1024 * 1024;

/** Collects chunks into Blob parts (a few large parts instead of thousands of small ones). */
class BlobSink {
  readonly #parts: Blob[] = [];
  #pending: Uint8Array[] = [];
  #pendingBytes = 0;

  push(chunk: Uint8Array): void {
    this.#pending.push(chunk);
    this.#pendingBytes += chunk.byteLength;
    if (this.#pendingBytes >= PART_BYTES) this.#fold();
  }

  blob(type = ''): Blob {
    this.#fold();
    return new Blob(this.#parts, { type });
  }

  #fold(): void {
    if (this.#pending.length === 0) return;
    this.#parts.push(new Blob(this.#pending as BlobPart[]));
    this.#pending = [];
    this.#pendingBytes = 0;
  }
}

/** Writes a zip entry by entry; `finish()` gives the archive as a Blob. */
export class ZipWriter {
  readonly #sink = new BlobSink();
  readonly #zip: Zip;
  #error: Error | null = null;

  constructor() {
    this.#zip = new Zip((error, chunk) => {
      if (error) this.#error = error;
      else this.#sink.push(chunk);
    });
  }

  /** Adds `name` with the bytes of `data`, read as a stream. */
  async add(name: string, data: Blob, options: { level?: 0 | 1 | 6; signal?: AbortSignal } = {}): Promise<void> {
    const entry = new ZipDeflate(name, { level: options.level ?? 6 });
    this.#zip.add(entry);
    const reader = data.stream().getReader();
    for (;;) {
      throwIfAborted(options.signal, 'backup');
      const { done, value } = await reader.read();
      if (done) break;
      entry.push(value);
      this.#check();
    }
    entry.push(new Uint8Array(0), true);
    this.#check();
  }

  finish(): Blob {
    this.#zip.end();
    this.#check();
    return this.#sink.blob('application/zip');
  }

  #check(): void {
    if (this.#error) throw this.#error;
  }
}

/**
 * Reads the archive `file` as a stream and hands each entry to `onEntry` as a Blob, in archive
 * order. `wanted` picks the entries to keep; returning false from `onEntry` stops the reading.
 */
export async function readZip(file: Blob, onEntry: (name: string, data: Blob) => Promise<boolean | void>, options: { wanted?: (name: string) => boolean; signal?: AbortSignal } = {}): Promise<void> {
  const done: { name: string; data: Blob }[] = [];
  let failure: Error | null = null;
  const unzip = new Unzip((entry) => {
    if (options.wanted && !options.wanted(entry.name)) return;
    const sink = new BlobSink();
    entry.ondata = (error, chunk, final) => {
      if (error) failure = error;
      else {
        sink.push(chunk);
        if (final) done.push({ name: entry.name, data: sink.blob() });
      }
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  const reader = file.stream().getReader();
  try {
    for (;;) {
      throwIfAborted(options.signal, 'restore');
      const { done: end, value } = await reader.read();
      try {
        unzip.push(end ? new Uint8Array(0) : value, end);
      } catch (error) {
        throw new InputError(`Backup: the file is not a readable Casefile backup (${error instanceof Error ? error.message : String(error)})`);
      }
      if (failure) throw new InputError(`Backup: the file is damaged (${(failure as Error).message})`);
      while (done.length > 0) {
        const next = done.shift()!;
        if ((await onEntry(next.name, next.data)) === false) return;
      }
      if (end) return;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
