/**
 * The words of the import job bar: what the job is ("Importing 3 files", "Importing folder
 * Contracts", "Importing samples"), how far it is ("2 of 12 files · about 40 s left", or
 * "estimating the time left…" while this device has no basis for it) and which file is being
 * read ("reading scan.pdf, page 4 of 18 (OCR)"), in the app's language.
 */
import { duration } from '../../core/workspace/texts';
import type { DocumentsStrings } from './documents-strings';
import type { UiLang } from '../i18n/language';

/** The job's title from its stored label ('Import', 'Folder', 'Folder <name>', 'Sample documents'). */
export function jobTitle(t: DocumentsStrings, label: string, count: number, paused: boolean): string {
  const what = label === 'Sample documents' ? t.samples : label === 'Folder' ? t.aFolder : label.startsWith('Folder ') ? t.folder(label.slice('Folder '.length)) : t.files(count);
  return paused ? t.pausedImporting(what) : t.importing(what);
}

/** "about 40 s left", "about 3 min left"; "estimating…" while unknown (null); '' when done or paused (undefined). */
export function etaText(t: DocumentsStrings, lang: UiLang, ms: number | null | undefined): string {
  if (ms === undefined) return '';
  if (ms === null || !Number.isFinite(ms)) return t.estimating;
  if (ms <= 0) return '';
  return t.left(duration(ms, lang));
}

/** "2 of 12 files · about 40 s left". */
export function jobCounts(t: DocumentsStrings, lang: UiLang, done: number, total: number, etaMs: number | null | undefined): string {
  const eta = etaText(t, lang, etaMs);
  return `${t.counts(done, t.files(total))}${eta ? ` · ${eta}` : ''}`;
}

/** "reading scan.pdf, page 4 of 18 (OCR)"; the page part only once the page count is known. */
export function fileLine(t: DocumentsStrings, name: string, page: number, pages: number, ocr: boolean, stage: string): string {
  if (stage === 'Indexing') return t.indexing(name);
  const where = pages > 0 && page > 0 ? t.onPage(page, pages) : '';
  return `${t.reading(name)}${where}${ocr ? t.ocrMark : ''}`;
}
