/**
 * Optional: the scanner's targets on the shared development corpus (../shared/corpus, or the
 * folder in CASEFILE_CORPUS), when it is there; skipped otherwise. No corpus file is copied into
 * the project. A regression guard for the playbooks and the classifier, not a tuning loop.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ingestPaths } from '../../../src/cli/headless';
import { parseQaFile } from '../../../src/core/eval/qa';
import { evaluateClassification, evaluatePresence, parseLabelFile } from '../../../src/core/eval/scan-eval';
import { runScan } from '../../../src/core/scan/scan';
import type { ScanRecord } from '../../../src/core/scan/types';
import { BUILTIN_PLAYBOOKS, builtinPlaybook } from '../../../src/playbooks/builtin';
import { builtinClassifier } from '../../../src/playbooks/classifiers';
import { MemoryWorkspace } from '../../../src/store/memory';

const CORPUS = resolve(process.cwd(), process.env['CASEFILE_CORPUS'] ?? '../shared/corpus');
const LABELS = resolve(CORPUS, 'labels/clause_labels_dev.json');
const QA = resolve(CORPUS, 'qa/cuad_qa_dev.json');

describe.runIf(existsSync(LABELS) && existsSync(QA))('the scanner on the development corpus', () => {
  const classifier = builtinClassifier();

  it('classifies the labelled clauses above the targets', async () => {
    const items = parseLabelFile(JSON.parse(await readFile(LABELS, 'utf8')));
    const report = await evaluateClassification(items, { classifier, playbooks: BUILTIN_PLAYBOOKS });
    expect(report.unmatched).toEqual([]);
    expect(report.by_source['CUAD']!.balanced_accuracy).toBeGreaterThanOrEqual(0.9);
    expect(report.by_source['ContractNLI']!.balanced_accuracy).toBeGreaterThanOrEqual(0.75);
  }, 120_000);

  it('finds present clauses and reports missing ones on the contracts, on the right pages', async () => {
    const qa = parseQaFile(JSON.parse(await readFile(QA, 'utf8')));
    const workspace = new MemoryWorkspace();
    const paths = qa.docs.map((d) => resolve(CORPUS, d.pdf ?? d.txt ?? ''));
    const reports = await ingestPaths(paths, CORPUS, workspace, {});
    const playbook = builtinPlaybook('commercial-contracts')!;
    const scans = new Map<string, ScanRecord>();
    for (const [i, d] of qa.docs.entries()) {
      const doc = reports[i]!.document!;
      scans.set(d.doc_id, await runScan({ document: doc, chunks: workspace.chunksByDoc.get(doc.id)!, playbook }, { classifier }));
    }
    const presence = evaluatePresence(qa, scans, playbook);
    expect(presence.n).toBe(110);
    // The learned clause-kind model (trained on corpus-large, not these six contracts): 0.845 here
    // (present recall 0.857, missing recall 0.833) against 0.865 for the signals fitted to them;
    // 0.853 on corpus-large validation against 0.71 (README).
    expect(presence.balanced_accuracy).toBeGreaterThanOrEqual(0.84);
    expect(presence.page_hit).toBeGreaterThanOrEqual(0.8);
  }, 300_000);
});
