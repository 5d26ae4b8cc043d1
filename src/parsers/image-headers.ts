/**
 * Image sizes from the headers, without decoding: PNG (IHDR, chunk walk to IEND), JPEG (SOF
 * segment, EXIF orientation, EOI after the scan), TIFF (first IFD). Errors are ImageFormatError
 * with a reason for people ("the file ends inside the header"). Environment-neutral.
 */

export interface ImageHeader {
  /** Stored pixel size (before any EXIF rotation). */
  readonly width: number;
  readonly height: number;
  /** EXIF orientation 1–8 (1: upright; JPEG only, else 1). */
  readonly orientation: number;
  /** Samples per pixel once decoded (grey 1, RGB 3, RGBA or CMYK 4; a palette counts as RGB). */
  readonly channels: number;
  /** Bits per sample (8 for most images, 16 for deep PNG/TIFF). */
  readonly bitsPerSample: number;
}

/** What the image takes in memory once decoded: width × height × channels × bytes per sample. */
export function decodedBytes(h: ImageHeader): number {
  return h.width * h.height * h.channels * Math.max(1, Math.ceil(h.bitsPerSample / 8));
}

export class ImageFormatError extends Error {
  override readonly name = 'ImageFormatError';
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (zip, PNG) of `bytes`; pass the previous result as `crc` to continue over more bytes. */
export function crc32(bytes: Uint8Array, crc = 0): number {
  let c = (crc ^ 0xffffffff) >>> 0;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function u32be(b: Uint8Array, at: number): number {
  return ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
}

function u16be(b: Uint8Array, at: number): number {
  return (b[at]! << 8) | b[at + 1]!;
}

function type4(b: Uint8Array, at: number): string {
  return String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);
}

/** Decoded channels per PNG colour type (grey, RGB, palette → RGB, grey + alpha, RGBA). */
const PNG_CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 3, 4: 2, 6: 4 };

/** Valid PNG bit depths per colour type. */
const PNG_DEPTHS: Readonly<Record<number, readonly number[]>> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

export function readPng(b: Uint8Array): ImageHeader {
  if (b.length < 8 || !PNG_SIGNATURE.every((x, i) => b[i] === x)) throw new ImageFormatError('the PNG signature is missing');
  if (b.length < 8 + 25) throw new ImageFormatError('the file ends inside the header (file is truncated)');
  if (u32be(b, 8) !== 13 || type4(b, 12) !== 'IHDR') throw new ImageFormatError('the header chunk (IHDR) is missing');
  if (crc32(b.subarray(12, 29)) !== u32be(b, 29)) throw new ImageFormatError('the header is damaged (checksum mismatch)');
  const width = u32be(b, 16);
  const height = u32be(b, 20);
  const depth = b[24]!;
  const colour = b[25]!;
  if (width === 0 || height === 0 || width > 0x7fffffff || height > 0x7fffffff) throw new ImageFormatError(`the header gives an impossible size (${width} × ${height})`);
  if (!PNG_DEPTHS[colour]?.includes(depth)) throw new ImageFormatError(`the header gives an impossible colour format (type ${colour}, depth ${depth})`);
  // Walk the chunks: the file must reach IEND (and have image data) to be whole.
  let at = 33;
  let idat = false;
  for (;;) {
    if (at + 12 > b.length) throw new ImageFormatError('the file ends before the image data is complete (file is truncated)');
    const length = u32be(b, at);
    const type = type4(b, at + 4);
    if (!/^[A-Za-z]{4}$/.test(type) || length > 0x7fffffff) throw new ImageFormatError(`a damaged chunk at byte ${at}`);
    if (type === 'IDAT') idat = true;
    if (type === 'IEND') break;
    at += 12 + length;
  }
  if (!idat) throw new ImageFormatError('there is no image data (IDAT)');
  return { width, height, orientation: 1, channels: PNG_CHANNELS[colour] ?? 4, bitsPerSample: colour === 3 ? 8 : depth };
}

function isSof(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** EXIF orientation from an APP1 segment's data (starting with "Exif\0\0"), or 1. */
function exifOrientation(b: Uint8Array, start: number, end: number): number {
  if (end - start < 14 || type4(b, start) !== 'Exif' || b[start + 4] !== 0 || b[start + 5] !== 0) return 1;
  const tiff = start + 6;
  const little = b[tiff] === 0x49 && b[tiff + 1] === 0x49;
  const u16 = (at: number) => (little ? b[at]! | (b[at + 1]! << 8) : u16be(b, at));
  const u32 = (at: number) => (little ? (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0 : u32be(b, at));
  const ifd = tiff + u32(tiff + 4);
  if (ifd + 2 > end) return 1;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) break;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

export function readJpeg(b: Uint8Array): ImageHeader {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) throw new ImageFormatError('the JPEG start marker is missing');
  let at = 2;
  let size: { width: number; height: number; channels: number; bitsPerSample: number } | null = null;
  let orientation = 1;
  for (;;) {
    // Markers may be preceded by fill bytes (0xFF).
    if (at >= b.length) throw new ImageFormatError('the file ends inside the header (file is truncated)');
    if (b[at] !== 0xff) throw new ImageFormatError(`a damaged segment at byte ${at}`);
    while (at < b.length && b[at] === 0xff) at++;
    if (at >= b.length) throw new ImageFormatError('the file ends inside the header (file is truncated)');
    const marker = b[at++]!;
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (marker === 0xd9) throw new ImageFormatError('the image ends before its frame header');
    if (at + 2 > b.length) throw new ImageFormatError('the file ends inside the header (file is truncated)');
    const length = u16be(b, at);
    if (length < 2) throw new ImageFormatError(`a damaged segment at byte ${at}`);
    const end = at + length;
    if (end > b.length) throw new ImageFormatError('the file ends inside the header (file is truncated)');
    if (marker === 0xe1 && orientation === 1) orientation = exifOrientation(b, at + 2, end);
    if (isSof(marker)) {
      if (length < 8) throw new ImageFormatError('the frame header is damaged');
      const height = u16be(b, at + 3);
      const width = u16be(b, at + 5);
      if (width === 0 || height === 0) throw new ImageFormatError(`the frame header gives an impossible size (${width} × ${height})`);
      size = { width, height, channels: Math.max(1, b[at + 7] ?? 3), bitsPerSample: b[at + 2] ?? 8 };
    }
    if (marker === 0xda) {
      if (!size) throw new ImageFormatError('the image data starts before the frame header');
      // Entropy-coded data never contains FF D9 except as the end marker (FF is stuffed as FF 00).
      for (let i = b.indexOf(0xff, end); i >= 0 && i + 1 < b.length; i = b.indexOf(0xff, i + 1)) {
        if (b[i + 1] === 0xd9) return { ...size, orientation };
      }
      throw new ImageFormatError('the file ends before the end of the image (file is truncated)');
    }
    at = end;
  }
}

export function readTiff(b: Uint8Array): ImageHeader {
  if (b.length < 8) throw new ImageFormatError('the file ends inside the header (file is truncated)');
  const little = b[0] === 0x49 && b[1] === 0x49;
  if (!little && !(b[0] === 0x4d && b[1] === 0x4d)) throw new ImageFormatError('the TIFF byte-order mark is missing');
  const u16 = (at: number) => (little ? b[at]! | (b[at + 1]! << 8) : u16be(b, at));
  const u32 = (at: number) => (little ? (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0 : u32be(b, at));
  if (u16(2) !== 42) throw new ImageFormatError('not a classic TIFF (BigTIFF is not supported)');
  const ifd = u32(4);
  if (ifd < 8 || ifd + 2 > b.length) throw new ImageFormatError('the file ends before the first image directory (file is truncated)');
  const count = u16(ifd);
  if (ifd + 2 + count * 12 > b.length) throw new ImageFormatError('the file ends inside the first image directory (file is truncated)');
  let width = 0;
  let height = 0;
  let channels = 1;
  let bitsPerSample = 1;
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    const tag = u16(entry);
    const type = u16(entry + 2);
    const value = type === 3 ? u16(entry + 8) : u32(entry + 8);
    if (tag === 256) width = value;
    else if (tag === 257) height = value;
    else if (tag === 277) channels = Math.max(1, value);
    // One value is stored in place; several (one per sample) at an offset: read the first.
    else if (tag === 258) bitsPerSample = u32(entry + 4) <= 2 ? u16(entry + 8) : value + 2 <= b.length ? u16(value) : 8;
  }
  if (width === 0 || height === 0) throw new ImageFormatError('the image directory gives no size');
  return { width, height, orientation: 1, channels, bitsPerSample };
}
