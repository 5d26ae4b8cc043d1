/**
 * Which language a scanned document is read in: the user's choice (the workspace's OCR
 * language setting), or automatically — the first scanned page is read with the English model,
 * its text identified, and read again in French or German when it is in one of them; the next
 * pages of that document go straight to the language found. One reading more per document in
 * another language, none for English.
 */
import type { OcrOptions } from '../ports';

/** Tesseract codes of the languages the app reads scans in (their data ships with the app). */
const OCR_LANGUAGES = ['eng', 'fra', 'deu'] as const;
type OcrLanguageCode = (typeof OCR_LANGUAGES)[number];

/** The setting: a language, or 'auto' (told apart among OCR_LANGUAGES page by page). */
export type OcrLanguage = 'auto' | OcrLanguageCode;

export function isOcrLanguage(value: unknown): value is OcrLanguage {
  return value === 'auto' || (OCR_LANGUAGES as readonly unknown[]).includes(value);
}

/** What the first scanned page of a document is read with. */
export function firstPageOptions(setting: OcrLanguage = 'auto'): Pick<OcrOptions, 'languages' | 'detect'> {
  return setting === 'auto' ? { languages: ['eng'], detect: [...OCR_LANGUAGES] } : { languages: [setting] };
}

/**
 * What the next page is read with, once a page was read with `used`: automatic reading keeps the
 * language the page turned out to be in (and stops telling languages apart once it is not English).
 */
export function nextPageOptions(current: Pick<OcrOptions, 'languages' | 'detect'>, used: readonly string[] | undefined): Pick<OcrOptions, 'languages' | 'detect'> {
  if (!current.detect || !used || used.length !== 1 || used[0] === current.languages?.[0]) return current;
  return { languages: [...used] };
}
