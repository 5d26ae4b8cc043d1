/**
 * The numbered sources of an answer and the context block the model reads, within a budget
 * (6,000 characters by default, headers included):
 *
 *  1. each passage, in rank order, gets an even share of what is left; a longer passage is cut
 *     to its most relevant run of sentences (relevance.ts), never mid-word, so what the model
 *     sees — and what a quote is checked against — is verbatim document text;
 *  2. what budget remains goes to same-section neighbours (the chunk after, then before, nearest
 *     first), so a clause cut across two chunks reads whole.
 * Header: `[n] file — p. 5 — § 12 Limitation of Liability › 12.2 Liability Cap`.
 *
 * A source's section label is the section its text sits in, not only the one its passage starts
 * in (ingest/section-at.ts): a passage cut to a run from its middle is labelled with the section
 * at the cut ("8 › 8.3" for a run in 8.3 of a passage starting in 8.2), and once the answer is
 * checked, a quoted source with the section its (first) quote sits in (labelQuotedSources).
 */
import { sectionPathAt } from '../ingest/section-at';
import { pageLabel as rangeLabel } from '../page-label';
import type { PipelinePassage } from '../search-types';
import { bestWindow, SentenceRanker } from './relevance';
import type { Span } from '../text/sentences';
import type { AnswerSource, CheckedAnswer } from '../answer-types';
import { quoteStart } from './verbatim';

export const MAX_CONTEXT_CHARS = 6000;
const MAX_SOURCES = 8;
/** A passage shorter than this after cutting is not worth a slot. */
const MIN_PASSAGE_CHARS = 200;

/** A passage before numbering: a retrieval result, or a source the user pointed at. */
export type SourceCandidate = Omit<AnswerSource, 'n'>;

export function fromPassage(p: PipelinePassage): SourceCandidate {
  return {
    chunkId: p.chunkId,
    documentId: p.documentId,
    file: p.document.name,
    path: p.document.path,
    title: p.document.title,
    pageStart: p.chunk.pageStart,
    pageEnd: p.chunk.pageEnd,
    ...(p.document.mediaType ? { mediaType: p.document.mediaType } : {}),
    pages: p.document.pages,
    sectionPath: p.chunk.sectionPath,
    text: p.chunk.text,
    before: p.context.before.map((c) => c.text),
    after: p.context.after.map((c) => c.text),
    language: p.document.language,
    score: p.score,
    pinned: false,
    ...(p.document.effectiveDate ? { effectiveDate: p.document.effectiveDate } : {}),
    ...(p.document.parties?.length ? { parties: p.document.parties } : {}),
  };
}

/** Where a source is: "p. 5" in a PDF, "part 2" in a Word document, "" in a one-part text. */
export function pageLabel(s: Pick<AnswerSource, 'pageStart' | 'pageEnd' | 'mediaType' | 'pages'>, language?: string | null): string {
  return rangeLabel(s, s, language);
}

function sourceHeader(s: Pick<AnswerSource, 'n' | 'file' | 'pageStart' | 'pageEnd' | 'mediaType' | 'pages' | 'sectionPath'>): string {
  const parts = [`[${s.n}] ${s.file}`, pageLabel(s)].filter(Boolean);
  if (s.sectionPath.length > 0) parts.push(`§ ${s.sectionPath.join(' › ')}`);
  return parts.join(' — ');
}

function block(s: AnswerSource): string {
  return `${sourceHeader(s)}\n${[...s.before, s.text, ...s.after].join('\n')}`;
}

/** The context block the model reads. */
export function formatSources(sources: readonly AnswerSource[]): string {
  return sources.map(block).join('\n\n');
}

/**
 * Numbers the candidates (duplicates of a chunk dropped, the first kept) and fits them in
 * `budget` characters of formatted context (see the module comment). `mustKeep`: the span of a
 * candidate's text that its cut must hold (the value the question asks for, where it states one).
 */
export function buildSources(question: string, candidates: readonly SourceCandidate[], budget = MAX_CONTEXT_CHARS, mustKeep?: (candidate: SourceCandidate) => Span | null): AnswerSource[] {
  const seen = new Set<string>();
  const unique: SourceCandidate[] = [];
  for (const c of candidates) {
    if (seen.has(c.chunkId) || unique.length >= MAX_SOURCES) continue;
    seen.add(c.chunkId);
    unique.push(c);
  }
  const ranker = new SentenceRanker(
    question,
    unique.map((c) => c.text),
    unique.map((c) => c.language),
  );
  const out: AnswerSource[] = [];
  let left = budget;
  for (let i = 0; i < unique.length; i++) {
    const c = unique[i]!;
    const n = out.length + 1;
    const header = sourceHeader({ ...c, n }).length + 1 + (out.length > 0 ? 2 : 0);
    const available = left - header;
    if (available < MIN_PASSAGE_CHARS) break;
    const share = Math.max(MIN_PASSAGE_CHARS, Math.floor(left / (unique.length - i)) - header);
    const window = bestWindow(c.text, ranker.of(i), Math.min(share, available), mustKeep?.(c));
    const text = c.text.slice(window.start, window.end).trim();
    if (!text) continue;
    const sectionPath = window.start > 0 ? sectionPathAt(c.text, c.sectionPath, window.start) : c.sectionPath;
    out.push({ ...c, n, text, sectionPath, before: [], after: [] });
    left -= header + text.length;
  }
  // Neighbours with what is left, rank order, nearest first (after, then before).
  let added = true;
  for (let depth = 0; added; depth++) {
    added = false;
    out.forEach((s, k) => {
      const c = unique.find((u) => u.chunkId === s.chunkId)!;
      const whole = s.text.length === c.text.trim().length;
      if (!whole) return; // a cut passage keeps its most relevant part only
      for (const side of ['after', 'before'] as const) {
        const next = side === 'after' ? c.after[depth] : c.before[c.before.length - 1 - depth];
        const have = out[k]![side].length;
        if (next === undefined || have !== depth || next.length + 1 > left) continue;
        out[k] = { ...out[k]!, [side]: side === 'after' ? [...out[k]!.after, next] : [next, ...out[k]!.before] };
        left -= next.length + 1;
        added = true;
      }
    });
  }
  return out;
}

/**
 * The numbers of the sources an answer uses: quoted (where the quote was found, else the sources
 * its sentence cites) or cited. The others are shown as context (the UI's "Context" badge,
 * `npm run ask`'s "context, not quoted").
 */
export function usedSources(answer: Pick<CheckedAnswer, 'quotes' | 'citations'> | null): Set<number> {
  const used = new Set<number>();
  for (const q of answer?.quotes ?? []) for (const n of q.foundIn !== null ? [q.foundIn] : q.cited) used.add(n);
  for (const c of answer?.citations ?? []) if (c.chunkId !== null) used.add(c.n);
  return used;
}

/**
 * The sources with the section label of what the answer quotes from them: a source a quote was
 * found in is labelled with the section at that quote's start in its text (the first such quote
 * of the answer), resolved against the section its text starts in; "8 Termination › 8.2" becomes
 * "8 Termination › 8.3" when the quote sits in 8.3. Sources quoted nowhere (or only in their
 * neighbours' text) keep their label.
 */
export function labelQuotedSources(sources: readonly AnswerSource[], answer: Pick<CheckedAnswer, 'quotes'>): AnswerSource[] {
  return sources.map((s) => {
    const quote = answer.quotes.find((q) => q.foundIn === s.n);
    const at = quote ? quoteStart(quote.text, s.text) : -1;
    if (at < 0) return s;
    const sectionPath = sectionPathAt(s.text, s.sectionPath, at);
    return sectionPath === s.sectionPath ? s : { ...s, sectionPath };
  });
}
