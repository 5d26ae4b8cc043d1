/**
 * Retrieval evaluation on any folder of documents and QA file in the corpus format:
 *
 *   npm run eval -- --docs ../shared/corpus --qa ../shared/corpus/qa/cuad_qa_dev.json [--json out.json]
 *                   [--models DIR --embedder ID --reranker ID] [--configs bm25,hybrid:rrf] [--scopes doc,named]
 *                   [--no-cache] [--all-files] [--ocr] [--split train|validation] [--question with_doc|natural|plain|cuad]
 *                   [--rewordings FILE] [--any-language]
 *
 * Ingests the QA set's documents (or, with --all-files, every supported file under --docs) with
 * the app's own pipeline, then reports Recall@1/5/10, MRR and page accuracy per configuration
 * and scope, per category, and how well the sufficiency signal separates answerable from
 * unanswerable questions. `--split` asks only the questions of one split's documents (every file
 * under --docs is still indexed for the app scope); `--question` chooses the wording the named and
 * app scopes ask (`with_doc`, the default; `natural`; `plain`: the bare question in its document;
 * `cuad`: CUAD's own wording, "Highlight the parts (if any) of this contract related to …", in its document);
 * `--rewordings` asks only the items a file of `{"rewordings": [{"id", "question"}]}` lists, in its
 * words, as that wording (tests/fixtures/qa/handwritten-train.json: train questions written by hand).
 * `--oof FILE` (`npm run train -- … --oof FILE`) scores the training contracts' passages with the
 * cross-validation's out-of-fold clause scores instead of the installed model's, which was trained
 * on them: `--split train --oof FILE` is the training questions' cross-validated figure.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { byCategory, insufficientRates, retrievalMetrics, sufficiencyReport, type MetricRow } from '../core/eval/metrics';
import { parseQaFile, QUESTION_FIELDS, selectSplit, withRewordings, type QuestionField } from '../core/eval/qa';
import { evaluate, SCOPES, standardConfigs, type Scope, type ScopeResult } from '../core/eval/run';
import { describeError } from '../core/errors';
import { DEFAULT_SUFFICIENCY_THRESHOLD, retrievalScore } from '../core/search/sufficiency';
import { MemoryWorkspace } from '../store/memory';
import { ingestedIds, ingestPaths, listDocuments, openEngine } from './headless';
import { loadEvalModels } from './eval-models';
import { nodeOcrRuntime } from '../ocr/node-runtime';
import { TesseractOcr } from '../ocr/tesseract';
import { EndpointChatModel } from '../models/chat/endpoint-chat';
import { askClassifier } from '../playbooks/ask-classifier';
import { clauseKindModel } from '../playbooks/classifiers';
import { readOutOfFold, unscoredPassages } from '../train/out-of-fold';
import { questionDrift } from '../train/drift';

const { values } = parseArgs({
  options: {
    docs: { type: 'string' },
    qa: { type: 'string' },
    json: { type: 'string' },
    models: { type: 'string' },
    embedder: { type: 'string' },
    reranker: { type: 'string' },
    configs: { type: 'string' },
    scopes: { type: 'string' },
    threshold: { type: 'string' },
    'all-files': { type: 'boolean', default: false },
    ocr: { type: 'boolean', default: false },
    'no-cache': { type: 'boolean', default: false },
    'no-categories': { type: 'boolean', default: false },
    'any-language': { type: 'boolean', default: false },
    answer: { type: 'string' },
    split: { type: 'string' },
    oof: { type: 'string' },
    question: { type: 'string' },
    rewordings: { type: 'string' },
    endpoint: { type: 'string' },
    model: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

function usage(message?: string): never {
  if (message) console.error(`eval: ${message}\n`);
  console.error('usage: npm run eval -- --docs DIR --qa FILE [--json OUT] [--models DIR --embedder ID --reranker ID] [--configs a,b] [--scopes doc,corpus,named,app] [--answer extractive|endpoint --endpoint URL --model ID] [--split NAME] [--oof FILE] [--question with_doc|natural|plain|cuad] [--rewordings FILE] [--all-files] [--ocr] [--no-cache] [--any-language]');
  process.exit(message ? 2 : 0);
}

const pct = (x: number) => (x * 100).toFixed(1).padStart(5);
const row = (cells: string[], widths: number[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');

function metricTable(rows: { label: string; m: MetricRow }[]): string {
  const widths = [Math.max(28, ...rows.map((r) => r.label.length)), 4, 6, 6, 6, 6, 6];
  const head = row(['', 'n', 'R@1', 'R@5', 'R@10', 'MRR', 'page@1'], widths);
  return [head, ...rows.map((r) => row([r.label, String(r.m.n), pct(r.m.r1), pct(r.m.r5), pct(r.m.r10), pct(r.m.mrr), pct(r.m.page1)], widths))].join('\n');
}

async function main(): Promise<void> {
  if (values.help) usage();
  if (!values.docs || !values.qa) usage('--docs and --qa are required');
  const docsDir = resolve(values.docs);
  const question = (values.question ?? 'with_doc') as QuestionField;
  if (!QUESTION_FIELDS.includes(question)) usage(`--question must be one of ${QUESTION_FIELDS.join(', ')}, not ${values.question}`);
  const whole = parseQaFile(JSON.parse(await readFile(resolve(values.qa), 'utf8')));
  const split = values.split ? selectSplit(whole, values.split) : whole;
  // Other wordings of the file's questions (e.g. written by hand: tests/fixtures/qa/handwritten-train.json), asked as --question.
  const qa = values.rewordings ? withRewordings(split, JSON.parse(await readFile(resolve(values.rewordings), 'utf8')), question) : split;
  const threshold = values.threshold ? Number(values.threshold) : DEFAULT_SUFFICIENCY_THRESHOLD;

  const answerMode = values.answer;
  if (answerMode !== undefined && answerMode !== 'extractive' && answerMode !== 'endpoint') usage(`--answer must be extractive or endpoint, not ${answerMode}`);
  if (answerMode === 'endpoint' && (!values.endpoint || !values.model)) usage('--answer endpoint needs --endpoint URL and --model ID');
  const answer = answerMode
    ? { model: answerMode === 'endpoint' ? new EndpointChatModel({ baseUrl: values.endpoint!, model: values.model! }, { appOrigin: null }) : null }
    : null;

  const models = await loadEvalModels({ dir: values.models, embedder: values.embedder, reranker: values.reranker });
  const qaPaths = qa.docs.map((d) => resolve(docsDir, d.pdf ?? d.txt ?? ''));
  const scopes = (values.scopes ? values.scopes.split(',') : SCOPES) as Scope[];
  const unknown = scopes.filter((s) => !SCOPES.includes(s));
  if (unknown.length > 0) usage(`unknown scope ${unknown.join(', ')} (scopes: ${SCOPES.join(', ')})`);
  // The app scope is the app's workspace: every supported file under --docs is indexed.
  const allFiles = values['all-files'] || scopes.includes('app');
  const paths = allFiles ? [...new Set([...qaPaths, ...(await listDocuments(docsDir))])] : qaPaths;

  const workspace = new MemoryWorkspace();
  const t0 = performance.now();
  const ocr = values.ocr ? new TesseractOcr({ runtime: nodeOcrRuntime() }) : null;
  const reports = await ingestPaths(paths, docsDir, workspace, { embedder: models.embedder, ocr, cache: !values['no-cache'] });
  await ocr?.terminate();
  const failed = reports.filter((r) => r.error);
  console.log(`ingested ${reports.length - failed.length}/${reports.length} files in ${((performance.now() - t0) / 1000).toFixed(1)} s (${reports.filter((r) => r.cached).length} from cache)`);
  for (const f of failed) console.log(`  failed: ${f.error}`);

  const documentOf = ingestedIds(qa.docs, qaPaths, reports, docsDir);
  const engine = await openEngine(workspace, models.embedder);
  const documents = [...workspace.documents.values()].filter((d) => d.status === 'ready' || d.status === 'degraded');

  const configs = standardConfigs(!!models.embedder, !!models.reranker).filter((c) => !values.configs || values.configs.split(',').includes(c.name));
  if (configs.length === 0) usage(`no configuration matches --configs ${values.configs}`);
  // The ask path's classifier, on the out-of-fold scores with --oof.
  if (questionDrift(whole, clauseKindModel()) === 'changed') console.warn('warning: the code would now train the question head on other questions than the installed model was trained on (train/drift.ts): run npm run train and install its model before reading these figures');
  const outOfFold = values.oof ? await readOutOfFold(resolve(values.oof), clauseKindModel()) : undefined;
  const classifier = askClassifier(outOfFold);
  const unscored = outOfFold ? await unscoredPassages(outOfFold, whole, documentOf, workspace) : null;
  if (values.oof) console.log(`clause scores of the training passages: out of fold (${values.oof})`);
  const results = await evaluate(qa, { engine, lookup: workspace, documentOf, documents, embedder: models.embedder, reranker: models.reranker, classifier, chunks: (id) => workspace.chunks(id), sufficiency: (r) => retrievalScore(r), answer, question, anyLanguage: values['any-language'] }, configs, scopes);

  print(results, threshold, !values['no-categories'], models.description);
  if (values.json) {
    const out = results.map((r) => ({
      config: r.config,
      scope: r.scope,
      ms: r.ms,
      resolved: r.resolved,
      ...(r.resolution ? { resolution: r.resolution } : {}),
      metrics: retrievalMetrics(r.questions),
      ...(r.scope === 'app' ? { insufficient: insufficientRates(r.questions) } : {}),
      ...(r.answers ? { answers: r.answers } : {}),
      categories: Object.fromEntries(byCategory(r.questions)),
      sufficiency: sufficiencyReport(r.questions, threshold),
      questions: r.questions,
    }));
    await writeFile(resolve(values.json), JSON.stringify({ qa: values.qa, docs: values.docs, split: values.split ?? null, question, out_of_fold: values.oof ?? null, ...(unscored ? { out_of_fold_unscored: unscored } : {}), models: models.description, threshold, results: out }, null, 2));
    console.log(`\nwrote ${values.json}`);
  }
}

function print(results: readonly ScopeResult[], threshold: number, categories: boolean, models: string): void {
  console.log(`\nmodels: ${models}`);
  console.log('\n## Retrieval (answerable questions; ranking cut at 10)\n');
  console.log(metricTable(results.map((r) => ({ label: `${r.config} / ${r.scope}`, m: retrievalMetrics(r.questions) }))));
  for (const r of results.filter((x) => x.resolved)) {
    const { correct, wrong, none } = r.resolved!;
    console.log(`document resolution (${r.config} / ${r.scope}): ${correct} correct, ${wrong} wrong, ${none} unresolved`);
    if (r.resolution) {
      const c = r.resolution;
      const n = c.correct + c.wrong + c.none + c.clarified;
      console.log(`  app turns: ${c.correct} in scope, ${c.clarified} clarified listing the document, ${c.wrong} wrong, ${c.none} none (correct incl. clarified ${pct(n ? (c.correct + c.clarified) / n : 0).trim()}%, wrong ${pct(n ? c.wrong / n : 0).trim()}%)`);
    }
  }
  for (const r of results.filter((x) => x.scope === 'app')) {
    const rates = insufficientRates(r.questions);
    console.log(`insufficient (${r.config} / app): ${pct(rates.answerable).trim()}% of answerable, ${pct(rates.unanswerable).trim()}% of unanswerable questions; ${rates.clarifications} clarification${rates.clarifications === 1 ? '' : 's'} asked`);
  }
  for (const r of results.filter((x) => x.scope === 'app')) {
    const judged = r.questions.filter((q) => q.firstInLanguage !== undefined && q.firstInLanguage !== null);
    if (judged.length > 0) console.log(`first passage in the question's language (${r.config} / app): ${judged.filter((q) => q.firstInLanguage).length} of ${judged.length} questions whose language was detected`);
  }
  for (const r of results.filter((x) => x.answers)) {
    const a = r.answers!;
    console.log(
      `answers (${r.config} / app, ${a.n} questions): citations valid ${pct(a.citations_valid).trim()}%, quotes verbatim ${pct(a.quotes_verbatim).trim()}%, answer cites the evidence ${pct(a.answer_has_evidence).trim()}% of answerable, quotes it ${pct(a.quote_has_evidence).trim()}% (${pct(a.quotes_on_evidence).trim()}% of its quotes on the evidence); abstained on ${pct(a.abstained_answerable).trim()}% of answerable, ${pct(a.abstained_unanswerable).trim()}% of unanswerable`,
    );
    const byCategory = Object.entries(a.value_match.by_category).map(([k, v]) => `${k} ${pct(v).trim()}%`).join(', ');
    console.log(`  values (${a.value_match.n} value questions): match ${pct(a.value_match.overall).trim()}% (${byCategory}); value in the quote ${pct(a.value_in_quote).trim()}%; heading-only quotes ${a.heading_only}`);
  }
  console.log(`\n## Sufficiency (threshold ${threshold})\n`);
  const widths = [28, 6, 8, 8, 8, 8];
  console.log(row(['', 'AUROC', 'abstain', 'prec', 'recall', 'unans'], widths));
  for (const r of results) {
    const s = sufficiencyReport(r.questions, threshold);
    console.log(row([`${r.config} / ${r.scope}`, s.auroc.toFixed(3), pct(s.abstainRate), pct(s.precision), pct(s.recall), String(s.unanswerable)], widths));
  }
  if (categories && results[0]) {
    const first = results.find((r) => r.scope === 'doc') ?? results[0];
    console.log(`\n## Per category (${first.config} / ${first.scope})\n`);
    console.log(metricTable([...byCategory(first.questions)].map(([label, m]) => ({ label, m }))));
  }
}

main().catch((error: unknown) => {
  console.error(`eval: ${describeError(error)}`);
  process.exit(1);
});
