/**
 * Answers that state the answer, in Chromium, no language model, on four generated contracts
 * (two under New York law, one under California law, one with no governing-law clause):
 * - a question about one contract's governing law leads with the value ("New York law governs
 *   [1]") and quotes the sentence naming it, never its heading;
 * - "Which contracts are governed by New York law?" runs as an approved flow: the honest count
 *   ("Yes for 2 of 4 documents; no for 1; 1 could not be judged."), a Meets it? column (yes / no /
 *   could not be judged) with the value and its citation, and the CSV and XLSX exports carrying
 *   the verdict, the value and the counts.
 * Screenshots at 1280×800 and 390×844 (tests/e2e/artifacts), no sideways scrolling on a phone.
 */
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download } from './review-support';
import { ARTIFACTS, ask, latestTurn, launch, openApp, screenshotAtSizes, SIZES, waitForStatus, type Session } from './support';


const law = (place: string | null) =>
  place
    ? ['9. GOVERNING LAW', '', '9.1 Applicable Law and Interpretation', '', `This Agreement and every dispute arising out of or in connection with it shall be governed by and construed in accordance with the laws of the State of ${place}, without regard to its conflict of laws principles, and the parties submit to the exclusive jurisdiction of its courts.`, '']
    : ['9. DISPUTES', '', '9.1 The parties shall first try to settle any dispute by negotiation between senior managers for thirty (30) days.', ''];

/** A right to end the contract at any time (two of the four contracts have one). */
const convenience = (yes: boolean) => (yes ? ['3. TERMINATION', '', '3.1 Either party may terminate this Agreement at any time for convenience upon ninety (90) days prior written notice to the other party.', ''] : []);

function contract(title: string, a: string, b: string, place: string | null, canEnd = false): string {
  return [
    title.toUpperCase(),
    '',
    `This ${title} (the "Agreement") is made on 1 March 2024 between ${a} and ${b}.`,
    '',
    '1. SERVICES',
    '',
    `1.1 ${a} shall provide the Services described in Schedule 1 with reasonable skill and care.`,
    '',
    '2. TERM',
    '',
    '2.1 This Agreement commences on the Effective Date and continues for an initial term of three (3) years, and thereafter renews automatically for successive one (1) year periods unless either party gives notice of non-renewal at least sixty (60) days before the end of the then-current term.',
    '',
    ...convenience(canEnd),
    ...law(place),
  ].join('\n');
}

const FILES = [
  { name: 'acme-hosting.txt', text: contract('Hosting Agreement', 'Acme Cloud Inc.', 'Bluebird Retail LLC', 'New York', true) },
  { name: 'orion-supply.txt', text: contract('Supply Agreement', 'Orion Metals Corp.', 'Harbor Tools Inc.', 'New York') },
  { name: 'pacific-license.txt', text: contract('License Agreement', 'Pacific Software Inc.', 'Delta Clinics LLC', 'California', true) },
  { name: 'quartz-services.txt', text: contract('Services Agreement', 'Quartz Consulting LLC', 'Maple Foods Inc.', null) },
];

/** The words of the elements' text that the layout breaks over two lines (a word's range has more than one line box). */
function wordsSplitAcrossLines(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((els) =>
    els.flatMap((el) => {
      const split: string[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const m of (node.textContent ?? '').matchAll(/\S+/gu)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) split.push(m[0]);
        }
      }
      return split;
    }),
  );
}

const screenshots = (page: Page, el: Locator, name: string): Promise<void> => screenshotAtSizes(page, el, (size) => `${ARTIFACTS}/conditions-${name}-${size}.png`);

describe('answers that state the answer: values and questions with a condition', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch({ viewport: SIZES.desktop });
    await openApp(s.page);
    await s.page.getByTestId('file-input').setInputFiles(FILES.map((f) => ({ name: f.name, mimeType: 'text/plain', buffer: Buffer.from(f.text) })));
    for (const f of FILES) await waitForStatus(s.page, f.name, 'Ready');
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('leads with the governing law of the contract asked about, quoting the sentence that names it', async () => {
    await ask(s.page, 'Which law governs the Pacific Software license agreement?');
    const turn = latestTurn(s.page);
    expect(await turn.getAttribute('data-state')).toBe('answered');
    const text = (await turn.getByTestId('answer-text').textContent()) ?? '';
    expect(text.startsWith('California law governs')).toBe(true);
    expect(text).toContain('laws of the State of California');
    expect(text).not.toMatch(/GOVERNING LAW\s*\[/);
    expect(await turn.getByTestId('verification').textContent()).toMatch(/verbatim/);
    await screenshots(s.page, turn, 'value');
  });

  it('answers "which contracts are governed by New York law?" with the honest count and a yes/no column, then exports it', async () => {
    const question = 'Which contracts are governed by New York law?';
    await ask(s.page, question);
    const turn = latestTurn(s.page);
    expect(await turn.getAttribute('data-state')).toBe('action');
    await turn.getByTestId('approve').click();
    await turn.getByTestId('flow-result').waitFor({ timeout: 60_000 });
    expect(await turn.getByTestId('flow-answer').textContent()).toContain('Yes for 2 of 4 documents; no for 1; 1 could not be judged.');
    const rows = await turn.getByTestId('flow-row').evaluateAll((trs) =>
      trs.map((tr) => ({ document: tr.getAttribute('data-document'), verdict: tr.querySelector('[data-testid=flow-verdict]')?.getAttribute('data-verdict'), value: tr.querySelector('[data-testid=flow-value]')?.textContent ?? '', finding: tr.querySelector('[data-testid=flow-finding]')?.textContent ?? '' })),
    );
    const by = new Map(rows.map((r) => [r.document, r]));
    expect(by.get('acme-hosting.txt')).toMatchObject({ verdict: 'yes', value: 'New York' });
    expect(by.get('orion-supply.txt')).toMatchObject({ verdict: 'yes', value: 'New York' });
    expect(by.get('pacific-license.txt')).toMatchObject({ verdict: 'no', value: 'California' });
    expect(by.get('quartz-services.txt')?.verdict).toBe('unclear');
    expect(by.get('acme-hosting.txt')!.finding).toContain('governed by and construed in accordance with the laws of the State of New York');
    // A title or a section label wraps between its words, never inside one ("GOVERNI NG LAW"), at a desktop width.
    expect(await wordsSplitAcrossLines(turn.locator('.flow-doc-label, .flow-section'))).toEqual([]);
    await screenshots(s.page, turn, 'table');

    const csv = await download(s.page, () => turn.getByTestId('export-csv').click());
    const lines = csv.bytes.toString('utf8').replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Document,File,Result,Verdict,Value,Finding,Evidence,Page,Section,Note');
    expect(lines.find((l) => l.includes('pacific-license.txt'))).toMatch(/,no,California,/);
    const xlsx = await download(s.page, () => turn.getByTestId('export-xlsx').click());
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.bytes.buffer.slice(xlsx.bytes.byteOffset, xlsx.bytes.byteOffset + xlsx.bytes.byteLength) as ArrayBuffer);
    const about = wb.getWorksheet('Question')!;
    const facts = Object.fromEntries([...Array(about.rowCount).keys()].map((i) => [about.getRow(i + 1).getCell(1).text, about.getRow(i + 1).getCell(2).value]));
    expect(facts).toMatchObject({ Question: question, Documents: 4, Yes: 2, No: 1, 'Could not be judged': 1 });
  });

  it.each([
    ['Quels contrats se renouvellent automatiquement ?', 'Oui pour 4 documents sur 4'],
    ['Welche Verträge verlängern sich automatisch?', 'Ja bei 4 von 4'],
  ])('asks "%s" of the English contracts in its language: each renews itself', async (question, count) => {
    // Each document is asked the question's content ("renouvellent automatiquement"), read in the
    // whole question's language; it was "non" for every contract when that was left undetected.
    await ask(s.page, question);
    const turn = latestTurn(s.page);
    expect(await turn.getAttribute('data-state')).toBe('action');
    await turn.getByTestId('approve').click();
    await turn.getByTestId('flow-result').waitFor({ timeout: 60_000 });
    expect(await turn.getByTestId('flow-answer').textContent()).toContain(count);
    const verdicts = await turn.getByTestId('flow-verdict').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-verdict')));
    expect(verdicts).toEqual(['yes', 'yes', 'yes', 'yes']);
    expect(await turn.getByTestId('flow-value').allTextContents()).toEqual(Array(4).fill(expect.stringMatching(/\b1\b/u)));
  });

  it('asks „Welche Verträge können ordentlich gekündigt werden?“: each document is read for the kind in the question’s language', async () => {
    // Each document is asked „ordentlich gekündigt“, too short to tell its language: read as German, it names termination for convenience.
    await ask(s.page, 'Welche Verträge können ordentlich gekündigt werden?');
    const turn = latestTurn(s.page);
    await turn.getByTestId('approve').click();
    await turn.getByTestId('flow-result').waitFor({ timeout: 60_000 });
    expect(await turn.getByTestId('flow-answer').textContent()).toContain('In 2 von 4 Dokumenten gefunden');
    expect(await turn.getByTestId('flow-answer').textContent()).toContain('at any time for convenience');
  });
});

