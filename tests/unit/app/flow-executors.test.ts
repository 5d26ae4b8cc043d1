/**
 * The app's flow executors: a question item asks its document only, with the workspace's pipeline
 * settings read when it starts; the reduce step uses no model in "Passages only" mode and says why
 * when the model cannot load; a scan item scans its document against the playbook chosen on the
 * approval card and becomes a row of its flags (most severe first), or fails with the scan's reason;
 * an import item imports the folder chosen on its card (once), or fails saying none was chosen.
 */
import { describe, expect, it } from 'vitest';
import { FolderChoices, importExecutor, questionExecutor, scanExecutor } from '../../../src/app/ask/flow-executors';
import type { ScanBatchResult, ScanStartRequest } from '../../../src/app/review/scan-service';
import type { Flag, ScanRecord } from '../../../src/core/scan/types';
import { DEFAULT_PIPELINE } from '../../../src/core/search/pipeline';
import type { FlowRecord, WorkItem } from '../../../src/core/workspace/flows';
import { askResult, fakeAsk, MSA, PASSAGES } from '../../helpers/ask-fixtures';

function item(patch: Partial<WorkItem> = {}): WorkItem {
  return { id: 'f1:0', index: 0, kind: 'ask', documentId: MSA.id, label: 'Master Services Agreement', query: 'governing law', subjects: [], fields: [], evidenceBudget: 3, neighbourDepth: 1, operation: 'fact', ...patch };
}

function flowOf(items: readonly WorkItem[], patch: Partial<FlowRecord> = {}): FlowRecord {
  return { id: 'f1', kind: 'question', question: 'what law governs each contract?', language: 'en', conversationId: null, turnId: null, createdAt: 1, status: 'running', items, rows: [], estimateMs: 0, decision: null, queuedAt: null, startedAt: null, finishedAt: null, result: null, error: null, meta: {}, ...patch };
}

describe('questionExecutor', () => {
  it('asks the item\'s document only, with the settings of the moment, and keeps the passage\'s page kind', async () => {
    const fake = fakeAsk((r) => askResult(r.question, [PASSAGES.law]));
    let reads = 0;
    const executor = questionExecutor({ asker: fake.asker, settings: async () => (reads++, { ...DEFAULT_PIPELINE, mode: 'rag' }), model: async () => null });
    const row = await executor.run(item(), flowOf([item()]), {});
    expect(fake.requests[0]).toMatchObject({ question: 'governing law', context: { userScope: [MSA.id] } });
    expect(fake.requests[0]!.settings?.selection.topK).toBe(3);
    expect(reads).toBe(1);
    expect(row).toMatchObject({ status: 'found', pageStart: 8, mediaType: 'application/pdf', pages: 9 });
    expect(row.finding).toMatch(/governed by the laws of the State of New York/);
  });

  it('composes extractively without asking for the model in "Passages only" mode, and says why when the model cannot load', async () => {
    const fake = fakeAsk((r) => askResult(r.question, [PASSAGES.law]));
    const i = item();
    const row = await questionExecutor({ asker: fake.asker, settings: async () => DEFAULT_PIPELINE, model: async () => null }).run(i, flowOf([i]), {});
    const done = flowOf([i], { rows: [{ ...row, itemId: i.id, ms: 5 }] });
    let asked = 0;
    const passages = questionExecutor({ asker: fake.asker, settings: async () => ({ ...DEFAULT_PIPELINE, mode: 'retrieval_only' }), model: async () => (asked++, null) });
    const quiet = await passages.finish!(done, {});
    expect(asked).toBe(0);
    expect(quiet).toMatchObject({ writer: 'extractive', fallback: null });
    expect(quiet.answer.text).toContain('p. 8 — § 17.4 Governing Law');
    const broken = questionExecutor({ asker: fake.asker, settings: async () => DEFAULT_PIPELINE, model: async () => Promise.reject(new Error('WebGPU is not available')) });
    const fallback = await broken.finish!(done, {});
    expect(fallback.writer).toBe('extractive');
    expect(fallback.fallback).toBe('the language model could not be loaded (WebGPU is not available)');
    expect(fallback.answer.verification.ok).toBe(true);
  });
});

function flag(ruleTitle: string, severity: Flag['severity'], withEvidence: boolean): Flag {
  return {
    id: ruleTitle, documentId: 'd1', playbookId: 'nda', ruleId: ruleTitle, ruleTitle, ruleKind: 'required', clauseType: 'x', severity, kind: 'missing', explanation: '', details: [],
    evidence: withEvidence ? { documentId: 'd1', documentName: 'nda.pdf', chunkId: 'd1:4', page: 2, pageEnd: 2, sectionPath: ['4 Term'], text: 'The obligations last two years.', charStart: 0, charEnd: 10 } : null,
    guidance: null, fallback: null,
  };
}

function scanResult(flags: readonly Flag[], failures: ScanBatchResult['failures'] = []): ScanBatchResult {
  const scan = { documentId: 'd1', documentName: 'nda.pdf', playbookName: 'NDA review', flags } as unknown as ScanRecord;
  return { batchId: 'b1', playbookId: 'nda', status: 'done', scans: failures.length ? [] : [scan], failures };
}

describe('scanExecutor', () => {
  const scanItem = item({ kind: 'scan', documentId: 'd1', label: 'Mutual NDA' });

  it('scans the item\'s document against the chosen playbook; the row is its flags, the most severe first', async () => {
    const requests: ScanStartRequest[] = [];
    const executor = scanExecutor({ start: async (r) => (requests.push(r), scanResult([flag('Term too short', 'medium', true), flag('No governing law', 'critical', false)])) });
    const row = await executor.run(scanItem, flowOf([scanItem], { kind: 'scan', meta: { playbookId: 'nda' } }), {});
    expect(requests).toEqual([{ documentIds: ['d1'], playbookId: 'nda' }]);
    expect(row).toMatchObject({ status: 'found', document: 'nda.pdf', title: 'Mutual NDA', chunkId: 'd1:4', pageStart: 2, section: ['4 Term'], evidence: 'The obligations last two years.' });
    expect(row.finding).toBe('2 flags (NDA review): No governing law — critical; Term too short — medium');
    const clean = await scanExecutor({ start: async () => scanResult([]) }).run(scanItem, flowOf([scanItem], { kind: 'scan', meta: { playbookId: 'nda' } }), {});
    expect(clean).toMatchObject({ status: 'not_found', reason: 'no flag raised by NDA review' });
  });

  it('refuses to run without a playbook, and fails an item with the scan\'s reason', async () => {
    const executor = scanExecutor({ start: async () => scanResult([], [{ documentId: 'd1', name: 'nda.pdf', message: 'no text' }]) });
    await expect(executor.run(scanItem, flowOf([scanItem], { kind: 'scan' }), {})).rejects.toThrow(/approved without a playbook/);
    await expect(executor.run(scanItem, flowOf([scanItem], { kind: 'scan', meta: { playbookId: 'nda' } }), {})).rejects.toThrow('scan: nda.pdf: no text');
  });
});

describe('importExecutor', () => {
  const importItem = item({ id: 'f1:0', kind: 'import', documentId: null, label: 'Contracts', query: 'Contracts', evidenceBudget: 0, neighbourDepth: 0 });
  const importFlow = flowOf([importItem], { kind: 'import', question: 'add the folder Contracts' });

  function setup() {
    const choices = new FolderChoices();
    const calls: string[] = [];
    const executor = importExecutor({
      choices,
      openFolder: async (handle) => (calls.push(`open:${handle.name}`), { added: 2, reindexed: 0, unchanged: 1, removed: 0, unreadable: ['bad.pdf'] }),
      addFolderFiles: async (files) => (calls.push(`files:${files.map((f) => f.name).join(',')}`), { jobId: 'j1', skipped: 1 }),
    });
    return { choices, calls, executor };
  }

  it('opens the folder handle chosen on the card as the synced folder, once', async () => {
    const { choices, calls, executor } = setup();
    choices.hold('f1', { kind: 'handle', handle: { name: 'Contracts' } as FileSystemDirectoryHandle });
    const row = await executor.run(importItem, importFlow, {});
    expect(calls).toEqual(['open:Contracts']);
    expect(row).toMatchObject({ document: 'Contracts', status: 'found', finding: '2 new documents, 0 changed, 0 removed, 1 unchanged; 1 file unreadable' });
    await expect(executor.run(importItem, importFlow, {})).rejects.toThrow(/folder for import f1 was not chosen in this session/);
    expect(calls).toHaveLength(1);
  });

  it('copies in the files of the folder input, counting those skipped', async () => {
    const { choices, calls, executor } = setup();
    const files = [new File(['a'], 'a.txt'), new File(['b'], 'b.xlsx')];
    choices.hold('f1', { kind: 'files', name: 'Contracts', files });
    const row = await executor.run(importItem, importFlow, {});
    expect(calls).toEqual(['files:a.txt,b.xlsx']);
    expect(row).toMatchObject({ document: 'Contracts', status: 'found', finding: '1 file sent for import; 1 file of other types skipped' });
  });

  it('fails a resumed import that has no folder chosen (a reload), importing nothing', async () => {
    const { calls, executor } = setup();
    await expect(executor.run(importItem, importFlow, {})).rejects.toThrow(/open it from the Documents panel/);
    expect(calls).toEqual([]);
  });
});
