import { describe, expect, it } from 'vitest';
import { DOCUMENTS } from '../../../src/ui/documents/documents-strings';
import { etaText, fileLine, jobCounts, jobTitle } from '../../../src/ui/documents/import-labels';

const en = DOCUMENTS.en;

describe('import job bar words', () => {
  it('names the job after what was imported, never "Importing import"', () => {
    expect(jobTitle(en, 'Import', 3, false)).toBe('Importing 3 files');
    expect(jobTitle(en, 'Import', 1, false)).toBe('Importing 1 file');
    expect(jobTitle(en, 'Folder Contracts', 12, false)).toBe('Importing folder Contracts');
    expect(jobTitle(en, 'Folder', 12, false)).toBe('Importing a folder');
    expect(jobTitle(en, 'Sample documents', 3, false)).toBe('Importing samples');
    expect(jobTitle(en, 'Import', 3, true)).toBe('Paused: importing 3 files');
  });

  it('counts files with an ETA once there is a basis, "estimating…" before, nothing when paused', () => {
    expect(jobCounts(en, 'en', 3, 12, 40_000)).toBe('3 of 12 files · about 40 s left');
    expect(jobCounts(en, 'en', 0, 1, null)).toBe('0 of 1 file · estimating the time left…');
    expect(jobCounts(en, 'en', 0, 1, undefined)).toBe('0 of 1 file');
    expect(jobCounts(en, 'en', 2, 5, 150_000)).toBe('2 of 5 files · about 3 min left');
    expect(etaText(en, 'en', 0)).toBe('');
    expect(etaText(en, 'en', Number.NaN)).toBe('estimating the time left…');
    expect(etaText(en, 'en', 200)).toBe('about 1 s left');
  });

  it('in French and German', () => {
    expect(jobTitle(DOCUMENTS.fr, 'Folder Contrats', 12, false)).toBe('Import de dossier Contrats');
    expect(jobCounts(DOCUMENTS.fr, 'fr', 3, 12, 40_000)).toBe('3 sur 12 fichiers · encore environ 40 s');
    expect(jobCounts(DOCUMENTS.de, 'de', 1, 1, null)).toBe('1 von 1 Datei · Restzeit wird geschätzt…');
    expect(fileLine(DOCUMENTS.de, 'scan.pdf', 4, 18, true, 'Reading pages')).toBe('liest scan.pdf, Seite 4 von 18 (OCR)');
  });

  it('says which file and page is being read, and when it is OCR', () => {
    expect(fileLine(en, 'scan.pdf', 4, 18, true, 'Reading pages')).toBe('reading scan.pdf, page 4 of 18 (OCR)');
    expect(fileLine(en, 'contract.pdf', 2, 9, false, 'Reading pages')).toBe('reading contract.pdf, page 2 of 9');
    expect(fileLine(en, 'notes.txt', 0, 0, false, 'Reading')).toBe('reading notes.txt');
    expect(fileLine(en, 'contract.pdf', 9, 9, false, 'Indexing')).toBe('indexing contract.pdf');
  });
});
