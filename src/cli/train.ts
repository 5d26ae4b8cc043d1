/**
 * Trains the clause-kind model from a corpus in the corpus-large format (train split only):
 *
 *   npm run train -- --labels FILE --docs DIR --qa FILE [--out models/clause-kinds.json]
 *                    [--folds 5] [--seed 20261201] [--json cv.json] [--oof FILE] [--no-cache]
 *
 * Label items and QA contracts of `split: "train"` only (items without a split count as train);
 * the contracts are ingested with the app's own pipeline (cached like the evaluation's). Cross-
 * validates by contract, chooses the setting and the thresholds, trains the final model and
 * writes the model file and its card (`<out>` and `<out without .json>.md`). `--oof FILE` also
 * writes the training passages' out-of-fold clause scores, for `npm run eval -- --split train --oof
 * FILE` (train/out-of-fold.ts): the training questions asked with the clause scores of validation.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { describeError } from '../core/errors';
import { parseQaFile, type QaFile } from '../core/eval/qa';
import { parseLabelFile } from '../core/eval/scan-eval';
import { MemoryWorkspace } from '../store/memory';
import type { TrainDocument } from '../train/dataset';
import { modelCard } from '../train/card';
import { DEFAULT_TRAINER, train } from '../train/train';
import { assignFolds } from '../train/folds';
import { ingestPaths, openEngine } from './headless';
import { ClauseKindModel } from '../core/clauses/model';
import { round } from '../core/clauses/model-file';
import { askClassifier } from '../playbooks/ask-classifier';
import { builtinClassifier } from '../playbooks/classifiers';
import { standardConfigs } from '../core/eval/run';
import { InProcessRetriever } from '../core/search/retriever';
import { engineAskDeps } from '../core/ask/engine-deps';
import { builtinClauseTypes } from '../playbooks/builtin';
import { NO_KIND_QUESTIONS, QUESTION_PHRASINGS } from '../train/question-phrasings';
import { isTrainSplit, trainingPart } from '../train/question';
import { calibrateSufficiency, sufficiencySamples } from '../train/sufficiency';
import { OutOfFoldModel, writeOutOfFold } from '../train/out-of-fold';
import { calibrateReviewOffset, type ReviewCalibration } from '../train/review-offset';
import { builtinPlaybook } from '../playbooks/builtin';

const { values } = parseArgs({
  options: {
    labels: { type: 'string' },
    docs: { type: 'string' },
    qa: { type: 'string' },
    out: { type: 'string', default: 'models/clause-kinds.json' },
    folds: { type: 'string' },
    seed: { type: 'string' },
    json: { type: 'string' },
    oof: { type: 'string' },
    grid: { type: 'string' },
    'clause-grid': { type: 'string' },
    'no-cache': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

function usage(message?: string): never {
  if (message) console.error(`train: ${message}\n`);
  console.error('usage: npm run train -- --labels FILE --docs DIR --qa FILE [--out models/clause-kinds.json] [--folds 5] [--seed N] [--json cv.json] [--oof FILE] [--clause-grid JSON] [--grid JSON] [--no-cache]');
  process.exit(message ? 2 : 0);
}

/** The chosen offset's figures per rule, rounded for the model file. */
function reviewByRule(byRule: ReviewCalibration['byRule']): Record<string, { judged: number; right: number; should_fire: number; fired: number }> {
  return Object.fromEntries(Object.entries(byRule).map(([id, r]) => [id, { judged: r.judged, right: r.right, should_fire: r.should_fire, fired: r.fired }]));
}


async function main(): Promise<void> {
  if (values.help) usage();
  if (!values.labels || !values.docs || !values.qa) usage('--labels, --docs and --qa are required');
  const started = Date.now();
  const labels = parseLabelFile(JSON.parse(await readFile(resolve(values.labels), 'utf8'))).filter((i) => isTrainSplit(i.split));
  const whole = parseQaFile(JSON.parse(await readFile(resolve(values.qa), 'utf8')));
  const qa: QaFile = trainingPart(whole);
  const docsDir = resolve(values.docs);
  const workspace = new MemoryWorkspace();
  const paths = qa.docs.map((d) => resolve(docsDir, d.pdf ?? d.txt ?? ''));
  const reports = await ingestPaths(paths, docsDir, workspace, { cache: !values['no-cache'] });
  const docs: TrainDocument[] = [];
  qa.docs.forEach((d, i) => {
    const report = reports.find((r) => resolve(docsDir, r.path) === paths[i]);
    if (!report?.document) {
      console.log(`  skipped ${d.doc_id}: ${report?.error ?? 'not ingested'}`);
      return;
    }
    const cuad = (d as { cuad_filename?: string }).cuad_filename;
    docs.push({ fileName: cuad ?? basename(d.pdf ?? d.txt ?? d.doc_id), docId: d.doc_id, chunks: workspace.chunksByDoc.get(report.document.id) ?? [] });
  });
  console.log(`train split: ${labels.length} label items, ${docs.length} contracts, ${qa.items.length} QA items (ingested in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  const options = {
    ...DEFAULT_TRAINER,
    ...(values.folds ? { folds: Number(values.folds) } : {}),
    ...(values.seed ? { seed: Number(values.seed) } : {}),
    ...(values.grid ? { grid: JSON.parse(values.grid) as typeof DEFAULT_TRAINER.grid } : {}),
    ...(values['clause-grid'] ? { clause: JSON.parse(values['clause-grid']) as typeof DEFAULT_TRAINER.clause } : {}),
    log: (line: string) => console.log(line),
  };
  const output = train({ labels, qa, docs, kindTexts: builtinClauseTypes(), questionPhrasings: QUESTION_PHRASINGS, noKindQuestions: NO_KIND_QUESTIONS, signalTypes: builtinClauseTypes() }, options);

  // The ask path's sufficiency threshold, on the training questions with out-of-fold clause scores.
  console.log('sufficiency (training questions through ask(), out-of-fold clause scores):');
  const chunkText = new Map(docs.flatMap((d) => d.chunks.map((c) => [c.id, c.text] as const)));
  const outOfFold = OutOfFoldModel.fromTraining(ClauseKindModel.fromJson(output.model, 'trained model'), chunkText, output.oofChunkLogits, output.oofPresenceLogits);
  const classifier = askClassifier(outOfFold);
  const engine = await openEngine(workspace);
  const documents = [...workspace.documents.values()].filter((d) => d.status === 'ready' || d.status === 'degraded');
  const documentOf = new Map<string, string>();
  qa.docs.forEach((d, i) => {
    const document = reports.find((r) => resolve(docsDir, r.path) === paths[i])?.document;
    if (document) documentOf.set(d.doc_id, document.id);
  });
  const retriever = new InProcessRetriever({ engine, lookup: workspace }, standardConfigs(false, false)[0]!.settings);
  // The ask path's deps as the app and `npm run eval` give them (core/ask/engine-deps.ts).
  const samples = await sufficiencySamples(qa.items, ['natural', 'with_doc', 'plain'], engineAskDeps(engine, { retriever, documents: async () => documents, classifier, chunks: (id) => workspace.chunks(id) }), documentOf, (l) => console.log(l));
  const calibration = calibrateSufficiency(samples, options.folds, options.seed);
  for (const [field, r] of Object.entries(calibration.cv)) console.log(`  ${field}: insufficient on ${(100 * r.answerable).toFixed(1)} % of answerable, ${(100 * r.unanswerable).toFixed(1)} % of unanswerable (cross-validated, ${r.n} questions)`);
  console.log(`  threshold ${calibration.threshold.toFixed(4)}, weights ${JSON.stringify(calibration.weights)}; AUROC (cross-validated) ${calibration.auroc.learned.toFixed(3)} learned, ${calibration.auroc.mean.toFixed(3)} the signals' mean`);

  // The review's operating point: the training contracts scanned as the app scans them (the scan's
  // classifier: every built-in clause type, default options), with out-of-fold clause scores.
  console.log('review offset (training contracts scanned with the commercial playbook, out-of-fold clause scores):');
  const scanClassifier = builtinClassifier(undefined, outOfFold);
  const scanned = qa.docs.flatMap((d) => {
    const document = workspace.documents.get(documentOf.get(d.doc_id) ?? '');
    return document ? [{ docId: d.doc_id, request: { document, chunks: workspace.chunksByDoc.get(document.id) ?? [] } }] : [];
  });
  // Each offset's F1 is also judged in folds of the training contracts (the trainer's seed and fold
  // count; a partition for the standard error only — the scores are out of fold already).
  const reviewFolds = assignFolds(scanned.map((d) => d.docId), options.folds, options.seed);
  const review = await calibrateReviewOffset(qa, scanned, scanClassifier, builtinPlaybook('commercial-contracts')!, reviewFolds);
  for (const r of review.cv) console.log(`  offset ${r.offset}: flag precision ${r.precision.toFixed(3)} (${r.judged} judged), presence-rule recall ${r.recall.toFixed(3)}, F1 ${r.f1.toFixed(3)} (folds ${r.foldF1.map((x) => x.toFixed(3)).join(', ')})${r.offset === review.best.offset ? ' (chosen)' : ''}`);
  console.log(`  best F1 ${review.best.f1.toFixed(4)} at offset ${review.best.offset} (kept), standard error over the folds ${review.best.standardError.toFixed(4)}`);

  const seconds = (Date.now() - started) / 1000;
  const out = resolve(values.out);
  await mkdir(dirname(out), { recursive: true });
  const model = {
    ...output.model,
    sufficiency: { threshold: Math.round(calibration.threshold * 1e4) / 1e4, maxAbstention: calibration.maxAbstention, weights: calibration.weights },
    review: { presenceOffset: review.best.offset },
    training: { ...output.model.training, sufficiency_cv: calibration.cv, sufficiency_auroc: calibration.auroc, review_cv: review.cv.map((r) => ({ ...r, precision: round(r.precision, 4), recall: round(r.recall, 4), f1: round(r.f1, 4), foldF1: r.foldF1.map((x) => round(x, 4)) })), review_best: { offset: review.best.offset, f1: round(review.best.f1, 4), standard_error: round(review.best.standardError, 4) }, review_by_rule: reviewByRule(review.byRule), trainer: { command: 'npm run train', seed: options.seed, folds: options.folds, seconds: Math.round(seconds) } },
  };
  const text = JSON.stringify(model);
  await writeFile(out, `${text}\n`);
  await writeFile(out.replace(/\.json$/, '.md'), modelCard(model, output.cv, output.chosen));
  if (values.oof) await writeOutOfFold(resolve(values.oof), ClauseKindModel.fromJson(model, 'trained model'), outOfFold.byText);
  if (values.json) await writeFile(resolve(values.json), JSON.stringify({ cv: output.cv, chosen: output.chosen, counts: output.counts }, null, 2));
  console.log(`question head: first kind right ${output.question.by_contract.toFixed(3)} (folds by contract), ${output.question.natural_unseen.toFixed(3)} on natural questions never seen, ${output.question.templated_unseen.toFixed(3)} on templated ones never seen`);
  console.log(`\nchosen ${JSON.stringify(output.chosen.setting)}: clause BA ${output.chosen.clause_balanced_accuracy.toFixed(3)}, presence BA ${output.chosen.presence.balanced_accuracy.toFixed(3)} (present recall ${output.chosen.presence.present_recall.toFixed(3)}, missing recall ${output.chosen.presence.missing_recall.toFixed(3)})`);
  console.log(`wrote ${values.out} (${(text.length / 1024).toFixed(0)} KB, ${model.kinds.length} kinds, ${model.vocabulary.length} features) in ${seconds.toFixed(0)} s`);
}

main().catch((error: unknown) => {
  console.error(`train: ${describeError(error)}`);
  process.exit(1);
});
