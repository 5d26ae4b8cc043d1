import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { FlowRecord, FlowRow, WorkItem } from '../../../src/core/workspace/flows';
import { FLOW_COLUMNS, flowFileName, flowTableRows, flowToCsv, flowToXlsx } from '../../../src/export/flow-table';

function item(i: number, label: string): WorkItem {
  return { id: `f:${i}`, index: i, kind: 'ask', documentId: `d${i}`, label, query: 'non-compete', subjects: [], fields: [], evidenceBudget: 3, neighbourDepth: 1, operation: 'fact' };
}

function row(i: number, patch: Partial<FlowRow>): FlowRow {
  return { itemId: `f:${i}`, documentId: `d${i}`, document: `d${i}.pdf`, title: null, status: 'found', finding: '', evidence: '', chunkId: `d${i}:1`, pageStart: 3, pageEnd: 3, section: [], language: 'en', score: 0.9, reason: null, ms: 120, ...patch };
}

const HOSTILE = '=HYPERLINK("http://evil","click"), then "quoted"\nand a new line';
const flow: FlowRecord = {
  id: 'f',
  kind: 'question',
  question: 'Which contracts have a non-compete clause?',
  language: 'en',
  conversationId: null,
  turnId: null,
  createdAt: Date.UTC(2026, 2, 11, 10, 30),
  status: 'done',
  items: [item(0, 'Supply Agreement'), item(1, 'Distribution Agreement'), item(2, 'Distribution Agreement'), item(3, 'Broken.pdf')],
  // Finished out of order: the table follows the items.
  rows: [
    row(1, { title: 'Distribution Agreement', document: 'nw-fabrikam.pdf', finding: 'Fabrikam shall not compete in the Territory.', evidence: `4 Non-Competition. Fabrikam shall not compete in the Territory. ${HOSTILE}`, pageStart: 2, pageEnd: 3, section: ['4 Non-Competition'] }),
    row(0, { title: 'Supply Agreement', document: 'supply.pdf', finding: 'Tailspin shall not compete.', evidence: 'Tailspin shall not compete.', section: ['ARTICLE 5', '5.1 Restrictive Covenants'] }),
    row(2, { title: 'Distribution Agreement', document: 'nw-contoso.pdf', status: 'not_found', chunkId: null, pageStart: null, pageEnd: null, reason: 'No passage in “Distribution Agreement” is a non-compete clause.' }),
    row(3, { document: 'Broken.pdf', status: 'failed', chunkId: null, pageStart: null, pageEnd: null, reason: '@SUM(1) workspace: Broken.pdf is not in the index' }),
  ],
  estimateMs: 9000,
  decision: { approved: true, at: 0, reason: null },
  queuedAt: 0,
  startedAt: 0,
  finishedAt: 0,
  result: null,
  error: null,
  meta: {},
};

async function readCsv(text: string): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  const sheet = await wb.csv.read(Readable.from([text]));
  const rows: string[][] = [];
  sheet.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => (typeof v === 'string' || typeof v === 'number' ? String(v) : ''))));
  return rows;
}

describe('flow table exports', () => {
  it('rows in item order, documents sharing a title told apart by file', () => {
    const rows = flowTableRows(flow);
    expect(rows.map((r) => [r[0], r[2], r[7], r[8]])).toEqual([
      ['Supply Agreement', 'found', '3', 'ARTICLE 5 › 5.1 Restrictive Covenants'],
      ['Distribution Agreement (nw-fabrikam.pdf)', 'found', '2–3', '4 Non-Competition'],
      ['Distribution Agreement (nw-contoso.pdf)', 'not found', '', ''],
      ['Broken.pdf', 'failed', '', ''],
    ]);
  });

  it('CSV parses back to the same cells, formulas neutralised', async () => {
    const csv = flowToCsv(flow);
    const parsed = await readCsv(csv);
    expect(parsed[0]).toEqual([...FLOW_COLUMNS]);
    expect(parsed).toHaveLength(5);
    expect(parsed[2]![6]).toBe(`4 Non-Competition. Fabrikam shall not compete in the Territory. ${HOSTILE}`);
    expect(parsed[4]![9]).toBe("'@SUM(1) workspace: Broken.pdf is not in the index");
    expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it('XLSX parses back: the findings sheet as strings (no formulas), the question sheet with the counts', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await flowToXlsx(flow)).buffer as ArrayBuffer);
    const sheet = wb.getWorksheet('Findings')!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...FLOW_COLUMNS]);
    expect(sheet.rowCount).toBe(5);
    const evidence = sheet.getRow(3).getCell(7);
    expect(evidence.type).toBe(ExcelJS.ValueType.String);
    expect(evidence.value).toBe(`4 Non-Competition. Fabrikam shall not compete in the Territory. ${HOSTILE}`);
    expect(sheet.getRow(2).getCell(6).value).toBe('Tailspin shall not compete.');
    const about = wb.getWorksheet('Question')!;
    const facts = new Map([...Array(about.rowCount).keys()].map((i) => [about.getRow(i + 1).getCell(1).text, about.getRow(i + 1).getCell(2).value]));
    expect(Object.fromEntries(facts)).toMatchObject({ Question: 'Which contracts have a non-compete clause?', Documents: 4, Found: 2, 'Not found': 1, Failed: 1, 'Asked (UTC)': '2026-03-11 10:30' });
  });

  it('names the file after the question', () => {
    expect(flowFileName(flow, 'xlsx')).toBe('Which-contracts-have-a-non-compete-clause-findings.xlsx');
    expect(flowFileName({ question: '???' }, 'csv')).toBe('workspace-findings.csv');
  });
});
