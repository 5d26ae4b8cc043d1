/** OCR of the pages a parser flagged as having no usable text layer. */
import { throwIfAborted } from '../errors';
import type { OcrEngine, ParsedPage } from '../ports';

/** A parsed page, its text replaced by OCR output when it was read. */
export type RawPage = { -readonly [K in keyof ParsedPage]: ParsedPage[K] };

/**
 * Reads every page that needs OCR (and has a rendered image) in place; returns the mean
 * confidence over the pages read, weighted by the amount of text, or null when none was read.
 */
export async function ocrPages(pages: RawPage[], ocr: OcrEngine, onPage: (page: number, confidence: number) => void, signal?: AbortSignal): Promise<number | null> {
  let weighted = 0;
  let weight = 0;
  for (const page of pages) {
    if (!page.needsOcr || !page.image) continue;
    throwIfAborted(signal, 'text recognition');
    const result = await ocr.recognize(page.image, { signal });
    // Keep any text the layer had (e.g. a stamped header) only when OCR found nothing.
    page.text = result.text.trim() ? result.text : page.text;
    page.ocr = true;
    page.confidence = result.confidence;
    page.image = undefined; // release the bitmap
    const w = Math.max(1, result.text.length);
    weighted += result.confidence * w;
    weight += w;
    onPage(page.page, result.confidence);
  }
  return weight > 0 ? weighted / weight : null;
}
