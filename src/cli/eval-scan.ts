/**
 * Scanner evaluation on any label file (and, optionally, contracts with a QA file) in the corpus
 * format:
 *
 *   npm run eval:scan -- --labels FILE [--docs DIR --qa FILE] [--json OUT]
 *                        [--models DIR --embedder ID] [--threshold 0.5] [--split NAME] [--oof FILE] [--no-cache] [--verbose]
 *
 * Classification: per task precision, recall, F1 and balanced accuracy, and per source (the
 * label file's `source`) the mean balanced accuracy and macro-F1. Presence (with --docs and
 * --qa): the QA documents are ingested with the app's pipeline and scanned with the built-in
 * commercial playbook by the app's scan function; for each (document, CUAD category), present vs
 * missing and whether the best chunk's pages hold the evidence. `--split` keeps the label items
 * and the QA documents of one split (corpus-large: train or validation). Values: of the labelled
 * clauses of the kinds that state one, how often the app's value parsers read one
 * (core/eval/value-read.ts).
 *
 * `--oof FILE` (`npm run train -- … --oof FILE`) scores the training contracts' passages with the
 * fold of the cross-validation that did not see them: `--split train --oof FILE` gives the
 * presence and flag figures cross-validated, through this same scan (the label items keep the
 * final model's scores: they are printed from the model file's own cross-validation above them).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { describeError } from '../core/errors';
import { parseQaFile, selectSplit } from '../core/eval/qa';
import { evaluateFlags, type FlagReport } from '../core/eval/flag-eval';
import { evaluateClassification, evaluatePresence, parseLabelFile, selectLabelSplit, type ClassificationReport, type PresenceReport } from '../core/eval/scan-eval';
import { valueReadRates, type ValueReadRow } from '../core/eval/value-read';
import { runScan } from '../core/scan/scan';
import type { ScanRecord } from '../core/scan/types';
import { BUILTIN_PLAYBOOKS, builtinPlaybook } from '../playbooks/builtin';
import { builtinClassifier, CLAUSE_MODEL_SOURCE, clauseKindModel } from '../playbooks/classifiers';
import { readOutOfFold, unscoredPassages } from '../train/out-of-fold';
import { MemoryWorkspace } from '../store/memory';
import { loadEvalModels } from './eval-models';
import { ingestedIds, ingestPaths } from './headless';

const { values } = parseArgs({
  options: {
    labels: { type: 'string' },
    docs: { type: 'string' },
    qa: { type: 'string' },
    json: { type: 'string' },
    models: { type: 'string' },
    embedder: { type: 'string' },
    threshold: { type: 'string' },
    split: { type: 'string' },
    oof: { type: 'string' },
    'no-cache': { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

function usage(message?: string): never {
  if (message) console.error(`eval:scan: ${message}\n`);
  console.error('usage: npm run eval:scan -- --labels FILE [--docs DIR --qa FILE] [--json OUT] [--models DIR --embedder ID] [--threshold 0.5] [--split NAME] [--oof FILE] [--no-cache] [--verbose]');
  process.exit(message ? 2 : 0);
}

const f3 = (x: number) => x.toFixed(3);

function printClassification(report: ClassificationReport, verbose: boolean): void {
  console.log('\n## Clause classification\n');
  console.log(`${'source'.padEnd(14)}${'tasks'.padStart(6)}${'n'.padStart(6)}${'BA'.padStart(8)}${'macro-F1'.padStart(10)}`);
  for (const [s, m] of Object.entries(report.by_source)) console.log(`${s.padEnd(14)}${String(m.tasks).padStart(6)}${String(m.n).padStart(6)}${f3(m.balanced_accuracy).padStart(8)}${f3(m.macro_f1).padStart(10)}`);
  if (report.unmatched.length) console.log(`\nno clause type or rule for: ${report.unmatched.join(', ')} (predicted No)`);
  if (!verbose) return;
  console.log(`\n${'task'.padEnd(62)}${'P'.padStart(7)}${'R'.padStart(7)}${'F1'.padStart(7)}${'BA'.padStart(7)}`);
  for (const [task, m] of Object.entries(report.tasks)) console.log(`${task.padEnd(62)}${f3(m.precision).padStart(7)}${f3(m.recall).padStart(7)}${f3(m.f1).padStart(7)}${f3(m.balanced_accuracy).padStart(7)}`);
}

function printValueReads(rows: readonly ValueReadRow[]): void {
  if (rows.length === 0) return;
  console.log('\n## Values read from the labelled clauses (a value found in a clause of the kind; in one of another kind)\n');
  console.log(`${'value'.padEnd(18)}${'Yes'.padStart(6)}${'read'.padStart(8)}${'No'.padStart(6)}${'read'.padStart(8)}`);
  const pct = (a: number, b: number) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)} %`);
  for (const r of rows) console.log(`${r.kind.padEnd(18)}${String(r.yes).padStart(6)}${pct(r.yes_read, r.yes).padStart(8)}${String(r.no).padStart(6)}${pct(r.no_read, r.no).padStart(8)}`);
}

function printFlags(report: FlagReport, verbose: boolean): void {
  const f = (x: number | null) => (x === null ? '   -' : f3(x));
  console.log(`\nflags: precision ${f(report.precision)} (${report.judged} judged against CUAD, ${report.unjudged} not annotated), recall on the presence rules ${f(report.recall)}`);
  console.log(`  of which "possibly present" (the review offset): ${report.possible.judged} judged, precision ${f(report.possible.precision)}`);
  console.log(`${'rule'.padEnd(32)}${'judged'.padStart(7)}${'prec'.padStart(7)}${'fire'.padStart(6)}${'recall'.padStart(8)}`);
  for (const [id, m] of Object.entries(report.by_rule)) console.log(`${id.padEnd(32)}${String(m.judged).padStart(7)}${f(m.precision).padStart(7)}${String(m.should_fire).padStart(6)}${f(m.recall).padStart(8)}`);
  if (!verbose || !report.wrong?.length) return;
  console.log('\nflags judged wrong:');
  const span = ([a, b]: readonly [number, number]) => (a === b ? `${a}` : `${a}-${b}`);
  for (const w of report.wrong) {
    const where = w.pages ? `p.${span(w.pages)}${w.section ? ` (${w.section})` : ''}` : 'missing';
    const why = w.kind === 'missing' ? 'the clause is there' : w.annotated.length ? `annotated on p.${w.annotated.map(span).join(', ')}` : 'not in the contract';
    const place = w.rank > 0 ? ` (flag ${w.rank + 1} of the rule${w.besideRight ? ', another one right' : ''})` : '';
    console.log(`  ${w.ruleId}${w.tentative ? ' (possible)' : ''}  ${where}: ${why}${place}  ${w.docId.slice(0, 50)}`);
  }
}

function printPresence(report: PresenceReport, verbose: boolean): void {
  console.log('\n## Clause presence on contracts\n');
  console.log(`pairs ${report.n}: balanced accuracy ${f3(report.balanced_accuracy)}, present recall ${f3(report.present_recall)}, missing recall ${f3(report.missing_recall)}, page hit ${f3(report.page_hit)}`);
  if (report.unmatched.length) console.log(`categories without a clause type: ${report.unmatched.join(', ')}`);
  if (!verbose) return;
  for (const p of report.pairs.filter((x) => x.present !== x.predicted || x.pageHit === false)) {
    console.log(`  ${p.present ? 'present' : 'missing'} → ${p.predicted ? `found p.${p.pages?.join('-')}` : 'not found'}${p.pageHit === false ? ' (wrong page)' : ''}  ${p.category}  ${p.docId.slice(0, 40)}`);
  }
}

/**
 * The model was trained on the train split: figures measured there are in-sample. Its
 * cross-validated figures (by contract, from `npm run train`, stored in the model file) are the
 * ones to read; they are printed first.
 */
function printTrainCv(training: Readonly<Record<string, unknown>>, reviewOffset: number, outOfFold: boolean): unknown {
  const cv = training['cv'] as { clause_balanced_accuracy?: number; presence?: { balanced_accuracy: number; present_recall: number; missing_recall: number; n: number } } | undefined;
  const sufficiency = training['sufficiency_cv'] as Record<string, { answerable: number; unanswerable: number; n: number }> | undefined;
  console.log('\n## Train split: the clause-kind model was trained on it; its cross-validated figures (by contract, `npm run train`)\n');
  if (!cv) {
    console.log('the model file holds no cross-validation figures');
    return null;
  }
  console.log(`CUAD clause classification (label items, mean balanced accuracy over tasks): ${f3(cv.clause_balanced_accuracy ?? 0)}`);
  if (cv.presence) console.log(`clause presence (${cv.presence.n} contract × category pairs): balanced accuracy ${f3(cv.presence.balanced_accuracy)}, present recall ${f3(cv.presence.present_recall)}, missing recall ${f3(cv.presence.missing_recall)}`);
  for (const [field, r] of Object.entries(sufficiency ?? {})) console.log(`sufficiency (${field}, ${r.n} questions): insufficient on ${f3(r.answerable)} of answerable, ${f3(r.unanswerable)} of unanswerable`);
  // The review's operating point, chosen on these figures (train/review-offset.ts): the flags with out-of-fold clause scores.
  const review = training['review_cv'] as { offset: number; precision: number; recall: number; judged: number }[] | undefined;
  const chosen = review?.find((r) => r.offset === reviewOffset);
  if (chosen) console.log(`flags (commercial playbook, review offset ${chosen.offset}): precision ${f3(chosen.precision)} (${chosen.judged} judged against CUAD), recall on the presence rules ${f3(chosen.recall)}`);
  const byRule = training['review_by_rule'] as Record<string, { judged: number; right: number; should_fire: number; fired: number }> | undefined;
  for (const [id, r] of Object.entries(byRule ?? {})) console.log(`  ${id.padEnd(32)} ${String(r.judged).padStart(4)} judged, precision ${r.judged ? f3(r.right / r.judged) : '  - '}${r.should_fire ? `, recall ${f3(r.fired / r.should_fire)} (${r.fired} of ${r.should_fire})` : ''}`);
  console.log(outOfFold ? "\n(below: the label items in-sample; the contracts' presence and flags out of fold, --oof)" : '\n(the figures below are in-sample: measured on what the model was trained on; --oof FILE gives the contracts\' out of fold)');
  return { cv, sufficiency: sufficiency ?? null, review: review ?? null, review_by_rule: byRule ?? null };
}

async function main(): Promise<void> {
  if (values.help) usage();
  if (!values.labels && !(values.docs && values.qa)) usage('--labels, or --docs and --qa, are required');
  if (!!values.docs !== !!values.qa) usage('--docs and --qa go together');
  const threshold = values.threshold ? Number(values.threshold) : undefined;
  const models = await loadEvalModels({ dir: values.models, embedder: values.embedder });
  const embedder = models.embedder;
  const classifier = builtinClassifier({ embedder, ...(threshold !== undefined ? { threshold } : {}) });
  console.log(`models: clause kinds ${CLAUSE_MODEL_SOURCE} (${classifier.model.kinds.length} kinds)${embedder ? `, embedder ${embedder.model.id}` : ''}; playbooks: ${BUILTIN_PLAYBOOKS.map((p) => `${p.id}@${p.version}`).join(', ')}`);

  const out: { classification?: ClassificationReport; values?: ValueReadRow[]; presence?: Omit<PresenceReport, 'pairs'> & { pairs?: PresenceReport['pairs'] }; flags?: FlagReport; train_cv?: unknown; out_of_fold_unscored?: { readonly total: number; readonly missing: number } } = {};
  if (values.split === 'train') out.train_cv = printTrainCv(classifier.model.model.training, classifier.reviewPresenceOffset, !!values.oof);
  if (values.labels) {
    const items = selectLabelSplit(parseLabelFile(JSON.parse(await readFile(resolve(values.labels), 'utf8'))), values.split);
    const t0 = performance.now();
    out.classification = await evaluateClassification(items, { classifier, playbooks: BUILTIN_PLAYBOOKS });
    console.log(`classified ${items.length} labelled clauses in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    printClassification(out.classification, values.verbose);
    out.values = valueReadRates(items);
    printValueReads(out.values);
  }
  if (values.docs && values.qa) {
    const docsDir = resolve(values.docs);
    const whole = parseQaFile(JSON.parse(await readFile(resolve(values.qa), 'utf8')));
    const qa = values.split ? selectSplit(whole, values.split) : whole;
    const playbook = builtinPlaybook('commercial-contracts')!;
    const workspace = new MemoryWorkspace();
    const paths = qa.docs.map((d) => resolve(docsDir, d.pdf ?? d.txt ?? ''));
    const reports = await ingestPaths(paths, docsDir, workspace, { embedder, cache: !values['no-cache'] });
    for (const r of reports.filter((x) => x.error)) console.log(`  failed: ${r.error}`);
    // The contracts' passages on their out-of-fold scores with --oof (the app's classifier, only the model under it differs).
    const outOfFold = values.oof ? await readOutOfFold(resolve(values.oof), clauseKindModel()) : undefined;
    const scanClassifier = outOfFold ? builtinClassifier({ embedder, ...(threshold !== undefined ? { threshold } : {}) }, outOfFold) : classifier;
    if (outOfFold) {
      out.out_of_fold_unscored = await unscoredPassages(outOfFold, qa, ingestedIds(qa.docs, paths, reports, docsDir), workspace);
      console.log(`clause scores of the contracts' passages: out of fold (${values.oof})`);
    }
    const scans = new Map<string, ScanRecord>();
    const t0 = performance.now();
    let pages = 0;
    for (const [i, d] of qa.docs.entries()) {
      const doc = reports.find((r) => resolve(docsDir, r.path) === paths[i])?.document;
      if (!doc) continue;
      pages += doc.pages;
      scans.set(d.doc_id, await runScan({ document: doc, chunks: workspace.chunksByDoc.get(doc.id) ?? [], playbook }, { classifier: scanClassifier }));
    }
    console.log(`scanned ${scans.size} documents (${pages} pages) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const presence = evaluatePresence(qa, scans, playbook);
    printPresence(presence, values.verbose);
    out.presence = values.verbose ? presence : { ...presence, pairs: undefined };
    out.flags = evaluateFlags(qa, scans, playbook, { listWrong: values.verbose });
    printFlags(out.flags, values.verbose);
  }
  if (values.json) {
    await writeFile(resolve(values.json), JSON.stringify({ labels: values.labels ?? null, split: values.split ?? null, out_of_fold: values.oof ?? null, qa: values.qa ?? null, docs: values.docs ?? null, models: models.description, ...out }, null, 2));
    console.log(`\nwrote ${values.json}`);
  }
}

main().catch((error: unknown) => {
  console.error(`eval:scan: ${describeError(error)}`);
  process.exit(1);
});
