/**
 * Which sentences of the retrieved passages speak to the question: each sentence scores the
 * summed weight of the distinct question terms it contains (the search analyzer's terms: the
 * question's words without question stop words, stemmed in the passage language, a word of
 * their family standing for them: "payment" for "pay"), a term
 * weighing more the fewer sentences hold it (idf over the passages at hand). Used to trim a
 * long passage to its relevant part for the model's context, and to pick the sentences of an
 * extractive answer. A fragment too short to say anything ("3.2 Liability Cap.", "Article 4.")
 * is read with the sentence after it, so a heading that repeats the question's words is never
 * quoted alone in place of the clause it heads.
 */
import { splitItems, splitSentences, type Span } from '../text/sentences';
import { createAnalyzer, LABEL_WORDS, rawTokens } from '../search/analyzer';
import { DEFAULT_LANGUAGE } from '../search/languages';
import { reduceQuestion } from '../search/question';
import { isHeadingOnly } from './quote-kind';
import { termVariants } from '../search/word-families';

const analyzer = createAnalyzer();

export interface ScoredSentence extends Span {
  readonly score: number;
  /** How many distinct question terms it holds. */
  readonly matched: number;
  /** Where its question terms are: offset in the text, and the term. */
  readonly hits: readonly { readonly at: number; readonly term: string }[];
}

export class SentenceRanker {
  private readonly sentences: ScoredSentence[][];

  /** `texts[i]` is in `languages[i]` (the passage's document language; null = English analysis). */
  constructor(question: string, texts: readonly string[], languages: readonly (string | null)[]) {
    const units = texts.map((text, i) => {
      const language = languages[i] ?? DEFAULT_LANGUAGE;
      const wanted = familyOf(analyzer.terms(reduceQuestion(question, language).text, language), language);
      const spans = sentenceSpans(text);
      const termsOf = (s: Span) => new Set(analyzer.terms(text.slice(s.start, s.end), language).flatMap((t) => wanted.get(t) ?? []));
      return { text, language, wanted, spans, terms: spans.map(termsOf) };
    });
    const df = new Map<string, number>();
    let total = 0;
    for (const u of units) {
      total += u.spans.length;
      for (const set of u.terms) for (const t of set) df.set(t, (df.get(t) ?? 0) + 1);
    }
    const idf = (t: string) => Math.log(1 + total / (df.get(t) ?? 1));
    this.sentences = units.map((u) =>
      u.spans.map((span, j) => {
        const matched = u.terms[j]!;
        let score = 0;
        for (const t of matched) score += idf(t);
        return { ...span, score, matched: matched.size, hits: matched.size > 0 ? hitsIn(u.text, span, u.wanted, u.language) : [] };
      }),
    );
  }

  /** The sentences of text i, in order, scored. */
  of(i: number): readonly ScoredSentence[] {
    return this.sentences[i] ?? [];
  }
}

/** The sentences of `text` as the ranker reads them (items after a full stop apart, a list's lead-in and fragments joined to the sentence after them). */
export function sentenceSpans(text: string): Span[] {
  return joinFragments(text, joinListLeads(text, splitItems(text, splitSentences(text))));
}

/**
 * A sentence cut after the number of a list's first item ("Im Sinne dieses Gesetzes ist 1." |
 * "Geschäftsgeheimnis eine Information …"): "1." after a word that is no label of a reference
 * ("Section 1." ends a sentence) opens the list. Only the first item: in a form's numbered fields
 * ("… Delaware 6. TERM: …") a later number after a word is the next field's.
 */
const LIST_LEAD = /(?:^|\s)(\p{L}+)\s+1\.$/u;
/** The analyzer's reference labels, with what numbers a page, a step or a point (plurals read as their singular). */
const REFERENCE_LABELS: ReadonlySet<string> = new Set([...LABEL_WORDS, 'page', 'seite', 'step', 'phase', 'point', 'ziffer', 'nr', 'nummer', 'absätze']);
const isReferenceLabel = (word: string) => {
  const w = word.toLowerCase();
  return ['', 's', 'es', 'e', 'n', 'en'].some((ending) => w.endsWith(ending) && REFERENCE_LABELS.has(w.slice(0, w.length - ending.length)));
};

function joinListLeads(text: string, spans: readonly Span[]): Span[] {
  const out: Span[] = [];
  for (const span of spans) {
    const last = out[out.length - 1];
    const lead = last ? LIST_LEAD.exec(text.slice(last.start, last.end)) : null;
    if (last && lead && !isReferenceLabel(lead[1]!)) out[out.length - 1] = { start: last.start, end: span.end };
    else out.push(span);
  }
  return out;
}

/** Fewer words than this (numbers aside) is a fragment, not a sentence. */
const MIN_WORDS = 5;

/**
 * A phrase that opens with a preposition and has no verb is a fragment however long ("Upon
 * termination of this Agreement." | "VOTOCAST shall immediately cease …": a full stop typed for a
 * comma, which quoted the clause's heading and the phrase as the answer). English only: a modal or
 * a form of "be" or "have" is the verb a contract's sentence has.
 */
const PREPOSITION_LEAD = /^(?:\(?[\p{L}\d]{1,4}[.)]\s+)?(?:upon|following|after|before|prior to|in the event of|notwithstanding|subject to)\s/iu;
const VERB = /(?<![\p{L}])(?:shall|will|may|must|can|should|would|is|are|was|were|be|been|has|have|had|agrees?|means?)(?![\p{L}])/iu;
const verbless = (sentence: string) => PREPOSITION_LEAD.test(sentence) && !VERB.test(sentence);

function joinFragments(text: string, spans: readonly Span[]): Span[] {
  const out: Span[] = [];
  let pending: Span | null = null;
  for (const span of spans) {
    const start: number = pending ? pending.start : span.start;
    const words = (text.slice(start, span.end).match(/\p{L}{2,}/gu) ?? []).length;
    pending = { start, end: span.end };
    if (words >= MIN_WORDS && !verbless(text.slice(span.start, span.end).trim())) {
      out.push(pending);
      pending = null;
    }
  }
  if (pending) {
    // A fragment at the end joins the sentence before it — unless it is the next item's heading,
    // cut from its clause where the passage ends ("… without giving effect to any conflicts of laws
    // principles. (b) Dispute Resolution."): it stands alone, and is not quoted.
    const last = out.pop();
    const heading = isHeadingOnly(text.slice(pending.start, pending.end)) && /^\s*(?:\(?[\p{L}\d]{1,4}[.)]|§|article|section|artikel)/iu.test(text.slice(pending.start, pending.end));
    if (last && heading) out.push(last, pending);
    else out.push(last ? { start: last.start, end: pending.end } : pending);
  }
  return out;
}

function hitsIn(text: string, span: Span, wanted: ReadonlyMap<string, string>, language: string): { at: number; term: string }[] {
  const out: { at: number; term: string }[] = [];
  for (const token of rawTokens(text.slice(span.start, span.end))) {
    const term = analyzer.term(token.text, language);
    const asked = term === null ? undefined : wanted.get(term);
    if (asked !== undefined) out.push({ at: span.start + token.start, term: asked });
  }
  return out;
}

/**
 * The question's terms and the other terms of their word families (search/word-families.ts), each
 * → the question term it stands for: "payment" in a sentence answers "how much does HDS pay?" as
 * the search found it.
 */
function familyOf(terms: readonly string[], language: string): Map<string, string> {
  const out = new Map(terms.map((t) => [t, t]));
  for (const t of terms) for (const v of termVariants(analyzer, t, language)) if (!out.has(v)) out.set(v, t);
  return out;
}

/**
 * The run of consecutive sentences of `text` that fits in `maxChars` with the highest summed
 * score (the first such run on ties), as a verbatim slice. A single sentence longer than
 * `maxChars` is cut at a word boundary. With `must` (the span stating the value a question asks
 * for, or the sentence that reads as the clause asked about), only runs holding that span's start
 * compete — or, where the span starts before any sentence (a clause's heading: "3. Ownership.
 * Consultant hereby assigns …"), runs that start inside it: a passage cut short keeps what answers.
 */
export function bestWindow(text: string, sentences: readonly ScoredSentence[], maxChars: number, must?: Span | null): { start: number; end: number } {
  if (text.length <= maxChars || sentences.length === 0) return { start: 0, end: Math.min(text.length, maxChars) };
  let best = { start: sentences[0]!.start, end: sentences[0]!.end, score: -1 };
  let j = 0;
  let sum = 0;
  const holds = (start: number, end: number) => !must || (start <= must.start && must.start < end) || (must.start < start && start < must.end);
  for (let i = 0; i < sentences.length; i++) {
    if (j < i) {
      j = i;
      sum = 0;
    }
    while (j < sentences.length && sentences[j]!.end - sentences[i]!.start <= maxChars) sum += sentences[j++]!.score;
    const end = j > i ? sentences[j - 1]!.end : sentences[i]!.end;
    const score = j > i ? sum : sentences[i]!.score;
    if (score > best.score && holds(sentences[i]!.start, end)) best = { start: sentences[i]!.start, end, score };
    if (j > i) sum -= sentences[i]!.score;
  }
  if (best.score < 0 && must) return bestWindow(text, sentences, maxChars);
  if (best.end - best.start > maxChars) {
    const cut = text.lastIndexOf(' ', best.start + maxChars);
    best.end = cut > best.start ? cut : best.start + maxChars;
  }
  return { start: best.start, end: best.end };
}
