/**
 * Tiny images written byte by byte: a real PNG (fflate's zlib + CRC-32), a JPEG whose segments
 * are real (SOI, APP0, optional EXIF orientation, DQT, SOF0, DHT, SOS, EOI; the scan data is
 * filler, so it is for header parsing, not decoding), and a minimal TIFF directory.
 */
import { zlibSync } from 'fflate';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(Uint8Array.from(type, (c) => c.charCodeAt(0)), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** A valid grey-scale PNG, `width` × `height`, with a diagonal stripe pattern. */
export function makePngBytes(width: number, height: number): Uint8Array {
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, width);
  v.setUint32(4, height);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // grey-scale
  const raw = new Uint8Array((width + 1) * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw[y * (width + 1) + 1 + x] = (x + y) % 8 < 4 ? 0 : 255;
  return concat([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('IDAT', zlibSync(raw)), pngChunk('IEND', new Uint8Array())]);
}

function segment(marker: number, data: readonly number[]): number[] {
  const length = data.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...data];
}

/** EXIF APP1 data (big-endian TIFF) with one IFD0 entry: Orientation. */
function exif(orientation: number): number[] {
  return [
    ...[0x45, 0x78, 0x69, 0x66, 0, 0], // "Exif\0\0"
    ...[0x4d, 0x4d, 0, 42, 0, 0, 0, 8], // MM, 42, IFD at 8
    ...[0, 1], // one entry
    ...[0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0], // Orientation, SHORT, 1, value
    ...[0, 0, 0, 0], // no next IFD
  ];
}

/** A baseline JPEG's segments for `width` × `height` (3 components), EOI at the end. */
export function makeJpegBytes(width: number, height: number, options: { orientation?: number } = {}): Uint8Array {
  const bytes = [
    0xff, 0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]), // JFIF
    ...(options.orientation ? segment(0xe1, exif(options.orientation)) : []),
    ...segment(0xdb, [0, ...Array.from({ length: 64 }, () => 1)]), // DQT
    ...segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x22, 0, 2, 0x11, 0, 3, 0x11, 0]), // SOF0
    ...segment(0xc4, [0, 0, 1, ...Array.from({ length: 14 }, () => 0), 0]), // DHT
    ...segment(0xda, [3, 1, 0, 2, 0, 3, 0, 0, 63, 0]), // SOS
    0x12, 0x34, 0xff, 0x00, 0x56, 0xff, 0xd0, 0x78, // scan data: a stuffed FF and a restart marker
    0xff, 0xd9,
  ];
  return Uint8Array.from(bytes);
}

/** A little-endian TIFF header and IFD with ImageWidth and ImageLength (no strips). */
export function makeTiffBytes(width: number, height: number): Uint8Array {
  const out = new Uint8Array(8 + 2 + 2 * 12 + 4);
  const v = new DataView(out.buffer);
  out.set([0x49, 0x49], 0);
  v.setUint16(2, 42, true);
  v.setUint32(4, 8, true);
  v.setUint16(8, 2, true);
  const entry = (i: number, tag: number, value: number) => {
    const at = 10 + i * 12;
    v.setUint16(at, tag, true);
    v.setUint16(at + 2, 4, true); // LONG
    v.setUint32(at + 4, 1, true);
    v.setUint32(at + 8, value, true);
  };
  entry(0, 256, width);
  entry(1, 257, height);
  return out;
}
