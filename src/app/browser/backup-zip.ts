/**
 * The backup container: a zip written as a stream (fflate) and read through its central
 * directory, so a large workspace never becomes one string or one buffer. Written entries go to
 * Blob parts that the browser may keep on disk; read entries come back as Blobs.
 *
 * Reading trusts nothing in the file: the directory is read from the file's end (a cut-off file
 * has none), an entry's bytes are sliced where its local header says they start, inflated a
 * slice at a time while counting what comes out (never past the size the directory declares,
 * nor past the caller's budget: a bomb stops within one slice), and checked against the
 * directory's size and CRC-32 before the caller sees them. Each problem is a ZipEntryError
 * naming the entry and saying what is wrong in words; the caller says which file it is.
 */
import { Inflate, Zip, ZipDeflate } from 'fflate';
import { AppError, throwIfAborted } from '../../core/errors';
import { formatAmount } from '../../parsers/budgets';
import { crc32 } from '../../parsers/image-headers';
import { DirectoryError, LOCAL_HEADER_BYTES, localDataOffset, MAX_END_BYTES, readDirectoryRecords, readEndRecord, readZip64End, type ZipEntryInfo } from '../../parsers/zip-directory';

export type { ZipEntryInfo } from '../../parsers/zip-directory';

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

/** What is wrong with an archive or one of its entries (`entry` null: the archive as a whole). */
export class ZipEntryError extends AppError {
  override readonly name = 'ZipEntryError';
  constructor(
    readonly entry: string | null,
    /** The problem in words, e.g. "fails its checksum (CRC-32)". */
    readonly problem: string,
    readonly kind: 'unreadable' | 'damaged' | 'too-large' | 'bomb' | 'unsupported',
  ) {
    super('input/invalid', `${entry ?? 'the archive'} ${problem}`, { details: { entry, kind } });
  }
}

/** Largest central directory read (bytes): ~100,000 entries. */
const MAX_DIRECTORY_BYTES = 16 * 1024 * 1024;
/** Input fed to the inflater at a time (≤ ~16 MB of output per slice at deflate's best ratio). */
const SLICE = 16 * 1024;

/** Thrown from fflate's data callback to stop an entry that grows past its budget. */
class Overflow extends Error {}

async function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

/**
 * A zip file's entries, from its central directory, in its order (two entries may share a name:
 * see `duplicateEntry`). Throws ZipEntryError (entry null) when the file is not a zip or is cut off.
 */
export async function zipEntries(file: Blob): Promise<ZipEntryInfo[]> {
  const tailStart = Math.max(0, file.size - MAX_END_BYTES);
  let entries: ZipEntryInfo[];
  try {
    let end = readEndRecord(await bytesOf(file.slice(tailStart)));
    if (end.zip64At !== null) end = { ...readZip64End(await bytesOf(file.slice(end.zip64At, end.zip64At + 56))), zip64At: end.zip64At };
    if (end.offset + end.size > file.size) throw new DirectoryError('the directory lies past the end of the file');
    if (end.size > MAX_DIRECTORY_BYTES) throw new ZipEntryError(null, `has a directory of ${formatAmount(end.size)}, more than a backup ever needs`, 'too-large');
    entries = [];
    readDirectoryRecords(await bytesOf(file.slice(end.offset, end.offset + end.size)), end.count, (e) => entries.push(e));
  } catch (error) {
    if (error instanceof ZipEntryError) throw error;
    const cut = error instanceof DirectoryError && /no end/.test(error.message);
    throw new ZipEntryError(null, cut ? 'is not a zip archive, or it was cut off (its directory at the end is missing)' : 'has a damaged directory (the file was altered or cut off)', 'unreadable');
  }
  return entries;
}

/** The first name two entries share, or null. */
export function duplicateEntry(entries: readonly ZipEntryInfo[]): string | null {
  const seen = new Set<string>();
  for (const e of entries) {
    if (seen.has(e.name)) return e.name;
    seen.add(e.name);
  }
  return null;
}

export interface ReadEntryOptions {
  /** Bytes the entry may inflate to at most (besides its declared size), e.g. what is left of a total budget. */
  readonly maxBytes: number;
  readonly signal?: AbortSignal | undefined;
  /** Inflated bytes so far (for progress). */
  readonly onBytes?: (bytes: number) => void;
}

/**
 * The bytes of `entry` of the zip `file`, inflated under the budget and checked: never past the
 * size the directory declares or `maxBytes` (ZipEntryError 'bomb' / 'too-large', stopped within
 * one slice), equal to the declared size and CRC-32 ('damaged').
 */
export async function readZipEntry(file: Blob, entry: ZipEntryInfo, options: ReadEntryOptions): Promise<Blob> {
  const { name } = entry;
  if (entry.flags & 1) throw new ZipEntryError(name, 'is encrypted', 'unsupported');
  if (entry.compression !== 0 && entry.compression !== 8) throw new ZipEntryError(name, `uses a compression method this app cannot read (method ${entry.compression})`, 'unsupported');
  if (entry.size > options.maxBytes) throw new ZipEntryError(name, `would expand to ${formatAmount(entry.size)}, over the ${formatAmount(options.maxBytes)} allowed`, 'too-large');
  const start = localDataOffset(await bytesOf(file.slice(entry.offset, entry.offset + LOCAL_HEADER_BYTES)), entry.offset);
  if (start === null) throw new ZipEntryError(name, 'is missing where the directory says it is (the file was altered or cut off)', 'damaged');
  if (start + entry.compressedSize > file.size) throw new ZipEntryError(name, 'is cut off (the file is truncated)', 'damaged');

  const limit = entry.size;
  const sink = new BlobSink();
  let length = 0;
  let crc = 0;
  const take = (chunk: Uint8Array) => {
    length += chunk.length;
    if (length > limit) throw new Overflow();
    crc = crc32(chunk, crc);
    sink.push(chunk);
  };
  const inflater = entry.compression === 8 ? new Inflate((chunk) => take(chunk)) : null;
  const reader = file.slice(start, start + entry.compressedSize).stream().getReader();
  let fed = 0;
  try {
    for (;;) {
      throwIfAborted(options.signal, 'restore');
      const { done, value } = await reader.read();
      if (done) break;
      for (let at = 0; at < value.length; at += SLICE) {
        const piece = value.subarray(at, Math.min(value.length, at + SLICE));
        fed += piece.length;
        if (inflater) inflater.push(piece, fed === entry.compressedSize);
        else take(piece.slice());
      }
      options.onBytes?.(length);
    }
    if (inflater && entry.compressedSize === 0) inflater.push(new Uint8Array(0), true);
  } catch (error) {
    if (error instanceof Overflow) throw new ZipEntryError(name, `inflates past the ${formatAmount(limit)} its directory declares (stopped there: a zip bomb or a damaged file)`, 'bomb');
    if (error instanceof AppError) throw error;
    throw new ZipEntryError(name, 'cannot be inflated (its compressed data is damaged)', 'damaged');
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  if (length !== entry.size) throw new ZipEntryError(name, `is ${formatAmount(length)} instead of the ${formatAmount(entry.size)} its directory declares (the file was altered or cut off)`, 'damaged');
  if (crc !== entry.crc32) throw new ZipEntryError(name, 'fails its checksum (CRC-32): its bytes were altered', 'damaged');
  return sink.blob();
}
