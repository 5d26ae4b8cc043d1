import { describe, expect, it } from 'vitest';
import { collectTurn, runTurn } from '../../../../src/core/answer/turn';
import { isVerbatim } from '../../../../src/core/answer/verbatim';
import { CatalogWorkspaceAnswers } from '../../../../src/core/workspace/answers';
import { MemoryCatalog } from '../../../../src/core/workspace/catalog';
import { documentFacts } from '../../../../src/core/workspace/facts';
import type { FlowRecord, FlowRow, WorkItem } from '../../../../src/core/workspace/flows';
import { MemoryFlowStore } from '../../../../src/core/workspace/flows';
import { askItem, bestSentence, itemSettings, withoutHeading } from '../../../../src/core/workspace/map';
import { composeFlowExtractive, reduceFlow, windowAround } from '../../../../src/core/workspace/reduce';
import { factsReply } from '../../../../src/core/workspace/replies';
import { DurationModel } from '../../../../src/core/workspace/durations';
import { FlowScheduler } from '../../../../src/core/workspace/scheduler';
import { askResult, AVV, fakeAsk, MSA, NDA, PASSAGES } from '../../../helpers/ask-fixtures';
import { namedRows, NOW } from '../../../helpers/catalog-fixtures';
import { ScriptedChatModel } from '../../../helpers/scripted-chat';

const ITEM: WorkItem = { id: 'f:0', index: 0, kind: 'ask', documentId: 'msa', label: 'Master Services Agreement', query: 'governing law', subjects: ['governing_law'], fields: ['governing', 'law'], evidenceBudget: 3, neighbourDepth: 2, operation: 'fact' };
const FLOW = {} as FlowRecord;

describe('the map step', () => {
  it('asks the item\'s document only, with its evidence budget and neighbour depth', async () => {
    const fake = fakeAsk((r) => askResult(r.question, [PASSAGES.law, PASSAGES.term]));
    const row = await askItem(ITEM, FLOW, { asker: fake.asker });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ question: 'governing law', context: { userScope: ['msa'] }, settings: { neighbours: 2, selection: { topK: 3, perFile: 0 } } });
    expect(row).toMatchObject({ status: 'found', documentId: 'msa', chunkId: 'msa:70', pageStart: 8, section: ['ARTICLE 17 GENERAL', '17.4 Governing Law'], reason: null });
    expect(row.finding).toBe('This Agreement is governed by the laws of the State of New York, without regard to its conflict of laws principles.');
    expect(row.evidence).toBe(PASSAGES.law.text);
    expect(itemSettings(ITEM).rerank).toBe(true);
  });

  it('asks each document in the whole question\'s language, which the question\'s content alone is too short to tell', async () => {
    // « Quels contrats se renouvellent automatiquement ? » asks each contract "renouvellent automatiquement".
    const item = { ...ITEM, query: 'renouvellent automatiquement', subjects: ['renewal_term'] };
    for (const [question, language] of [['Quels contrats se renouvellent automatiquement ?', 'fr'], ['Welche Verträge verlängern sich automatisch?', 'de'], ['which agreements renew automatically?', 'en']] as const) {
      const fake = fakeAsk((r) => askResult(r.question, [PASSAGES.term]));
      await askItem(item, { question } as FlowRecord, { asker: fake.asker });
      expect(fake.requests[0]?.context).toEqual({ userScope: ['msa'], language });
    }
  });

  it('writes the value in the question\'s language, the quote as the contract has it', async () => {
    const item = { ...ITEM, query: 'renouvellent automatiquement', subjects: ['renewal_term'] };
    const fake = fakeAsk((r) => askResult(r.question, [PASSAGES.term]));
    const row = await askItem(item, { question: 'Quels contrats se renouvellent automatiquement ?' } as FlowRecord, { asker: fake.asker });
    expect(row).toMatchObject({ verdict: 'yes', value: { kind: 'renewal_term', display: '1 an, à chaque renouvellement' } });
    expect(row.finding).toContain('renews automatically for successive one (1) year periods');
    const english = await askItem({ ...item, query: 'renew automatically' }, { question: 'which contracts renew automatically?' } as FlowRecord, { asker: fake.asker });
    expect(english.value?.display).toBe('1 year, each renewal');
  });

  it('quotes the sentence that reads as the clause asked about, not the first one sharing its words', async () => {
    const rely = { doc: MSA, seq: 30, text: '7. Limitation of Liability. The Adviser may rely on information reasonably believed by it to be accurate and reliable. It shall keep records of its liability insurance.', page: 2, section: ['7 Limitation of Liability'] };
    const capSentence = 'In no event shall either party be liable to the other for indirect, special or consequential damages.';
    const cap = { doc: MSA, seq: 31, text: `Each party shall cooperate in good faith. ${capSentence}`, page: 3, section: ['8 Damages'] };
    const item = { ...ITEM, query: 'have a liability cap', subjects: ['cap_on_liability'] };
    const plain = await askItem(item, FLOW, { asker: fakeAsk((r) => askResult(r.question, [rely, cap])).asker });
    expect(plain.finding).toContain('The Adviser may rely');
    const kindSentences = { 'msa:31': [{ text: capSentence, score: 0.95, sure: true }], 'msa:30': [{ text: 'It shall keep records of its liability insurance.', score: 0.6, sure: false }] };
    const row = await askItem(item, FLOW, { asker: fakeAsk((r) => askResult(r.question, [rely, cap], { kindSentences })).asker });
    expect(row).toMatchObject({ status: 'found', chunkId: 'msa:31', pageStart: 3, finding: capSentence });
  });

  it('labels the row with the section its finding sits in, not the one its passage starts in', async () => {
    const packed = {
      ...PASSAGES.law,
      seq: 69,
      section: ['ARTICLE 17 GENERAL', '17.3 Notices'],
      text: `Notices shall be in writing and delivered to the addresses set out above. 17.4 Governing Law. ${PASSAGES.law.text}`,
    };
    const fake = fakeAsk((r) => askResult(r.question, [packed]));
    const row = await askItem(ITEM, FLOW, { asker: fake.asker });
    expect(row.finding).toBe('This Agreement is governed by the laws of the State of New York, without regard to its conflict of laws principles.');
    expect(row.section).toEqual(['ARTICLE 17 GENERAL', '17.4 Governing Law']);
  });

  it('says not found, and why, when the sufficiency signal says the evidence does not answer', async () => {
    const fake = fakeAsk((r) => askResult(r.question, [PASSAGES.term], { outcome: 'insufficient', sufficiency: { score: 0.2, threshold: 0.5, reasons: ['No passage in “Mutual Non-Disclosure Agreement” is a governing-law clause.'] } }));
    const row = await askItem({ ...ITEM, documentId: 'nda' }, FLOW, { asker: fake.asker });
    expect(row).toMatchObject({ status: 'not_found', document: NDA.name, finding: '', evidence: '', chunkId: null, score: 0.2, reason: 'No passage in “Mutual Non-Disclosure Agreement” is a governing-law clause.' });
  });

  it('a document without the clause an absence asks about is a yes with no finding; one with it a no, quoted', async () => {
    const absent = { question: 'Which agreements have no cap on liability?' } as FlowRecord;
    const item = { ...ITEM, query: 'cap on liability', subjects: ['cap_on_liability'] };
    // The search found a damages exclusion, but the whole document holds no cap by the classifier.
    const lacks = fakeAsk((r) => askResult(r.question, [PASSAGES.law], { sufficiency: { score: 0.6, threshold: 0.5, reasons: [], signals: { retrieval: 0.9, clause: 0.2 } } }));
    expect(await askItem(item, absent, { asker: lacks.asker })).toMatchObject({ verdict: 'yes', status: 'not_found', finding: '', chunkId: null, clause: 0.2 });
    const has = fakeAsk((r) => askResult(r.question, [PASSAGES.cap], { sufficiency: { score: 0.9, threshold: 0.5, reasons: [], signals: { retrieval: 0.9, clause: 0.9 } } }));
    expect(await askItem(item, absent, { asker: has.asker })).toMatchObject({ verdict: 'no', status: 'found', chunkId: 'msa:40' });
  });

  it('reads the value the question asks as the ask path does: the words weighed with the clause kind asked about', async () => {
    const fake = fakeAsk((r) => askResult(r.question, [PASSAGES.term]));
    // The words ask how long; about the term, that is its end.
    const term = await askItem({ ...ITEM, query: 'how long is the initial term', subjects: ['expiration_date'] }, FLOW, { asker: fake.asker });
    expect(term.value).toMatchObject({ kind: 'expiration_date' });
    // About a warranty, "how long" asks no end date of the contract.
    const warranty = await askItem({ ...ITEM, query: 'how long is the warranty', subjects: ['warranty_duration'] }, FLOW, { asker: fake.asker });
    expect(warranty.value ?? null).toBeNull();
    // A value in a sentence too long for a finding: the finding is cut around the value's words, not the question's.
    const long = { ...PASSAGES.term, text: `The term of this Agreement ("Term") will begin on the date it is signed by the last signatory ("Effective Date"), ${'and each Statement of Work signed by both Parties before then shall be performed by the Parties in good faith and with due care, '.repeat(4)}and the Term will remain in effect for [***]; provided, however, that every SOW then open shall be completed.` };
    const cut = await askItem({ ...ITEM, query: 'when does the agreement expire', subjects: ['expiration_date'] }, FLOW, { asker: fakeAsk((r) => askResult(r.question, [long])).asker });
    expect(cut.value).toMatchObject({ kind: 'expiration_date', value: { type: 'redacted' } });
    expect(cut.finding).toContain('remain in effect for [***]');
    expect(long.text).toContain(cut.finding);
    // No value word, but the renewal kind: its renewal term.
    const prolonged = await askItem({ ...ITEM, query: 'can the agreement be prolonged', subjects: ['renewal_term'] }, FLOW, { asker: fake.asker });
    expect(prolonged.value).toMatchObject({ kind: 'renewal_term', value: { type: 'duration', duration: { amount: 1, unit: 'years' } } });
  });

  it('findings are verbatim: the best sentence, without the heading the chunk starts with, long ones cut around the question words', () => {
    expect(withoutHeading('Non-Competition During the term and for one (1) year after it, Fabrikam shall not compete.', 'Non-Competition')).toBe('During the term and for one (1) year after it, Fabrikam shall not compete.');
    expect(withoutHeading('Governing Law', 'Governing Law')).toBe('Governing Law');
    const long = `${'The Supplier shall deliver the goods in good order and condition, '.repeat(8)}and this Agreement is governed by the laws of England, ${'with every notice given in writing to the other party, '.repeat(6)}end.`;
    const finding = bestSentence('governing law', long, 'en');
    expect(finding.length).toBeLessThanOrEqual(420);
    expect(finding).toContain('governed by the laws of England');
    expect(long).toContain(finding);
    // The next clause's number that a passage runs into ("… commencing on January 1, 2016. 3. FRANCHISE FEE …") is no part of the finding.
    expect(bestSentence('term of the franchise', 'The term of the Franchise shall be twenty (20) years, commencing on January 1, 2016. 3. FRANCHISE FEE. (a) Grantee shall pay to Grantor a Franchise Fee.', 'en')).toBe('The term of the Franchise shall be twenty (20) years, commencing on January 1, 2016.');
  });
});

function row(patch: Partial<FlowRow> & Pick<FlowRow, 'itemId'>): FlowRow {
  return { documentId: null, document: 'x.pdf', title: null, status: 'found', finding: '', evidence: '', chunkId: null, pageStart: 1, pageEnd: 1, section: [], language: 'en', score: 0.9, reason: null, ms: 1, ...patch };
}

const TABLE_FLOW = {
  question: 'what law governs each contract?',
  language: 'en',
  items: ['a', 'b', 'c'].map((x, i) => ({ ...ITEM, id: `f:${i}`, index: i, documentId: x })),
  rows: [
    row({ itemId: 'f:2', documentId: 'c', document: 'c.pdf', title: 'Supply Agreement', status: 'not_found', reason: 'none' }),
    row({ itemId: 'f:0', documentId: 'a', document: 'a.pdf', title: 'Distribution Agreement', chunkId: 'a:5', pageStart: 4, pageEnd: 5, section: ['12 General', '12.3 Governing Law'], finding: 'This Agreement is governed by the laws of England.', evidence: 'Miscellaneous terms apply. This Agreement is governed by the laws of England. Headings are for convenience.' }),
    row({ itemId: 'f:1', documentId: 'b', document: 'b.pdf', title: 'Distribution Agreement', chunkId: 'b:9', finding: 'The laws of the State of New York govern this Agreement.', evidence: 'The laws of the State of New York govern this Agreement.' }),
  ],
} as unknown as FlowRecord;

describe('the reduce step', () => {
  it('extractive: the count, then each finding quoted verbatim and cited, then where it was not found', async () => {
    const { text, sources } = composeFlowExtractive(TABLE_FLOW);
    expect(text).toBe(
      [
        'Found in 2 of 3 documents; not found in 1.',
        'Distribution Agreement (a.pdf) — pp. 4–5 — § 12.3 Governing Law:\n> This Agreement is governed by the laws of England. [1]',
        'Distribution Agreement (b.pdf) — p. 1:\n> The laws of the State of New York govern this Agreement. [2]',
        'Not found in: Supply Agreement.',
      ].join('\n\n'),
    );
    expect(sources.map((s) => [s.n, s.chunkId, s.documentId])).toEqual([[1, 'a:5', 'a'], [2, 'b:9', 'b']]);
    const result = await reduceFlow(TABLE_FLOW);
    expect(result).toMatchObject({ writer: 'extractive', fallback: null, answer: { verification: { ok: true, citations: 2, quotes: 2, unverifiedQuotes: 0 } } });
  });

  it('a one-part text file\'s row says its section only, and a German reply says S. for a page', () => {
    const text = { ...TABLE_FLOW, rows: [row({ itemId: 'f:0', documentId: 'a', document: 'a.txt', title: 'Contrat de distribution', mediaType: 'text/plain', pages: 1, chunkId: 'a:3', section: ['Article 5 Non-concurrence'], finding: 'Le Distributeur s’interdit de distribuer des produits concurrents.', evidence: 'Le Distributeur s’interdit de distribuer des produits concurrents.' })] } as unknown as FlowRecord;
    expect(composeFlowExtractive(text).text).toContain('Contrat de distribution — § Article 5 Non-concurrence:\n>');
    const de = { ...TABLE_FLOW, language: 'de' } as unknown as FlowRecord;
    expect(composeFlowExtractive(de).text).toContain('Distribution Agreement (a.pdf) — S. 4–5 — § 12.3 Governing Law:');
  });

  it('the model sees each found row\'s passage cut around its finding', () => {
    const evidence = `${'x '.repeat(600)}the finding is here. ${'y '.repeat(600)}`;
    const cut = windowAround(evidence, 'the finding is here.', 300);
    expect(cut.length).toBeLessThanOrEqual(300);
    expect(cut).toContain('the finding is here.');
    expect(isVerbatim(cut, evidence)).toBe(true);
  });

  it('a model that writes nothing falls back to the extractive answer, saying so', async () => {
    const model = new ScriptedChatModel({ chat: [{ deltas: ['   '] }] });
    const result = await reduceFlow(TABLE_FLOW, { model });
    expect(result).toMatchObject({ writer: 'extractive', fallback: 'the model wrote nothing' });
  });

  it('nothing found: no model call, the answer says so', async () => {
    const model = new ScriptedChatModel();
    const none = { ...TABLE_FLOW, rows: TABLE_FLOW.rows.map((r) => ({ ...r, status: 'not_found' as const, chunkId: null })) };
    const result = await reduceFlow(none, { model });
    expect(result.answer.text).toBe('Not found in any of the 3 documents.');
    expect(model.calls).toEqual([]);
  });
});

describe('facts of a document', () => {
  it('in English, French and German; parties not recorded on old records say so', () => {
    const [msa, , , avv, scan] = namedRows().map(documentFacts);
    expect(factsReply([msa!], ['parties', 'pages'], 'en')).toBe('The parties of Master Services Agreement (Master Services Agreement.pdf): Acme Corp.; Beta LLC.\nMaster Services Agreement (Master Services Agreement.pdf) has 9 pages.');
    expect(factsReply([avv!], ['language'], 'fr')).toBe('Auftragsverarbeitungsvertrag (Auftragsverarbeitungsvertrag.pdf) est en allemand.');
    expect(factsReply([scan!], ['ocr_quality', 'language'], 'de')).toBe('Strategic Alliance Agreement (Aura scan.pdf) wurde auf 4 Seiten per OCR gelesen, mittlere Konfidenz 71/100. Niedrige Konfidenz auf den Seiten 2, 3.\nDie Sprache von Strategic Alliance Agreement (Aura scan.pdf) ist unbekannt (keine erkannt).');
    // A last party ending with a full stop takes no second one, in each language.
    const medica = { ...msa!, parties: ['VAPOTHERM, INC.', 'MEDICA, S.p.A.'] };
    expect(factsReply([medica], ['parties'], 'en')).toBe('The parties of Master Services Agreement (Master Services Agreement.pdf): VAPOTHERM, INC.; MEDICA, S.p.A.');
    expect(factsReply([medica], ['parties'], 'fr')).toBe('Parties de Master Services Agreement (Master Services Agreement.pdf) : VAPOTHERM, INC. ; MEDICA, S.p.A.');
    expect(factsReply([medica], ['parties'], 'de')).toBe('Parteien von Master Services Agreement (Master Services Agreement.pdf): VAPOTHERM, INC.; MEDICA, S.p.A.');
    expect(factsReply([{ ...avv!, parties: null }], ['parties'], 'en')).toBe('The parties of Auftragsverarbeitungsvertrag (Auftragsverarbeitungsvertrag.pdf) were not recorded when it was added; it also goes by: AVV.');
    expect(factsReply([msa!], ['added', 'source'], 'en')).toBe(`Master Services Agreement (Master Services Agreement.pdf) was added on 2026-03-08 (from an opened folder).\nMaster Services Agreement (Master Services Agreement.pdf) is contracts/Master Services Agreement.pdf, in the folder contracts.`);
  });
});

describe('a scan of several documents planned by the model', () => {
  it('is recorded as a flow for approval; nothing is scanned before it', async () => {
    const scanned: string[] = [];
    const store = new MemoryFlowStore();
    const executor = {
      run: async (item: WorkItem) => {
        scanned.push(item.documentId!);
        return { documentId: item.documentId, document: item.label, title: null, status: 'found' as const, finding: '2 flags', evidence: '', chunkId: null, pageStart: null, pageEnd: null, section: [], language: null, score: null, reason: null };
      },
    };
    // A device that measured 4 s a scan before.
    const flows = new FlowScheduler({ store, executors: { scan: executor }, durations: new DurationModel({ version: 2, kinds: { scan: { meanMs: 4000, samples: 3, weight: 2 } } }) });
    const rows = [MSA, NDA, AVV];
    const workspace = new CatalogWorkspaceAnswers({ catalog: new MemoryCatalog(rows), flows, now: () => NOW });
    const planner = new ScriptedChatModel({ json: [{ value: { family: 'scan_request', reply_language: 'en', evidence_regime: 'grounded', follow_up: false } }, { value: { document_ids: ['D1', 'D2'], section_ordinal: null, answer_shape: 'short' } }] });
    const fake = fakeAsk(() => askResult('x', []));
    const { turn } = await collectTurn(runTurn({ question: 'Review the MSA and the NDA against the commercial playbook' }, { asker: fake.asker, workspace, model: planner, timeouts: { planMs: 300, firstTokenMs: 300, idleMs: 300 } }));
    expect(turn).toMatchObject({ state: 'action', action: { kind: 'scan' } });
    expect(turn.action!.documentIds).toHaveLength(2);
    expect(turn.answer?.text).toMatch(/^I would review 2 documents against a playbook, one at a time: .+\n\nEstimated time: about 9 s \(about 5 s per document on this device\)\.\n\nNothing runs until you approve\.$/);
    expect(scanned).toEqual([]);
    expect(fake.requests).toEqual([]);
    await flows.approve(turn.action!.flowId!);
    await flows.whenIdle();
    expect(scanned.sort()).toEqual([...turn.action!.documentIds].sort());
    expect((await store.get(turn.action!.flowId!))!.status).toBe('done');
  });
});
