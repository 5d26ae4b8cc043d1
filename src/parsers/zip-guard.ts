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
 * directory records are read by zip-directory.ts. Environment-neutral.
 */
import { Inflate } from 'fflate';
import { FileError } from '../core/errors';
import { budgetError, formatAmount, formatCount } from './budgets';
import { crc32 } from './image-headers';
import { localDataOffset, readDirectory, type ZipEntryInfo } from './zip-directory';

;

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
  const start = at + 30 > bytes.length ? null : localDataOffset(bytes.subarray(at, at + 30), at);
  if (start === null) {
    throw new FileError('file/corrupt', fileName, `the archive data is damaged (the entry ${entry.name} is missing; file is truncated or corrupt)`, { details: { entry: entry.name } });
  }
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
