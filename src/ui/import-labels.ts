/**
 * The words of the import job bar: what the job is ("Importing 3 files", "Importing folder
 * Contracts", "Importing samples"), how far it is ("2 of 12 files · about 40 s left") and which
 * file is being read ("reading scan.pdf, page 4 of 18 (OCR)").
 */

const files = (n: number) => (n === 1 ? '1 file' : `${n} files`);

/** The job's title from its stored label ('Import', 'Folder', 'Folder <name>', 'Sample documents'). */
export function jobTitle(label: string, count: number, paused: boolean): string {
  const what = label === 'Sample documents' ? 'samples' : label === 'Folder' ? 'a folder' : label.startsWith('Folder ') ? `folder ${label.slice('Folder '.length)}` : files(count);
  return `${paused ? 'Paused: importing' : 'Importing'} ${what}`;
}

/** "about 40 s left", "about 3 min left", or '' while unknown. */
export function etaText(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms) || ms <= 0) return '';
  if (ms < 60_000) return `about ${Math.max(1, Math.round(ms / 1000))} s left`;
  return `about ${Math.round(ms / 60_000)} min left`;
}

/** "2 of 12 files · about 40 s left". */
export function jobCounts(done: number, total: number, etaMs: number | null): string {
  const eta = etaText(etaMs);
  return `${done} of ${files(total)}${eta ? ` · ${eta}` : ''}`;
}

/** "reading scan.pdf, page 4 of 18 (OCR)"; the page part only once the page count is known. */
export function fileLine(name: string, page: number, pages: number, ocr: boolean, stage: string): string {
  const where = pages > 0 && page > 0 ? `, page ${page} of ${pages}` : '';
  const verb = stage === 'Indexing' ? 'indexing' : 'reading';
  return `${verb} ${name}${verb === 'reading' ? where : ''}${ocr && verb === 'reading' ? ' (OCR)' : ''}`;
}
