/**
 * The answer layer's own latency, on the app's path: the documents are ingested as the app does
 * (the newcomer samples, or any folder and QA file in the corpus format), each question goes
 * through `ask()` with the app's default pipeline and the ask classifier the index worker uses,
 * and `benchAnswerOverhead` (src/core/answer/bench.ts) times what the answer layer adds around
 * retrieval: planning code (the model's own time apart), the numbered sources, the extractive
 * composer and the verification of citations and quotes.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { benchAnswerOverhead, type AnswerBench } from '../core/answer/bench';
import { ask } from '../core/ask/ask';
import type { AskResult } from '../core/ask/types';
import { parseQaFile } from '../core/eval/qa';
import { DEFAULT_PIPELINE } from '../core/search/pipeline';
import { InProcessRetriever } from '../core/search/retriever';
import { askClassifier } from '../playbooks/ask-classifier';
import { MemoryWorkspace } from '../store/memory';
import { ingestPaths, listDocuments, openEngine } from './headless';

/** Questions a newcomer asks of the samples (public/samples). */
const SAMPLE_QUESTIONS = [
  'What is the liability cap?',
  'How can the agreement be terminated?',
  'Which law governs the master services agreement?',
  'How long does confidentiality last under the NDA?',
  'What are the payment terms?',
  'How long are records kept under the data retention policy?',
  'Is there an indemnity for infringement claims?',
  'What happens to confidential information when the agreement ends?',
];

export interface AnswerBenchOptions {
  /** A folder of documents (default: public/samples). */
  readonly docs?: string;
  /** A QA file in the corpus format whose questions are asked (default: the sample questions). */
  readonly qa?: string;
  /** At most this many questions (default 40). */
  readonly limit?: number;
}

export interface AnswerBenchReport extends AnswerBench {
  readonly documents: number;
  readonly questions: number;
  /** ask() itself (retrieval, scope, sufficiency), for scale. */
  readonly askMedianMs: number;
}

export async function benchAnswer(options: AnswerBenchOptions = {}): Promise<AnswerBenchReport> {
  const dir = resolve(options.docs ?? 'public/samples');
  const qa = options.qa ? parseQaFile(JSON.parse(await readFile(resolve(options.qa), 'utf8'))) : null;
  const questions = (qa ? qa.items.map((i) => i.question_with_doc ?? i.question) : SAMPLE_QUESTIONS).slice(0, options.limit ?? 40);
  const workspace = new MemoryWorkspace();
  await ingestPaths(await listDocuments(dir), dir, workspace);
  const engine = await openEngine(workspace);
  const documents = [...workspace.documents.values()].filter((d) => d.status === 'ready' || d.status === 'degraded');
  const retriever = new InProcessRetriever({ engine, lookup: workspace, embedder: null, reranker: null }, DEFAULT_PIPELINE);
  const deps = { retriever, documents: async () => documents, classifier: askClassifier() };
  const asks: AskResult[] = [];
  const askMs: number[] = [];
  for (const question of questions) {
    const t = performance.now();
    asks.push(await ask({ question }, deps));
    askMs.push(performance.now() - t);
  }
  askMs.sort((a, b) => a - b);
  const bench = await benchAnswerOverhead({ asks, documents, runs: 3 });
  return { ...bench, documents: documents.length, questions: asks.length, askMedianMs: askMs[Math.floor(askMs.length / 2)] ?? 0 };
}
