import { describe, expect, it } from 'vitest';
import { isAbort } from '../../../../src/core/errors';
import type { CasefileEvent } from '../../../../src/core/events';
import { runScan, scanDocument, scanKey } from '../../../../src/core/scan/scan';
import type { ClauseClassifier } from '../../../../src/core/ports';
import { PlaybookClassifier } from '../../../../src/core/scan/classify';
import { MemoryScanStore } from '../../../../src/core/scan/store';
import { severityRank, type Playbook } from '../../../../src/core/scan/playbook';
import { builtinPlaybook } from '../../../../src/playbooks/builtin';
import { reviewDocument, sectionChunks, withSection } from '../../../fixtures/review-contract';

const commercial = builtinPlaybook('commercial-contracts')!;

async function collect(request: Parameters<typeof runScan>[0], deps: Parameters<typeof runScan>[1], options: Parameters<typeof runScan>[2] = {}) {
  const events: CasefileEvent[] = [];
  const scan = await runScan(request, deps, { ...options, onEvent: (e) => events.push(e) });
  return { scan, events };
}

describe('scanning a document against a playbook', () => {
  const document = reviewDocument();
  const chunks = sectionChunks(document.id);

  it('marks the words of a flagged passage that read most as its kind, when the classifier can tell', async () => {
    const [first, second] = [chunks[0]!, chunks.find((c) => c.pageStart > chunks[0]!.pageStart)!];
    const label = (text: string) => (text === first.text ? [{ type: 'exclusivity', score: 0.9, presence: 0.9 }] : text === second.text ? [{ type: 'non_compete', score: 0.95, presence: 0.9 }] : []);
    const windows: [string, string][] = [];
    const classifier = {
      classify: async (passages: readonly { text: string }[]) => passages.map((p) => label(p.text)),
      questionTypes: async () => [],
      // The exclusivity passage: its first five characters; the non-compete one: the whole passage (nothing worth marking).
      kindWindow: (passage: { text: string }, kind: string) => {
        windows.push([kind, passage.text]);
        return passage.text === first.text ? { start: 0, end: 5 } : { start: 0, end: passage.text.length };
      },
    };
    const { scan } = await collect({ document, chunks: [first, second], playbook: commercial }, { classifier });
    const of = (rule: string) => scan.flags.find((f) => f.ruleId === rule)!.evidence!;
    expect(of('exclusivity-review').focus).toEqual({ start: 0, end: 5 });
    expect(of('non-compete-review').focus).toBeUndefined();
    expect(windows).toContainEqual(['exclusivity', first.text]);
    // A classifier that cannot tell: no focus.
    const { scan: plain } = await collect({ document, chunks: [first, second], playbook: commercial }, { classifier: { classify: classifier.classify, questionTypes: classifier.questionTypes } });
    expect(plain.flags.every((f) => f.evidence?.focus === undefined)).toBe(true);
  });

  it('takes the classifier\'s review offset for prohibited clauses, and lists what a contract may have after what it surely has', async () => {
    // Page 1 only nearly gives the contract an exclusivity clause (presence 0.4); a later page surely gives it a non-compete (0.9); both rules are high.
    const [first, second] = [chunks[0]!, chunks.find((c) => c.pageStart > chunks[0]!.pageStart)!];
    const classifier = {
      reviewPresenceOffset: 1.5,
      classify: async (passages: readonly { text: string }[]) =>
        passages.map((p) => (p.text === first.text ? [{ type: 'exclusivity', score: 0.9, presence: 0.4 }] : p.text === second.text ? [{ type: 'non_compete', score: 0.95, presence: 0.9 }] : [])),
      questionTypes: async () => [],
    };
    const { scan } = await collect({ document, chunks: [first, second], playbook: commercial }, { classifier });
    const high = scan.flags.filter((f) => f.severity === 'high' && f.kind === 'present').map((f) => [f.ruleId, f.evidence?.page, f.tentative ?? false]);
    expect(high).toEqual([['non-compete-review', second.pageStart, false], ['exclusivity-review', first.pageStart, true]]);
    // Without the offset the contract has no exclusivity clause to flag.
    const { scan: plain } = await collect({ document, chunks: [first, second], playbook: commercial }, { classifier: { ...classifier, reviewPresenceOffset: 0 } });
    expect(plain.flags.map((f) => f.ruleId)).not.toContain('exclusivity-review');
  });

  it('flags rule failures with evidence, sorted by severity, and required clauses found nowhere', async () => {
    const { scan } = await collect({ document, chunks, playbook: commercial }, {});
    const byRule = (id: string) => scan.flags.filter((f) => f.ruleId === id);
    // 15 days' notice < 30 days
    expect(byRule('termination-convenience-notice')[0]).toMatchObject({ kind: 'failed', severity: 'high', evidence: { page: 2, chunkId: `${document.id}:2` } });
    // cap of 3 months of fees < 12
    expect(byRule('liability-cap-12-months')[0]).toMatchObject({ kind: 'failed', evidence: { page: 3 } });
    // Texas is not an approved jurisdiction
    expect(byRule('governing-law-approved')[0]).toMatchObject({ kind: 'failed', evidence: { page: 4 } });
    expect(byRule('governing-law-present')).toEqual([]);
    // no IP ownership or assignment clause anywhere: missing-clause flags
    expect(byRule('ip-ownership')[0]).toMatchObject({ kind: 'missing', evidence: null });
    expect(byRule('assignment-consent')[0]).toMatchObject({ kind: 'missing' });
    expect(byRule('ip-ownership')[0]!.fallback).toMatch(/Deliverables/);
    // insurance of $2,000,000 passes the amount check
    expect(byRule('insurance-amount')).toEqual([]);
    const ranks = scan.flags.map((f) => severityRank(f.severity));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(scan.outcomes).toHaveLength(commercial.rules.length);
    expect(scan.chunkLabels).toHaveLength(chunks.length);
  });

  it('streams typed events: progress never goes backwards and the job ends with scan_done', async () => {
    const { scan, events } = await collect({ document, chunks, playbook: commercial }, {}, { jobId: 'job-1' });
    expect(events.every((e) => e.jobId === 'job-1')).toBe(true);
    expect(events.filter((e) => e.type === 'chunk_classified')).toHaveLength(chunks.length);
    expect(events.filter((e) => e.type === 'rule_checked')).toHaveLength(commercial.rules.length);
    expect(events.filter((e) => e.type === 'flag')).toHaveLength(scan.flags.length);
    const progress = events.flatMap((e) => (e.type === 'progress' ? [e] : []));
    for (let i = 1; i < progress.length; i++) expect(progress[i]!.done).toBeGreaterThanOrEqual(progress[i - 1]!.done);
    expect(progress.at(-1)).toMatchObject({ done: chunks.length + commercial.rules.length, total: chunks.length + commercial.rules.length, etaMs: 0 });
    expect(events.at(-1)).toMatchObject({ type: 'scan_done', flags: scan.flags.length, cached: false, documentId: document.id });
  });

  it('is idempotent: the same document and playbook version reuse the stored scan', async () => {
    const store = new MemoryScanStore();
    const first = await collect({ document, chunks, playbook: commercial }, { store });
    const again = await collect({ document, chunks, playbook: commercial }, { store });
    expect(again.scan).toEqual(first.scan);
    expect(again.events).toHaveLength(1);
    expect(again.events[0]).toMatchObject({ type: 'scan_done', cached: true });
    expect(await store.listScans({ documentId: document.id })).toHaveLength(1);
    const forced = await collect({ document, chunks, playbook: commercial }, { store }, { force: true });
    expect(forced.events.length).toBeGreaterThan(1);
    expect(forced.scan.flags.map((f) => f.id)).toEqual(first.scan.flags.map((f) => f.id));
  });

  it('re-runs when the document or the playbook changes, keeping flag ids for unchanged flags', async () => {
    const store = new MemoryScanStore();
    const first = (await collect({ document, chunks, playbook: commercial }, { store })).scan;
    const bumped: Playbook = { ...commercial, version: '1.0.1', rules: commercial.rules.filter((r) => r.id !== 'ip-ownership') };
    const second = await collect({ document, chunks, playbook: bumped }, { store });
    expect(second.events.at(-1)).toMatchObject({ cached: false });
    expect(second.scan.key).not.toBe(first.key);
    expect(second.scan.flags.some((f) => f.ruleId === 'ip-ownership')).toBe(false);
    const kept = first.flags.filter((f) => f.ruleId !== 'ip-ownership').map((f) => f.id);
    expect(second.scan.flags.map((f) => f.id).sort()).toEqual(kept.sort());

    const edited = { ...document, sha256: 'b'.repeat(64) };
    const fixed = sectionChunks(document.id, withSection('3 Term and Termination', 'Either party may terminate this Agreement for convenience upon ninety (90) days prior written notice.'));
    const third = await collect({ document: edited, chunks: fixed, playbook: commercial }, { store });
    expect(third.events.at(-1)).toMatchObject({ cached: false });
    expect(third.scan.flags.some((f) => f.ruleId === 'termination-convenience-notice')).toBe(false);
    expect(scanKey(edited, commercial, undefined)).not.toBe(scanKey(document, commercial, undefined));
    expect((await store.latestScan(document.id, commercial.id))!.key).toBe(third.scan.key);
  });

  it('re-runs when the clause model is another (an app update brings a retrained one)', async () => {
    const store = new MemoryScanStore();
    const inner = new PlaybookClassifier(commercial.clauseTypes);
    const model = (identity: string): ClauseClassifier => ({ classify: (p, o) => inner.classify(p, o), questionTypes: (q, o) => inner.questionTypes(q, o), identity });
    const first = await collect({ document, chunks, playbook: commercial }, { store, classifier: model('model-1') });
    expect(first.scan.key).toBe(scanKey(document, commercial, 'model-1'));
    expect((await collect({ document, chunks, playbook: commercial }, { store, classifier: model('model-1') })).events.at(-1)).toMatchObject({ cached: true });
    const updated = await collect({ document, chunks, playbook: commercial }, { store, classifier: model('model-2') });
    expect(updated.events.at(-1)).toMatchObject({ cached: false });
    expect(updated.scan.key).toBe(scanKey(document, commercial, 'model-2'));
    expect(updated.scan.flags.map((f) => f.id)).toEqual(first.scan.flags.map((f) => f.id));
  });

  it('stops on cancel with job_cancelled and an abort error, storing nothing', async () => {
    const store = new MemoryScanStore();
    const controller = new AbortController();
    const events: CasefileEvent[] = [];
    const many = Array.from({ length: 5 }, () => sectionChunks(document.id)).flat().map((c, i) => ({ ...c, id: `${document.id}:${i}`, seq: i }));
    const it = scanDocument({ document, chunks: many, playbook: commercial }, { store }, { signal: controller.signal });
    let error: unknown;
    try {
      for (;;) {
        const next = await it.next();
        if (next.done) break;
        events.push(next.value);
        if (next.value.type === 'chunk_classified') controller.abort();
      }
    } catch (e) {
      error = e;
    }
    expect(isAbort(error)).toBe(true);
    expect(events.at(-1)!.type).toBe('job_cancelled');
    expect(events.some((e) => e.type === 'scan_done')).toBe(false);
    expect(await store.listScans()).toEqual([]);
  });

  it('ends with job_failed when the classifier fails', async () => {
    const events: CasefileEvent[] = [];
    const classifier = { classify: async () => Promise.reject(new Error('model crashed')), questionTypes: async () => [] };
    await expect(runScan({ document, chunks, playbook: commercial }, { classifier }, { onEvent: (e) => events.push(e) })).rejects.toThrow('model crashed');
    expect(events.at(-1)).toMatchObject({ type: 'job_failed', error: { message: 'model crashed' } });
  });
});
