import { describe, expect, it } from 'vitest';
import { etaText, fileLine, jobCounts, jobTitle } from '../../../src/ui/import-labels';

describe('import job bar words', () => {
  it('names the job after what was imported, never "Importing import"', () => {
    expect(jobTitle('Import', 3, false)).toBe('Importing 3 files');
    expect(jobTitle('Import', 1, false)).toBe('Importing 1 file');
    expect(jobTitle('Folder Contracts', 12, false)).toBe('Importing folder Contracts');
    expect(jobTitle('Folder', 12, false)).toBe('Importing a folder');
    expect(jobTitle('Sample documents', 3, false)).toBe('Importing samples');
    expect(jobTitle('Import', 3, true)).toBe('Paused: importing 3 files');
  });

  it('counts files with an ETA once one is known', () => {
    expect(jobCounts(3, 12, 40_000)).toBe('3 of 12 files · about 40 s left');
    expect(jobCounts(0, 1, null)).toBe('0 of 1 file');
    expect(jobCounts(2, 5, 150_000)).toBe('2 of 5 files · about 3 min left');
    expect(etaText(0)).toBe('');
    expect(etaText(Number.NaN)).toBe('');
    expect(etaText(200)).toBe('about 1 s left');
  });

  it('says which file and page is being read, and when it is OCR', () => {
    expect(fileLine('scan.pdf', 4, 18, true, 'Reading pages')).toBe('reading scan.pdf, page 4 of 18 (OCR)');
    expect(fileLine('contract.pdf', 2, 9, false, 'Reading pages')).toBe('reading contract.pdf, page 2 of 9');
    expect(fileLine('notes.txt', 0, 0, false, 'Reading')).toBe('reading notes.txt');
    expect(fileLine('contract.pdf', 9, 9, false, 'Indexing')).toBe('indexing contract.pdf');
  });
});
