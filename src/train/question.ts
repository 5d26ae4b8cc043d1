/**
 * The question head: which clause kind a question asks about ("can we get out of the deal
 * early, without cause?" → termination for convenience), learnt from the training split's
 * questions in every wording the QA file has (the dev-style `question`, CUAD's own
 * `cuad_question`, the natural `question_natural`), with the words naming the contract masked
 * (the app reads the kind from the question without them: ask's `plan.query`), and from the
 * playbooks' names, descriptions and keywords of every kind and from the team's phrasings of
 * how people ask about each (question-phrasings.ts; both hand-written, so the 17 kinds without
 * training questions are not empty and a wording no template used still has words to match).
 *
 * Honest figures: the held-out questions are written by hand, not from these templates, so
 * besides folds by contract the head is judged across wordings — trained without the natural
 * wording and tested on it, and the other way round. Those figures are what the model card
 * reports as its expected accuracy on new phrasings.
 */
import { questionFeatures } from '../core/clauses/features';
import { shortHash } from '../core/hash';
import { countsAsAsked, type QuestionRule } from '../core/clauses/question-rule';
import type { QaFile, QaItem } from '../core/eval/qa';
import { slug } from '../core/eval/scan-eval';
import { callsAgreement, foldedWords } from '../core/search/doc-handles';
import { expandShorthand } from '../core/text/shorthand';
import { VALUE_OF_KIND, VALUES_ASKED_OF_KIND, askedValue, valueKindOf } from '../core/values/extract';
import type { ValueKind } from '../core/values/types';
import { NEG, POS } from './dataset';
import { logits, trainLogistic, type LearnerOptions, type LinearModel } from './learner';
import { assignFolds } from './folds';
import { vectorizeWith, type Vocabulary } from './vocabulary';

export interface QuestionText {
  readonly text: string;
  readonly kind: string;
  /** Which wording it comes from ("question", "question_natural", "cuad_question", "playbook", "phrasing": question-phrasings.ts; "none": a question about no kind, kind ""). */
  readonly wording: string;
  /** The contract it is asked about ("" for playbook texts and phrasings). */
  readonly group: string;
}

export interface KindText {
  readonly id: string;
  readonly name: string;
  readonly description?: string;
  readonly keywords: readonly string[];
}

const WORDINGS = ['question', 'question_natural', 'cuad_question'] as const;

/** The texts of the question head: training questions (names masked, duplicates once) and the kinds' own words. */
export function questionTexts(
  qa: QaFile,
  kinds: readonly string[],
  kindTexts: readonly KindText[],
  phrasings: Readonly<Record<string, readonly string[]>> = {},
  noKind: readonly string[] = [],
): QuestionText[] {
  const known = new Set(kinds);
  const docs = new Map(qa.docs.map((d) => [d.doc_id, d as { short_names?: string[]; party_short_names?: string[] }]));
  const out = new Map<string, QuestionText>();
  for (const item of qa.items) {
    const kind = item.cuad_category ? slug(item.cuad_category) : '';
    if (!known.has(kind)) continue;
    for (const wording of WORDINGS) {
      const raw = (item as QaItem & Record<string, unknown>)[wording];
      if (typeof raw !== 'string') continue;
      const text = maskNames(raw, docs.get(item.doc_id));
      const key = `${kind}|${text.toLowerCase().replace(/\s+/gu, ' ').trim()}`;
      if (!out.has(key)) out.set(key, { text, kind, wording, group: item.doc_id });
    }
  }
  for (const t of kindTexts) {
    if (!known.has(t.id)) continue;
    for (const text of [t.name, t.description ?? '', ...t.keywords].filter(Boolean)) {
      const key = `${t.id}|${text.toLowerCase()}`;
      if (!out.has(key)) out.set(key, { text, kind: t.id, wording: 'playbook', group: '' });
    }
  }
  for (const [kind, texts] of Object.entries(phrasings)) {
    if (!known.has(kind)) continue;
    for (const text of texts) {
      const key = `${kind}|${text.toLowerCase()}`;
      if (!out.has(key)) out.set(key, { text, kind, wording: 'phrasing', group: '' });
    }
  }
  // Each its own group, so the folds hold some out to tell how often a question about no kind gets one.
  noKind.forEach((text, i) => {
    const key = `|${text.toLowerCase()}`;
    if (!out.has(key)) out.set(key, { text, kind: '', wording: 'none', group: `none-${i}` });
  });
  // Read as the app reads a question (clauses/classifier.ts questionTypes): shorthand written out.
  return [...out.values()].map((t) => ({ ...t, text: expandShorthand(t.text) }));
}

/**
 * A digest of the head's training texts (kind, wording and text, in order), kept in the model file
 * (training.counts.question_digest): `npm run eval` warns when the code would now give other
 * texts (the names masked otherwise, phrasings changed), so a figure is not read off a model the
 * code no longer trains.
 */
export function questionDigest(texts: readonly QuestionText[]): string {
  return shortHash(texts.map((t) => `${t.kind}\u0001${t.wording}\u0001${t.text}`).join('\u0002'));
}

/** What `npm run train` learns from: the train split (everything, in a file without splits). */
export const isTrainSplit = (split: string | undefined): boolean => split === undefined || split === 'train';

/** A QA file's training part: its train split's documents and items. */
export function trainingPart(qa: QaFile): QaFile {
  return { docs: qa.docs.filter((d) => isTrainSplit(d.split)), items: qa.items.filter((i) => isTrainSplit(i.split)) };
}

/**
 * The question head's training texts as `npm run train` builds them from a QA file: the items of its
 * train split, the playbooks' kinds and the team's phrasings.
 */
export function trainingQuestionTexts(qa: QaFile, kinds: readonly string[], kindTexts: readonly KindText[], phrasings: Readonly<Record<string, readonly string[]>>, noKind: readonly string[]): QuestionText[] {
  return questionTexts(trainingPart(qa), kinds, kindTexts, phrasings, noKind);
}

/**
 * The question without the names of its contract and a leading "Consider the … ;", as the app
 * reads it (ask/scope.ts kindQuery): a name that calls the contract an agreement, a contract or a
 * deal ("the CPDC supply agreement", "our supply deal with CPDC") reads "the agreement" / "our
 * agreement", a party's name alone nothing.
 */
function maskNames(question: string, doc: { short_names?: readonly string[]; party_short_names?: readonly string[] } | undefined): string {
  let out = question.replace(/^\s*consider\b[^;]*;\s*/iu, '');
  const names = [...(doc?.short_names ?? []), ...(doc?.party_short_names ?? [])].filter((n) => n.length > 1).sort((a, b) => b.length - a.length);
  for (const n of names) {
    const lead = /^(?:the|our|this|that|your|my|their)\s+/iu.exec(n)?.[0] ?? '';
    const put = callsAgreement(foldedWords(n)) ? ` ${lead}agreement ` : ' ';
    out = out.split(new RegExp(n.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&'), 'giu')).join(put);
  }
  return out.replace(/\s+/gu, ' ').trim();
}

export interface QuestionFigures {
  /** Folds by contract: the kind ranked first is the one asked. */
  readonly by_contract: number;
  /** Trained without the natural wording, tested on it; and the other way round. */
  readonly natural_unseen: number;
  readonly templated_unseen: number;
  /** The share of questions whose first kind scores at the threshold or above, and how often it is right then. */
  readonly coverage: number;
  readonly precision: number;
  readonly n: number;
  /**
   * Which value a natural question asks for (the value of its kind, none for a kind without one),
   * the natural wording never seen in training: read by the question's words alone
   * (values/extract.ts valueKindOf), as the app reads it with the head's kind when that reaches
   * the threshold (askedValue), and how many natural questions.
   */
  readonly value_kind_unseen: { readonly words: number; readonly head: number; readonly n: number };
  /** Questions about no kind (question-phrasings.ts NO_KIND_QUESTIONS), out of fold: how many, and the share given a kind at the threshold. */
  readonly no_kind?: { readonly n: number; readonly given_a_kind: number };
  /** When a question's first kind counts (chooseRule; margin null: no lead rule), and every rule tried with how it does. */
  readonly rule?: { readonly threshold: number; readonly margin: number | null };
  readonly thresholds?: readonly (Omit<QuestionThresholdFigures, 'margin'> & { readonly margin: number | null })[];
}

export interface QuestionHead {
  readonly model: LinearModel;
  readonly threshold: number;
  readonly margin: number;
  readonly figures: QuestionFigures;
}

export function trainQuestionHead(texts: readonly QuestionText[], kinds: readonly string[], vocabulary: Vocabulary, learner: LearnerOptions, folds: number, seed: number): QuestionHead {
  const K = kinds.length;
  const index = new Map(kinds.map((k, i) => [k, i]));
  const vectors = texts.map((t) => vectorizeWith(vocabulary, questionFeatures(t.text)));
  const fit = (keep: (t: QuestionText) => boolean) =>
    trainLogistic(
      texts.flatMap((t, i) => (keep(t) ? [{ vector: vectors[i]!, labels: Int8Array.from(kinds, (k) => (k === t.kind ? POS : NEG)) }] : [])),
      K,
      vocabulary.names.length,
      learner,
    );
  // The first kind, its probability, and its lead in logits over the second.
  const first = (model: LinearModel, i: number) => {
    const z = logits(model, vectors[i]!);
    let best = 0;
    for (let k = 1; k < K; k++) if (z[k]! > z[best]!) best = k;
    let next = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < K; k++) if (k !== best && z[k]! > next) next = z[k]!;
    return { k: best, p: 1 / (1 + Math.exp(-z[best]!)), lead: z[best]! - next };
  };
  const accuracy = (model: LinearModel, test: (t: QuestionText) => boolean) => {
    let n = 0, ok = 0;
    texts.forEach((t, i) => {
      if (!test(t)) return;
      n++;
      if (first(model, i).k === index.get(t.kind)) ok++;
    });
    return n ? ok / n : 0;
  };
  // Across wordings: the natural questions never seen, then the templated ones never seen.
  const unseenNatural = fit((t) => t.wording !== 'question_natural');
  const natural_unseen = accuracy(unseenNatural, (t) => t.wording === 'question_natural');
  const templated_unseen = accuracy(fit((t) => t.wording === 'question_natural' || !t.group || t.kind === ''), (t) => t.wording === 'question' || t.wording === 'cuad_question');
  // Folds by contract (playbook texts and phrasings always in training; each question about no
  // kind is its own group). Out of fold: the first kind's probability and whether it is the one
  // asked, and the probability a question about no kind gives its first kind.
  const foldOf = assignFolds(texts.filter((t) => t.group).map((t) => t.group), folds, seed);
  const asked: Asked[] = [];
  const none: Asked[] = [];
  for (let f = 0; f < folds; f++) {
    const model = fit((t) => !t.group || foldOf.get(t.group) !== f);
    texts.forEach((t, i) => {
      if (!t.group || foldOf.get(t.group) !== f) return;
      const { k, p, lead } = first(model, i);
      if (t.kind === '') none.push({ p, lead, right: false });
      else asked.push({ p, lead, right: k === index.get(t.kind) });
    });
  }
  // On the natural wording never seen (as the held-out questions are written): the first kind and its probability.
  const natural = texts.flatMap((t, i) => (t.wording === 'question_natural' ? [{ ...first(unseenNatural, i), kind: t.kind }] : [])).map((x) => ({ p: x.p, lead: x.lead, right: x.k === index.get(x.kind) }));
  const sweep = QUESTION_THRESHOLDS.flatMap((threshold) => QUESTION_MARGINS.map((margin) => ruleFigures({ threshold, margin }, asked, natural, none)));
  const chosen = chooseRule(sweep);
  let valueN = 0, byWords = 0, byHead = 0;
  texts.forEach((t, i) => {
    if (t.wording !== 'question_natural') return;
    valueN++;
    // The kind's value, or one the kind states when the words ask for it ("… and on what notice?").
    const expected = VALUE_OF_KIND[t.kind] ?? null;
    const right = (v: ValueKind | null) => v === expected || (v !== null && !!VALUES_ASKED_OF_KIND[t.kind]?.includes(v));
    const words = valueKindOf(t.text);
    const { k, p, lead } = first(unseenNatural, i);
    if (right(words)) byWords++;
    if (right(askedValue(t.text, countsAsAsked({ p, lead }, chosen) ? [{ type: kinds[k]! }] : []))) byHead++;
  });
  const n = asked.length;
  return {
    model: fit(() => true),
    threshold: chosen.threshold,
    margin: chosen.margin,
    figures: {
      by_contract: n ? asked.filter((a) => a.right).length / n : 0,
      natural_unseen,
      templated_unseen,
      coverage: chosen.coverage,
      precision: chosen.precision,
      n,
      value_kind_unseen: { words: valueN ? byWords / valueN : 0, head: valueN ? byHead / valueN : 0, n: valueN },
      no_kind: { n: none.length, given_a_kind: chosen.no_kind },
      rule: jsonRule(chosen),
      thresholds: sweep.map((f) => ({ ...f, ...jsonRule(f) })),
    },
  };
}

/** The rules tried (core/clauses/question-rule.ts): the first kind counts when its probability reaches the threshold or it leads the second by the margin (logits). */
const QUESTION_THRESHOLDS = [0.5, 0.6, 0.7, 0.8, 0.9];
const QUESTION_MARGINS = [1, 1.5, 2, 2.5, 3, 3.5, 4, Number.POSITIVE_INFINITY];

interface Asked {
  /** The first kind's probability, its lead in logits over the second, and whether it is the kind asked. */
  readonly p: number;
  readonly lead: number;
  readonly right: boolean;
}

/** The rule as JSON writes it (no Infinity). */
const jsonRule = (r: QuestionRule) => ({ threshold: r.threshold, margin: Number.isFinite(r.margin) ? r.margin : null });

interface QuestionThresholdFigures extends QuestionRule {
  /** Folds by contract: the share of questions whose first kind counts, and how often it is the one asked then. */
  readonly coverage: number;
  readonly precision: number;
  /** Natural wording never seen: the share whose first kind counts and is right, and counts and is wrong. */
  readonly natural_right: number;
  readonly natural_wrong: number;
  /** Questions about no kind, out of fold: the share given a kind. */
  readonly no_kind: number;
}

function ruleFigures(rule: QuestionRule, asked: readonly Asked[], natural: readonly Asked[], none: readonly Asked[]): QuestionThresholdFigures {
  const covered = asked.filter((a) => countsAsAsked(a, rule));
  const share = (k: number, n: number) => (n ? k / n : 0);
  return {
    ...rule,
    coverage: share(covered.length, asked.length),
    precision: share(covered.filter((a) => a.right).length, covered.length),
    natural_right: share(natural.filter((a) => countsAsAsked(a, rule) && a.right).length, natural.length),
    natural_wrong: share(natural.filter((a) => countsAsAsked(a, rule) && !a.right).length, natural.length),
    no_kind: share(none.filter((a) => countsAsAsked(a, rule)).length, none.length),
  };
}

/**
 * When a question's first kind counts as asked: the rule that best separates, on wording never
 * seen, the questions it names rightly from those it would mislead — a wrong kind for a question
 * about another, or any kind for a question about none (natural right − natural wrong − no kind
 * given one); among equals the one that counts most (lowest threshold, then narrowest margin): a
 * kind missed costs the question its kind's passages and sufficiency signal, and where the rules
 * gain alike the data cannot tell the kinds it would add wrong.
 */
function chooseRule(sweep: readonly QuestionThresholdFigures[]): QuestionThresholdFigures {
  const gain = (f: QuestionThresholdFigures) => f.natural_right - f.natural_wrong - f.no_kind;
  return sweep.reduce((best, f) => {
    const d = gain(f) - gain(best);
    if (d > 1e-9) return f;
    if (d < -1e-9) return best;
    return f.threshold < best.threshold || (f.threshold === best.threshold && f.margin < best.margin) ? f : best;
  });
}
