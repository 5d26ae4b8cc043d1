/**
 * Zip archives (DOCX and other OOXML containers) read under budgets.
 *
 * `inspectZip` reads only the central directory and rejects archives that would expand too
 * far by what they declare: too many entries, too many bytes in total, or one large entry
 * compressed far more than documents ever are. `extractZipEntries` then inflates the entries a
 * reader needs with fflate's streaming inflate, a slice of input at a time, counting the bytes
 * as they come out: an entry that inflates past the size its directory declares (a lying
 * header: "2,000 bytes" that are really 4 GB) is stopped within one slice, before it costs
 * memory or time, and every entry's CRC-32 is checked, so a damaged entry fails instead of
 * being read as garbled text.
 *
 * fflate inflates but does not expose an entry's CRC-32 or where its data starts, so the
 * directory records (fixed-size fields, APPNOTE 4.3.12–4.3.16, with Zip64 sizes) are read here.
 * Environment-neutral.
 */
import { Inflate } from 'fflate';
import { FileError } from '../core/errors';
import { budgetError, formatAmount, formatCount } from './budgets';
import { crc32 } from './image-headers';

export interface ZipEntryInfo {
  readonly name: string;
  /** Bytes in the archive. */
  readonly compressedSize: number;
  /** Bytes once inflated (as the central directory declares). */
  readonly size: number;
  /** 0 stored, 8 deflate; anything else we cannot read. */
  readonly compression: number;
  /** CRC-32 of the inflated bytes, as declared. */
  readonly crc32: number;
  /** General purpose flags (bit 0: encrypted). */
  readonly flags: number;
  /** Offset of the entry's local header. */
  readonly offset: number;
}

export interface ZipLimits {
  /** Total uncompressed bytes (default 200 MB), declared and inflated. */
  readonly maxTotalBytes: number;
  /** Entries in the archive (default 10,000). */
  readonly maxEntries: number;
  /** Compression ratio above which a large entry is a bomb (default 100). */
  readonly maxRatio: number;
  /** Entries at least this large are checked for their ratio (default 10 MB). */
  readonly ratioMinBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxTotalBytes: 200 * 1024 * 1024,
  maxEntries: 10_000,
  maxRatio: 100,
  ratioMinBytes: 10 * 1024 * 1024,
};

export interface ZipInspection {
  readonly entries: readonly ZipEntryInfo[];
  readonly totalSize: number;
}

/** Why the bytes are not a readable zip directory (for the corrupt-file message). */
class DirectoryError extends Error {}

const utf8 = new TextDecoder('utf-8');
const latin1 = new TextDecoder('latin1');

function u16(b: Uint8Array, at: number): number {
  return b[at]! | (b[at + 1]! << 8);
}
function u32(b: Uint8Array, at: number): number {
  return (u16(b, at) | (u16(b, at + 2) << 16)) >>> 0;
}
function u64(b: Uint8Array, at: number): number {
  return u32(b, at) + u32(b, at + 4) * 2 ** 32;
}

/** Offset of the end-of-central-directory record (searched back over the comment), or -1. */
function findEnd(b: Uint8Array): number {
  for (let at = b.length - 22; at >= Math.max(0, b.length - 22 - 0xffff); at--) {
    if (b[at] === 0x50 && b[at + 1] === 0x4b && b[at + 2] === 0x05 && b[at + 3] === 0x06) return at;
  }
  return -1;
}

/**
 * The central directory's records, in order. `visit` may throw to stop early (limits).
 * Throws DirectoryError when there is no readable directory.
 */
function readDirectory(b: Uint8Array, visit: (entry: ZipEntryInfo) => void): void {
  const end = findEnd(b);
  if (end < 0) throw new DirectoryError('no end of central directory');
  let count = u16(b, end + 10);
  let offset = u32(b, end + 16);
  if ((count === 0xffff || offset === 0xffffffff) && end >= 20 && u32(b, end - 20) === 0x07064b50) {
    const z = u64(b, end - 12);
    if (z + 56 > b.length || u32(b, z) !== 0x06064b50) throw new DirectoryError('damaged Zip64 end record');
    count = u64(b, z + 32);
    offset = u64(b, z + 48);
  }
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > b.length || u32(b, at) !== 0x02014b50) throw new DirectoryError(`damaged directory record ${i + 1}`);
    const flags = u16(b, at + 8);
    const nameLength = u16(b, at + 28);
    const extraLength = u16(b, at + 30);
    const next = at + 46 + nameLength + extraLength + u16(b, at + 32);
    if (next > b.length) throw new DirectoryError(`damaged directory record ${i + 1}`);
    const nameBytes = b.subarray(at + 46, at + 46 + nameLength);
    let size = u32(b, at + 24);
    let compressedSize = u32(b, at + 20);
    let local = u32(b, at + 42);
    // Zip64 extended information: the 8-byte values of the fields saturated above, in order.
    for (let x = at + 46 + nameLength; x + 4 <= at + 46 + nameLength + extraLength; ) {
      const id = u16(b, x);
      const length = u16(b, x + 2);
      if (id === 0x0001) {
        let v = x + 4;
        if (size === 0xffffffff) {
          size = u64(b, v);
          v += 8;
        }
        if (compressedSize === 0xffffffff) {
          compressedSize = u64(b, v);
          v += 8;
        }
        if (local === 0xffffffff) local = u64(b, v);
      }
      x += 4 + length;
    }
    visit({ name: (flags & 0x800 ? utf8 : latin1).decode(nameBytes), compressedSize, size, compression: u16(b, at + 10), crc32: u32(b, at + 16), flags, offset: local });
    at = next;
  }
}

/** Thrown from a visitor to stop walking a directory we have already refused. */
class Refused extends Error {
  constructor(readonly error: FileError) {
    super(error.message);
  }
}

/** The central directory's entry names, or null when the bytes are not a readable zip. No limits. */
export function zipEntryNames(bytes: Uint8Array, max = 10_000): string[] | null {
  const names: string[] = [];
  try {
    readDirectory(bytes, (e) => {
      if (names.length >= max) throw new Refused(new FileError('file/zip-bomb', '', 'enough'));
      names.push(e.name);
    });
  } catch (error) {
    if (!(error instanceof Refused)) return names.length > 0 ? names : null;
  }
  return names;
}

/**
 * Lists a zip's entries from its central directory and applies the declared limits. Throws
 * `file/corrupt` when there is no readable central directory and `file/zip-bomb` when a limit is
 * exceeded; inflates nothing.
 */
export function inspectZip(bytes: Uint8Array, fileName: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): ZipInspection {
  const entries: ZipEntryInfo[] = [];
  let total = 0;
  const bomb = (limit: 'zipEntries' | 'inflatedBytes' | 'zipRatio', reason: string, amounts: { max: number; actual?: number }, details: Record<string, unknown>) =>
    new Refused(budgetError(fileName, limit, reason, amounts, { code: 'file/zip-bomb', details }));
  try {
    readDirectory(bytes, (entry) => {
      if (entries.length >= limits.maxEntries) {
        throw bomb('zipEntries', `the archive has more than ${formatCount(limits.maxEntries)} entries (a zip bomb or not a document)`, { max: limits.maxEntries }, { maxEntries: limits.maxEntries });
      }
      entries.push(entry);
      total += entry.size;
      if (total > limits.maxTotalBytes) {
        throw bomb('inflatedBytes', `the document expands to more than ${formatAmount(total)} (the limit is ${formatAmount(limits.maxTotalBytes)}); it looks like a zip bomb`, { max: limits.maxTotalBytes, actual: total }, { totalSize: total, maxTotalBytes: limits.maxTotalBytes });
      }
      const ratio = entry.size / Math.max(1, entry.compressedSize);
      if (entry.size >= limits.ratioMinBytes && ratio > limits.maxRatio) {
        throw bomb(
          'zipRatio',
          `the document expands to ${formatAmount(entry.size)} from ${formatAmount(entry.compressedSize)} in ${entry.name} (${formatCount(ratio)}:1; the limit is ${limits.maxRatio}:1); it looks like a zip bomb`,
          { max: limits.maxRatio, actual: ratio },
          { entry: entry.name, size: entry.size, compressedSize: entry.compressedSize, ratio },
        );
      }
    });
  } catch (error) {
    if (error instanceof Refused) throw error.error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new FileError('file/corrupt', fileName, 'the file is damaged or truncated (its zip directory is missing or unreadable)', { cause: error, details: { detail } });
  }
  return { entries, totalSize: total };
}

/** Input is fed to the inflater this many bytes at a time (≤ ~16 MB of output per slice). */
const SLICE = 16 * 1024;

/** Thrown from fflate's data callback to stop an entry that grows past its budget. */
class Overflow extends Error {}

/** The entry's bytes in the archive (after its local header). */
function entryData(bytes: Uint8Array, entry: ZipEntryInfo, fileName: string): Uint8Array {
  const at = entry.offset;
  if (at + 30 > bytes.length || u32(bytes, at) !== 0x04034b50) {
    throw new FileError('file/corrupt', fileName, `the archive data is damaged (the entry ${entry.name} is missing; file is truncated or corrupt)`, { details: { entry: entry.name } });
  }
  const start = at + 30 + u16(bytes, at + 26) + u16(bytes, at + 28);
  if (start + entry.compressedSize > bytes.length) {
    throw new FileError('file/corrupt', fileName, `the archive data is damaged (${entry.name} is cut off; file is truncated)`, { details: { entry: entry.name } });
  }
  return bytes.subarray(start, start + entry.compressedSize);
}

/** Inflates one entry, never past `max` bytes; returns the bytes and their CRC-32. */
function inflateEntry(data: Uint8Array, max: number): { out: Uint8Array; crc: number } {
  const chunks: Uint8Array[] = [];
  let length = 0;
  let crc = 0;
  const inflater = new Inflate((chunk) => {
    length += chunk.length;
    if (length > max) throw new Overflow();
    crc = crc32(chunk, crc);
    chunks.push(chunk);
  });
  for (let at = 0; at < data.length; at += SLICE) inflater.push(data.subarray(at, Math.min(data.length, at + SLICE)), at + SLICE >= data.length);
  if (data.length === 0) inflater.push(data, true);
  const out = new Uint8Array(length);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return { out, crc };
}

/**
 * Inflates the entries `wanted` accepts (inspect the archive first), counting bytes as they
 * inflate: none may pass its declared size, all together not `limits.maxTotalBytes`. Throws
 * `file/zip-bomb` (details.limit 'inflatedBytes') for an entry that inflates past what it
 * declares, `file/corrupt` for damaged data, a CRC-32 mismatch or a compression method other
 * than deflate, `file/encrypted` for an encrypted entry.
 */
export function extractZipEntries(bytes: Uint8Array, fileName: string, inspection: ZipInspection, wanted: (name: string) => boolean, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {};
  let total = 0;
  for (const entry of inspection.entries) {
    if (!wanted(entry.name) || entry.name.endsWith('/')) continue;
    if (entry.flags & 1) throw new FileError('file/encrypted', fileName, `the archive is encrypted (${entry.name}); remove the password and save it again`, { details: { entry: entry.name, reason: 'password-required' } });
    if (entry.compression !== 0 && entry.compression !== 8) {
      throw new FileError('file/corrupt', fileName, `the archive uses a compression method we cannot read (method ${entry.compression} in ${entry.name})`, { details: { entry: entry.name, compression: entry.compression } });
    }
    const data = entryData(bytes, entry, fileName);
    const max = Math.min(entry.size, limits.maxTotalBytes - total);
    let result: { out: Uint8Array; crc: number };
    if (entry.compression === 0) {
      if (data.length > max) throw overflow(fileName, entry, limits, total);
      result = { out: data.slice(), crc: crc32(data) };
    } else {
      try {
        result = inflateEntry(data, max);
      } catch (error) {
        if (error instanceof Overflow) throw overflow(fileName, entry, limits, total);
        const detail = error instanceof Error ? error.message : String(error);
        throw new FileError('file/corrupt', fileName, `the archive data is damaged (${entry.name} cannot be inflated; file is truncated or corrupt)`, { cause: error, details: { entry: entry.name, detail } });
      }
    }
    if (result.out.length !== entry.size || result.crc !== entry.crc32) {
      const what = result.out.length !== entry.size ? `is ${formatAmount(result.out.length)} instead of the ${formatAmount(entry.size)} it declares` : 'fails its CRC-32 check';
      throw new FileError('file/corrupt', fileName, `the archive data is damaged (${entry.name} ${what}; the file was altered or truncated)`, {
        details: { entry: entry.name, size: result.out.length, declaredSize: entry.size, crc32: result.crc, declaredCrc32: entry.crc32 },
      });
    }
    total += result.out.length;
    out[entry.name] = result.out;
  }
  return out;
}

function overflow(fileName: string, entry: ZipEntryInfo, limits: ZipLimits, before: number): FileError {
  if (before + entry.size > limits.maxTotalBytes) {
    return budgetError(fileName, 'inflatedBytes', `the document inflates past the ${formatAmount(limits.maxTotalBytes)} limit (stopped in ${entry.name})`, { max: limits.maxTotalBytes }, { code: 'file/zip-bomb', details: { entry: entry.name } });
  }
  return budgetError(
    fileName,
    'inflatedBytes',
    `${entry.name} inflates past the ${formatAmount(entry.size)} its zip directory declares (stopped there; a zip bomb or a damaged file)`,
    { max: entry.size },
    { code: 'file/zip-bomb', details: { entry: entry.name, declaredSize: entry.size } },
  );
}
