/** OCR of the pages a parser flagged as having no usable text layer, one page as it arrives. */
import { AppError, isAbort, throwIfAborted } from '../errors';
import type { OcrEngine, OcrOptions, ParsedPage } from '../ports';

/** A parsed page, its text replaced by OCR output when it was read. */
export type RawPage = { -readonly [K in keyof ParsedPage]: ParsedPage[K] } & {
  /** The OCR languages the page was read with (OcrResult.languages). */
  ocrLanguages?: readonly string[];
};

/**
 * Running OCR statistics of a document. Only pages where OCR found words count towards the
 * confidence: a picture without text (a logo, a photo, a blank scan) gives no words and a
 * meaningless 0% confidence, which says nothing about the quality of the text.
 */
export class OcrTally {
  private weighted = 0;
  private weight = 0;
  /** Lowest confidence of a page with words. */
  min = Number.POSITIVE_INFINITY;
  /** Pages that needed OCR and could not be read (no image, timeout, engine failure). */
  unread = 0;
  /** Pages OCR read and found no words on. */
  wordless = 0;
  /** Confidence of each page with words, by page number. */
  readonly pages = new Map<number, number>();

  add(confidence: number, textLength: number, page?: number): void {
    if (textLength === 0) {
      this.wordless++;
      return;
    }
    this.weighted += confidence * textLength;
    this.weight += textLength;
    this.min = Math.min(this.min, confidence);
    if (page !== undefined) this.pages.set(page, confidence);
  }

  /** Pages with words whose confidence is under `below`, in page order. */
  lowPages(below: number): number[] {
    return [...this.pages].filter(([, c]) => c < below).map(([p]) => p).sort((a, b) => a - b);
  }

  /** Mean confidence weighted by the amount of text, or null when no page was read. */
  get mean(): number | null {
    return this.weight > 0 ? this.weighted / this.weight : null;
  }
}

/**
 * Reads one page in place when it needs OCR and has a rendered image. A page the engine cannot
 * read in time (or at all) is counted unread and keeps its (empty) text: the rest of the
 * document still goes through. A cancel is rethrown.
 */
export async function ocrPage(page: RawPage, ocr: OcrEngine, tally: OcrTally, signal?: AbortSignal, languages: Pick<OcrOptions, 'languages' | 'detect'> = {}): Promise<boolean> {
  if (!page.needsOcr) return false;
  const image = page.image;
  page.image = undefined; // release the bitmap whatever happens
  if (!image) {
    tally.unread++;
    return false;
  }
  throwIfAborted(signal, 'text recognition');
  try {
    const result = await ocr.recognize(image, { signal, ...languages });
    if (result.languages) page.ocrLanguages = result.languages;
    // Keep any text the layer had (e.g. a stamped header) only when OCR found nothing.
    page.text = result.text.trim() ? result.text : page.text;
    page.ocr = true;
    page.confidence = result.confidence;
    // The word boxes let the viewer draw a passage's highlight on the picture.
    if (result.words && result.words.length > 0) page.layout = { width: image.width, height: image.height, words: result.words };
    tally.add(result.confidence, result.text.trim().length, page.page);
    return true;
  } catch (error) {
    if (isAbort(error) || !(error instanceof AppError)) throw error;
    tally.unread++;
    return false;
  }
}
