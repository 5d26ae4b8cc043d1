import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { portfolioGrid } from '../../../src/core/scan/portfolio';
import { dismissFlag, escalateFlag, openReview } from '../../../src/core/scan/review';
import { runScan } from '../../../src/core/scan/scan';
import type { ScanRecord } from '../../../src/core/scan/types';
import type { ScanReport } from '../../../src/export/report-rows';
import { scanToDocx } from '../../../src/export/report-docx';
import { escapeMarkdown } from '../../../src/export/markdown';
import { csvField, portfolioToCsv, reportFileName, scanToCsv, scanToMarkdown } from '../../../src/export/report-text';
import { portfolioToXlsx, scanToXlsx } from '../../../src/export/report-xlsx';
import { builtinPlaybook, playbookTexts } from '../../../src/playbooks/builtin';
import { reviewDocument, sectionChunks, withSection } from '../../fixtures/review-contract';

const commercial = builtinPlaybook('commercial-contracts')!;
let scan: ScanRecord;
let report: ScanReport;

beforeAll(async () => {
  const document = reviewDocument('doc-x', 'd'.repeat(64), 'Vendor <script>alert(1)</script> MSA.pdf');
  // a hostile clause: HTML and a spreadsheet formula in the document text
  const sections = withSection('3 Term and Termination', '=HYPERLINK("http://evil") <img src=x onerror=alert(1)> Either party may terminate this Agreement for convenience upon fifteen (15) days written notice.');
  scan = await runScan({ document, chunks: sectionChunks(document.id, sections), playbook: commercial });
  const [first, second] = scan.flags;
  report = { scan, generatedAt: Date.UTC(2026, 0, 2, 3, 4), reviews: [dismissFlag(openReview(first!), 'Ana Lawyer', 'Accepted after negotiation', Date.UTC(2026, 0, 2)), escalateFlag(openReview(second!), 'Ben', 'Partner to decide', Date.UTC(2026, 0, 3))] };
});

async function readCsv(text: string): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  const sheet = await wb.csv.read(Readable.from([text]));
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (typeof v === 'string' || typeof v === 'number' ? String(v) : ''))));
  return rows;
}

describe('scan reports', () => {
  it('Markdown: every flag with evidence, fallback and review status; document text escaped', () => {
    const md = scanToMarkdown(report);
    expect(md).toContain('# Contract review: Vendor &lt;script&gt;alert(1)&lt;/script&gt; MSA.pdf');
    expect(md).not.toMatch(/<script|<img/);
    expect(md.match(/^## \d+\. /gm)).toHaveLength(scan.flags.length);
    expect(md).toContain('Dismissed by Ana Lawyer at 2026-01-02 00:00 UTC — Accepted after negotiation');
    expect(md).toContain('**Fallback language:**');
    expect(md).toMatch(/p\. 2, 3 Term and Termination/);
    expect(escapeMarkdown('[x](javascript:y) *a* | b')).toBe('\\[x\\](javascript:y) \\*a\\* \\| b');
    expect(escapeMarkdown('- item\n# heading 1.0.0')).toBe('\\- item # heading 1.0.0');
  });

  it('CSV: parsed back, one row per flag, formulas neutralised', async () => {
    const rows = await readCsv(scanToCsv(report));
    expect(rows[0]!.slice(0, 3)).toEqual(['Severity', 'Status', 'Rule']);
    expect(rows).toHaveLength(scan.flags.length + 1);
    const header = rows[0]!;
    const col = (name: string) => header.indexOf(name);
    expect(rows[1]![col('Status')]).toBe('Dismissed');
    expect(rows[1]![col('Reviewed by')]).toBe('Ana Lawyer');
    expect(rows[2]![col('Status')]).toBe('Escalated');
    const tfc = rows.find((r) => r[col('Rule')]!.includes('30 days'))!;
    expect(tfc[col('Evidence')]).toContain('fifteen (15) days');
    expect(tfc[col('Page')]).toBe('2');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('a,"b"')).toBe('"a,""b"""');
    expect(reportFileName(report, 'csv')).toBe('Vendor_script_alert_1_script_MSA-commercial-contracts-review.csv');
  });

  it('XLSX: a Flags sheet and a Scan sheet, parsed back', async () => {
    const bytes = await scanToXlsx(report);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes.buffer as ArrayBuffer);
    const flags = wb.getWorksheet('Flags')!;
    expect(flags.rowCount).toBe(scan.flags.length + 1);
    expect(flags.getRow(1).getCell(1).value).toBe('Severity');
    expect(flags.getRow(2).getCell(2).value).toBe('Dismissed');
    const values = flags.getColumn(9).values.map(String);
    expect(values.some((v) => v.includes('=HYPERLINK'))).toBe(true);
    expect(flags.getRow(2).getCell(9).formula).toBeUndefined();
    expect(wb.getWorksheet('Scan')!.getRow(1).getCell(2).value).toBe(scan.documentName);
  });

  it('Word: flags, evidence, fallback and review in the document body', async () => {
    const bytes = await scanToDocx(report);
    const files = unzipSync(bytes);
    const xml = strFromU8(files['word/document.xml']!);
    expect(xml).toContain('Contract review: Vendor &lt;script&gt;alert(1)&lt;/script&gt; MSA.pdf');
    expect(xml).toContain('fifteen (15) days');
    expect(xml).toContain('Fallback language:');
    expect(xml).toContain('Accepted after negotiation');
    expect((xml.match(/Heading2/g) ?? []).length).toBe(scan.flags.length);
  });
});

describe('reports in French and German', () => {
  it("read each flag in the report's language with the playbook's translation, as the review screen does", async () => {
    const fr = await readCsv(scanToCsv({ ...report, playbook: commercial, texts: playbookTexts(commercial, 'fr') }, 'fr'));
    const col = (name: string) => fr[0]!.indexOf(name);
    const tfc = fr.find((r) => r[col('Règle')] === 'La résiliation pour convenance exige un préavis d’au moins 30 jours')!;
    expect(tfc[col('Explication')]).toMatch(/^La clause «\s[^»]+\s» ne respecte pas la règle «\sLa résiliation pour convenance exige un préavis d’au moins 30 jours\s»\./u);
    expect(tfc[col('Conseil')]).toBe('Demandez un préavis écrit d’au moins trente jours.');
    expect(tfc[col('Détails')]).toContain('15 jours ne respecte pas >= 30 jours');
    // The contract's words are not translated.
    expect(tfc[col('Extrait')]).toContain('upon fifteen (15) days written notice');
    const md = scanToMarkdown({ ...report, playbook: commercial, texts: playbookTexts(commercial, 'de') }, 'de');
    expect(md).toContain('Kündigung ohne Grund erfordert eine Frist von mindestens 30 Tagen');
    // Without the playbook, as stored.
    expect(scanToMarkdown(report, 'fr')).toContain('Termination for convenience needs at least 30 days');
  });
});

describe('the other places of a flag’s kind', () => {
  it('are exported apart from what the checks found: an Elsewhere column, an Elsewhere line (en/fr)', async () => {
    const flag = scan.flags.find((f) => f.details.length > 0)!;
    const also = 'also present: 2 passages of this kind at p. 3 (5.01); p. 4 (6)';
    const withAlso: ScanReport = { ...report, scan: { ...scan, flags: [{ ...flag, details: [...flag.details, also] }] }, reviews: [] };
    const rows = await readCsv(scanToCsv(withAlso));
    const col = (name: string) => rows[0]!.indexOf(name);
    expect(rows[1]![col('Elsewhere')]).toBe(also);
    expect(rows[1]![col('Details')]).toBe(flag.details.join('; '));
    const md = scanToMarkdown(withAlso);
    expect(md).toContain(`**Elsewhere:** ${escapeMarkdown(also)}`);
    expect(md).not.toContain(`**Checked:** ${escapeMarkdown(flag.details.join('; '))}; also present`);
    const fr = await readCsv(scanToCsv({ ...withAlso, playbook: commercial, texts: playbookTexts(commercial, 'fr') }, 'fr'));
    expect(fr[1]![fr[0]!.indexOf('Ailleurs')]).toMatch(/^présents aussi\u00a0: 2 passages de ce type/u);
    const xml = strFromU8(unzipSync(await scanToDocx(withAlso))['word/document.xml']!);
    expect(xml).toContain('Elsewhere');
  });
});

describe('the words a flag marks', () => {
  // A flag whose evidence has marked words (Evidence.focus), as the review shows them.
  const marked = (): ScanReport => {
    const words = 'upon fifteen (15) days written notice';
    const flag = scan.flags.find((f) => f.evidence?.text.includes(words))!;
    const ev = flag.evidence!;
    const start = ev.text.indexOf(words);
    return { ...report, scan: { ...scan, flags: [{ ...flag, evidence: { ...ev, focus: { start: start - 1, end: start + words.length } } }] }, reviews: [] };
  };

  it('are a column of the CSV, bold in Markdown and highlighted in Word', async () => {
    const rows = await readCsv(scanToCsv(marked()));
    expect(rows[1]![rows[0]!.indexOf('Marked words')]).toBe('upon fifteen (15) days written notice');
    const md = scanToMarkdown(marked());
    expect(md).toMatch(/convenience \*\*upon fifteen \(15\) days written notice\*\*\./u);
    const xml = strFromU8(unzipSync(await scanToDocx(marked()))['word/document.xml']!);
    expect(xml).toMatch(/<w:highlight w:val="yellow"\/>[\s\S]*?upon fifteen \(15\) days written notice</u);
    // Without marked words the evidence is quoted whole, the column empty.
    const plain = await readCsv(scanToCsv({ ...report, scan: { ...scan, flags: scan.flags.map((f) => ({ ...f, evidence: f.evidence ? { ...f.evidence, focus: undefined } : null })) } }));
    expect(plain.slice(1).map((r) => r[plain[0]!.indexOf('Marked words')] ?? '')).toEqual(plain.slice(1).map(() => ''));
  });
});

describe('portfolio exports', () => {
  it('CSV and XLSX of the grid, parsed back', async () => {
    const grid = portfolioGrid([scan], commercial.clauseTypes, report.reviews);
    const rows = await readCsv(portfolioToCsv(grid));
    expect(rows[0]![0]).toBe('Document');
    expect(rows[0]!.length).toBe(commercial.clauseTypes.length + 1);
    const col = rows[0]!.indexOf('Termination for convenience');
    expect(rows[1]![col]).toBe('flagged (High)');
    expect(rows[1]![rows[0]!.indexOf('Joint IP ownership')]).toBe('missing');

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await portfolioToXlsx(grid)).buffer as ArrayBuffer);
    const sheet = wb.getWorksheet('Portfolio')!;
    expect(sheet.getRow(2).getCell(1).value).toBe(scan.documentName);
    expect(sheet.getRow(2).getCell(col + 1).value).toBe('flagged (High)');
  });
});

describe('reports in French and German', () => {
  it('the words of a report follow the language it was asked in; document text stays as written', async () => {
    const { scanToMarkdown, scanToCsv, portfolioToCsv } = await import('../../../src/export/report-text');
    const fr = scanToMarkdown(report, 'fr');
    expect(fr).toContain('# Examen du contrat : Vendor');
    expect(fr).toContain('Écartée par Ana Lawyer le 2026-01-02 00:00 UTC — Accepted after negotiation');
    expect(fr).toContain('**Rédaction de repli :**'.replace(' :', ':'));
    const de = scanToCsv(report, 'de');
    expect(de.split('\r\n')[0]).toBe('Schwere,Status,Regel,Klauseltyp,Befund,Dokument,Seite,Abschnitt,Beleg,Markierte Wörter,Erläuterung,Einzelheiten,Weitere Stellen,Empfehlung,Ausweichformulierung,Prüfvermerk,Geprüft von,Geprüft am');
    expect(de).toContain('Verworfen');
    // A tentative present flag (the review's offset) is "possibly present" in every language.
    const [first] = scan.flags;
    const possible: ScanReport = { ...report, scan: { ...scan, flags: [{ ...first!, kind: 'present', tentative: true }] }, reviews: [] };
    const finding = async (language: 'en' | 'fr' | 'de') => {
      const rows = await readCsv(scanToCsv(possible, language));
      return rows[1]![rows[0]!.indexOf({ en: 'Finding', fr: 'Constat', de: 'Befund' }[language])];
    };
    expect([await finding('en'), await finding('fr'), await finding('de')]).toEqual(['Clause possibly present', 'Clause peut-être présente', 'Klausel möglicherweise vorhanden']);
    expect(portfolioToCsv({ columns: [{ id: 'cap', name: 'Cap' }], rows: [{ documentId: 'd', documentName: 'A.pdf', cells: { cap: { state: 'flagged', severity: 'high', chunkId: null, flagIds: [] } } }] } as never, 'de')).toContain('Hinweis (Hoch)');
  });
});
