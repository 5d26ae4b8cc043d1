/**
 * A multi-document flow's table (one row per document: the value asked for, finding, verbatim evidence, page,
 * section, or not found and why) as CSV and as an Excel workbook. CSV is written by hand with
 * the scan reports' field quoting, which neutralises spreadsheet formulas; the workbook is
 * exceljs, loaded only when a user exports, its cells written as plain strings and numbers.
 */
import { rowsInOrder, type FlowRecord, type FlowRow } from '../core/workspace/flows';
import { rowLabels } from '../core/workspace/reduce';
import { rowVerdict } from '../core/workspace/verdict';
import { exportStrings, type ExportLang } from './export-strings';
import { isoTime } from './report-rows';
import { csvText, excelValue } from './cells';
import { loadExcel, toBytes } from './report-xlsx';

/** The column titles (English); `exportStrings(lang).flowColumns` in other languages. */
export const FLOW_COLUMNS = exportStrings('en').flowColumns;

function pages(r: FlowRow): string {
  if (r.pageStart === null) return '';
  return r.pageEnd !== null && r.pageEnd !== r.pageStart ? `${r.pageStart}–${r.pageEnd}` : String(r.pageStart);
}

/** The table's rows as text cells, in item order, one per finished item. */
export function flowTableRows(flow: Pick<FlowRecord, 'items' | 'rows'>, lang: ExportLang = 'en'): string[][] {
  const rows = rowsInOrder(flow);
  const labels = rowLabels(rows);
  const t = exportStrings(lang);
  return rows.map((r, i) => [labels[i]!, r.document, t.flowResults[r.status], r.verdict ? t.verdicts[r.verdict] : '', r.value?.display ?? '', r.finding, r.evidence, pages(r), r.section.join(' › '), r.reason ?? '']);
}

export function flowToCsv(flow: Pick<FlowRecord, 'items' | 'rows'>, lang: ExportLang = 'en'): string {
  return csvText([[...exportStrings(lang).flowColumns], ...flowTableRows(flow, lang)]);
}

/** Column widths by position: document, file, result, verdict, value, finding, evidence, page, section, note. */
const WIDTHS = [32, 32, 14, 14, 28, 60, 80, 14, 14, 14];

export async function flowToXlsx(flow: FlowRecord, lang: ExportLang = 'en'): Promise<Uint8Array> {
  const t = exportStrings(lang);
  const { Workbook } = await loadExcel();
  const wb = new Workbook();
  wb.creator = 'Casefile';
  wb.created = new Date(flow.createdAt);
  const sheet = wb.addWorksheet(t.findingsSheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = t.flowColumns.map((title, i) => ({ header: title, key: `c${i}`, width: WIDTHS[i] ?? 14 }));
  sheet.getRow(1).font = { bold: true };
  for (const cells of flowTableRows(flow, lang)) sheet.addRow(cells.map(excelValue)).alignment = { wrapText: true, vertical: 'top' };
  const about = wb.addWorksheet(t.questionSheet);
  const count = (s: FlowRow['status']) => flow.rows.filter((r) => r.status === s).length;
  const f = t.flowFacts;
  const facts: [string, string | number][] = [
    [f.question, flow.question],
    [f.asked, isoTime(flow.createdAt)],
    [f.status, t.flowStatuses[flow.status]],
    [f.documents, flow.items.length],
    [f.found, count('found')],
    [f.notFound, count('not_found')],
    [f.failed, count('failed')],
  ];
  // A question with a condition: the condition as asked and the honest count.
  if (flow.rows.some((r) => r.verdict)) {
    const verdicts = flow.rows.map((r) => rowVerdict(r));
    facts.push([f.yes, verdicts.filter((v) => v === 'yes').length], [f.no, verdicts.filter((v) => v === 'no').length], [f.unclear, verdicts.filter((v) => v === 'unclear').length]);
  }
  for (const [k, v] of facts) about.addRow([k, excelValue(v)]);
  about.getColumn(1).width = 16;
  about.getColumn(2).width = 80;
  return toBytes(wb);
}

/** "<question>-findings.<ext>", safe on every file system. */
export function flowFileName(flow: Pick<FlowRecord, 'question'>, extension: string, lang: ExportLang = 'en'): string {
  const base = flow.question.replace(/[^\p{L}\p{N}]+/gu, ' ').trim().replace(/\s+/g, '-').slice(0, 80) || 'workspace';
  return `${base}-${exportStrings(lang).findingsFile}.${extension}`;
}
