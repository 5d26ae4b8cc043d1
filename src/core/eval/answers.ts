/**
 * Judges answer turns against QA items (the `answers` object of `npm run eval -- --scopes app
 * --answer …`). Shares in 0..1:
 *
 *  - citations_valid: of all citations in the answers, those that resolve to a source;
 *  - quotes_verbatim: of all quotations in the answers, those verbatim in their cited source;
 *  - answer_has_evidence: of the answerable questions, those whose answer cites a passage
 *    (of the question's document, when known) overlapping an annotated evidence span (match.ts;
 *    the passage proper, not the neighbours shown with it); an abstention has none;
 *  - quotes_on_evidence: of the quotes answering answerable questions, those overlapping the
 *    item's evidence (the rest are beside the point: another clause the classifier over-read)
 *  - quote_has_evidence: of the answerable questions, those whose answer quotes, from a passage
 *    of the question's document, words overlapping an annotated evidence span: the sentence
 *    quoted is the clause, not only a passage that holds it somewhere;
 *  - abstained_answerable / abstained_unanswerable: of the answerable / unanswerable questions,
 *    those whose turn abstained (insufficient or clarification) — low / high is good;
 *  - value_match: of the answerable questions of the categories where CUAD gives a value
 *    (value-match.ts), those whose answer states that value first, overall and by category;
 *  - heading_only: the number of quotes of answers that are only a heading or a contents line (quote-kind.ts);
 *  - value_in_quote: of those value questions, the share whose answer quotes a sentence stating
 *    the value (read again from the quote itself).
 * Shares over an empty set are 1 for the checks (nothing failed) and 0 for the rates.
 */
import type { TurnRecord } from '../answer-types';
import { isHeadingOnly } from '../answer/quote-kind';
import { extractValue, valueContext } from '../values/extract';
import { EvidenceMatcher } from './match';
import type { QaItem } from './qa';
import { expectedValue, valueMatches, VALUE_CATEGORIES } from './value-match';

export interface AnswerJudgement {
  readonly n: number;
  readonly citations_valid: number;
  readonly quotes_verbatim: number;
  readonly answer_has_evidence: number;
  readonly quote_has_evidence: number;
  readonly quotes_on_evidence: number;
  readonly abstained_answerable: number;
  readonly abstained_unanswerable: number;
  readonly value_match: { readonly overall: number; readonly n: number; readonly by_category: Readonly<Record<string, number>> };
  readonly heading_only: number;
  readonly value_in_quote: number;
}

export interface JudgedTurn {
  readonly item: QaItem;
  readonly turn: TurnRecord;
  /** The workspace id of the item's document: citing another document's passage does not count. */
  readonly documentId?: string | null;
}

const ABSTAINED: ReadonlySet<TurnRecord['state']> = new Set(['insufficient', 'clarification']);
const ANSWERED: ReadonlySet<TurnRecord['state']> = new Set(['answered', 'creative']);

function abstained(turn: TurnRecord): boolean {
  return ABSTAINED.has(turn.state);
}

/** Whether the answer cites a passage that overlaps one of the item's evidence spans. */
export function citesEvidence(judged: JudgedTurn, matcher: EvidenceMatcher = new EvidenceMatcher()): boolean {
  const { item, turn } = judged;
  if (!turn.answer || abstained(turn)) return false;
  const cited = new Set(turn.answer.citations.filter((c) => c.chunkId !== null).map((c) => c.n));
  return turn.sources.some(
    (s) => cited.has(s.n) && (!judged.documentId || s.documentId === judged.documentId) && item.evidence.some((e) => matcher.overlaps(s.text, e.text)),
  );
}

/** Each quote of the answer, and whether it is from a passage of the item's document with words overlapping one of its evidence spans (none: abstained). */
function quotesJudged(judged: JudgedTurn, matcher: EvidenceMatcher): boolean[] {
  const { item, turn } = judged;
  if (!turn.answer || abstained(turn)) return [];
  const ofDocument = new Set(turn.sources.filter((s) => !judged.documentId || s.documentId === judged.documentId).map((s) => s.n));
  return turn.answer.quotes.map((q) => q.foundIn !== null && ofDocument.has(q.foundIn) && item.evidence.some((e) => matcher.overlaps(q.text, e.text)));
}

/** Each quote of an answer to an answerable question, and whether it overlaps the item's evidence (the records `npm run eval --json` keeps per question, to read which quotes were beside the point). */
export function quoteVerdicts(judged: JudgedTurn, matcher: EvidenceMatcher): { readonly text: string; readonly onEvidence: boolean }[] {
  const verdicts = quotesJudged(judged, matcher);
  return verdicts.map((onEvidence, i) => ({ text: judged.turn.answer!.quotes[i]!.text, onEvidence }));
}

/** Whether the answer quotes, from a passage of the item's document, words overlapping one of its evidence spans. */
export function quotesEvidence(judged: JudgedTurn, matcher: EvidenceMatcher = new EvidenceMatcher()): boolean {
  return quotesJudged(judged, matcher).some(Boolean);
}

const share = (part: number, whole: number, empty: number) => (whole === 0 ? empty : part / whole);

/** Of the quotes in the answers to answerable questions, the share that overlap the item's evidence (a quote beside the point lowers it). */
function quotesOnEvidence(answerable: readonly JudgedTurn[], matcher: EvidenceMatcher): number {
  const judged = answerable.flatMap((t) => quotesJudged(t, matcher));
  return share(judged.filter(Boolean).length, judged.length, 0);
}

export function judgeAnswers(turns: readonly JudgedTurn[]): AnswerJudgement {
  const matcher = new EvidenceMatcher();
  let citations = 0;
  let resolved = 0;
  let quotes = 0;
  let verbatim = 0;
  for (const { turn } of turns) {
    for (const c of turn.answer?.citations ?? []) {
      citations++;
      if (c.chunkId !== null) resolved++;
    }
    for (const q of turn.answer?.quotes ?? []) {
      quotes++;
      if (q.status === 'verbatim') verbatim++;
    }
  }
  const answerable = turns.filter((t) => t.item.answerable);
  const unanswerable = turns.filter((t) => !t.item.answerable);
  // Quotes of answers only: a clarification quotes document names (“MANUFACTURING AGREEMENT”), not passages.
  const headingOnly = turns.reduce((n, { turn }) => n + (ANSWERED.has(turn.state) ? (turn.answer?.quotes ?? []).filter((q) => isHeadingOnly(q.text)).length : 0), 0);
  const values = judgeValues(answerable);
  return {
    n: turns.length,
    citations_valid: share(resolved, citations, 1),
    quotes_verbatim: share(verbatim, quotes, 1),
    answer_has_evidence: share(answerable.filter((t) => citesEvidence(t, matcher)).length, answerable.length, 0),
    quote_has_evidence: share(answerable.filter((t) => quotesEvidence(t, matcher)).length, answerable.length, 0),
    quotes_on_evidence: quotesOnEvidence(answerable, matcher),
    abstained_answerable: share(answerable.filter((t) => abstained(t.turn)).length, answerable.length, 0),
    abstained_unanswerable: share(unanswerable.filter((t) => abstained(t.turn)).length, unanswerable.length, 0),
    value_match: values.match,
    heading_only: headingOnly,
    value_in_quote: values.inQuote,
  };
}

/** One answerable question's value, judged against CUAD's normalised answer (null: no value asked of its category, or none given). */
export interface ValueVerdict {
  readonly expected: string;
  /** The value the answer states first, as displayed; null when it states none or abstained. */
  readonly stated: string | null;
  readonly match: boolean;
  /** A quote of the answer states the value. */
  readonly inQuote: boolean;
}

export function judgeValue(item: QaItem, turn: JudgedTurn['turn']): ValueVerdict | null {
  if (!item.answerable) return null;
  const category = item.cuad_category ?? '';
  const kind = VALUE_CATEGORIES[category];
  const expected = kind ? expectedValue(category, item.cuad_answer) : null;
  if (!kind || !expected) return null;
  const answered = !abstained(turn);
  const inQuote = (turn.answer?.quotes ?? []).some((q) => {
    const source = turn.sources.find((s) => s.n === (q.foundIn ?? q.cited[0]));
    return valueMatches(extractValue(kind, q.text, valueContext(source ?? {})), expected);
  });
  return {
    expected: item.cuad_answer ?? '',
    stated: answered ? (turn.value?.display ?? null) : null,
    match: answered && valueMatches(turn.value ?? null, expected),
    inQuote: answered && inQuote,
  };
}

function judgeValues(answerable: readonly JudgedTurn[]): { match: AnswerJudgement['value_match']; inQuote: number } {
  const perCategory = new Map<string, { right: number; n: number }>();
  let right = 0;
  let quoted = 0;
  let n = 0;
  for (const { item, turn } of answerable) {
    const verdict = judgeValue(item, turn);
    if (!verdict) continue;
    const category = item.cuad_category ?? '';
    n++;
    const c = perCategory.get(category) ?? { right: 0, n: 0 };
    c.n++;
    if (verdict.match) {
      right++;
      c.right++;
    }
    perCategory.set(category, c);
    if (verdict.inQuote) quoted++;
  }
  return {
    match: { overall: share(right, n, 0), n, by_category: Object.fromEntries([...perCategory].map(([k, v]) => [k, share(v.right, v.n, 0)])) },
    inQuote: share(quoted, n, 0),
  };
}
