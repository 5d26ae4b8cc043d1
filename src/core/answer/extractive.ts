/**
 * Extractive answers: no model writes anything. The answer quotes, verbatim, the sentence of
 * each of the best retrieved passages that best answers the question (relevance.ts) — as a
 * "> " block quote with its citation, in retrieval order, at most three. The top passage always
 * speaks first (retrieval ranks passages better than term overlap ranks sentences); a lower one
 * only when its best sentence scores at least half as well as the best sentence anywhere. When
 * no sentence holds a question term (the passages were found by meaning), the top passage's
 * opening sentence stands in. A very long sentence is cut to the window holding most of the
 * question terms, the cuts marked with "…", which the quote check reads as omissions.
 *
 * This is the answer when no model is selected, and the fallback whenever the model fails.
 * On the CUAD dev set (98 answerable questions) choosing by sentence score alone cited the
 * evidence for 60 %; leading with the top passage, 80 % (see the README's evaluation).
 */
import { messages } from './messages';
import { SentenceRanker, type ScoredSentence } from './relevance';
import type { AnswerSource } from './types';

const MAX_SENTENCES = 3;
/** A lower-ranked passage is quoted when its best sentence scores at least this share of the best. */
const RELATIVE = 0.5;
const MAX_SENTENCE = 420;
/** Characters kept before the first question term of a cut sentence. */
const LEAD_IN = 120;

interface Pick {
  readonly source: AnswerSource;
  readonly sentence: ScoredSentence;
}

/**
 * The sentence, or for a very long one the word-aligned window of MAX_SENTENCE characters that
 * holds the most distinct question terms, starting a little before the first of them.
 */
function excerpt(text: string, s: ScoredSentence): string {
  const sentence = text.slice(s.start, s.end);
  if (sentence.length <= MAX_SENTENCE) return sentence;
  let anchor = 0;
  let best = 0;
  for (const hit of s.hits) {
    const at = Math.max(0, hit.at - s.start - LEAD_IN);
    const covered = new Set(s.hits.filter((h) => h.at - s.start >= at && h.at - s.start < at + MAX_SENTENCE).map((h) => h.term)).size;
    if (covered > best) {
      best = covered;
      anchor = at;
    }
  }
  let from = anchor > 0 ? sentence.indexOf(' ', anchor) + 1 : 0;
  // Near the end: slide back so the window stays full.
  if (sentence.length - from < MAX_SENTENCE) from = Math.max(0, sentence.lastIndexOf(' ', sentence.length - MAX_SENTENCE) + 1);
  let to = from + MAX_SENTENCE >= sentence.length ? sentence.length : sentence.lastIndexOf(' ', from + MAX_SENTENCE);
  if (to <= from) to = Math.min(sentence.length, from + MAX_SENTENCE);
  return `${from > 0 ? '… ' : ''}${sentence.slice(from, to).trim()}${to < sentence.length ? ' …' : ''}`;
}

/** The extractive answer's text (lead line, then one cited block quote per sentence). */
export function composeExtractive(question: string, sources: readonly AnswerSource[], language: string | null): string {
  if (sources.length === 0) return messages(language).noPassages;
  const ranker = new SentenceRanker(
    question,
    sources.map((s) => s.text),
    sources.map((s) => s.language),
  );
  const bestOf = sources.map((source, i) => ({ source, sentence: [...ranker.of(i)].sort((a, b) => b.score - a.score || a.start - b.start)[0] }));
  const top = Math.max(0, ...bestOf.map((b) => b.sentence?.score ?? 0));
  const chosen: Pick[] = [];
  bestOf.forEach((b, i) => {
    if (chosen.length >= MAX_SENTENCES || !b.sentence || b.sentence.score <= 0) return;
    if (i === 0 || b.sentence.score >= top * RELATIVE) chosen.push({ source: b.source, sentence: b.sentence });
  });
  const opening = ranker.of(0)[0];
  if (chosen.length === 0 && opening) chosen.push({ source: sources[0]!, sentence: opening });
  // One line per quote: a line break inside would end the block quote.
  const lines = chosen.map((p) => `> ${excerpt(p.source.text, p.sentence).replace(/\s+/g, ' ')} [${p.source.n}]`);
  return [messages(language).extractiveLead, ...lines].join('\n\n');
}
