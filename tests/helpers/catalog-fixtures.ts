/**
 * Generated workspaces of document records for the workspace answers' tests: a seeded mix of
 * kinds, statuses, languages (some unknown), folders and dates, plus a few named documents the
 * alias tests resolve ("the NDA", "the GDPR", "the Acme agreement").
 */
import { prng } from '../../src/core/prng';
import type { CatalogRow } from '../../src/core/workspace/catalog';
import type { DocStatus } from '../../src/core/types';
import { docRecord } from './records';

const MEDIA = ['application/pdf', 'application/pdf', 'application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'text/plain', 'text/markdown', 'text/html', 'image/png'];
const STATUSES: DocStatus[] = ['ready', 'ready', 'ready', 'ready', 'degraded', 'failed', 'queued', 'parsing'];
const LANGUAGES: (string | null)[] = ['en', 'en', 'en', 'fr', 'fr', 'de', 'it', null];
const FOLDERS = ['', 'contracts', 'contracts/2024', 'litigation/exhibits', 'policies'];

export const DAY = 86_400_000;
/** Wednesday 11 March 2026, 15:00 on the device's calendar. */
export const NOW = new Date(2026, 2, 11, 15, 0).getTime();

/** `n` records added over the 100 days before NOW, several sharing an addedAt (ties broken by id). */
export function generatedRows(n: number, seed = 7): CatalogRow[] {
  const random = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  return Array.from({ length: n }, (_, i) => {
    const folder = pick(FOLDERS);
    const name = `doc-${String(i).padStart(4, '0')}.pdf`;
    const status = pick(STATUSES);
    const ocr = random() < 0.1;
    return docRecord(`d${String(i).padStart(4, '0')}`, {
      name,
      path: folder ? `${folder}/${name}` : name,
      mediaType: pick(MEDIA),
      status,
      language: status === 'failed' ? null : pick(LANGUAGES),
      pages: 1 + Math.floor(random() * 40),
      chunkCount: 1 + Math.floor(random() * 120),
      // Whole hours, so ties on addedAt happen and the id must order them.
      addedAt: NOW - Math.floor(random() * 2400) * 3_600_000,
      ocrConfidence: ocr ? 60 + Math.floor(random() * 40) : null,
      ...(ocr ? { ocrPages: 1 + Math.floor(random() * 5) } : {}),
    });
  });
}

/** A small workspace of named documents (title, aliases, parties) for facts and alias scope. */
export function namedRows(): CatalogRow[] {
  return [
    docRecord('msa', { name: 'Master Services Agreement.pdf', path: 'contracts/Master Services Agreement.pdf', title: 'Master Services Agreement', pages: 9, aliases: ['MSA', 'Acme', 'Acme Corp.', 'Beta'], parties: ['Acme Corp.', 'Beta LLC'], chunkCount: 40, addedAt: NOW - 3 * DAY, source: 'folder' }),
    docRecord('nda', { name: 'Mutual NDA.txt', path: 'Mutual NDA.txt', mediaType: 'text/plain', title: 'Mutual Non-Disclosure Agreement', pages: 2, aliases: ['Gamma'], parties: ['Gamma SA', 'Delta GmbH'], chunkCount: 6, addedAt: NOW - 10 * DAY }),
    docRecord('gdpr', { name: 'GDPR.pdf', path: 'regulatory/GDPR.pdf', title: 'General Data Protection Regulation', pages: 261, aliases: ['GDPR', 'Regulation'], chunkCount: 900, addedAt: NOW - 20 * DAY }),
    docRecord('avv', { name: 'Auftragsverarbeitungsvertrag.pdf', path: 'Auftragsverarbeitungsvertrag.pdf', title: 'Auftragsverarbeitungsvertrag', language: 'de', pages: 4, aliases: ['AVV'], chunkCount: 12, addedAt: NOW - 1 * DAY }),
    docRecord('scan', { name: 'Aura scan.pdf', path: 'scans/Aura scan.pdf', title: 'Strategic Alliance Agreement', pages: 4, aliases: ['Aura'], status: 'degraded', ocrConfidence: 71, ocrPages: 4, ocrLowPages: [2, 3], chunkCount: 10, addedAt: NOW - 2 * DAY, language: null }),
    docRecord('dist1', { name: 'northwind-contoso.pdf', path: 'northwind-contoso.pdf', title: 'Distribution Agreement', aliases: ['Northwind', 'Contoso'], chunkCount: 20, addedAt: NOW - 40 * DAY }),
    docRecord('dist2', { name: 'northwind-fabrikam.pdf', path: 'northwind-fabrikam.pdf', title: 'Distribution Agreement', aliases: ['Northwind', 'Fabrikam'], chunkCount: 20, addedAt: NOW - 41 * DAY }),
  ];
}
