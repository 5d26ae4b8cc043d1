/**
 * Zip inspection before anything is decompressed (DOCX and other OOXML containers).
 *
 * `inspectZip` reads only the central directory (fflate's `unzipSync` with a filter that
 * declines every entry, so no entry is inflated) and rejects archives that would expand too
 * far: too many entries, too many bytes in total, or one large entry compressed far more than
 * documents ever are. `extractZipEntries` then inflates the entries a reader needs, each into a
 * buffer of its declared size, so an entry that lies about its size cannot grow past it (the
 * result is then truncated and fails to parse as XML, it never exhausts memory).
 * Environment-neutral.
 */
import { unzipSync, type UnzipFileInfo } from 'fflate';
import { FileError } from '../core/errors';

export interface ZipEntryInfo {
  readonly name: string;
  /** Bytes in the archive. */
  readonly compressedSize: number;
  /** Bytes once inflated (as the central directory declares). */
  readonly size: number;
  /** 0 stored, 8 deflate; anything else we cannot read. */
  readonly compression: number;
}

export interface ZipLimits {
  /** Total uncompressed bytes (default 200 MB). */
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

function mb(bytes: number): string {
  const v = bytes / (1024 * 1024);
  return v >= 10 ? `${Math.round(v).toLocaleString('en-US')} MB` : `${v.toFixed(1)} MB`;
}

/** Thrown from the filter to stop fflate walking a directory we have already refused. */
class Refused extends Error {
  constructor(readonly error: FileError) {
    super(error.message);
  }
}

/** The central directory's entries, or null when the bytes are not a readable zip. No limits. */
export function zipEntryNames(bytes: Uint8Array, max = 10_000): string[] | null {
  const names: string[] = [];
  try {
    unzipSync(bytes, {
      filter: (f) => {
        if (names.length >= max) throw new Error('enough');
        names.push(f.name);
        return false;
      },
    });
  } catch (error) {
    if (!(error instanceof Error && error.message === 'enough')) return names.length > 0 ? names : null;
  }
  return names;
}

/**
 * Lists a zip's entries from its central directory and applies the limits. Throws
 * `file/corrupt` when there is no readable central directory and `file/zip-bomb` when a limit is
 * exceeded; inflates nothing.
 */
export function inspectZip(bytes: Uint8Array, fileName: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): ZipInspection {
  const entries: ZipEntryInfo[] = [];
  let total = 0;
  const bomb = (reason: string, details: Record<string, unknown>) => new Refused(new FileError('file/zip-bomb', fileName, reason, { details }));
  const check = (f: UnzipFileInfo): false => {
    if (entries.length >= limits.maxEntries) {
      throw bomb(`the archive has more than ${limits.maxEntries.toLocaleString('en-US')} entries (a zip bomb or not a document)`, { maxEntries: limits.maxEntries });
    }
    const entry: ZipEntryInfo = { name: f.name, compressedSize: f.size, size: f.originalSize, compression: f.compression };
    if (!Number.isFinite(entry.size) || !Number.isFinite(entry.compressedSize) || entry.size < 0 || entry.compressedSize < 0) {
      throw new Refused(new FileError('file/corrupt', fileName, 'the zip directory is damaged (file is truncated or corrupt)', { details: { entry: f.name } }));
    }
    entries.push(entry);
    total += entry.size;
    if (total > limits.maxTotalBytes) {
      throw bomb(`the document expands to more than ${mb(total)} (the limit is ${mb(limits.maxTotalBytes)}); it looks like a zip bomb`, { totalSize: total, maxTotalBytes: limits.maxTotalBytes });
    }
    const ratio = entry.size / Math.max(1, entry.compressedSize);
    if (entry.size >= limits.ratioMinBytes && ratio > limits.maxRatio) {
      throw bomb(`the document expands to ${mb(entry.size)} from ${mb(entry.compressedSize)} in ${f.name} (${Math.round(ratio).toLocaleString('en-US')}:1; the limit is ${limits.maxRatio}:1); it looks like a zip bomb`, {
        entry: f.name,
        size: entry.size,
        compressedSize: entry.compressedSize,
        ratio,
      });
    }
    return false;
  };
  try {
    unzipSync(bytes, { filter: check });
  } catch (error) {
    if (error instanceof Refused) throw error.error;
    throw new FileError('file/corrupt', fileName, 'not a valid zip archive (file is truncated or corrupt)', { cause: error, details: { detail: error instanceof Error ? error.message : String(error) } });
  }
  return { entries, totalSize: total };
}

/**
 * Inflates the entries `wanted` accepts, each bounded by its declared size. Call inspectZip
 * first. Throws `file/corrupt` for damaged data or a compression method other than deflate.
 */
export function extractZipEntries(bytes: Uint8Array, fileName: string, wanted: (name: string) => boolean): Record<string, Uint8Array> {
  try {
    return unzipSync(bytes, { filter: (f) => wanted(f.name) });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const reason = /compression type/.test(detail) ? 'the archive uses a compression method we cannot read' : 'the archive data is damaged (file is truncated or corrupt)';
    throw new FileError('file/corrupt', fileName, reason, { cause: error, details: { detail } });
  }
}
