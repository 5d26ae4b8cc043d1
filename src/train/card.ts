/**
 * The model card written next to the model file by `npm run train`: source and licence, what
 * the model was trained on, the cross-validation figures and the limitations. Validation
 * figures are not computed here (the trainer never reads the validation split); the README's
 * table and the card's last section are filled from `npm run eval:scan … --split validation`.
 */
import type { ClauseModelFile } from '../core/clauses/model-file';
import { QUESTION_LEAD_FLOOR } from '../core/clauses/question-rule';
import type { QuestionFigures } from './question';
import type { CvReport } from './train';

const f3 = (x: number | undefined) => (x === undefined ? '–' : x.toFixed(3));

type QuestionTraining = QuestionFigures;

function questionSection(q: QuestionTraining | undefined): string[] {
  if (!q) return [];
  const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
  return [
    'Question head (which kind a question asks about; trained on the train split\'s questions in their three wordings, the words naming the contract masked, and on the playbooks\' names, descriptions and keywords of every kind and on the team\'s hand-written phrasings of how people ask about each, src/train/question-phrasings.ts):',
    '',
    '| judged on | first kind right |',
    '|---|---|',
    `| folds by contract (${q.n} questions; wordings seen in training) | ${pct(q.by_contract)} |`,
    `| natural questions, the natural wording never seen in training | ${pct(q.natural_unseen)} |`,
    `| templated questions, never seen in training | ${pct(q.templated_unseen)} |`,
    '',
    `At the chosen rule, ${pct(q.coverage)} of questions get a kind, right ${pct(q.precision)} of the time (folds by contract). The held-out questions are written by hand: expect the "never seen" figures, not the folds'.`,
    '',
    ...ruleSection(q),
    ...(q.value_kind_unseen
      ? [
          `Which value a question asks for (the answer states it first: values/extract.ts askedValue), on the ${q.value_kind_unseen.n} natural questions with the natural wording never seen in training: the question's words alone ${pct(q.value_kind_unseen.words)}, the words weighed with the head's kind as the app does ${pct(q.value_kind_unseen.head)} (a question's value is its kind's, or the notice to terminate when a termination question's words ask for it).`,
          '',
        ]
      : []),
  ];
}

/** When a question's kind counts, as chosen (question.ts chooseRule), against the other rules tried. */
function ruleSection(q: QuestionTraining): string[] {
  const rows = q.thresholds ?? [];
  const chosen = rows.find((r) => r.threshold === q.rule?.threshold && r.margin === q.rule.margin);
  if (!chosen || !q.no_kind) return [];
  const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
  const lead = (m: number | null) => (m === null || !Number.isFinite(m) ? '–' : `${m}`);
  // The chosen rule's neighbours, and the probability alone (the rule before the lead: 0.5, or 0.7 for a question naming no kind by the playbooks' words).
  const shown = rows.filter((r) => r.threshold === chosen.threshold || r.margin === chosen.margin || r.margin === null);
  return [
    `A question's first kind counts as asked when its probability reaches ${chosen.threshold} or it leads the second kind by ${lead(chosen.margin)} logits with a probability of at least ${QUESTION_LEAD_FLOOR} (src/core/clauses/question-rule.ts): a wording the head never saw gives even the right kind a low probability, but far ahead of the others, while a question about none of the kinds leaves several close. Chosen on the natural questions with their wording never seen and on ${q.no_kind.n} questions about no kind written by the team (src/train/question-phrasings.ts NO_KIND_QUESTIONS, out of fold), as the rule with the most right kinds less wrong ones and kinds given to questions about none:`,
    '',
    '| probability ≥ | or lead ≥ (logits) | natural never seen: right | wrong | questions about no kind given one |',
    '|---|---|---|---|---|',
    ...shown.map((r) => `| ${r.threshold} | ${lead(r.margin)} | ${pct(r.natural_right)} | ${pct(r.natural_wrong)} | ${pct(r.no_kind)}${r === chosen ? ' (chosen)' : ''} |`),
    '',
  ];
}

export function modelCard(model: ClauseModelFile, cv: readonly CvReport[], chosen: CvReport): string {
  const training = model.training as { review_cv?: readonly ReviewRow[]; review_best?: ReviewBest; review_by_rule?: Readonly<Record<string, RuleRow>>; counts?: Record<string, number>; trainer?: { seed?: number; folds?: number; seconds?: number }; sufficiency_cv?: Record<string, { answerable: number; unanswerable: number; n: number }>; sufficiency_auroc?: { learned: number; mean: number }; question?: QuestionTraining } | undefined;
  const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
  const counts = training?.counts ?? {};
  const lines = [
    '# Clause-kind model (`clause-kinds.json`)',
    '',
    'What it does: tells which of the 38 CUAD clause kinds a passage of a contract is (governing law, cap on liability, anti-assignment, …), one score per kind, read window by window (a sentence or two, and short passages whole). The app uses it to classify clauses in scans, to decide which clause kinds a contract has (missing-clause flags, presence questions), to re-rank passages by the clause kind a question asks about and to judge whether a document can answer it.',
    '',
    '## Source and licence',
    '',
    '- Trained on CUAD v1 (Contract Understanding Atticus Dataset), © The Atticus Project, licensed CC BY 4.0 (https://www.atticusprojectai.org/cuad). The contracts are public EDGAR filings. The model file holds feature names (word stems and word pairs) and weights, no contract text.',
    '- Data as arranged in the project\'s `corpus-large` folder (LegalBench-style clause labels of 38 `cuad_*` tasks, 150 contracts with QA evidence spans); only its `train` split was read.',
    '',
    '## Training',
    '',
    `- Command: \`npm run train -- --labels <labels> --docs <corpus> --qa <qa>\` (seed ${training?.trainer?.seed ?? '–'}, ${training?.trainer?.folds ?? '–'}-fold cross-validation by contract, ${training?.trainer?.seconds ?? '–'} s on a 2-core machine).`,
    `- Data: ${counts['label_examples'] ?? '–'} distinct label texts and ${counts['passage_windows'] ?? '–'} windows of ${counts['qa_documents'] ?? '–'} training contracts' passages (chunked by the app's own ingestion), ${counts['contracts'] ?? '–'} contracts in all (the label items come from CUAD contracts outside the 120 too, none of the validation or held-out ones); a window inside a QA evidence span of a category is a positive for its kind, one outside every span, or in a contract without that category, a negative.`,
    `- Model: logistic regressions per kind over word stems and word pairs (tf·idf; section-title words are features of passages only, which the chosen head is not trained on), trained by AdaGrad SGD (src/train/learner.ts; why no library: see that file). The clause head is trained on the label texts alone (is this clause of the kind?). ${
      model.presenceRule === 'clause' && model.presenceSignalWeight
        ? `A contract has a kind when one of its passages is of the kind by the clause head and that head's logit plus ${model.presenceSignalWeight} × the commercial playbook's signal score for the kind (0..1: its weighted patterns and section-title keywords, src/core/scan/classify.ts, no embedder) reaches a second, higher threshold (one offset above every kind's clause threshold): the passage must read as the clause to the model and to the playbook's cues, or very clearly to the model alone. The weight is chosen by cross-validation (table below: "signals:w"); a presence head trained on the contracts' passages as well did not beat it, so the file has none.`
        : model.presenceRule === 'clause'
        ? 'A contract has a kind when one of its passages reaches a second, higher threshold of the same head (one offset above every kind\'s clause threshold): a presence head trained on the contracts\' passages as well did not beat it by more than the folds\' spread in cross-validation (table below), so the file has none.'
        : `A presence head is trained on the label texts and the contracts' passages; a contract has a kind when one of its passages is of the kind by the clause head and its ${model.presenceRule === 'mean' ? 'mean of both heads' : 'presence head'} reaches the contract threshold.`
    } ${model.vocabulary.length} features kept, at most ${Math.max(...model.weights.map((w) => Math.floor((w.value.replace(/=+$/, '').length * 3) / 4)))} weights per kind, int8-quantised (${Math.round(JSON.stringify(model).length / 1024)} KB). Thresholds per kind, chosen on out-of-fold scores: one for a single clause, one for a whole contract.`,
    '',
    '## Cross-validation on train (by contract; each fold judged with thresholds chosen on the other folds)',
    '',
    `Clause head (label texts, balanced accuracy per CUAD task, mean over the tasks): ${((training as { clause_cv?: { setting: object; balanced_accuracy: number }[] } | undefined)?.clause_cv ?? []).map((c) => `${JSON.stringify(c.setting).replace(/[{}"]/g, '')} → ${f3(c.balanced_accuracy)}`).join('; ')}.`,
    '',
    'Presence on the training contracts (each contract × QA category: the category is present when CUAD annotates it), per presence-head setting and rule:',
    '',
    '| presence head setting | chosen rule | presence balanced accuracy | present recall | missing recall | other rules (balanced accuracy) |',
    '|---|---|---|---|---|---|',
    ...cv.map((r) => `| ${JSON.stringify(r.setting).replace(/[{}"]/g, '')}${r === chosen ? ' (chosen)' : ''} | ${r.signal_weight > 0 ? `clause + ${r.signal_weight} × signals` : r.rule}, thresholds ${r.thresholds} | ${f3(r.presence.balanced_accuracy)} | ${f3(r.presence.present_recall)} | ${f3(r.presence.missing_recall)} | ${Object.entries(r.rules).map(([k, f]) => `${k} ${f3(f.balanced_accuracy)}`).join(', ')} |`),
    '',
    `The rule is chosen as the simplest (clause head with one offset, then thresholds per kind, then the clause head with the playbook signals, the smaller weight first, then a presence head) whose balanced accuracy is within one standard error over the folds of the best rule's: here the best was ${chosen.selection.best} at ${f3(chosen.selection.best_balanced_accuracy)} ± ${f3(chosen.selection.standard_error)}; the chosen rule's folds: ${chosen.fold_balanced_accuracy.map(f3).join(', ')}.`,
    '',
    '| kind | clause BA | clause AUROC | presence BA | missing recall |',
    '|---|---|---|---|---|',
    ...Object.entries(chosen.kinds).map(([k, m]) => `| ${k} | ${f3(m.clause?.balanced_accuracy)} | ${f3(m.clause?.auroc)} | ${f3(m.presence?.balanced_accuracy)} | ${f3(m.presence?.missing_recall)} |`),
    '',
    ...questionSection(training?.question),
    `Sufficiency of the ask path (training questions asked through the app's ask() in every wording, documents in scope read whole with out-of-fold clause scores; the signals — retrieval, clause kind, answer type — weighed by a logistic regression learnt on them${model.sufficiency?.weights ? ` (${Object.entries(model.sufficiency.weights).map(([k, v]) => `${k} ${v}`).join(', ')})` : ''}, threshold ${model.sufficiency?.threshold ?? '–'} chosen for at most ${pct(model.sufficiency?.maxAbstention ?? 0.1)} abstention on answerable questions; weights and threshold judged fold by fold${training?.sufficiency_auroc ? `: AUROC ${f3(training.sufficiency_auroc.learned)}, against ${f3(training.sufficiency_auroc.mean)} for the signals' mean` : ''}):`,
    '',
    '| wording | questions | insufficient on answerable | insufficient on unanswerable |',
    '|---|---|---|---|',
    ...Object.entries(training?.sufficiency_cv ?? {}).map(([field, r]) => `| ${field} | ${r.n} | ${pct(r.answerable)} | ${pct(r.unanswerable)} |`),
    '',
    ...reviewSection(model.review?.presenceOffset ?? 0, training?.review_cv, training?.review_by_rule, training?.review_best),
    '## Validation',
    '',
    'Measured on the validation split (30 contracts, 1,212 label items) for the committed model with `npm run eval:scan -- … --split validation` and `npm run eval -- … --scopes app --split validation`; never used to choose anything. The figures are in the README (Contract review, Evaluation) and below when filled in for the committed file.',
    '',
    '## Limitations',
    '',
    '- English commercial contracts (EDGAR exhibits) only; other languages, NDAs, DPAs and a user\'s own clause types are left to the playbooks\' signals.',
    '- The clause head learnt from clauses only: text that is no clause at all (a signature block, a definition) can pass a kind\'s clause threshold; the contract threshold, which missing clauses, scan flags and sufficiency rest on, is set on whole contracts and stays above it.',
    '- A bag of words and word pairs: it reads vocabulary, not meaning; a clause that negates or carves out ("no exclusivity") can score as the kind it names.',
    '- Labels are CUAD\'s: categories with few examples (price restrictions, MFN, third-party beneficiary, unlimited licence) are learnt from 20–30 clauses.',
    '- Presence is judged from the best passage: an annotation CUAD missed counts against the model in these figures.',
    '',
  ];
  return lines.join('\n');
}

/** The best F1's offset (the chosen one) and its standard error over folds of contracts. */
interface ReviewBest {
  readonly offset: number;
  readonly f1: number;
  readonly standard_error: number;
}

interface ReviewRow {
  readonly offset: number;
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
  readonly judged: number;
}

interface RuleRow {
  readonly judged: number;
  readonly right: number;
  readonly should_fire: number;
  readonly fired: number;
}

/** The review's operating point (train/review-offset.ts), the figures it was chosen on, and those per rule. */
function reviewSection(chosen: number, rows: readonly ReviewRow[] | undefined, byRule: Readonly<Record<string, RuleRow>> | undefined, best: ReviewBest | undefined): string[] {
  if (!rows || rows.length === 0) return [];
  const share = (n: number, d: number) => (d > 0 ? f3(n / d) : '–');
  const perRule = Object.entries(byRule ?? {});
  return [
    `Review offset ${chosen}: logits a passage's presence gains when a scan looks for a clause a playbook prohibits (a review leans to finding it). Chosen as the best F1 of flag precision and presence-rule recall${best ? ` (${f3(best.f1)}, standard error over folds of contracts ${f3(best.standard_error)}: offsets whose F1 lies within it are not told apart by these data)` : ''}, the training contracts scanned with the commercial playbook through the app's own scan, their passages scored out of fold, the flags judged against CUAD as \`npm run eval:scan\` judges them:`,
    '',
    '| offset | flag precision | flags judged | presence-rule recall | F1 |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.offset}${r.offset === chosen ? ' (chosen)' : ''} | ${f3(r.precision)} | ${r.judged} | ${f3(r.recall)} | ${f3(r.f1)} |`),
    '',
    ...(perRule.length === 0
      ? []
      : [
          `Per rule at offset ${chosen} (precision over the flags judged; recall where CUAD says a presence rule should fire):`,
          '',
          '| rule | flags judged | right | precision | should fire | fired | recall |',
          '|---|---|---|---|---|---|---|',
          ...perRule.map(([id, r]) => `| ${id} | ${r.judged} | ${r.right} | ${share(r.right, r.judged)} | ${r.should_fire} | ${r.fired} | ${share(r.fired, r.should_fire)} |`),
          '',
        ]),
  ];
}
