/**
 * Which Tesseract language a page is written in, from the text a first reading gave: the
 * document language detector (eld, core/text/language.ts) on that text, mapped to Tesseract's
 * codes. A first reading with the English model keeps enough of a French or German page
 * ("Le contrat est une convention", "Geschaftsgeheimnis" without its umlaut) for eld to tell,
 * and the page is then read again with the right model. Runs where the OCR engine runs (the
 * OCR worker in the app, in-process in Node), so the page never loads eld.
 */
import { detectLanguage } from '../core/text/language';

/** ISO 639-1 → Tesseract code, for the languages the app reads. */
const TESSERACT: Readonly<Record<string, string>> = { en: 'eng', fr: 'fra', de: 'deu', es: 'spa', it: 'ita', nl: 'nld', pt: 'por' };

function tesseractCode(iso: string | null | undefined): string | null {
  return (iso && TESSERACT[iso]) ?? null;
}

/** Fewest letters a first reading needs before its language is trusted (a stamp, a signature page: no). */
const MIN_LETTERS = 80;

/** The language among `candidates` (Tesseract codes) the text is in, or null when unsure or another. */
export function pageLanguage(text: string, candidates: readonly string[]): string | null {
  const guess = detectLanguage(text, { minLetters: MIN_LETTERS });
  const code = tesseractCode(guess.code);
  return code && candidates.includes(code) ? code : null;
}
