/**
 * What the learned clause-kind model reads: the words of a window of text (a sentence or a few)
 * and the words of the section title it sits under, as sparse features.
 *
 *   text   → lower-cased, accents dropped, English Snowball stems, numbers as "#", "$" and "%"
 *            kept → unigrams "w:stem" and bigrams "b:stem stem" (stop words kept: "shall not
 *            assign" is the clause)
 *   title  → unigrams "t:stem" of the innermost heading and the section path
 *   value  → (1 + ln tf) · idf / √(Σ over the window's features of (1 + ln tf)²)
 *
 * A passage is scored window by window (windows()), so a 3,000-character chunk is read as the
 * single clauses the model was trained on; its score for a kind is the best window's.
 * Shared by the trainer (Node) and the run-time scorer (workers, Node): one definition.
 */
import { stemmer } from '@orama/stemmers/english';
import { splitItems, splitSentences } from '../text/sentences';

/** Feature extraction version: a model file names the version it was trained with. */
export const FEATURES_VERSION = 1;

/** Sentences per window at most, and the longest text kept whole as one more window. */
const WINDOW_SENTENCES = 2;
const WHOLE_MAX_SENTENCES = 4;
/** Windows per passage at most (a 3,300-character chunk has ~30 sentences). */
const MAX_WINDOWS = 64;
/** A window's text is cut here (a table or a list read as one "sentence"). */
const MAX_WINDOW_CHARS = 2000;

const TOKEN = /[\p{L}]+|\d+|[$%€£]/gu;
const stems = new Map<string, string>();

function stem(word: string): string {
  let s = stems.get(word);
  if (s === undefined) {
    s = word.length <= 3 ? word : stemmer(word);
    if (stems.size > 50_000) stems.clear();
    stems.set(word, s);
  }
  return s;
}

/** The normalised tokens of a text: stems, "#" for numbers, currency and percent signs. */
export function tokens(text: string): string[] {
  const flat = text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const out: string[] = [];
  for (const m of flat.matchAll(TOKEN)) {
    const t = m[0];
    out.push(/^\d/.test(t) ? '#' : /^[$€£]$/.test(t) ? '$' : t === '%' ? '%' : stem(t));
  }
  return out;
}

/**
 * How a question asks, not what about: "what does the agreement say about …", "does the contract
 * provide anything on …", "tell me about …". The frame names no clause kind, but a template that
 * used it for one kind only (CUAD's natural questions: "what does the … agreement say about
 * assignment?") taught the question head that it means that kind, so "what does the agreement
 * say about insurance?" read as anti-assignment. It is dropped before a question's features are
 * read, in training and at run time alike.
 */
const TOPIC = String.raw`(?:anything\s+|something\s+)?(?:about|on|regarding|concerning|re|with\s+respect\s+to|in\s+respect\s+of)\b`;
const QUESTION_FRAME = new RegExp(
  [
    // "what does the agreement say about", "what does this contract provide on" (the whole frame: its
    // "what does the agreement" was the template's too)
    String.raw`\b(?:what|how)\s+(?:does|do|did|will|would)\s+(?:the|this|that|our|my|their|its)\s+(?:[\p{L}\p{N}&'’/-]+\s+){0,3}?(?:agreement|contract|deal|document|amendment)\s+(?:say|state|provide|mention)\s+${TOPIC}`,
    String.raw`\b(?:says?|said|states?|stated|mentions?|provides?|contains?|tells?\s+(?:me|us)|tell\s+me)\s+${TOPIC}`,
  ].join('|'),
  'giu',
);

/** The raw features of a question (rawFeatures without the question's frame). */
export function questionFeatures(question: string): Map<string, number> {
  return rawFeatures(question.replace(QUESTION_FRAME, ' '));
}

/** Raw counts of a window's features (text words and bigrams, title words). */
export function rawFeatures(text: string, title: string | null = null): Map<string, number> {
  const out = new Map<string, number>();
  const add = (f: string) => out.set(f, (out.get(f) ?? 0) + 1);
  const words = tokens(text.length > MAX_WINDOW_CHARS ? text.slice(0, MAX_WINDOW_CHARS) : text);
  for (let i = 0; i < words.length; i++) {
    add(`w:${words[i]!}`);
    if (i + 1 < words.length) add(`b:${words[i]!} ${words[i + 1]!}`);
  }
  if (title) for (const w of new Set(tokens(title))) if (w !== '#') add(`t:${w}`);
  return out;
}

/** A sparse vector: feature indices (ascending) and their values. */
export interface SparseVector {
  readonly index: Int32Array;
  readonly value: Float32Array;
}

/**
 * Maps feature names to vocabulary indices weighed by idf; unknown features are dropped. The
 * length normalisation counts every feature of the window, known or not (Σ (1 + ln tf)²), so a
 * feature pruned from a model's vocabulary changes no other feature's value.
 */
export function vectorize(raw: ReadonlyMap<string, number>, vocabulary: ReadonlyMap<string, number>, idf: Float32Array): SparseVector {
  const pairs: [number, number][] = [];
  let norm = 0;
  for (const [f, tf] of raw) {
    const t = 1 + Math.log(tf);
    norm += t * t;
    const i = vocabulary.get(f);
    if (i !== undefined) pairs.push([i, t * (idf[i] ?? 1)]);
  }
  pairs.sort((a, b) => a[0] - b[0]);
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  return { index: Int32Array.from(pairs, (p) => p[0]), value: Float32Array.from(pairs, (p) => p[1] * scale) };
}

/** A window of a passage: [start, end) offsets into the passage text. */
export interface Window {
  readonly start: number;
  readonly end: number;
}

/**
 * The windows a passage is read in: each sentence, each run of WINDOW_SENTENCES consecutive
 * sentences, and the whole text when it has at most WHOLE_MAX_SENTENCES sentences (a single
 * clause is then also read as it was labelled).
 */
export function windows(text: string): Window[] {
  const sentences = splitSentences(text).filter((s) => /[\p{L}]/u.test(text.slice(s.start, s.end)));
  if (sentences.length === 0) return [];
  const items = splitItems(text, sentences).filter((s) => /[\p{L}]/u.test(text.slice(s.start, s.end)));
  const out: Window[] = [];
  const seen = new Set<string>();
  const push = (start: number, end: number) => {
    const key = `${start}:${end}`;
    if (!seen.has(key) && out.length < MAX_WINDOWS) {
      seen.add(key);
      out.push({ start, end });
    }
  };
  if (sentences.length <= WHOLE_MAX_SENTENCES) push(sentences[0]!.start, sentences.at(-1)!.end);
  for (let i = 0; i < sentences.length; i++) {
    push(sentences[i]!.start, sentences[i]!.end);
    if (WINDOW_SENTENCES > 1 && i + WINDOW_SENTENCES <= sentences.length) push(sentences[i]!.start, sentences[i + WINDOW_SENTENCES - 1]!.end);
  }
  // A lettered item inside a sentence of items is read alone too ("… control. (d) This Agreement
  // shall be interpreted in accordance with the laws of the State of Indiana. (e) …").
  if (items.length > sentences.length) for (const item of items) push(item.start, item.end);
  // A sentence that lists its cases after a colon or semicolons is read as its lead-in with the
  // first case, and case by case ("This Agreement can be terminated at any time …, as follows:
  // (a) by the Consultant electing to give … 3 months prior notice; (b) by the Company …; (c) …
  // Change of Control …"): read whole, the longest case decided what the sentence was.
  for (const sentence of sentences) for (const w of enumerationWindows(text, sentence)) push(w.start, w.end);
  return out;
}

/** Where a case of a list starts inside a sentence: "(a)", "(ii)", "(3)" after a colon or a semicolon (and "and" / "or"). */
const CASE_START = /(?<=[;:])\s+(?:(?:and|or)\s+)?(?=\((?:[a-z]|[ivx]{1,5}|\d{1,2})\)\s)/gu;

/** A sentence's lead-in with its first case, then each case: nothing for a sentence with fewer than two cases. */
function enumerationWindows(text: string, sentence: Window): Window[] {
  const starts: number[] = [];
  for (const m of text.slice(sentence.start, sentence.end).matchAll(CASE_START)) starts.push(sentence.start + m.index + m[0].length);
  if (starts.length < 2) return [];
  const ends = [...starts.slice(1).map((at) => trimmedEnd(text, at)), sentence.end];
  return [{ start: sentence.start, end: ends[0]! }, ...starts.map((start, k) => ({ start, end: ends[k]! }))];
}

/** `at` moved back over the spaces, "and" / "or" before it. */
function trimmedEnd(text: string, at: number): number {
  return at - (/\s+(?:(?:and|or)\s+)?$/u.exec(text.slice(Math.max(0, at - 8), at))?.[0].length ?? 0);
}

/** The heading a passage's windows carry as title features: the innermost title and the path. */
export function passageTitle(passage: { readonly sectionTitle?: string | null; readonly sectionPath?: readonly string[] }): string | null {
  const parts = [...(passage.sectionPath ?? []), ...(passage.sectionTitle ? [passage.sectionTitle] : [])];
  return parts.length > 0 ? [...new Set(parts)].join(' ') : null;
}
