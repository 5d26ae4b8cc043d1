/**
 * A multi-document flow's table (one row per document: finding, verbatim evidence, page,
 * section, or not found and why) as CSV and as an Excel workbook. CSV is written by hand with
 * the scan reports' field quoting, which neutralises spreadsheet formulas; the workbook is
 * exceljs, loaded only when a user exports, its cells written as plain strings and numbers.
 */
import { rowsInOrder, type FlowRecord, type FlowRow } from '../core/workspace/flows';
import { rowLabels } from '../core/workspace/reduce';
import { isoTime } from './report-rows';
import { csvText, excelValue } from './cells';
import { loadExcel, toBytes } from './report-xlsx';

export const FLOW_COLUMNS = ['Document', 'File', 'Result', 'Finding', 'Evidence', 'Page', 'Section', 'Note'] as const;

const RESULT: Record<FlowRow['status'], string> = { found: 'found', not_found: 'not found', failed: 'failed' };

function pages(r: FlowRow): string {
  if (r.pageStart === null) return '';
  return r.pageEnd !== null && r.pageEnd !== r.pageStart ? `${r.pageStart}–${r.pageEnd}` : String(r.pageStart);
}

/** The table's rows as text cells, in item order, one per finished item. */
export function flowTableRows(flow: Pick<FlowRecord, 'items' | 'rows'>): string[][] {
  const rows = rowsInOrder(flow);
  const labels = rowLabels(rows);
  return rows.map((r, i) => [labels[i]!, r.document, RESULT[r.status], r.finding, r.evidence, pages(r), r.section.join(' › '), r.reason ?? '']);
}

export function flowToCsv(flow: Pick<FlowRecord, 'items' | 'rows'>): string {
  return csvText([[...FLOW_COLUMNS], ...flowTableRows(flow)]);
}

export async function flowToXlsx(flow: FlowRecord): Promise<Uint8Array> {
  const { Workbook } = await loadExcel();
  const wb = new Workbook();
  wb.creator = 'Casefile';
  wb.created = new Date(flow.createdAt);
  const sheet = wb.addWorksheet('Findings', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = FLOW_COLUMNS.map((title) => ({ header: title, key: title, width: title === 'Evidence' ? 80 : title === 'Finding' ? 60 : title === 'Document' || title === 'File' ? 32 : 14 }));
  sheet.getRow(1).font = { bold: true };
  for (const cells of flowTableRows(flow)) sheet.addRow(cells.map(excelValue)).alignment = { wrapText: true, vertical: 'top' };
  const about = wb.addWorksheet('Question');
  const count = (s: FlowRow['status']) => flow.rows.filter((r) => r.status === s).length;
  const facts: [string, string | number][] = [
    ['Question', flow.question],
    ['Asked (UTC)', isoTime(flow.createdAt)],
    ['Status', flow.status],
    ['Documents', flow.items.length],
    ['Found', count('found')],
    ['Not found', count('not_found')],
    ['Failed', count('failed')],
  ];
  for (const [k, v] of facts) about.addRow([k, excelValue(v)]);
  about.getColumn(1).width = 16;
  about.getColumn(2).width = 80;
  return toBytes(wb);
}

/** "<question>-findings.<ext>", safe on every file system. */
export function flowFileName(flow: Pick<FlowRecord, 'question'>, extension: string): string {
  const base = flow.question.replace(/[^\p{L}\p{N}]+/gu, ' ').trim().replace(/\s+/g, '-').slice(0, 80) || 'workspace';
  return `${base}-findings.${extension}`;
}
