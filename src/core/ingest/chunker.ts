/**
 * The structure-aware chunker: page texts → chunks that follow the document's sections.
 *
 * Guarantees (tests/unit/core/ingest/chunker.property.test.ts checks each one):
 *   - The chunk spans partition the document: chunk 0 starts at (first page, 0), each chunk starts
 *     where the previous one ended (or at offset 0 of the next page when that one ended at the
 *     end of its page), the last ends at (last page, its length). Whitespace between chunks goes
 *     to the chunk before; leading whitespace to the first chunk. A document without any
 *     non-whitespace character gives no chunk at all.
 *   - `text` is the span with every run of whitespace collapsed to one space, trimmed (a page
 *     break counts as whitespace); `tokens` is estimateTokens(text).
 *   - minTokens ≤ tokens ≤ maxTokens, except that a document under minTokens is one chunk, and
 *     that minTokens gives way when no partition even at word boundaries can meet it (which takes
 *     "words" of many tokens, such as long hashes with tight options; never prose).
 *   - Chunks break between sentences; inside one only when the sentence (with the headings just
 *     before it) is over maxTokens, or when no partition at sentence boundaries meets the limits
 *     (see pack.ts); then after ";" / ":" rather than ",", rather than any space.
 *   - A heading of rank ≤ 4 (article, section, numbered clause down to N.M.K, ALL-CAPS title,
 *     markdown #–####) starts a new chunk once the current one has minTokens; a heading is never
 *     the last thing in a chunk (except headings with nothing after them at the document's end,
 *     or where the limits leave no other partition, e.g. a heading over maxTokens).
 *   - sectionPath is the section stack at the chunk's first non-heading text; sectionOrdinal and
 *     sectionTitle derive from it (see structure.ts); `sourceText` is every paragraph the chunk
 *     touches, whole, whitespace-collapsed (across pages when a paragraph continues), except
 *     that it reaches no further than the previous chunk's start and the next chunk's end.
 */
import { InputError } from '../errors';
import type { ChunkRecord } from '../types';
import { joinPages, layoutText, type JoinedText, type PageText, type Segment } from './layout';
import { packChunks, type Atom, type Limits, type PackedChunk } from './pack';
import { splitSentences, type Span } from '../text/sentences';
import { SectionStack, formatPath, sectionOrdinal, sectionTitle } from './structure';
import { estimateTokens } from './tokens';

export type { PageText } from './layout';

export interface ChunkerOptions {
  /** Size a chunk aims for (default 480). */
  readonly targetTokens?: number | undefined;
  /** No chunk is smaller unless the whole document is (default 32, at most half the target). */
  readonly minTokens?: number | undefined;
  /** Hard cap (default 2 × target); must be at least 2 × minTokens. */
  readonly maxTokens?: number | undefined;
}

/** A chunk before it belongs to a stored document: a ChunkRecord without its ids. */
export type ChunkDraft = Omit<ChunkRecord, 'id' | 'documentId'>;

const DEFAULT_TARGET_TOKENS = 480;
const DEFAULT_MIN_TOKENS = 32;

/** Chunks a document given as its pages in order. Throws InputError for bad options or page numbers. */
export function chunkPages(pages: readonly PageText[], options: ChunkerOptions = {}): ChunkDraft[] {
  const limits = resolveLimits(options);
  checkPages(pages);
  if (!pages.some((p) => /\S/.test(p.text))) return [];
  const joined = joinPages(pages);
  const layout = layoutText(joined, pages.length, pages.map((p) => p.headings));
  const atoms = buildAtoms(joined.text, layout.segments);
  const chunks = packChunks(joined.text, atoms, limits);
  return toDrafts(chunks, joined, pages, layout.paragraphs);
}

/** ChunkDrafts → stored records with ids `${documentId}:${seq}`. */
export function toChunkRecords(documentId: string, drafts: readonly ChunkDraft[]): ChunkRecord[] {
  return drafts.map((d) => ({
    id: `${documentId}:${d.seq}`,
    documentId,
    seq: d.seq,
    pageStart: d.pageStart,
    pageEnd: d.pageEnd,
    charStart: d.charStart,
    charEnd: d.charEnd,
    sectionPath: d.sectionPath,
    sectionOrdinal: d.sectionOrdinal,
    sectionTitle: d.sectionTitle,
    text: d.text,
    sourceText: d.sourceText,
    tokens: d.tokens,
  }));
}

function resolveLimits(options: ChunkerOptions): Limits {
  const target = options.targetTokens ?? DEFAULT_TARGET_TOKENS;
  const min = options.minTokens ?? Math.max(1, Math.min(DEFAULT_MIN_TOKENS, Math.floor(target / 2)));
  const max = options.maxTokens ?? 2 * target;
  for (const [name, value] of [['targetTokens', target], ['minTokens', min], ['maxTokens', max]] as const) {
    if (!Number.isInteger(value) || value < 1) throw new InputError(`chunker: ${name} must be a positive integer, got ${String(value)}`, { [name]: value });
  }
  if (min > target || target > max) throw new InputError(`chunker: need minTokens ≤ targetTokens ≤ maxTokens, got ${min}, ${target}, ${max}`, { min, target, max });
  if (max < 2 * min) throw new InputError(`chunker: maxTokens must be at least 2 × minTokens, got ${max} and ${min}`, { min, max });
  return { target, min, max };
}

function checkPages(pages: readonly PageText[]): void {
  let last = 0;
  for (const p of pages) {
    if (!Number.isInteger(p.page) || p.page <= last) {
      throw new InputError(`chunker: page numbers must be increasing integers from 1, got ${String(p.page)} after ${last}`, { page: p.page });
    }
    last = p.page;
  }
}

/** Sentences, each carrying the headings (and stray headers or page numbers) just before it. */
function buildAtoms(text: string, segments: readonly Segment[]): Atom[] {
  const stack = new SectionStack();
  const atoms: Atom[] = [];
  let headStart = -1;
  let headEnd = -1;
  let structural = false;
  let afterContents = false;
  for (const seg of segments) {
    if (seg.kind === 'furniture') {
      // A header or page number outside any paragraph rides with the next text, like a heading.
      if (headStart < 0) headStart = seg.start;
      headEnd = seg.end;
      continue;
    }
    if (seg.kind === 'heading') {
      const entry = stack.push(seg.heading);
      if (headStart < 0) headStart = seg.start;
      headEnd = seg.end;
      if (entry.rank <= 4) structural = true;
      continue;
    }
    // A table of contents starts a chunk and so does the text after it: it never shares a passage with a clause.
    if (seg.contents || afterContents) structural = true;
    afterContents = seg.contents === true;
    const sentences = splitSentences(text, seg.start, seg.end);
    sentences.forEach((s, k) => {
      const start = headStart >= 0 ? headStart : s.start;
      const paraEnd = k === sentences.length - 1;
      atoms.push({ start, end: s.end, tokens: estimateTokens(text.slice(start, s.end)), structural, path: stack.path, bodyStart: s.start, paraEnd, trailing: false });
      headStart = -1;
      structural = false;
    });
  }
  if (headStart >= 0) {
    // Headings with nothing after them: they stay with the last text (they cannot lead a chunk).
    atoms.push({ start: headStart, end: headEnd, tokens: estimateTokens(text.slice(headStart, headEnd)), structural: false, path: stack.path, bodyStart: headEnd, paraEnd: true, trailing: true });
  }
  return atoms;
}

function toDrafts(chunks: readonly PackedChunk[], joined: JoinedText, pages: readonly PageText[], paragraphs: readonly Span[]): ChunkDraft[] {
  const { text, bases } = joined;
  const drafts: ChunkDraft[] = [];
  let para = 0;
  const lastPage = pages.length - 1;
  for (let k = 0; k < chunks.length; k++) {
    const chunk = chunks[k] as PackedChunk;
    const next = chunks[k + 1];
    const cs = k === 0 ? 0 : chunk.start;
    const ce = next ? next.start : text.length;
    const start = k === 0 ? { page: 0, offset: 0 } : locate(bases, cs);
    let end = next ? locate(bases, ce) : { page: lastPage, offset: (pages[lastPage] as PageText).text.length };
    // A chunk that ends where a page begins ends at the end of the page before.
    if (next && end.offset === 0 && end.page > 0) end = { page: end.page - 1, offset: (pages[end.page - 1] as PageText).text.length };

    while (para < paragraphs.length && (paragraphs[para] as Span).end <= chunk.start) para++;
    let lastPara = para;
    while (lastPara + 1 < paragraphs.length && (paragraphs[lastPara + 1] as Span).start < chunk.end) lastPara++;
    const chunkText = collapse(text.slice(cs, ce));
    const from = paragraphs[para];
    const to = paragraphs[lastPara];
    // Whole paragraphs, but no further than the neighbouring chunks (a paragraph of 100 pages
    // would otherwise be copied into each of its chunks).
    const sourceStart = Math.max(from?.start ?? chunk.start, chunks[k - 1]?.start ?? 0);
    const sourceEnd = Math.min(to?.end ?? chunk.end, next?.end ?? text.length);
    const sourceText = sourceStart <= chunk.start && sourceEnd >= chunk.end ? collapse(text.slice(sourceStart, sourceEnd)) : chunkText;

    drafts.push({
      seq: k,
      pageStart: (pages[start.page] as PageText).page,
      pageEnd: (pages[end.page] as PageText).page,
      charStart: start.offset,
      charEnd: end.offset,
      sectionPath: formatPath(chunk.path),
      sectionOrdinal: sectionOrdinal(chunk.path),
      sectionTitle: sectionTitle(chunk.path),
      text: chunkText,
      sourceText,
      tokens: estimateTokens(chunkText),
    });
  }
  return drafts;
}

/** Page index and offset of a position in the joined text (a position on a page, not a separator). */
function locate(bases: readonly number[], offset: number): { page: number; offset: number } {
  let lo = 0;
  let hi = bases.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((bases[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { page: lo, offset: offset - (bases[lo] ?? 0) };
}

/** Whitespace runs → one space, trimmed (JavaScript's \s, the same set the chunker measures). */
function collapse(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
