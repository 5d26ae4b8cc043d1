/**
 * Optional: a broad question over the six CUAD contracts of the shared development corpus, run
 * as the app runs it — the app's FlowService over Dexie (fake-indexeddb: the documents table as
 * the catalog, flows stored as the app stores them) with the app's question executor: the
 * workspace router proposes the flow, the user approves, each contract is asked alone through the
 * one ask function with the ask path's clause classifier (as in the index worker; no neural
 * model), the rows are composed extractively. Judged against the annotated Governing Law spans: a row counts
 * when its evidence overlaps one of its contract's spans (the evaluation's matcher).
 * Skipped when the corpus is absent (set CASEFILE_CORPUS to its folder to point at it).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ingestPaths, openEngine } from '../../../src/cli/headless';
import { collectTurn, runTurn } from '../../../src/core/answer/turn';
import { ask, bindAsk } from '../../../src/core/ask/ask';
import type { AskDeps } from '../../../src/core/ask/types';
import { EvidenceMatcher } from '../../../src/core/eval/match';
import { parseQaFile, type QaFile } from '../../../src/core/eval/qa';
import { InProcessRetriever } from '../../../src/core/search/retriever';
import { questionExecutor } from '../../../src/app/ask/flow-executors';
import { FlowService } from '../../../src/app/ask/flow-service';
import { rowsInOrder, type FlowRecord } from '../../../src/core/workspace/flows';
import { DEFAULT_PIPELINE } from '../../../src/core/search/pipeline';
import { askClassifier } from '../../../src/playbooks/ask-classifier';
import { DexieCatalog } from '../../../src/store/catalog';
import { WorkspaceDb } from '../../../src/store/db';
import { DexieFlowStore } from '../../../src/store/flows';
import { MemoryWorkspace } from '../../../src/store/memory';
import { freshIdb } from '../../helpers/idb';

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
    askDeps = { retriever: new InProcessRetriever({ engine, lookup: ws }), documents: async () => documents, classifier: askClassifier() };
  }, 600_000);

  it('"what law governs each contract?": a row per contract whose evidence overlaps its Governing Law span', async () => {
    const db = new WorkspaceDb('corpus', freshIdb());
    await db.documents.bulkPut([...ws.documents.values()]);
    const store = new DexieFlowStore(db);
    const flows = new FlowService({
      store,
      catalog: new DexieCatalog(db),
      executors: { question: questionExecutor({ asker: bindAsk(ask, askDeps), settings: async () => DEFAULT_PIPELINE, model: async () => null }) },
      classifier: async () => askDeps.classifier ?? null,
    });
    await flows.start();
    const { turn } = await collectTurn(runTurn({ question: 'what law governs each contract?' }, { asker: bindAsk(ask, askDeps), workspace: flows.answers }));
    expect(turn.state).toBe('action');
    expect(turn.action?.documentIds).toHaveLength(qa.docs.length);
    const flowId = turn.action!.flowId!;
    await flows.approve(flowId);
    for (let i = 0; i < 6000 && !['done', 'failed'].includes(flows.view.flows[flowId]?.flow.status ?? ''); i++) await new Promise((r) => setTimeout(r, 50));
    const flow: FlowRecord = (await store.get(flowId))!;
    await flows.close();
    db.close();
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
