/** Small documents made at test time (nothing binary is committed for the parser tests). */
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { makePngBytes } from './images';

/** public/samples, where `npx tsx src/cli/make-samples.ts` writes. */
export const SAMPLES_DIR = fileURLToPath(new URL('../../../../public/samples/', import.meta.url));

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
  const png = pages.some((p) => p.image) ? await doc.embedPng(makePngBytes(64, 64)) : null;
  for (const spec of pages) {
    const page = doc.addPage([612, 792]);
    if (spec.text) page.drawText(spec.text, { x: 72, y: 700, size: 12, font });
    if (spec.image && png) page.drawImage(png, { x: 72, y: 200, width: 400, height: 400 });
    if (spec.shape) page.drawRectangle({ x: 100, y: 100, width: 200, height: 50 });
  }
  return doc.save({ useObjectStreams: false });
}
