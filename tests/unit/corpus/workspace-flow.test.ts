/**
 * Optional: a broad question over the six CUAD contracts of the shared development corpus, run
 * as the app runs it — the workspace router proposes the flow, the user approves, each contract
 * is asked alone through the one ask function (built-in clause classifier, no neural model), the
 * rows are composed extractively. Judged against the annotated Governing Law spans: a row counts
 * when its evidence overlaps one of its contract's spans (the evaluation's matcher).
 * Skipped when the corpus is absent (set CASEFILE_CORPUS to its folder to point at it).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ingestPaths, openEngine } from '../../../src/cli/headless';
import { collectTurn, runTurn } from '../../../src/core/answer/turn';
import { ask } from '../../../src/core/ask/ask';
import { ASK_CLASSIFIER_OPTIONS } from '../../../src/core/ask/sufficiency';
import type { AskDeps } from '../../../src/core/ask/types';
import { EvidenceMatcher } from '../../../src/core/eval/match';
import { parseQaFile, type QaFile } from '../../../src/core/eval/qa';
import { InProcessRetriever } from '../../../src/core/search/retriever';
import { CatalogWorkspaceAnswers } from '../../../src/core/workspace/answers';
import { MemoryCatalog } from '../../../src/core/workspace/catalog';
import { questionFlowExecutor } from '../../../src/core/workspace/executors';
import { MemoryFlowStore, rowsInOrder, type FlowRecord } from '../../../src/core/workspace/flows';
import { FlowScheduler } from '../../../src/core/workspace/scheduler';
import { builtinClassifier } from '../../../src/playbooks/builtin';
import { MemoryWorkspace } from '../../../src/store/memory';

const CORPUS = [process.env['CASEFILE_CORPUS'], resolve(process.cwd(), '../shared/corpus'), resolve(process.cwd(), '../../shared/corpus')].find((p): p is string => !!p && existsSync(resolve(p, 'qa/cuad_qa_dev.json')));

describe.runIf(CORPUS)('a broad question over the development contracts', () => {
  const ws = new MemoryWorkspace();
  let qa: QaFile;
  const documentOf = new Map<string, string>();
  let askDeps: AskDeps;

  beforeAll(async () => {
    qa = parseQaFile(JSON.parse(readFileSync(resolve(CORPUS!, 'qa/cuad_qa_dev.json'), 'utf8')));
    const reports = await ingestPaths(
      qa.docs.map((d) => resolve(CORPUS!, d.pdf ?? d.txt!)),
      CORPUS!,
      ws,
    );
    qa.docs.forEach((d, i) => {
      const doc = reports[i]?.document;
      if (doc) documentOf.set(d.doc_id, doc.id);
    });
    const engine = await openEngine(ws);
    const documents = [...ws.documents.values()];
    askDeps = { retriever: new InProcessRetriever({ engine, lookup: ws }), documents: async () => documents, classifier: builtinClassifier(ASK_CLASSIFIER_OPTIONS) };
  }, 600_000);

  it('"what law governs each contract?": a row per contract whose evidence overlaps its Governing Law span', async () => {
    const store = new MemoryFlowStore();
    const flows = new FlowScheduler({ store, executors: { question: questionFlowExecutor({ ask, askDeps }) } });
    const workspace = new CatalogWorkspaceAnswers({ catalog: new MemoryCatalog(ws.documents.values()), flows, classifier: askDeps.classifier ?? null });
    const { turn } = await collectTurn(runTurn({ question: 'what law governs each contract?' }, { ask, askDeps, workspace }));
    expect(turn.state).toBe('action');
    expect(turn.action?.documentIds).toHaveLength(qa.docs.length);
    await flows.approve(turn.action!.flowId!);
    await flows.whenIdle();
    const flow: FlowRecord = (await store.get(turn.action!.flowId!))!;
    const rows = rowsInOrder(flow);
    const matcher = new EvidenceMatcher();
    const judged = qa.docs.map((d) => {
      const row = rows.find((r) => r.documentId === documentOf.get(d.doc_id));
      const spans = qa.items.filter((i) => i.doc_id === d.doc_id && /governing law/i.test(i.cuad_category ?? '')).flatMap((i) => i.evidence);
      return { doc: d.doc_id, status: row?.status, hit: !!row && spans.some((e) => matcher.overlaps(row.evidence, e.text)), page: row?.pageStart, ms: row?.ms ?? 0 };
    });
    const hits = judged.filter((j) => j.hit).length;
    const msPerDocument = judged.reduce((s, j) => s + j.ms, 0) / judged.length;
    const sorted = judged.map((j) => j.ms).sort((a, b) => a - b);
    const median = (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2;
    console.log(
      `governing law flow (extractive, dev set): ${hits}/${judged.length} rows overlap the annotated span; per document ${median.toFixed(0)} ms median, ${msPerDocument.toFixed(0)} ms mean (the first includes the classifier's first use); reduce answer verified: ${flow.result?.answer.verification.ok}`,
    );
    for (const j of judged) console.log(`  ${j.doc.slice(0, 40)}: ${j.status} p. ${j.page ?? '-'} ${j.hit ? 'overlaps' : 'MISSES'} (${j.ms} ms)`);
    expect(rows).toHaveLength(qa.docs.length);
    expect(hits).toBeGreaterThanOrEqual(5);
    expect(flow.result?.answer.verification.ok).toBe(true);
  }, 300_000);
});
