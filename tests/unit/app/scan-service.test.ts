/**
 * ScanService with the scan worker's API (createScanApi) over a Node MessageChannel and Dexie on
 * fake-indexeddb: the app's code path minus the Worker. Scans stream their events to the bus and
 * are stored before scan_done; a stored scan is reused; cancel stops the worker's job; a changed
 * playbook or document is re-scanned; model checks go through the page's language model; a
 * crashed worker fails its document and the next scan gets a fresh worker.
 */
import type { Embedder } from '../../../src/core/ports';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatAccess } from '../../../src/app/models/chat-access';
import { noChatModel } from '../../../src/app/models/chat-access';
import { EventBus } from '../../../src/app/event-bus';
import { nextVersion, PlaybookLibrary } from '../../../src/app/review/playbook-library';
import { scanKey } from '../../../src/core/scan/scan';
import { clauseKindModel } from '../../../src/playbooks/classifiers';
import { WorkerScanner } from '../../../src/app/workers/scan-proxy';
import { ScanService } from '../../../src/app/review/scan-service';
import type { CasefileEvent } from '../../../src/core/events';
import type { Playbook } from '../../../src/core/scan/playbook';
import { MemoryPlaybookStore } from '../../../src/core/scan/store';
import { builtinPlaybook } from '../../../src/playbooks/builtin';
import { registerRpcErrors } from '../../../src/rpc/errors';
import { createScanApi, type ScanApi } from '../../../src/scanner/api';
import { WorkspaceDb } from '../../../src/store/db';
import { DocumentRepository } from '../../../src/store/documents';
import { DexieScanStore } from '../../../src/store/scans';
import { channelWorker } from '../../helpers/channel-worker';
import { freshIdb } from '../../helpers/idb';
import { docRecord, pageRecord } from '../../helpers/records';
import { ScriptedChatModel } from '../../helpers/scripted-chat';
import { sectionChunks, withSection, type Section } from '../../fixtures/review-contract';

registerRpcErrors();

const commercial = builtinPlaybook('commercial-contracts')!;
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function chatWith(model: ScriptedChatModel | null): ChatAccess {
  if (!model) return noChatModel();
  return { state: { provider: 'transformers', model: model.model.id, status: 'ready', message: null }, subscribe: () => () => undefined, model: async () => model, dispose: () => undefined };
}

async function setup(options: { chat?: ScriptedChatModel | null; embedder?: () => Embedder | null } = {}) {
  const db = new WorkspaceDb('scan', freshIdb());
  const documents = new DocumentRepository(db);
  const store = new DexieScanStore(db);
  const events = new EventBus();
  const seen: CasefileEvent[] = [];
  events.subscribe((e) => seen.push(e));
  const workers: { api: ScanApi; port: ReturnType<typeof channelWorker> }[] = [];
  let terminated = 0;
  const scanner = new WorkerScanner({
    spawn: () => {
      const api = createScanApi();
      const port = channelWorker(api, () => terminated++);
      workers.push({ api, port });
      return port;
    },
  });
  const library = new PlaybookLibrary({ store: new MemoryPlaybookStore(), engine: scanner });
  const service = new ScanService({ documents, store, playbooks: library, scanner, chat: chatWith(options.chat ?? null), embedder: options.embedder ?? (() => null), events });
  cleanups.push(() => {
    service.dispose();
    scanner.terminate();
    db.close();
  });
  const addDocument = async (id: string, sections?: readonly Section[], sha = `${id}-sha-1`) => {
    const chunks = sectionChunks(id, sections);
    const doc = docRecord(id, { name: `${id}.pdf`, sha256: sha, pages: 4, chunkCount: chunks.length });
    await documents.commitDocument(doc, [pageRecord(id, 1, chunks.map((c) => c.text).join('\n'))], chunks);
    return doc;
  };
  return { db, documents, store, events, seen, scanner, library, service, workers, addDocument, terminated: () => terminated };
}

const ofJob = (events: readonly CasefileEvent[], jobId: string) => events.filter((e) => e.jobId === jobId);

describe('ScanService over the scan worker', () => {
  it('scans in the worker, streams the events to the bus and stores the scan before scan_done', async () => {
    const h = await setup();
    await h.addDocument('msa');
    const storedAtDone: Promise<boolean>[] = [];
    h.events.subscribe((e) => {
      if (e.type === 'scan_done') storedAtDone.push(h.store.getScan(e.scanKey!).then((s) => s !== undefined));
    });
    const views: (number | null)[] = [];
    h.service.subscribe(() => views.push(h.service.view.running?.fraction ?? null));
    const result = await h.service.start({ documentIds: ['msa'], playbookId: commercial.id });
    expect(result).toMatchObject({ status: 'done', failures: [] });
    const [scan] = result.scans;
    expect(scan!.flags.map((f) => f.ruleId)).toContain('termination-convenience-notice');
    expect(await h.store.latestScan('msa', commercial.id)).toEqual(scan);
    const job = h.seen.find((e) => e.type === 'chunk_classified')!.jobId;
    const events = ofJob(h.seen, job);
    expect(events.filter((e) => e.type === 'chunk_classified')).toHaveLength(6);
    expect(events.filter((e) => e.type === 'flag')).toHaveLength(scan!.flags.length);
    expect(events.at(-1)).toMatchObject({ type: 'scan_done', cached: false, documentId: 'msa', flags: scan!.flags.length });
    const progress = events.flatMap((e) => (e.type === 'progress' ? [e.done] : []));
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(await Promise.all(storedAtDone)).toEqual([true]);
    // The view shows a running batch whose fraction never goes backwards, then none.
    const fractions = views.filter((v): v is number => v !== null);
    expect(fractions.length).toBeGreaterThan(0);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(h.service.view).toMatchObject({ running: null, queued: 0, last: { status: 'done' } });
    expect(h.workers[0]!.api.openStreams()).toBe(0);
  });

  it('reuses a stored scan of the same content and playbook version, unless forced', async () => {
    const h = await setup();
    await h.addDocument('msa');
    const first = await h.service.start({ documentIds: ['msa'], playbookId: commercial.id });
    const before = h.seen.length;
    const again = await h.service.start({ documentIds: ['msa'], playbookId: commercial.id });
    const added = h.seen.slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ type: 'scan_done', cached: true });
    expect(again.scans[0]).toEqual(first.scans[0]);
    // Stored under the clause model's identity: a scan made by an earlier model is not reused.
    expect(await h.scanner.classifierIdentity()).toBe(clauseKindModel().id);
    expect(first.scans[0]!.key).toBe(scanKey((await h.documents.getDocument('msa'))!, commercial, clauseKindModel().id));
    const forced = await h.service.start({ documentIds: ['msa'], playbookId: commercial.id, force: true });
    expect(h.seen.slice(before).some((e) => e.type === 'chunk_classified')).toBe(true);
    expect(forced.scans[0]!.flags.map((f) => f.id)).toEqual(first.scans[0]!.flags.map((f) => f.id));
  });

  it('scans again once an embedder is loaded: the key names the embedder the playbook types were read with', async () => {
    let loaded: Embedder | null = null;
    const h = await setup({ embedder: () => loaded });
    await h.addDocument('msa');
    const without = await h.service.start({ documentIds: ['msa'], playbookId: commercial.id });
    expect(without.scans[0]!.key).toBe(scanKey((await h.documents.getDocument('msa'))!, commercial, clauseKindModel().id));
    loaded = { model: { id: 'local/tiny-embedder', dtype: 'fp32', device: 'wasm', dim: 4 }, embed: async (texts) => texts.map(() => Float32Array.from([0.5, 0.5, 0.5, 0.5])) };
    const before = h.seen.length;
    const withEmbedder = await h.service.start({ documentIds: ['msa'], playbookId: commercial.id });
    expect(h.seen.slice(before).some((e) => e.type === 'chunk_classified')).toBe(true);
    // The key the worker stored the scan under is the one the service looks it up by: served from the store next time.
    expect(withEmbedder.scans[0]!.key).toBe(scanKey((await h.documents.getDocument('msa'))!, commercial, `${clauseKindModel().id}+local/tiny-embedder`));
    const again = h.seen.length;
    await h.service.start({ documentIds: ['msa'], playbookId: commercial.id });
    expect(h.seen.slice(again)).toEqual([expect.objectContaining({ type: 'scan_done', cached: true })]);
  });

  it('runs batches one after another and lists a document that cannot be scanned as a failure', async () => {
    const h = await setup();
    await h.addDocument('a');
    await h.addDocument('b');
    await h.documents.putDocument(docRecord('queued', { status: 'queued' }));
    const [one, two] = await Promise.all([h.service.start({ documentIds: ['a', 'queued'], playbookId: commercial.id }), h.service.start({ documentIds: ['b'], playbookId: commercial.id })]);
    expect(one.scans.map((s) => s.documentId)).toEqual(['a']);
    expect(one.failures).toEqual([{ documentId: 'queued', name: 'queued.pdf', message: 'scan: queued.pdf is not ready (queued)' }]);
    expect(two.scans.map((s) => s.documentId)).toEqual(['b']);
    await expect(h.service.start({ documentIds: [], playbookId: commercial.id })).rejects.toThrow('choose at least one document');
    await expect(h.service.start({ documentIds: ['a'], playbookId: 'no-such' })).rejects.toThrow('no playbook "no-such"');
  });

  it('cancels the running batch: the worker stops, nothing is stored, job_cancelled is published', async () => {
    const h = await setup();
    const many: Section[] = Array.from({ length: 60 }, (_, i) => ({ title: `${i + 1} Clause ${i + 1}`, page: 1 + Math.floor(i / 4), text: `Provider shall comply with obligation number ${i + 1} of this Agreement at its own cost.` }));
    await h.addDocument('long', many);
    h.events.subscribe((e) => {
      if (e.type === 'progress') h.service.cancel();
    });
    const result = await h.service.start({ documentIds: ['long'], playbookId: commercial.id });
    expect(result.status).toBe('cancelled');
    expect(await h.store.listScans()).toEqual([]);
    expect(h.seen.at(-1)).toMatchObject({ type: 'job_cancelled' });
    await expect.poll(() => h.workers[0]!.api.openStreams()).toBe(0);
  });

  it('re-scans the documents of a playbook that is edited, and a document imported again', async () => {
    const h = await setup();
    await h.addDocument('msa');
    await h.service.start({ documentIds: ['msa'], playbookId: commercial.id });
    const lenient: Playbook = { ...commercial, rules: commercial.rules.map((r) => (r.id === 'termination-convenience-notice' ? { ...r, checks: [{ type: 'value', value: 'duration', op: '>=', amount: 10, unit: 'days', near: 'notice' }] } : r)) };
    const saved = await h.library.saveEdited(lenient);
    expect(saved.version).toBe(nextVersion(commercial.version));
    await expect.poll(async () => (await h.store.latestScan('msa', commercial.id))?.playbookVersion).toBe(nextVersion(commercial.version));
    const rescanned = (await h.store.latestScan('msa', commercial.id))!;
    expect(rescanned.flags.some((f) => f.ruleId === 'termination-convenience-notice')).toBe(false);

    await h.addDocument('msa', withSection('5 Governing Law', 'This Agreement is governed by the laws of the State of New York.'), 'msa-sha-2');
    h.events.publish({ type: 'file_done', documentId: 'msa', name: 'msa.pdf', status: 'ready', jobId: 'import', at: 1 });
    await expect.poll(async () => (await h.store.latestScan('msa', commercial.id))?.documentSha256).toBe('msa-sha-2');
    expect((await h.store.latestScan('msa', commercial.id))!.flags.some((f) => f.ruleId === 'governing-law-approved')).toBe(false);
  });

  it('puts model checks to the workspace language model through the page, and re-runs when one becomes available', async () => {
    const none = await setup();
    await none.addDocument('msa');
    const without = (await none.service.start({ documentIds: ['msa'], playbookId: commercial.id })).scans[0]!;
    expect(without.flags.find((f) => f.ruleId === 'model-cap-mutual')).toMatchObject({ kind: 'unverified', details: ['not checked: no language model is configured'] });

    const model = new ScriptedChatModel({ json: [{ value: { answer: 'yes', reason: 'both parties are capped' } }] });
    const h = await setup({ chat: model });
    await h.addDocument('msa');
    await h.store.putScan(without); // the scan made before a model was set up
    const withModel = (await h.service.start({ documentIds: ['msa'], playbookId: commercial.id })).scans[0]!;
    expect(withModel.flags.some((f) => f.ruleId === 'model-cap-mutual')).toBe(false);
    expect(withModel.outcomes.find((o) => o.ruleId === 'model-cap-mutual')).toMatchObject({ outcome: 'pass', details: ['model (scripted/test-model) answered yes: both parties are capped'] });
    expect(model.jsonCalls).toHaveLength(1);
    expect(model.jsonCalls[0]!.request.messages[1]!.content).toContain('three (3) months');
    expect(model.jsonCalls[0]!.signal).toBeInstanceOf(AbortSignal);
  });

  it('fails the document whose worker crashed, and scans the next one in a fresh worker', async () => {
    const h = await setup();
    await h.addDocument('a');
    await h.addDocument('b');
    let crashed = false;
    h.events.subscribe((e) => {
      if (e.type === 'chunk_classified' && !crashed) {
        crashed = true;
        h.workers[0]!.port.dispatchEvent(Object.assign(new Event('error'), { message: 'out of memory' }));
      }
    });
    const result = await h.service.start({ documentIds: ['a', 'b'], playbookId: commercial.id });
    expect(result.failures).toEqual([{ documentId: 'a', name: 'a.pdf', message: 'scan worker crashed: out of memory' }]);
    expect(result.scans.map((s) => s.documentId)).toEqual(['b']);
    expect(h.scanner.spawned).toBe(2);
    expect(h.seen.some((e) => e.type === 'job_failed' && e.error.message === 'scan worker crashed: out of memory')).toBe(true);
  });

  it('tests a draft playbook on a document without storing or publishing anything', async () => {
    const h = await setup();
    await h.addDocument('msa');
    const draft: Playbook = { ...commercial, id: 'draft', rules: commercial.rules.filter((r) => r.id === 'governing-law-approved') };
    const before = h.seen.length;
    const scan = await h.service.test('msa', draft);
    expect(scan.flags.map((f) => [f.ruleId, f.evidence?.page])).toEqual([['governing-law-approved', 4]]);
    expect(h.seen.length).toBe(before);
    expect(await h.store.listScans()).toEqual([]);
  });
});
