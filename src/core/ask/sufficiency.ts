/**
 * Does the evidence in scope answer the question? A score in [0, 1] against a threshold, and
 * reasons a person can read ("No passage in “Distributor Agreement” is a liquidated-damages
 * clause."). Computed from the retrieval response alone (the index lives in a worker in the app;
 * what needs index statistics comes in `response.evidence`), plus the clause classifier when the
 * app has one.
 *
 * Signals, each in [0, 1] with 0.5 where it stops supporting an answer; the score is their
 * logistic combination learned with the clause-kind model for questions about a clause kind it
 * knows (`npm run train`: the training contracts' questions through ask() with out-of-fold clause
 * scores; weights and their threshold in the model file), else their mean:
 *   - retrieval: the cross-encoder's best logit through a sigmoid when a reranker ran, else the
 *     share of the question's information (idf mass) the best lexical passages cover, mapped so
 *     the coverage midpoint is 0.5 and blended with the best dense cosine when vectors exist;
 *   - clause kind, when the question asks about a kind of clause (ClauseClassifier.questionTypes):
 *     the best classifier score of that kind among the passages shown and their context; the
 *     classifier's own threshold (0.5) is the midpoint. A classifier built with threshold 0 gives
 *     the graded scores, one with a threshold reports weak passages as 0;
 *   - answer type, when the question asks for a period or date, or a governing law or court
 *     (answer-type.ts): 1 when a passage states one, else 0.
 *
 * Measured on the CUAD dev set (98 answerable, 12 unanswerable questions, the app scope with all
 * 24 corpus files indexed, no neural model; see README): AUROC 0.77 for retrieval alone (4 % of
 * answerable and 17 % of unanswerable questions under 0.5), 0.87 with the clause kind (8 % /
 * 58 %), 0.88 with the answer type too (8 % / 67 %). Amounts as an answer type (0.876) and the
 * coverage of the passages' section titles (0.897 but 14 % of answerable questions under 0.5; the
 * classifier reads section titles already) did not earn a place. On the corpus-large training
 * questions (natural and templated wording, folds by contract, out-of-fold clause scores) the
 * learned combination separates better than the mean: AUROC 0.920 against 0.896, and at 10 %
 * abstention on answerable questions it abstains on 69 % / 82 % of the unanswerable ones
 * (natural / templated wording) where the mean abstains on 62 % / 70 %.
 */
import { createAnalyzer } from '../search/analyzer';
import { expectedAnswerType, mentionsAnswerType, type AnswerType } from '../search/answer-type';
import type { PipelinePassage, PipelineResponse } from '../search-types';
import { askedParts, bestClauseScore, type ClauseEvidence } from './clause-rank';
import { sufficiencyTexts, type SufficiencyTexts } from './sufficiency-texts';
import { DEFAULT_SUFFICIENCY_THRESHOLD, retrievalScore } from '../search/sufficiency';

export { retrievalScore };
import type { Sufficiency } from '../answer-types';
import type { ClauseLabel, SufficiencyWeights } from '../ports';
import { valueSentence } from '../answer/value-line';
import { pageLabel } from '../page-label';
import { quoted } from '../text/quotes';
import { isRedacted } from '../text/redaction';
import { extractValue, valueContext } from '../values/extract';
import type { ValueKind } from '../values/types';

/**
 * How the app builds the clause classifier it gives the ask path: every type's score, weak ones
 * included (the clause-kind signal is graded around the classifier's 0.5); with questions read in
 * their language where the detector is at hand (playbooks/ask-classifier.ts).
 */
export const ASK_CLASSIFIER_OPTIONS = { threshold: 0 } as const;

/** Answer types whose absence counts against an answer (measured, see above). */
const JUDGED_ANSWER_TYPES: ReadonlySet<AnswerType> = new Set(['temporal', 'jurisdiction']);

/** The features of a signal record, in the weights' order (no answer type asked: 0 with its indicator 1). */
export function sufficiencyFeatures(signals: Readonly<Record<string, number>>): number[] {
  const answerType = signals['answer_type'];
  return [signals['retrieval'] ?? 0, signals['clause'] ?? 0, answerType ?? 0, answerType === undefined ? 1 : 0];
}

/** The learned score of a signal record (a question about a clause kind). */
export function learnedSufficiency(weights: SufficiencyWeights, signals: Readonly<Record<string, number>>): number {
  const [retrieval, clause, answerType, noAnswerType] = sufficiencyFeatures(signals) as [number, number, number, number];
  const z = weights.bias + weights.retrieval * retrieval + weights.clause * clause + weights.answerType * answerType + weights.noAnswerType * noAnswerType;
  return 1 / (1 + Math.exp(-z));
}

/**
 * Whether the learned combination judges a question: only one about a clause kind the model
 * knows — it was learnt on such questions (CUAD's); a question about anything else (payment
 * terms, a statute) gets the signals' mean and the mean's threshold.
 */
export function judgedByWeights(signals: Readonly<Record<string, number>>): boolean {
  return signals['clause'] !== undefined && signals[LEARNED_KIND] === 1;
}

/** The record's mark that the asked kind was read by the learned question head (not a signal: no feature reads it). */
const LEARNED_KIND = 'learned_kind';

export interface SufficiencyInput {
  readonly response: PipelineResponse;
  /** The passages shown (the response's, re-ranked and cut by the ask function). */
  readonly passages: readonly PipelinePassage[];
  /** The question as asked (for the answer type). */
  readonly question: string;
  /** How the scope reads in a sentence, in the reasons' language: "“‹title›”", "the workspace". */
  readonly scopeName: string;
  /** The language the reasons are written in (the turn's: en, fr, de; others English). */
  readonly language?: string | null;
  /** The clause kinds asked for and the passages' scores for them (clause-rank.ts). */
  readonly clauses: ClauseEvidence;
  readonly threshold?: number;
  /** The learned combination of the signals (absent: their mean). */
  readonly weights?: SufficiencyWeights;
  /** The words that ask for the value the question asks (values/extract.ts VALUE_WORDS), when it asks one. */
  readonly valueWords?: readonly string[];
  /** The languages of the documents in scope (null: not told), for when no passage is shown. */
  readonly scopeLanguages?: readonly (string | null)[];
  /** The value the question asks for (values/extract.ts askedValue), when it asks one: a passage stating it changes the reason given, not the score. */
  readonly valueKind?: ValueKind | null;
}

interface Signal {
  readonly name: 'retrieval' | 'clause' | 'answer_type';
  readonly value: number;
  /** Why the evidence falls short, when the value is under 0.5 (written only for an insufficient answer). */
  readonly reason: () => string;
  /** Why the evidence falls short when no signal is under 0.5 but their combination is under the threshold (default: `reason`). */
  readonly weakReason?: () => string;
}

const analyzer = createAnalyzer();

export function judgeSufficiency(input: SufficiencyInput): Sufficiency {
  const { response, passages, scopeName, clauses } = input;
  const texts = sufficiencyTexts(input.language);
  const meanThreshold = input.threshold ?? DEFAULT_SUFFICIENCY_THRESHOLD;
  // Nothing matched the question's words: passages of a kind the playbooks' signals read (not the
  // learned head) may be shown, but only as the closest ones ("how long must Confidential
  // Information be kept secret?" in a contract without such a clause must not be answered by its
  // term clause).
  // Unless every word the passages miss only asks for the value ("how long does it last before any
  // renewal?" of a contract that "shall continue until December 31, 2020"): then the passages of the
  // asked kind are judged by the signals, as any other.
  // A kind the learned question head read is judged by the signals whatever words the passages
  // miss: the weights were calibrated on such questions ("can Fusion walk away from the supply deal
  // early?" shares no word with "FUSION may terminate this Agreement without cause"; on the train
  // split the guard changed no unanswerable question's outcome and made 1.9 % of answerable natural
  // ones insufficient).
  // Any of the question's asks (question-parts.ts) read by the learned head: "how long does it run and does it renew?".
  const calibrated = askedParts(clauses, input.question).some((p) => p.asked[0]?.learned === true);
  const language = response.explanation.queryLanguage;
  // A question in one language over documents in another ("le contrat peut-il être cédé ?" of an
  // English contract) about a kind of clause: their words never meet, so neither whether any
  // passage matches them nor how much of the question the passages cover says anything; the
  // clause kind and the answer type judge.
  const acrossLanguages = clauses.asked.length > 0 && language !== null && passages.every((p) => p.document.language !== null && p.document.language !== language);
  if (passages.length === 0 || (response.passages.length === 0 && !calibrated && !acrossLanguages && !onlyAsksForValue(response, input.valueWords))) {
    // Nothing met a question written in another language than every passage shown: say why.
    const asked = language ?? null;
    const languages = new Set(passages.length > 0 ? passages.map((p) => p.document.language) : (input.scopeLanguages ?? [null]));
    const [shownIn] = languages;
    // Meaning-based search ran (the embedder answered): it reads across languages, so it is not what to set up.
    const elsewhere = asked !== null && languages.size === 1 && shownIn && shownIn !== asked ? texts.otherLanguage(asked, shownIn, response.explanation.dense === 'on') : null;
    return { score: 0, threshold: meanThreshold, reasons: [texts.noMatch(scopeName), ...(elsewhere ? [elsewhere] : [])] };
  }

  const signals: Signal[] = acrossLanguages ? [] : [{ name: 'retrieval', value: retrievalScore(response), reason: () => coverageReason(response, passages, scopeName, texts) }];
  // A passage stating the value asked (read once, only for the reasons of an insufficient answer).
  let stated: string | null | undefined;
  const statedReason = (kinds: readonly string[]) => (stated === undefined ? (stated = statedValueReason(input, passages, texts, kinds)) : stated);
  if (clauses.asked.length > 0) {
    const kinds = kindNames(clauses.asked, input.language);
    signals.push({
      name: 'clause',
      // The whole documents in scope when they were read, else the passages shown and their context.
      value: clauses.inScope ?? bestClauseScore(clauses, passages.flatMap((p) => [p.chunk, ...p.context.before, ...p.context.after])),
      // A passage may state the value asked though none reads as a clause of the kind ("shall
      // continue for a term of one (1) year" scored 0.25 as an expiration clause): the reason says
      // so, rather than what the passage shown under it contradicts.
      reason: () => statedReason(kinds) ?? texts.notKind(scopeName, kinds),
      weakReason: () => statedReason(kinds) ?? texts.unclearKind(scopeName, kinds),
    });
  }
  const type = language ? expectedAnswerType(input.question, language) : null;
  if (language && type && JUDGED_ANSWER_TYPES.has(type)) {
    const stated = passages.some((p) => mentionsAnswerType(p.chunk.text, type, p.document.language ?? language));
    signals.push({ name: 'answer_type', value: stated ? 1 : 0, reason: () => texts.states(scopeName, type) });
  }
  const record: Record<string, number> = Object.fromEntries(signals.map((s) => [s.name, s.value]));
  if (calibrated) record[LEARNED_KIND] = 1;
  const learned = input.weights && judgedByWeights(record) ? input.weights : null;
  const score = learned ? learnedSufficiency(learned, record) : signals.reduce((s, x) => s + x.value, 0) / signals.length;
  const threshold = learned ? learned.threshold : meanThreshold;
  // The reasons: the signals that fall short; when the asked kind is one of them, it says why, and
  // the question's words no passage holds ("walk" of "can Blackwell walk away whenever it wants?")
  // add nothing but noise.
  const failing = signals.filter((s) => s.value < 0.5);
  const shown = failing.some((s) => s.name === 'clause') ? failing.filter((s) => s.name !== 'retrieval') : failing;
  // No signal under its midpoint, yet together under the threshold ("does the outsourcing agreement
  // renew automatically?": the passage "renewed tacitly every year" scores 0.5 as a renewal clause):
  // the weakest signal says why, never an answer that falls short with no reason.
  const weakest = signals.reduce<Signal | null>((w, s) => (w === null || s.value < w.value ? s : w), null);
  const said = score >= threshold ? [] : shown.length > 0 ? shown.map((s) => ({ name: s.name, text: s.reason() })) : weakest ? [{ name: weakest.name, text: (weakest.weakReason ?? weakest.reason)() }] : [];
  // A passage states the value ("The initial term ends: no end date (it ends on an event the
  // contract names)"): that no passage "states a period or a date" would read as contradicting it.
  const consistent = stated ? said.filter((r) => r.name !== 'answer_type') : said;
  const reasons = score < threshold ? [...redactedReason(passages, texts), ...consistent.map((r) => r.text)] : [];
  return { score, threshold, reasons, signals: record };
}

/**
 * The reason when a passage states the value asked (as the answer would lead with it: "The initial
 * term ends: 1 year after the Effective Date (January 21, 2004)") though none reads as a clause of
 * the asked kind; null when none states it. The judgement itself is the signals' (a learned
 * feature for it did not pay: README, Sufficiency).
 */
function statedValueReason(input: SufficiencyInput, passages: readonly PipelinePassage[], texts: SufficiencyTexts, kinds: readonly string[]): string | null {
  const kind = input.valueKind;
  if (!kind) return null;
  for (const p of passages) {
    const found = extractValue(kind, p.chunk.text, valueContext(p.document));
    if (found) return texts.statedNotKind(valueSentence(found, texts.language), kinds);
  }
  return null;
}

/** Whether every word of the lexical query is one that asks for the value (none names a subject of its own). */
function onlyAsksForValue(response: PipelineResponse, valueWords: readonly string[] | undefined): boolean {
  if (!valueWords || valueWords.length === 0) return false;
  const language = response.explanation.queryLanguage ?? undefined;
  const asking = new Set(valueWords.map((w) => analyzer.term(w, language)));
  const terms = queryWords(response).map(({ term }) => term);
  return terms.length > 0 && terms.every((t) => asking.has(t));
}

/** The lexical query's words that are index terms (stop words left out), with their terms. */
function queryWords(response: PipelineResponse): { readonly word: string; readonly term: string }[] {
  const language = response.explanation.queryLanguage ?? undefined;
  const out: { word: string; term: string }[] = [];
  for (const word of response.explanation.lexicalQuery.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []) {
    const term = analyzer.term(word, language);
    if (term) out.push({ word, term });
  }
  return out;
}

/** Why the passages match little of the question: the question's most informative words none of them holds. */
function coverageReason(response: PipelineResponse, passages: readonly PipelinePassage[], scopeName: string, texts: SufficiencyTexts): string {
  const weights = response.evidence?.weights ?? {};
  const matched = new Set(passages.flatMap((p) => p.terms));
  const missing = new Map<string, number>();
  for (const { word, term } of queryWords(response)) {
    if (!matched.has(term) && !missing.has(word.toLowerCase())) missing.set(word.toLowerCase(), weights[term] ?? 0);
  }
  const words = [...missing.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([w]) => w);
  return words.length > 0 ? texts.mentions(scopeName, words) : texts.littleMatch(scopeName);
}

/** "cap on liability", "IP ownership assignment", "renewal term" (the playbook's name without its parenthesis); the id hyphenated without one. */
/** The kinds as the reasons name them, in `language` where their playbook names them in it. */
export function kindNames(labels: readonly ClauseLabel[], language: string | null | undefined): string[] {
  return labels.map((l) => (language ? l.names?.[language] : undefined) ?? clauseName(l));
}

function clauseName(label: ClauseLabel): string {
  if (!label.name) return label.type.replace(/[_\s]+/g, '-').toLowerCase();
  const name = label.name.replace(/\s*\([^()]*\)/gu, '').trim();
  return /^\p{Lu}\p{Ll}/u.test(name) ? name[0]!.toLowerCase() + name.slice(1) : name;
}

/** Says so when the closest passage is redacted past reading: the clause may be there, its words are not. */
function redactedReason(passages: SufficiencyInput['passages'], texts: SufficiencyTexts): string[] {
  const closest = passages[0];
  if (!closest || !isRedacted(closest.chunk.text)) return [];
  const section = closest.chunk.sectionPath.at(-1);
  const page = pageLabel(closest.chunk, closest.document, texts.language);
  const where = [page, ...(section ? [quoted(section, texts.language)] : [])].filter(Boolean).join(', ');
  return [texts.redacted(where)];
}
