/**
 * The trainer (`npm run train`'s core) on a small generated data set: it learns the kinds,
 * reports cross-validated figures, writes a model file the app reads, and is reproducible
 * (same data and seed → the same file, byte for byte).
 */
import { describe, expect, it } from 'vitest';
import { ClauseKindModel } from '../../../src/core/clauses/model';
import { LearnedClauseClassifier } from '../../../src/core/clauses/classifier';
import { DEFAULT_TRAINER, oneStandardError, train } from '../../../src/train/train';
import { bestThreshold, nestedFigures, auroc } from '../../../src/train/thresholds';
import { calibrateSufficiency, thresholdFor, thresholdPerWording } from '../../../src/train/sufficiency';
import { learnedSufficiency, sufficiencyFeatures } from '../../../src/core/ask/sufficiency';
import { clauseData } from '../../helpers/clause-data';
import { builtinClauseTypes } from '../../../src/playbooks/builtin';
import { slug } from '../../../src/core/eval/scan-eval';
import { PlaybookClassifier } from '../../../src/core/scan/classify';

const options = { ...DEFAULT_TRAINER, folds: 3, minDf: 1, grid: [{ passageWeight: 1, passageWeakWeight: 0 }] };

describe('the clause-kind trainer', () => {
  const data = clauseData(7, 9);
  const first = train(data, options);

  it('writes the same model file twice from the same data and seed', () => {
    const second = train(clauseData(7, 9), options);
    expect(JSON.stringify(second.model)).toBe(JSON.stringify(first.model));
    const other = train(data, { ...options, seed: 11 });
    expect(JSON.stringify(other.model)).not.toBe(JSON.stringify(first.model));
  });

  it('learns the kinds and reports cross-validated figures', () => {
    expect(first.model.kinds).toEqual(['anti_assignment', 'governing_law', 'insurance']);
    expect(first.chosen.clause_balanced_accuracy).toBeGreaterThan(0.9);
    expect(first.chosen.presence.balanced_accuracy).toBeGreaterThan(0.7);
    expect(first.counts['label_examples']).toBeGreaterThan(100);
  });

  it('trains the experimental presence heads too (restatements left out, or kept where the clause head reads them as the kind)', () => {
    for (const setting of [{ passageWeight: 1, passageWeakWeight: 0, passageOtherWeight: 0 }, { passageWeight: 1, passageWeakWeight: 0, passageOtherWeight: 0, teacher: 1 }]) {
      const out = train(data, { ...options, grid: [setting] });
      expect(out.chosen.setting).toEqual(setting);
      expect(out.chosen.presence.balanced_accuracy).toBeGreaterThan(0.7);
    }
  });

  it('chooses when a question’s kind counts from wording never seen and questions about no kind, and writes the rule', async () => {
    const noKind = ['who signed the contract', 'what is the price per unit', 'how are notices given', 'where will the meetings take place', 'what are the payment terms', 'who are the parties'];
    const out = train({ ...data, noKindQuestions: noKind }, options);
    expect(out.question.no_kind?.n).toBe(noKind.length);
    expect(out.question.no_kind?.given_a_kind).toBeGreaterThanOrEqual(0);
    expect(out.question.thresholds).toHaveLength(40);
    const rule = out.question.rule!;
    const row = out.question.thresholds!.find((r) => r.threshold === rule.threshold && r.margin === rule.margin)!;
    // No other rule tried gains more on those figures (right − wrong − kinds given to questions about none).
    const gain = (r: typeof row) => r.natural_right - r.natural_wrong - r.no_kind;
    for (const r of out.question.thresholds!) expect(gain(r)).toBeLessThanOrEqual(gain(row) + 1e-9);
    expect(out.model.thresholds.question).toBe(rule.threshold);
    expect(out.model.thresholds.questionMargin).toBe(rule.margin ?? undefined);
    const classifier = new LearnedClauseClassifier(ClauseKindModel.fromJson(JSON.parse(JSON.stringify(out.model)), 'test model'));
    expect((await classifier.questionTypes('who signed the contract'))).toEqual([]);
  });

  it('tries the playbook signals as a presence rule, and the run-time classifier adds them as the trainer did', async () => {
    const types = builtinClauseTypes().filter((t) => data.labels.some((l) => slug(l.category ?? '') === t.id));
    const out = train({ ...data, signalTypes: types }, options);
    expect(Object.keys(out.chosen.rules)).toEqual(expect.arrayContaining(['signals:1/offset', 'signals:2/offset', 'signals:3/offset', 'signals:4/offset']));
    // Without signal types the rules are not tried and the file weighs none.
    expect(Object.keys(first.chosen.rules).some((k) => k.startsWith('signals:'))).toBe(false);
    expect(first.model.presenceSignalWeight).toBeUndefined();
    // A file with weight 4: presence = sigmoid(logit(presence without) + 4 × the kind's signal score),
    // for a passage of the kind; the others' presence is left alone.
    const file = (weight: number | undefined) => ClauseKindModel.fromJson(JSON.parse(JSON.stringify({ ...out.model, presenceSignalWeight: weight })), 'test model');
    const plain = new LearnedClauseClassifier(file(undefined), types);
    const signalled = new LearnedClauseClassifier(file(4), types);
    const law = { text: 'This agreement shall be governed by the laws of Delaware.', sectionTitle: 'Governing Law', sectionPath: ['12 Governing Law'] };
    const [before] = await plain.kindScores([law]);
    const [after] = await signalled.kindScores([law]);
    const of = (labels: typeof before, type: string) => labels!.find((l) => l.type === type)!;
    const signal = new PlaybookClassifier(types).signalEvidence(law).find((e) => e.type === 'governing_law')!.score;
    expect(of(before, 'governing_law').score).toBeGreaterThanOrEqual(0.5);
    expect(signal).toBeGreaterThan(0.5);
    const p = of(before, 'governing_law').presence!;
    expect(of(after, 'governing_law').presence).toBeCloseTo(1 / (1 + Math.exp(-(Math.log(p / (1 - p)) + 4 * signal))), 5);
    for (const type of ['anti_assignment', 'insurance']) expect(of(after, type).presence).toBeCloseTo(of(before, type).presence!, 9);
  });

  it('produces a file the run-time classifier reads and scores with', async () => {
    const model = ClauseKindModel.fromJson(JSON.parse(JSON.stringify(first.model)), 'test model');
    const classifier = new LearnedClauseClassifier(model);
    const [law, assign, plain] = await classifier.kindScores([
      { text: 'This agreement shall be governed by the laws of Delaware and construed in accordance with the law of Delaware.' },
      { text: 'Neither party may not assign this agreement; any purported assignment shall be void.' },
      { text: 'The company shall provide services to the parties within 30 days.' },
    ]);
    expect(law![0]!.type).toBe('governing_law');
    expect(assign![0]!.type).toBe('anti_assignment');
    expect(Math.max(...plain!.map((l) => l.score))).toBeLessThan(0.5);
  });
});

describe('thresholds', () => {
  it('cuts where balanced accuracy is best and judges each fold with the others’ cut', () => {
    const items = [0.1, 0.2, 0.3, 0.7, 0.8, 0.9].map((score, i) => ({ score, gold: i >= 3, fold: i % 2 }));
    expect(bestThreshold(items)).toBeCloseTo(0.5);
    expect(nestedFigures(items, 2).balanced_accuracy).toBe(1);
    expect(auroc(items)).toBe(1);
    expect(auroc([{ score: 1, gold: true }, { score: 1, gold: false }])).toBe(0.5);
  });
});

describe('the presence rule', () => {
  const folds = (m: number, spread: number) => [m - spread, m + spread, m - spread / 2, m + spread / 2, m];
  it('keeps the simplest rule when a more complex one wins by less than a standard error', () => {
    const { chosen, best, se } = oneStandardError([
      { key: 'mean/per_kind', balanced_accuracy: 0.87, foldBAs: folds(0.87, 0.03) },
      { key: 'presence/offset', balanced_accuracy: 0.865, foldBAs: folds(0.865, 0.03) },
      { key: 'clause/offset', balanced_accuracy: 0.861, foldBAs: folds(0.861, 0.03) },
    ]);
    expect(best.key).toBe('mean/per_kind');
    expect(se).toBeGreaterThan(0.009);
    expect(chosen.key).toBe('clause/offset');
  });
  it('takes the more complex rule when it wins by more than the folds’ spread', () => {
    const { chosen } = oneStandardError([
      { key: 'clause/offset', balanced_accuracy: 0.8, foldBAs: folds(0.8, 0.01) },
      { key: 'presence/offset', balanced_accuracy: 0.863, foldBAs: folds(0.863, 0.01) },
      { key: 'mean/per_kind', balanced_accuracy: 0.865, foldBAs: folds(0.865, 0.01) },
    ]);
    expect(chosen.key).toBe('presence/offset');
  });
});

describe('the sufficiency judgement', () => {
  // Answerable questions: a clause of the asked kind in scope; unanswerable: none. The retrieval
  // signal is noise (the same spread for both), so the mean of the two separates less than a
  // combination that weighs the clause signal.
  const samples = Array.from({ length: 80 }, (_, i) => {
    const answerable = i % 4 !== 0;
    const retrieval = ((i * 37) % 80) / 80;
    const clause = answerable ? 0.55 + ((i * 13) % 40) / 100 : 0.1 + ((i * 7) % 50) / 100;
    return { group: `c${i % 8}`, field: 'plain' as const, answerable, score: (retrieval + clause) / 2, signals: { retrieval, clause, learned_kind: 1 } };
  });

  it('answers at least 90 % of the answerable questions at its threshold, judged by contract folds', () => {
    const answerable = samples.filter((s) => s.answerable).map((s) => s.score).sort((a, b) => a - b);
    expect(thresholdFor(samples, 0.1)).toBe(answerable[Math.floor(0.1 * answerable.length)]);
    const calibration = calibrateSufficiency(samples, 4, 1);
    expect(calibration.cv['plain']!.answerable).toBeLessThanOrEqual(0.15);
    const scored = samples.map((s) => ({ ...s, score: learnedSufficiency(calibration.weights, s.signals) }));
    expect(calibration.weights.threshold).toBeCloseTo(thresholdFor(scored, 0.1), 4);
    // The mean's threshold (for questions about no kind the model knows) is the mean's own calibration.
    expect(calibration.threshold).toBe(thresholdFor(samples, 0.1));
  });

  it('keeps every wording within the abstention budget, the one that abstains most deciding', () => {
    // The same questions in a second wording whose answerable ones score lower.
    const natural = samples.map((s) => ({ ...s, field: 'natural' as const, score: s.answerable ? s.score - 0.1 : s.score }));
    const both = [...samples, ...natural];
    expect(thresholdPerWording(both, 0.1)).toBe(Math.min(thresholdFor(samples, 0.1), thresholdFor(natural, 0.1)));
    expect(thresholdPerWording(both, 0.1)).toBeLessThan(thresholdFor(both, 0.1));
  });

  it('learns to weigh the signal that separates above the one that does not', () => {
    const calibration = calibrateSufficiency(samples, 4, 1);
    expect(calibration.weights.clause).toBeGreaterThan(4 * Math.abs(calibration.weights.retrieval));
    expect(calibration.auroc.learned).toBeGreaterThan(calibration.auroc.mean);
    expect(calibration.cv['all']!.unanswerable).toBeGreaterThan(0.9);
    // No answer type asked: its feature 0, its indicator 1.
    expect(sufficiencyFeatures({ retrieval: 0.7, clause: 0.2 })).toEqual([0.7, 0.2, 0, 1]);
  });
});
