/**
 * Exports are inert by construction: a conversation, a scan report, the portfolio grid and a
 * flow table built from the payload list (in questions, titles, file names, sections, passages,
 * answers, playbook text, review notes, reviewer names, findings) are exported in every format,
 * and
 * - Markdown rendered by a viewer that renders HTML (markdown-it, html and linkify on) has no
 *   element but text formatting, no event handler and no link but http(s), while every payload
 *   is still there to read, as text;
 * - CSV has no field a spreadsheet would read as a formula;
 * - Excel has no formula cell (every payload cell is a string);
 * - Word has no field (DDE, HYPERLINK), hyperlink or raw markup.
 */
import { strFromU8, unzipSync } from 'fflate';
import ExcelJS from 'exceljs';
import { Parser } from 'htmlparser2';
import MarkdownIt from 'markdown-it';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectTurn, runTurn } from '../../../src/core/answer/turn';
import type { TurnRecord } from '../../../src/core/answer-types';
import { portfolioGrid } from '../../../src/core/scan/portfolio';
import { dismissFlag, escalateFlag, openReview } from '../../../src/core/scan/review';
import { runScan } from '../../../src/core/scan/scan';
import type { FlowRecord, FlowRow, WorkItem } from '../../../src/core/workspace/flows';
import { isFormulaLike } from '../../../src/export/cells';
import { conversationToDocx } from '../../../src/export/conversation-docx';
import { conversationToMarkdown } from '../../../src/export/conversation-markdown';
import { flowToCsv, flowToXlsx } from '../../../src/export/flow-table';
import { scanToDocx } from '../../../src/export/report-docx';
import type { ScanReport } from '../../../src/export/report-rows';
import { portfolioToCsv, scanToCsv, scanToMarkdown } from '../../../src/export/report-text';
import { portfolioToXlsx, scanToXlsx } from '../../../src/export/report-xlsx';
import { builtinPlaybook } from '../../../src/playbooks/builtin';
import { scriptPlaybook } from '../../fixtures/hostile-playbooks';
import { FORMULA_PAYLOADS, MARKUP_PAYLOADS, PAYLOADS } from '../../fixtures/payloads';
import { reviewDocument, sectionChunks, withSection } from '../../fixtures/review-contract';
import { askResult, fakeAsk, MSA, type PassageSpec } from '../../helpers/ask-fixtures';
import { docRecord } from '../../helpers/records';
import { ScriptedChatModel } from '../../helpers/scripted-chat';

const ALL = PAYLOADS.join(' ');
const PLAN = [
  { value: { family: 'workspace_retrieval', reply_language: 'en', evidence_regime: 'grounded', follow_up: false } },
  { value: { document_ids: [], section_ordinal: null, answer_shape: 'short' } },
];

const turns: TurnRecord[] = [];
let report: ScanReport;
let flow: FlowRecord;

beforeAll(async () => {
  // A conversation: payloads in the questions, the file name, the sections, the passage and the model's answer.
  const doc = docRecord('evil', { name: `${MARKUP_PAYLOADS[0]} ${FORMULA_PAYLOADS[0]}.pdf`, path: 'evil.pdf', title: MARKUP_PAYLOADS[1]!, pages: 3 });
  const spec: PassageSpec = { doc, seq: 1, text: `The cap is twelve months of fees. ${ALL}`, page: 2, section: [MARKUP_PAYLOADS[2]!, FORMULA_PAYLOADS[1]!] };
  const fake = fakeAsk((r) => askResult(r.question, [spec, { ...spec, seq: 2, doc: MSA }]));
  const answer = `**The cap** is twelve months [1]. ${MARKUP_PAYLOADS.join(' ')} [2] ${FORMULA_PAYLOADS.join(' ')}`;
  const model = new ScriptedChatModel({ json: [...PLAN, ...PLAN], chat: [{ deltas: [answer] }] });
  for (const question of [PAYLOADS.slice(0, 8).join(' '), PAYLOADS.slice(8).join(' ')]) {
    turns.push((await collectTurn(runTurn({ question, history: turns }, { asker: fake.asker, model }))).turn);
  }
  turns.push((await collectTurn(runTurn({ question: `${FORMULA_PAYLOADS[0]} ${MARKUP_PAYLOADS[0]}`, history: turns }, { asker: fake.asker }))).turn);

  // A scan report: payloads in the document name, the clause text, the playbook, the review notes and names.
  const playbook = scriptPlaybook(builtinPlaybook('commercial-contracts')!);
  const document = reviewDocument('doc-x', 'd'.repeat(64), `${MARKUP_PAYLOADS[0]}${FORMULA_PAYLOADS[4]}.pdf`);
  const sections = withSection('5 Governing Law', `${ALL} This Agreement shall be governed by the laws of the State of Texas.`);
  const scan = await runScan({ document, chunks: sectionChunks(document.id, sections), playbook });
  const [first, second] = scan.flags;
  expect(first).toBeDefined();
  report = {
    scan,
    generatedAt: Date.UTC(2026, 0, 2),
    reviews: [dismissFlag(openReview(first!), FORMULA_PAYLOADS[2]!, MARKUP_PAYLOADS.join(' '), Date.UTC(2026, 0, 2)), ...(second ? [escalateFlag(openReview(second), MARKUP_PAYLOADS[3]!, FORMULA_PAYLOADS.join(' '), Date.UTC(2026, 0, 3))] : [])],
  };

  // A flow table: payloads in the question, document names, findings, evidence and notes.
  const item = (i: number): WorkItem => ({ id: `f:${i}`, index: i, kind: 'ask', documentId: `d${i}`, label: PAYLOADS[i]!, query: 'cap', subjects: [], fields: [], evidenceBudget: 3, neighbourDepth: 1, operation: 'fact' });
  const row = (i: number, patch: Partial<FlowRow>): FlowRow => ({ itemId: `f:${i}`, documentId: `d${i}`, document: `${PAYLOADS[i]}.pdf`, title: PAYLOADS[i + 1] ?? null, status: 'found', finding: PAYLOADS[i + 2] ?? '', evidence: ALL, chunkId: `d${i}:1`, pageStart: 1, pageEnd: 2, section: [PAYLOADS[i + 3] ?? ''], language: 'en', score: 0.9, reason: null, ms: 10, ...patch });
  flow = {
    id: 'f', kind: 'question', question: ALL, language: 'en', conversationId: null, turnId: null, createdAt: Date.UTC(2026, 2, 11), status: 'done',
    items: PAYLOADS.map((_, i) => item(i)),
    rows: PAYLOADS.map((_, i) => row(i, i % 3 === 2 ? { status: 'not_found', chunkId: null, pageStart: null, pageEnd: null, reason: PAYLOADS[i]! } : {})),
    estimateMs: 1, decision: { approved: true, at: 0, reason: null }, queuedAt: 0, startedAt: 0, finishedAt: 0, result: null, error: null, meta: {},
  };
});

/** Elements a Markdown export may render to: text formatting only. */
const ALLOWED = new Set(['h1', 'h2', 'h3', 'p', 'strong', 'em', 'blockquote', 'ul', 'ol', 'li', 'hr', 'br', 'code', 'pre', 'a', 'del', 's', 'table', 'thead', 'tbody', 'tr', 'th', 'td']);

/** Renders Markdown as a viewer that renders HTML would, and checks what it produced. */
function expectInertMarkdown(md: string): string {
  const html = new MarkdownIt({ html: true, linkify: true }).render(md);
  const problems: string[] = [];
  let text = '';
  const parser = new Parser({
    onopentag(name, attributes) {
      if (!ALLOWED.has(name)) problems.push(`<${name}>`);
      for (const [attribute, value] of Object.entries(attributes)) {
        if (/^on/i.test(attribute) || attribute === 'style' || attribute === 'srcdoc') problems.push(`${name} ${attribute}="${value}"`);
        if ((attribute === 'href' || attribute === 'src') && !/^https?:\/\//i.test(value)) problems.push(`${name} ${attribute}="${value}"`);
      }
    },
    ontext(t) {
      text += t;
    },
  }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  expect(problems, html).toEqual([]);
  return text;
}

/** Every field of a CSV text (RFC 4180). */
function csvFields(csv: string): string[] {
  const fields: string[] = [];
  let at = 0;
  while (at < csv.length) {
    if (csv[at] === '"') {
      let value = '';
      at++;
      for (;;) {
        const q = csv.indexOf('"', at);
        value += csv.slice(at, q);
        if (csv[q + 1] === '"') {
          value += '"';
          at = q + 2;
        } else {
          at = q + 1;
          break;
        }
      }
      fields.push(value);
    } else {
      const end = csv.slice(at).search(/,|\r\n/);
      const stop = end < 0 ? csv.length : at + end;
      fields.push(csv.slice(at, stop));
      at = stop;
    }
    if (csv.startsWith(',', at)) at += 1;
    else if (csv.startsWith('\r\n', at)) at += 2;
  }
  return fields;
}

function expectNoFormulaFields(csv: string): void {
  const fields = csvFields(csv);
  expect(fields.length).toBeGreaterThan(10);
  expect(fields.filter(isFormulaLike)).toEqual([]);
  // Neutralised, not dropped: the payloads are there, behind an apostrophe.
  expect(fields.some((f) => f.startsWith("'=HYPERLINK"))).toBe(true);
}

async function expectNoFormulaCells(bytes: Uint8Array): Promise<void> {
  const files = unzipSync(bytes);
  const sheets = Object.keys(files).filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n));
  expect(sheets.length).toBeGreaterThan(0);
  for (const name of sheets) {
    const xml = strFromU8(files[name]!);
    expect(xml).not.toMatch(/<f[\s>]/);
    expect(xml).not.toMatch(/t="str"/);
  }
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes.buffer as ArrayBuffer);
  let payloadCells = 0;
  wb.eachSheet((sheet) =>
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        expect(cell.formula).toBeUndefined();
        expect(['string', 'number']).toContain(typeof cell.value);
        if (typeof cell.value === 'string' && FORMULA_PAYLOADS.some((p) => cell.value === p || (cell.value as string).includes(p))) payloadCells++;
      }),
    ),
  );
  expect(payloadCells).toBeGreaterThan(0);
}

function expectInertDocx(bytes: Uint8Array): void {
  const files = unzipSync(bytes);
  const parts = Object.keys(files).filter((n) => /^word\/.*\.xml$/.test(n));
  for (const name of parts) {
    const xml = strFromU8(files[name]!);
    expect(xml, name).not.toMatch(/<w:(instrText|fldSimple|fldChar|hyperlink|altChunk|object)\b/);
    expect(xml, name).not.toMatch(/<(script|img|svg|iframe)\b/i);
  }
  expect(strFromU8(files['word/document.xml']!)).toContain('&lt;script&gt;');
}

describe('exports built from the payload list are inert', () => {
  it('conversation: Markdown renders no active HTML and keeps every payload as text; Word has no field', async () => {
    const conversation = { title: ALL, turns, exportedAt: new Date('2026-03-04T10:00:00Z') };
    const md = conversationToMarkdown(conversation);
    const text = expectInertMarkdown(md);
    for (const p of PAYLOADS) for (const word of p.split(/\s+/).filter((w) => w.length > 3)) expect(text).toContain(word.replace(/^(\*\*|_|`|~~|#)|(\*\*|_|`|~~)$/g, ''));
    expect(md).toContain('**The cap**');
    expectInertDocx(await conversationToDocx(conversation));
  });

  it('scan report: Markdown, CSV, Excel and Word', async () => {
    expectInertMarkdown(scanToMarkdown(report));
    expectNoFormulaFields(scanToCsv(report));
    await expectNoFormulaCells(await scanToXlsx(report));
    expectInertDocx(await scanToDocx(report));
    const grid = portfolioGrid([report.scan], report.scan.flags.length ? scriptPlaybook(builtinPlaybook('commercial-contracts')!).clauseTypes : [], report.reviews);
    const csv = portfolioToCsv(grid);
    expect(csvFields(csv).filter(isFormulaLike)).toEqual([]);
    await expectNoFormulaCells(await portfolioToXlsx({ ...grid, rows: grid.rows.map((r) => ({ ...r, documentName: FORMULA_PAYLOADS[0]! })) }));
  });

  it('flow table: CSV and Excel', async () => {
    expectNoFormulaFields(flowToCsv(flow));
    await expectNoFormulaCells(await flowToXlsx(flow));
  });
});
