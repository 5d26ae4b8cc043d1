/**
 * A document's scan and the portfolio grid as Excel workbooks (exceljs). exceljs is large, so it
 * is imported only when a user exports, never with the page. Cells are written as strings
 * (cells.ts: no formula from document text, whatever it starts with); the grid colours cells by
 * state and severity.
 */
import type * as ExcelJS from 'exceljs';
import type { PortfolioGrid } from '../core/scan/portfolio';
import { excelValue } from './cells';
import { exportStrings, type ExportLang } from './export-strings';
import { flagColumns, flagRows, isoTime, portfolioRows, type ScanReport } from './report-rows';

export type ExcelModule = typeof ExcelJS;

/** exceljs, imported on first use (it is large). */
export async function loadExcel(): Promise<ExcelModule> {
  const mod = await import('exceljs');
  return (mod as unknown as { default?: ExcelModule }).default ?? mod;
}

const FILL: Record<string, string> = { critical: 'FFF4B6B6', high: 'FFF9D3A8', medium: 'FFFCEBA8', low: 'FFE2EFDA', info: 'FFDDEBF7', present: 'FFE2EFDA', missing: 'FFEDEDED' };

export async function toBytes(workbook: InstanceType<ExcelModule['Workbook']>): Promise<Uint8Array> {
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

export async function scanToXlsx(report: ScanReport, lang: ExportLang = 'en'): Promise<Uint8Array> {
  const t = exportStrings(lang);
  const columns = flagColumns(lang);
  const { Workbook } = await loadExcel();
  const wb = new Workbook();
  wb.creator = 'Casefile';
  wb.created = new Date(report.generatedAt);
  const sheet = wb.addWorksheet(t.flagsSheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.title, key: c.key, width: ['evidence', 'explanation', 'fallback', 'guidance', 'details', 'elsewhere'].includes(c.key) ? 60 : c.key === 'marked' ? 40 : 16 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of flagRows(report, lang)) {
    const added = sheet.addRow(columns.map((c) => excelValue(row[c.key])));
    added.alignment = { wrapText: true, vertical: 'top' };
    const fill = FILL[row.severityCode];
    if (fill) added.getCell(1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: fill } };
  }
  const about = wb.addWorksheet(t.scanSheet);
  const { scan } = report;
  for (const [k, v] of [[t.document, scan.documentName], [t.playbook, `${scan.playbookName} (${scan.playbookId} ${scan.playbookVersion})`], [t.scanned, isoTime(scan.finishedAt)], [t.reportGenerated, isoTime(report.generatedAt)], [t.flags, String(scan.flags.length)]]) about.addRow([k, excelValue(v ?? '')]);
  about.getColumn(1).width = 24;
  about.getColumn(2).width = 60;
  return toBytes(wb);
}

export async function portfolioToXlsx(grid: PortfolioGrid, lang: ExportLang = 'en'): Promise<Uint8Array> {
  const { Workbook } = await loadExcel();
  const wb = new Workbook();
  wb.creator = 'Casefile';
  const sheet = wb.addWorksheet(exportStrings(lang).portfolioSheet, { views: [{ state: 'frozen', xSplit: 1, ySplit: 1 }] });
  const { header, rows } = portfolioRows(grid, lang);
  sheet.addRow(header.map(excelValue)).font = { bold: true };
  sheet.getColumn(1).width = 40;
  rows.forEach((values, i) => {
    const row = sheet.addRow(values.map(excelValue));
    grid.columns.forEach((c, j) => {
      const cell = grid.rows[i]!.cells[c.id];
      const fill = cell ? FILL[cell.state === 'flagged' ? (cell.severity ?? 'medium') : cell.state] : undefined;
      if (fill) row.getCell(j + 2).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: fill } };
    });
  });
  return toBytes(wb);
}
