/**
 * A zip archive's central directory (APPNOTE 4.3.12–4.3.16, with Zip64 sizes), read from its
 * fixed-size records: the end record, then one record per entry with its name, sizes, CRC-32,
 * compression method, flags and where its local header starts. fflate inflates but exposes
 * none of this, and its streaming reader finds entries by scanning for signatures inside the
 * data (an original that happens to contain "PK\x03\x04" would be cut there), so readers that
 * must check what they inflate (the DOCX guard, backups) read the directory here.
 *
 * Works on bytes in memory (`readDirectory`) or on the last bytes of a large file read in
 * pieces (`readEndRecord`, `readZip64End`, `readDirectoryRecords`). Environment-neutral.
 */

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

/** Where the central directory is: its entry count, offset and size. */
export interface ZipEnd {
  readonly count: number;
  readonly offset: number;
  readonly size: number;
  /** Offset of the Zip64 end record when the end record points to one (its fields are saturated). */
  readonly zip64At: number | null;
}

/** Why bytes are not a readable zip directory. */
export class DirectoryError extends Error {}

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

const LOCAL_HEADER = 0x04034b50;
export const LOCAL_HEADER_BYTES = 30;
/** The end record's fixed part plus the longest comment: the tail a reader must look at. */
export const MAX_END_BYTES = 22 + 0xffff + 20;

/** Offset in `b` of the end-of-central-directory record (searched back over the comment), or -1. */
function findEnd(b: Uint8Array): number {
  for (let at = b.length - 22; at >= Math.max(0, b.length - 22 - 0xffff); at--) {
    if (b[at] === 0x50 && b[at + 1] === 0x4b && b[at + 2] === 0x05 && b[at + 3] === 0x06) return at;
  }
  return -1;
}

/**
 * The end record in `tail`, the last bytes of an archive (at least MAX_END_BYTES of them, or the
 * whole file). Offsets in it are the whole file's. Throws DirectoryError when there is none (not
 * a zip, or cut off before its end).
 */
export function readEndRecord(tail: Uint8Array): ZipEnd {
  const end = findEnd(tail);
  if (end < 0) throw new DirectoryError('no end of central directory');
  const count = u16(tail, end + 10);
  const size = u32(tail, end + 12);
  const offset = u32(tail, end + 16);
  const saturated = count === 0xffff || offset === 0xffffffff || size === 0xffffffff;
  if (saturated && end >= 20 && u32(tail, end - 20) === 0x07064b50) return { count, offset, size, zip64At: u64(tail, end - 12) };
  return { count, offset, size, zip64At: null };
}

/** The Zip64 end record (56 bytes read at `ZipEnd.zip64At`): the directory's real count, offset and size. */
export function readZip64End(record: Uint8Array): Omit<ZipEnd, 'zip64At'> {
  if (record.length < 56 || u32(record, 0) !== 0x06064b50) throw new DirectoryError('damaged Zip64 end record');
  return { count: u64(record, 32), size: u64(record, 40), offset: u64(record, 48) };
}

/**
 * The central directory's records, in order, from `dir` (bytes starting at the directory's
 * first record). `visit` may throw to stop early (limits). Throws DirectoryError on a damaged record.
 */
export function readDirectoryRecords(dir: Uint8Array, count: number, visit: (entry: ZipEntryInfo) => void): void {
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > dir.length || u32(dir, at) !== 0x02014b50) throw new DirectoryError(`damaged directory record ${i + 1}`);
    const flags = u16(dir, at + 8);
    const nameLength = u16(dir, at + 28);
    const extraLength = u16(dir, at + 30);
    const next = at + 46 + nameLength + extraLength + u16(dir, at + 32);
    if (next > dir.length) throw new DirectoryError(`damaged directory record ${i + 1}`);
    const nameBytes = dir.subarray(at + 46, at + 46 + nameLength);
    let size = u32(dir, at + 24);
    let compressedSize = u32(dir, at + 20);
    let local = u32(dir, at + 42);
    // Zip64 extended information: the 8-byte values of the fields saturated above, in order.
    for (let x = at + 46 + nameLength; x + 4 <= at + 46 + nameLength + extraLength; ) {
      const id = u16(dir, x);
      const length = u16(dir, x + 2);
      if (id === 0x0001) {
        let v = x + 4;
        if (size === 0xffffffff) {
          size = u64(dir, v);
          v += 8;
        }
        if (compressedSize === 0xffffffff) {
          compressedSize = u64(dir, v);
          v += 8;
        }
        if (local === 0xffffffff) local = u64(dir, v);
      }
      x += 4 + length;
    }
    visit({ name: (flags & 0x800 ? utf8 : latin1).decode(nameBytes), compressedSize, size, compression: u16(dir, at + 10), crc32: u32(dir, at + 16), flags, offset: local });
    at = next;
  }
}

/** The central directory of an archive held in memory. Throws DirectoryError when it is unreadable. */
export function readDirectory(b: Uint8Array, visit: (entry: ZipEntryInfo) => void): void {
  const end = readEndRecord(b);
  let { count, offset } = end;
  const { zip64At } = end;
  if (zip64At !== null) {
    if (zip64At + 56 > b.length) throw new DirectoryError('damaged Zip64 end record');
    ({ count, offset } = readZip64End(b.subarray(zip64At, zip64At + 56)));
  }
  if (offset > b.length) throw new DirectoryError('the directory lies past the end of the file');
  readDirectoryRecords(b.subarray(offset), count, visit);
}

/** Where an entry's data starts, from its local header (30 bytes + name + extra), or null when the header is not one. */
export function localDataOffset(header: Uint8Array, entryOffset: number): number | null {
  if (header.length < LOCAL_HEADER_BYTES || u32(header, 0) !== LOCAL_HEADER) return null;
  return entryOffset + LOCAL_HEADER_BYTES + u16(header, 26) + u16(header, 28);
}
