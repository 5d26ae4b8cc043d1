/**
 * Reviewing flags (decisions with the reviewer's name, the documents' review state, stale scans,
 * passages for the viewer, the portfolio grid, reports read back from their bytes) and the
 * playbook library (files and links validated before anything uses them, size limits checked
 * before reading, install / replace / restore, edits saved under a new version).
 */
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { nextVersion, PlaybookLibrary, type PlaybookEngine } from '../../../src/app/review/playbook-library';
import { ReviewService } from '../../../src/app/review/review-service';
import type { ClauseClassifier } from '../../../src/core/ports';
import { PlaybookClassifier } from '../../../src/core/scan/classify';
import type { Playbook } from '../../../src/core/scan/playbook';
import { runScan } from '../../../src/core/scan/scan';
import { decodePlaybook, encodePlaybook, MAX_SHARE_CHARS } from '../../../src/core/scan/share';
import { MemoryPlaybookStore } from '../../../src/core/scan/store';
import { parsePlaybook, validatePlaybook } from '../../../src/core/scan/validate';
import { builtinPlaybook } from '../../../src/playbooks/builtin';
import { WorkspaceDb } from '../../../src/store/db';
import { DocumentRepository } from '../../../src/store/documents';
import { DexieScanStore } from '../../../src/store/scans';
import { freshIdb } from '../../helpers/idb';
import { docRecord, pageRecord } from '../../helpers/records';
import { sectionChunks, withSection, type Section } from '../../fixtures/review-contract';

const commercial = builtinPlaybook('commercial-contracts')!;
const nda = builtinPlaybook('nda')!;
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

/** The playbook's own classifier, under a model identity. */
function identified(identity: string): ClauseClassifier {
  const inner = new PlaybookClassifier(commercial.clauseTypes);
  return { classify: (p, o) => inner.classify(p, o), questionTypes: (q, o) => inner.questionTypes(q, o), identity };
}

async function setup(reviewer: string | null = 'Ann Lawyer') {
  const db = new WorkspaceDb('review', freshIdb());
  cleanups.push(() => db.close());
  const documents = new DocumentRepository(db);
  const store = new DexieScanStore(db);
  let now = 1_700_000_000_000;
  const model = { identity: 'model-1', asked: 0 };
  const classifierIdentity = async () => {
    model.asked++;
    return model.identity;
  };
  const service = new ReviewService({ store, documents, reviewer: async () => reviewer, classifierIdentity, now: () => now++ });
  const scanDoc = async (id: string, playbook: Playbook = commercial, sections?: readonly Section[], sha = `${id}-sha`) => {
    const chunks = sectionChunks(id, sections);
    const doc = docRecord(id, { name: `${id}.pdf`, sha256: sha, pages: 4, chunkCount: chunks.length });
    await documents.commitDocument(doc, [1, 2, 3, 4].map((p) => pageRecord(id, p, `page ${p}`)), chunks);
    const scan = await runScan({ document: doc, chunks, playbook }, { classifier: identified(model.identity) });
    await store.putScan(scan);
    return scan;
  };
  return { db, documents, store, service, scanDoc, model };
}

describe('ReviewService', () => {
  it('records decisions with the reviewer name and time, and refuses without a name or against the workflow', async () => {
    const h = await setup();
    const scan = await h.scanDoc('msa');
    const flag = scan.flags[0]!;
    const dismissed = await h.service.decide(flag, 'dismissed', 'Accepted by the client');
    expect(dismissed).toMatchObject({ status: 'dismissed', note: 'Accepted by the client', history: [{ user: 'Ann Lawyer', from: 'open', to: 'dismissed', at: 1_700_000_000_000 }] });
    await expect(h.service.decide(flag, 'escalated', '')).rejects.toThrow('a flag that is dismissed cannot be marked escalated');
    const reopened = await h.service.decide(flag, 'open', 'second look');
    expect(reopened.history.map((e) => e.to)).toEqual(['dismissed', 'open']);

    const anonymous = await setup(null);
    const other = await anonymous.scanDoc('nda');
    await expect(anonymous.service.decide(other.flags[0]!, 'resolved', '')).rejects.toMatchObject({ code: 'input/invalid', details: { needsName: true } });
  });

  it('lists each document with its flags, review state and whether a re-scan is due', async () => {
    const h = await setup();
    // Nothing scanned yet: the model is not asked for (that would start the scan worker).
    expect(await h.service.documentReviews(commercial)).toEqual([]);
    expect(h.model.asked).toBe(0);
    const scan = await h.scanDoc('msa');
    await h.scanDoc('gone');
    await h.documents.deleteDocument('gone');
    await h.service.decide(scan.flags[0]!, 'escalated', 'partner to decide');
    const [review, ...rest] = await h.service.documentReviews(commercial);
    expect(rest).toEqual([]);
    expect(review).toMatchObject({ documentId: 'msa', documentName: 'msa.pdf', stale: false, summary: { total: scan.flags.length, byStatus: { escalated: 1, open: scan.flags.length - 1 } } });
    expect(review!.items.map((i) => i.flag.id)).toEqual(scan.flags.map((f) => f.id));
    expect(review!.items[0]!.review).toMatchObject({ status: 'escalated', note: 'partner to decide' });
    expect((await h.service.documentReviews({ ...commercial, version: '1.0.1' }))[0]!.stale).toBe(true);
    // An app update brings a retrained clause model: the scan was another model's reading.
    h.model.identity = 'model-2';
    expect((await h.service.documentReviews(commercial))[0]!.stale).toBe(true);
    h.model.identity = 'model-1';
    expect((await h.service.documentReviews(commercial))[0]!.stale).toBe(false);
    await h.documents.updateDocument('msa', { sha256: 'changed' });
    expect((await h.service.documentReviews(commercial))[0]!.stale).toBe(true);
  });

  it("sums a document's review state across its playbooks (the badge on its row)", async () => {
    const h = await setup();
    const withCommercial = await h.scanDoc('msa');
    const withNda = await h.scanDoc('msa', nda);
    for (const f of withCommercial.flags) await h.service.decide(f, 'resolved', '');
    const states = await h.service.documentStates();
    const openNda = withNda.flags.length;
    expect(states.get('msa')).toEqual({ scans: 2, unresolved: openNda, escalated: 0, worst: openNda ? withNda.flags[0]!.severity : null });
  });

  it('gives the flagged passage for the viewer, from the stored chunk or, once re-imported, the evidence', async () => {
    const h = await setup();
    const scan = await h.scanDoc('msa');
    const failed = scan.flags.find((f) => f.ruleId === 'termination-convenience-notice')!;
    const passage = await h.service.passage(failed);
    expect(passage).toMatchObject({ chunkId: 'msa:2', document: { id: 'msa', name: 'msa.pdf', pages: 4 }, chunk: { pageStart: 2, sectionPath: ['3 Term and Termination'] } });
    expect(await h.service.passage(scan.flags.find((f) => f.kind === 'missing')!)).toBeNull();
    await h.db.chunks.clear();
    expect((await h.service.passage(failed))!.chunk).toMatchObject({ id: 'msa:2', pageStart: 2, text: failed.evidence!.text });
    expect(await h.service.clausePassage('msa', commercial.id, 'msa:2')).toBeNull();
  });

  it('builds the portfolio grid over the latest scans: flagged cells turn present once their flags are closed', async () => {
    const h = await setup();
    const msa = await h.scanDoc('msa');
    await h.scanDoc('fixed', commercial, withSection('3 Term and Termination', 'Either party may terminate this Agreement for convenience upon ninety (90) days prior written notice.'));
    const grid = await h.service.portfolio(commercial);
    expect(grid.rows.map((r) => r.documentName)).toEqual(['fixed.pdf', 'msa.pdf']);
    expect(grid.columns.length).toBe(new Set(commercial.rules.map((r) => r.clauseType)).size);
    expect((await h.service.portfolio(commercial, true)).columns).toHaveLength(commercial.clauseTypes.length);
    const cell = (g: typeof grid, doc: string) => g.rows.find((r) => r.documentId === doc)!.cells['termination_for_convenience']!;
    expect(cell(grid, 'msa')).toMatchObject({ state: 'flagged', severity: 'high', chunkId: 'msa:2' });
    expect(cell(grid, 'fixed')).toMatchObject({ state: 'present', severity: null });
    expect(grid.rows[0]!.cells['ip_ownership_assignment']).toMatchObject({ state: 'flagged', present: false });
    await h.service.decide(msa.flags.find((f) => f.ruleId === 'termination-convenience-notice')!, 'dismissed', 'fine');
    expect(cell(await h.service.portfolio(commercial), 'msa')).toMatchObject({ state: 'present' });
    expect(await h.service.clausePassage('msa', commercial.id, 'msa:2')).toMatchObject({ chunk: { id: 'msa:2' } });
  });

  it('writes the reports in four formats that read back with the flags, evidence and review notes', async () => {
    const h = await setup();
    const scan = await h.scanDoc('msa');
    const flag = scan.flags.find((f) => f.ruleId === 'termination-convenience-notice')!;
    await h.service.decide(flag, 'escalated', 'Ask for <b>30</b> days');
    const md = await h.service.report('msa', commercial.id, 'md');
    expect(md).toMatchObject({ name: 'msa-commercial-contracts-review.md', type: 'text/markdown' });
    expect(md.data).toContain('Ask for &lt;b&gt;30&lt;/b&gt; days');
    const csv = String((await h.service.report('msa', commercial.id, 'csv')).data);
    expect(csv.split('\r\n')[0]).toMatch(/^Severity,Status,Rule,/);

    const xlsx = (await h.service.report('msa', commercial.id, 'xlsx')).data as Uint8Array;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.buffer.slice(xlsx.byteOffset, xlsx.byteOffset + xlsx.byteLength) as ArrayBuffer);
    const rows = wb.getWorksheet('Flags')!.getSheetValues().slice(2) as unknown[][];
    expect(rows).toHaveLength(scan.flags.length);
    expect(rows.some((r) => r.includes('Escalated') && r.includes('Ask for <b>30</b> days') && r.includes(flag.evidence!.text))).toBe(true);

    const docx = (await h.service.report('msa', commercial.id, 'docx')).data as Uint8Array;
    const xml = strFromU8(unzipSync(docx)['word/document.xml']!);
    expect(xml).toContain(flag.ruleTitle.replace(/'/g, '&apos;'));
    expect(xml).toContain('Ask for &lt;b&gt;30&lt;/b&gt; days');

    const grid = await h.service.portfolio(commercial);
    const gridCsv = await h.service.portfolioFile(grid, commercial, 'csv');
    expect(gridCsv).toMatchObject({ name: 'portfolio-commercial-contracts.csv' });
    expect(String(gridCsv.data).split('\r\n')[1]).toMatch(/^msa\.pdf,/);
    await expect(h.service.report('nope', commercial.id, 'md')).rejects.toThrow('has no scan');
  });
});

const engine: PlaybookEngine = {
  validate: async (draft) => validatePlaybook(draft),
  parse: async (text, source) => parsePlaybook(text, source),
  decode: async (encoded) => decodePlaybook(encoded),
  encode: async (playbook) => encodePlaybook(playbook),
};

function library() {
  const changed: string[] = [];
  const lib = new PlaybookLibrary({ store: new MemoryPlaybookStore(), engine, now: () => 42 });
  lib.onChange((id) => changed.push(id));
  return { lib, changed };
}

const fileOf = (name: string, text: string, size = new TextEncoder().encode(text).length) => ({ name, size, text: async () => text });

describe('PlaybookLibrary', () => {
  it('lists the built-ins, and an installed edit in place of its built-in until it is removed', async () => {
    const { lib, changed } = library();
    expect((await lib.refresh()).map((e) => [e.playbook.id, e.origin])).toEqual([
      ['commercial-contracts', 'builtin'],
      ['nda', 'builtin'],
      ['gdpr-dpa', 'builtin'],
    ]);
    const edited = { ...nda, version: '1.1.0', name: 'NDA (firm standard)' };
    const incoming = await lib.readFile(fileOf('nda.playbook.json', JSON.stringify(edited)));
    expect(incoming.diff).toMatchObject({ sameId: true, fromVersion: '1.0.0', toVersion: '1.1.0', metadata: ['name', 'version'], identical: false });
    expect(changed).toEqual([]); // reading installs nothing
    await lib.install(incoming.playbook, 'file');
    expect(lib.state.entries[1]).toMatchObject({ playbook: { name: 'NDA (firm standard)' }, origin: 'file', builtin: { version: '1.0.0' }, installedAt: 42 });
    expect((await lib.get('nda'))!.version).toBe('1.1.0');
    await lib.remove('nda');
    expect((await lib.get('nda'))!.version).toBe('1.0.0');
    expect(changed).toEqual(['nda', 'nda']);
  });

  it('refuses a file over the size limit without reading it, and an invalid one naming the fields', async () => {
    const { lib } = library();
    const huge = { name: 'huge.playbook.json', size: 50 * 1024 * 1024, text: () => Promise.reject(new Error('must not be read')) };
    await expect(lib.readFile(huge)).rejects.toThrow('playbook: huge.playbook.json is 50.0 MB (at most 1 MB); it was not read');
    const bad = { ...nda, rules: [{ ...nda.rules[0]!, severity: 'urgent' }] };
    await expect(lib.readFile(fileOf('bad.json', JSON.stringify(bad)))).rejects.toThrow(/bad\.json is invalid: \/rules\/0\/severity/);
    await expect(lib.install(bad as unknown as Playbook, 'file')).rejects.toThrow(/\/rules\/0\/severity/);
  });

  it('shares a playbook as a link and reads it back, refusing links over the limit', async () => {
    const { lib } = library();
    const link = await lib.shareLink({ ...commercial, version: '1.0.1' }, 'http://localhost:4173/#old');
    expect(link.startsWith('http://localhost:4173/#playbook=')).toBe(true);
    const incoming = (await lib.readLink(link))!;
    expect(incoming).toMatchObject({ from: 'link', playbook: { id: commercial.id, version: '1.0.1' }, diff: { metadata: ['version'], identical: false } });
    expect(await lib.readLink('http://localhost:4173/#other=1')).toBeNull();
    await expect(lib.readLink(`#playbook=${'a'.repeat(MAX_SHARE_CHARS + 1)}`)).rejects.toThrow(`at most ${MAX_SHARE_CHARS}`);
  });

  it('saves an edit under the next version only when its content changed', async () => {
    const { lib, changed } = library();
    expect(nextVersion('1.2.9')).toBe('1.2.10');
    expect(await lib.saveEdited(commercial)).toBe(commercial);
    expect(changed).toEqual([]);
    const edited = { ...commercial, rules: commercial.rules.map((r) => (r.id === 'ip-ownership' ? { ...r, severity: 'critical' as const } : r)) };
    expect((await lib.saveEdited(edited)).version).toBe(nextVersion(commercial.version));
    expect((await lib.saveEdited({ ...edited, version: '2.0.0', description: 'ours' })).version).toBe('2.0.0');
    expect(lib.state.entries[0]).toMatchObject({ origin: 'editor', playbook: { version: '2.0.0' } });
    const copy = lib.duplicate(commercial);
    expect(copy).toMatchObject({ id: 'commercial-contracts-copy', name: 'Commercial contracts (copy)', version: '1.0.0' });
  });
});
