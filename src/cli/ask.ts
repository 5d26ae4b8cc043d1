/**
 * One question to a folder of documents, answered by the app's own turn in Node:
 *
 *   npm run ask -- --docs DIR [--json] [--yes] "question"
 *
 * Every supported file under DIR is ingested with the app's pipeline (cached as `npm run eval`
 * caches it), then the question runs through `runTurn` exactly as the Ask screen runs it, with
 * the same defaults: the workspace's default pipeline settings, the ask path with the learned
 * clause classifier, the workspace answers (inventory, document facts, broad questions proposed
 * as per-document flows over the app's FlowService and question executor) and no language model
 * (extractive answers). A proposed flow runs only with --yes (the approval); without it the
 * proposal is printed. Output: the answer with its citations and sources, or the flow's table;
 * with --json one JSON object on stdout (ask-output.ts).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { collectTurn, runTurn } from '../core/answer/turn';
import { ask, bindAsk } from '../core/ask/ask';
import type { AskDeps } from '../core/ask/types';
import { describeError } from '../core/errors';
import { DEFAULT_PIPELINE } from '../core/search/pipeline';
import { InProcessRetriever } from '../core/search/retriever';
import { engineAskDeps } from '../core/ask/engine-deps';
import type { FlowRecord } from '../core/workspace/flows';
import { questionExecutor } from '../app/ask/flow-executors';
import { FlowService } from '../app/ask/flow-service';
import { askClassifier } from '../playbooks/ask-classifier';
import { DexieCatalog } from '../store/catalog';
import { WorkspaceDb } from '../store/db';
import { DexieFlowStore } from '../store/flows';
import { MemoryWorkspace } from '../store/memory';
import { askJson, askText } from './ask-output';
import { ingestPaths, listDocuments, openEngine } from './headless';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    docs: { type: 'string' },
    json: { type: 'boolean', default: false },
    yes: { type: 'boolean', default: false },
    'no-cache': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

function usage(message?: string): never {
  if (message) console.error(`ask: ${message}\n`);
  console.error('usage: npm run ask -- --docs DIR [--json] [--yes] [--no-cache] "question"');
  process.exit(message ? 2 : 0);
}

/** Polls the stored flow until it ends (the FlowService runs it in this process). */
async function waitForFlow(store: DexieFlowStore, flowId: string): Promise<FlowRecord> {
  for (;;) {
    const flow = await store.get(flowId);
    if (!flow) throw new Error(`ask: flow ${flowId} disappeared`);
    if (['done', 'failed', 'cancelled', 'denied'].includes(flow.status)) return flow;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function main(): Promise<void> {
  if (values.help) usage();
  if (!values.docs) usage('--docs is required');
  const question = positionals.join(' ').trim();
  if (!question) usage('the question is missing');
  const root = resolve(values.docs);
  const log = (line: string) => (values.json ? process.stderr : process.stdout).write(`${line}\n`);

  const workspace = new MemoryWorkspace();
  const reports = await ingestPaths(await listDocuments(root), root, workspace, { cache: !values['no-cache'] });
  const failed = reports.filter((r) => r.error);
  log(`${reports.length - failed.length} of ${reports.length} documents read${failed.length ? `; could not read: ${failed.map((f) => `${f.path} (${f.error})`).join('; ')}` : ''}`);
  const engine = await openEngine(workspace);
  const documents = [...workspace.documents.values()].filter((d) => d.status === 'ready' || d.status === 'degraded');
  const askDeps: AskDeps = engineAskDeps(engine, {
    retriever: new InProcessRetriever({ engine, lookup: workspace }, DEFAULT_PIPELINE),
    documents: async () => documents,
    classifier: askClassifier(),
    chunks: (id) => workspace.chunks(id),
  });
  const asker = bindAsk(ask, askDeps);

  // The app's workspace answers and flows, over its Dexie schema in memory.
  const db = new WorkspaceDb('ask-cli', { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.documents.bulkPut(documents);
  const store = new DexieFlowStore(db);
  const flows = new FlowService({
    store,
    catalog: new DexieCatalog(db),
    executors: { question: questionExecutor({ asker, settings: async () => DEFAULT_PIPELINE, model: async () => null }) },
    classifier: async () => askDeps.classifier ?? null,
  });
  try {
    await flows.start();
    const { turn } = await collectTurn(runTurn({ question, settings: DEFAULT_PIPELINE }, { asker, workspace: flows.answers }));
    let flow: FlowRecord | null = null;
    const flowId = turn.action?.kind === 'flow' ? turn.action.flowId : undefined;
    if (flowId && values.yes) {
      log(`approved: reading ${turn.action!.documentIds.length} documents`);
      await flows.approve(flowId);
      flow = await waitForFlow(store, flowId);
    }
    const paths = new Map(documents.map((d) => [d.id, d.path]));
    if (values.json) process.stdout.write(`${JSON.stringify(askJson(turn, flow, paths), null, 2)}\n`);
    else process.stdout.write(`${askText(turn, flow, values.yes)}\n`);
    if (turn.state === 'error') process.exitCode = 1;
  } finally {
    await flows.close();
    db.close();
  }
}

main().catch((error: unknown) => {
  console.error(`ask: ${describeError(error)}`);
  process.exit(1);
});
