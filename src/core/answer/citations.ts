/**
 * Checks an answer against its numbered sources, by code, never on the model's word:
 *
 *  - every `[n]` (also `[1, 2]`, `[2-3]`) outside quotation marks is mapped to the chunk of
 *    source n; a number that is no source is an unresolved citation, marked;
 *  - every quotation — a "> " block-quote line, or words between quotation marks (“…”, "…",
 *    «…», „…“) of three words or more (shorter ones are terms, not quotes) — is looked up
 *    verbatim (verbatim.ts) in the sources its sentence cites, else in any source: found in a
 *    cited source it is verbatim, found only elsewhere it is attributed to the wrong source,
 *    found nowhere it is marked as not in the sources;
 *  - sentences that cite nothing are counted.
 * The result keeps the answer text as written, with the marks as ranges over it.
 */
import { splitSentences } from '../text/sentences';
import type { AnswerSource, CheckedAnswer, CitationMark, QuoteMark, QuoteStatus, Verification } from '../answer-types';
import { isVerbatim } from './verbatim';

/** `[3]`, `[1, 2]`, `[2-4]`, `[Source 3]`; not a Markdown link `[1](…)` nor a footnote `[^1]`. */
const GROUP = String.raw`\[(?:[Ss]ource\s+)?(\d{1,3}(?:\s*[,;]\s*\d{1,3}|\s*[-–]\s*\d{1,3})*)\](?!\()`;
const CITATION = new RegExp(GROUP, 'g');
/** Citations opening a sentence (they belong to the sentence before). */
const LEADING_CITATIONS = new RegExp(String.raw`^(?:\s*${GROUP})+`);
/** Citations closing a block-quote line (its attribution, not its words). */
const TRAILING_CITATIONS = new RegExp(String.raw`(?:\s*${GROUP})+\s*[.;]?\s*$`);
const INLINE_QUOTE = /“([^”\n]+)”|"([^"\n]+)"|«\s*([^»\n]+?)\s*»|„([^“”\n]+)[“”]/g;
const BLOCK_QUOTE = /^[ \t]*>[ \t]?(.*)$/gm;
const MIN_QUOTE_WORDS = 3;
const MAX_RANGE = 10;

function numbersOf(inside: string): number[] {
  const out: number[] = [];
  for (const part of inside.split(/\s*[,;]\s*/)) {
    const range = /^(\d+)\s*[-–]\s*(\d+)$/.exec(part);
    if (range) {
      const a = Number(range[1]);
      const b = Number(range[2]);
      for (let n = a; n <= b && n - a < MAX_RANGE; n++) out.push(n);
    } else out.push(Number(part));
  }
  return out;
}

function findCitations(text: string, sources: readonly AnswerSource[]): CitationMark[] {
  const byNumber = new Map(sources.map((s) => [s.n, s]));
  const out: CitationMark[] = [];
  for (const m of text.matchAll(CITATION)) {
    if (text[m.index - 1] === '^') continue;
    for (const n of numbersOf(m[1]!)) out.push({ start: m.index, end: m.index + m[0].length, n, chunkId: byNumber.get(n)?.chunkId ?? null });
  }
  return out;
}

interface Span {
  readonly start: number;
  readonly end: number;
}

/** Sentence spans of the answer, line by line; leading citations belong to the sentence before. */
function sentenceSpans(text: string): Span[] {
  const out: Span[] = [];
  let lineStart = 0;
  for (const line of text.split('\n')) {
    for (const s of splitSentences(line)) {
      const start = lineStart + s.start;
      const end = lineStart + s.end;
      const lead = LEADING_CITATIONS.exec(text.slice(start, end));
      const prev = out[out.length - 1];
      if (lead && prev && prev.end <= start && text.slice(prev.end, start).indexOf('\n') < 0) {
        out[out.length - 1] = { start: prev.start, end: start + lead[0].length };
        if (start + lead[0].length < end) out.push({ start: start + lead[0].length, end });
      } else out.push({ start, end });
    }
    lineStart += line.length + 1;
  }
  return out;
}

const words = (s: string) => (s.match(/[\p{L}\p{N}]+/gu) ?? []).length;

interface FoundQuote extends Span {
  readonly text: string;
  /** The range whose citations attribute it (its sentence, or its block-quote line). */
  readonly scope: Span;
}

function findQuotes(text: string, sentences: readonly Span[]): FoundQuote[] {
  const out: FoundQuote[] = [];
  const blocks: Span[] = [];
  for (const m of text.matchAll(BLOCK_QUOTE)) {
    const line = { start: m.index, end: m.index + m[0].length };
    blocks.push(line);
    const body = m[1]!.replace(TRAILING_CITATIONS, '').trim();
    const inner = /^[“"«„]\s*([\s\S]*?)\s*[”"»“]$/.exec(body)?.[1] ?? body;
    if (words(inner) >= MIN_QUOTE_WORDS) {
      const bodyStart = m.index + m[0].indexOf(m[1]!);
      out.push({ start: m.index, end: bodyStart + m[1]!.indexOf(body) + body.length, text: inner, scope: line });
    }
  }
  for (const m of text.matchAll(INLINE_QUOTE)) {
    const inner = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? '').trim();
    const span = { start: m.index, end: m.index + m[0].length };
    if (words(inner) < MIN_QUOTE_WORDS || blocks.some((b) => b.start <= span.start && span.end <= b.end)) continue;
    // Its sentence: from the one it starts in to the end of the one it ends in (a quote may hold a period).
    const first = sentences.find((s) => s.start <= span.start && span.start < s.end) ?? span;
    const last = sentences.find((s) => s.start < span.end && span.end <= s.end) ?? span;
    out.push({ ...span, text: inner, scope: { start: Math.min(first.start, span.start), end: Math.max(last.end, span.end) } });
  }
  return out.sort((a, b) => a.start - b.start);
}

function sourceText(source: AnswerSource): string {
  return [...source.before, source.text, ...source.after].join(' ');
}

function checkQuote(quote: string, cited: readonly number[], sources: readonly AnswerSource[]): { status: QuoteStatus; foundIn: number | null } {
  const citedSources = sources.filter((s) => cited.includes(s.n));
  const hit = citedSources.find((s) => isVerbatim(quote, sourceText(s)));
  if (hit) return { status: 'verbatim', foundIn: hit.n };
  const elsewhere = sources.find((s) => !cited.includes(s.n) && isVerbatim(quote, sourceText(s)));
  if (!elsewhere) return { status: 'not_found', foundIn: null };
  // Quoted without a citation but verbatim in a source: true, and the mark says which.
  return { status: cited.length === 0 ? 'verbatim' : 'wrong_source', foundIn: elsewhere.n };
}

/** Checks `text` against `sources` (see the module comment). */
export function checkAnswer(text: string, sources: readonly AnswerSource[]): CheckedAnswer {
  const sentences = sentenceSpans(text);
  const found = findQuotes(text, sentences);
  // A bracketed number inside quotation marks is the document's text ("Section [12]"), not a citation.
  const citations = findCitations(text, sources).filter((c) => !found.some((q) => c.start >= q.start && c.end <= q.end));
  const quotes: QuoteMark[] = found.map((q) => {
    const cited = [...new Set(citations.filter((c) => c.start >= q.scope.start && c.end <= q.scope.end && c.chunkId !== null).map((c) => c.n))];
    return { start: q.start, end: q.end, text: q.text, cited, ...checkQuote(q.text, cited, sources) };
  });
  const substantive = sentences.filter((s) => {
    const body = text.slice(s.start, s.end).trim();
    return words(body) >= 4 && !body.endsWith(':');
  });
  const uncited = substantive.filter((s) => !citations.some((c) => c.start >= s.start && c.end <= s.end)).length;
  const unresolved = citations.filter((c) => c.chunkId === null).length;
  const unverified = quotes.filter((q) => q.status !== 'verbatim').length;
  const verification: Verification = {
    citations: citations.length,
    unresolvedCitations: unresolved,
    quotes: quotes.length,
    unverifiedQuotes: unverified,
    sentences: substantive.length,
    uncitedSentences: uncited,
    ok: unresolved === 0 && unverified === 0,
  };
  return { text, citations, quotes, verification };
}

export interface AnswerSegment {
  readonly text: string;
  /** The citations this piece of text is (a "[1, 2]" piece has two). */
  readonly citations: readonly CitationMark[];
  /** The quote this piece lies in, if any. */
  readonly quote: QuoteMark | null;
}

/**
 * The answer cut at every mark boundary, ready to render: concatenating the pieces gives the
 * text back; each piece knows its citations and the quote it lies in.
 */
export function answerSegments(answer: Pick<CheckedAnswer, 'text' | 'citations' | 'quotes'>): AnswerSegment[] {
  const cuts = new Set([0, answer.text.length]);
  for (const m of [...answer.citations, ...answer.quotes]) {
    cuts.add(m.start);
    cuts.add(m.end);
  }
  const points = [...cuts].filter((p) => p >= 0 && p <= answer.text.length).sort((a, b) => a - b);
  const out: AnswerSegment[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const start = points[i]!;
    const end = points[i + 1]!;
    if (end <= start) continue;
    out.push({
      text: answer.text.slice(start, end),
      citations: answer.citations.filter((c) => c.start <= start && end <= c.end),
      quote: answer.quotes.find((q) => q.start <= start && end <= q.end) ?? null,
    });
  }
  return out;
}
