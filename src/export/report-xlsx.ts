/**
 * A document's scan and the portfolio grid as Excel workbooks (exceljs). exceljs is large, so it
 * is imported only when a user exports, never with the page. Cells are written as strings
 * (cells.ts: no formula from document text, whatever it starts with); the grid colours cells by
 * state and severity.
 */
import type * as ExcelJS from 'exceljs';
import type { PortfolioGrid } from '../core/scan/portfolio';
import { excelValue } from './cells';
import { FLAG_COLUMNS, flagRows, isoTime, portfolioRows, type ScanReport } from './report-rows';

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

export async function scanToXlsx(report: ScanReport): Promise<Uint8Array> {
  const { Workbook } = await loadExcel();
  const wb = new Workbook();
  wb.creator = 'Casefile';
  wb.created = new Date(report.generatedAt);
  const sheet = wb.addWorksheet('Flags', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = FLAG_COLUMNS.map((c) => ({ header: c.title, key: c.key, width: ['evidence', 'explanation', 'fallback', 'guidance', 'details'].includes(c.key) ? 60 : 16 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of flagRows(report)) {
    const added = sheet.addRow(FLAG_COLUMNS.map((c) => excelValue(row[c.key])));
    added.alignment = { wrapText: true, vertical: 'top' };
    const fill = FILL[row.severity];
    if (fill) added.getCell(1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: fill } };
  }
  const about = wb.addWorksheet('Scan');
  const { scan } = report;
  for (const [k, v] of [['Document', scan.documentName], ['Playbook', `${scan.playbookName} (${scan.playbookId} ${scan.playbookVersion})`], ['Scanned (UTC)', isoTime(scan.finishedAt)], ['Report generated (UTC)', isoTime(report.generatedAt)], ['Flags', String(scan.flags.length)]]) about.addRow([k, excelValue(v ?? '')]);
  about.getColumn(1).width = 24;
  about.getColumn(2).width = 60;
  return toBytes(wb);
}

export async function portfolioToXlsx(grid: PortfolioGrid): Promise<Uint8Array> {
  const { Workbook } = await loadExcel();
  const wb = new Workbook();
  wb.creator = 'Casefile';
  const sheet = wb.addWorksheet('Portfolio', { views: [{ state: 'frozen', xSplit: 1, ySplit: 1 }] });
  const { header, rows } = portfolioRows(grid);
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
