/**
 * Query analysis for keyword search: a question written in plain language ("How much notice
 * must be given to stop the agreement from renewing?") is reduced to the words that name what
 * is sought ("notice stop agreement renewing") by dropping the language's question stop words
 * (see question-stopwords.ts). Index analysis is unchanged: this only touches the query.
 *
 * Kept whatever the list says: quoted phrases, labelled references ("Section 5.2", "§ 7"),
 * tokens with digits, and short keyword queries (under `minWords` words), which a person typed
 * word by word. When nothing would be left, the query is kept whole.
 */
import { questionStopWords } from './question-stopwords';
import type { QuestionOptions } from '../search-types';

export const DEFAULT_QUESTION: QuestionOptions = { stopWords: true, minWords: 4 };

export interface ReducedQuery {
  /** The text to search with (the input when nothing was dropped). */
  readonly text: string;
  /** The words dropped, in order, as written. */
  readonly dropped: readonly string[];
}

const WORD = /[\p{L}\p{N}]+(?:['’‐‑-][\p{L}\p{N}]+)*/gu;
const QUOTED = /["“”„«»][^"“”„«»]{1,120}["“”„«»]/gu;
const REFERENCE = /(?:§{1,2}\s*\d+[a-z]?(?:\.\d+)*|\b(?:section|article|art\.|clause|schedule|exhibit|annex|appendix|paragraph)\s+(?:\d+(?:\.\d+)*[a-z]?|[ivxlc]+\b|[a-z]\b))/giu;
const HAS_DIGIT = /\d/;

function protectedRanges(text: string): [number, number][] {
  const out: [number, number][] = [];
  for (const re of [QUOTED, REFERENCE]) for (const m of text.matchAll(re)) out.push([m.index, m.index + m[0].length]);
  return out;
}

export function reduceQuestion(text: string, language: string, options: QuestionOptions = DEFAULT_QUESTION): ReducedQuery {
  const unchanged = { text, dropped: [] };
  if (!options.stopWords) return unchanged;
  const stop = questionStopWords(language);
  if (stop.size === 0) return unchanged;
  const words = [...text.matchAll(WORD)];
  if (words.length < options.minWords) return unchanged;
  const kept = protectedRanges(text);
  const isProtected = (start: number, end: number) => kept.some(([s, e]) => start >= s && end <= e);
  const drop: { word: string; start: number; end: number }[] = [];
  for (const w of words) {
    const word = w[0].toLowerCase().replace(/’/g, "'");
    const start = w.index;
    const end = start + w[0].length;
    if (HAS_DIGIT.test(word) || isProtected(start, end)) continue;
    if (stop.has(word)) drop.push({ word: w[0], start, end });
  }
  if (drop.length === 0 || drop.length === words.length) return unchanged;
  let out = text;
  for (let i = drop.length - 1; i >= 0; i--) out = out.slice(0, drop[i]!.start) + ' ' + out.slice(drop[i]!.end);
  return { text: out.replace(/\s+/g, ' ').trim(), dropped: drop.map((d) => d.word) };
}
