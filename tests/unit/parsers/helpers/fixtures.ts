/** Small documents made at test time (nothing binary is committed for the parser tests). */
import { deflateSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** public/samples, where `npx tsx src/cli/make-samples.ts` writes. */
export const SAMPLES_DIR = fileURLToPath(new URL('../../../../public/samples/', import.meta.url));

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

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(Uint8Array.from(type, (c) => c.charCodeAt(0)), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** A grey-scale PNG with a stripe pattern (something a scanner could have produced). */
export function makePng(width = 64, height = 64): Uint8Array {
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, width);
  v.setUint32(4, height);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // grey-scale
  const raw = new Uint8Array((width + 1) * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw[y * (width + 1) + 1 + x] = (x + y) % 16 < 8 ? 0 : 255;
  const parts = [Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', new Uint8Array())];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export interface PageSpec {
  readonly text?: string;
  readonly image?: boolean;
  /** Draw a rectangle (ink that is not text). */
  readonly shape?: boolean;
}

/** A PDF whose pages are described by `pages` (text, an image, a shape, or nothing). */
export async function makePdf(pages: readonly PageSpec[], title?: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  if (title !== undefined) doc.setTitle(title);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const png = pages.some((p) => p.image) ? await doc.embedPng(makePng()) : null;
  for (const spec of pages) {
    const page = doc.addPage([612, 792]);
    if (spec.text) page.drawText(spec.text, { x: 72, y: 700, size: 12, font });
    if (spec.image && png) page.drawImage(png, { x: 72, y: 200, width: 400, height: 400 });
    if (spec.shape) page.drawRectangle({ x: 100, y: 100, width: 200, height: 50 });
  }
  return doc.save({ useObjectStreams: false });
}
