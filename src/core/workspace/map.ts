/**
 * The map step of a question flow: one work item asks its document — and only its document
 * (the user scope is that one document) — through the app's one ask function, with the item's
 * evidence budget and neighbour depth as the selection. The row keeps the best passage verbatim
 * as evidence and its best sentence as the finding, labelled with the section the finding sits in,
 * or "not found" when the sufficiency signal says the evidence does not answer (its reason kept).
 */
import { isExecutionLine, isHeadingOnly, isTocLine } from '../answer/quote-kind';
import { SentenceRanker } from '../answer/relevance';
import { strongestKindSentence, type KindSentences } from '../ask/kind-sentences';
import type { Asker } from '../ask/types';
import { InputError } from '../errors';
import type { JobOptions } from '../ports';
import { DEFAULT_PIPELINE } from '../search/pipeline';
import { detectQueryLanguage } from '../search/query-language';
import type { PipelinePassage, PipelineSettings } from '../search-types';
import { splitSentences, withoutNextLabel } from '../text/sentences';
import { askedValue, extractValue, valueContext } from '../values/extract';
import type { TypedValue } from '../values/types';
import { formatValue } from '../answer/value-line';
import { shownParties } from '../ingest/identity/label';
import { quoteStart } from '../answer/verbatim';
import { sectionPathAt } from '../ingest/section-at';
import { judgeRow, parseCondition } from './conditions';
import type { FlowRecord, FlowRow, RowValue, WorkItem } from './flows';

/** A finding longer than this is cut, at word boundaries, around the question's words. */
const MAX_FINDING = 420;

export interface AskItemDeps {
  /** ask() bound to its dependencies, and the workspace's documents. */
  readonly asker: Asker;
  /** The workspace's pipeline settings (the item's budget and depth replace selection and neighbours). */
  readonly settings?: PipelineSettings;
}

export function itemSettings(item: WorkItem, base: PipelineSettings = DEFAULT_PIPELINE): PipelineSettings {
  return { ...base, selection: { ...base.selection, topK: item.evidenceBudget, perFile: 0 }, neighbours: item.neighbourDepth };
}

/**
 * The sentence of `text` that best answers `query` (the question words it holds, idf-weighted;
 * the first sentence when none holds one), cut to MAX_FINDING characters around its first hit.
 */
export function bestSentence(query: string, text: string, language: string | null): string {
  const ranker = new SentenceRanker(query, [text], [language]);
  const sentences = ranker.of(0);
  if (sentences.length === 0) return text.slice(0, MAX_FINDING).trim();
  // A heading or a contents line is not a finding when the clause follows it.
  const quotable = sentences.filter((s) => !isHeadingOnly(text.slice(s.start, s.end)) && !isTocLine(text.slice(s.start, s.end)) && !isExecutionLine(text.slice(s.start, s.end)));
  const best = [...(quotable.length > 0 ? quotable : sentences)].sort((a, b) => b.score - a.score || a.start - b.start)[0]!;
  const sentence = withoutNextLabel(text.slice(best.start, best.end).trim());
  return cutAround(sentence, best.hits[0] ? best.hits[0].at - best.start : 0);
}

/** A sentence longer than MAX_FINDING cut to it, word-aligned, from a little before `at` (a question word, a value's words). */
function cutAround(sentence: string, at: number): string {
  if (sentence.length <= MAX_FINDING) return sentence;
  let from = Math.max(0, at - 80);
  from = from > 0 ? sentence.indexOf(' ', from) + 1 : 0;
  const cut = sentence.lastIndexOf(' ', from + MAX_FINDING);
  return sentence.slice(from, cut > from ? cut : from + MAX_FINDING).trim();
}

/** The finding without the section heading the chunk text starts with ("Non-Competition During the term…"). */
export function withoutHeading(finding: string, heading: string | null | undefined): string {
  if (!heading || !finding.startsWith(heading)) return finding;
  const rest = finding.slice(heading.length).replace(/^[\s.:–—-]+/, '');
  return rest.length >= 20 ? rest : finding;
}

/**
 * The value the question asks for in the first passage that states it, with the sentence stating
 * it. Which value: as the ask path reads it (askedValue), the words weighed with the clause kinds
 * the question asks about ("How long is the warranty in each contract?" asks no end date).
 */
function valueIn(query: string, subjects: readonly string[], passages: readonly PipelinePassage[], language: string | null): { passage: PipelinePassage; value: RowValue; sentence: string } | null {
  const kind = askedValue(query, subjects.map((type) => ({ type })));
  if (!kind) return null;
  let best: { passage: PipelinePassage; found: TypedValue } | null = null;
  for (const passage of passages) {
    const found = extractValue(kind, passage.chunk.text, valueContext(passage.document));
    if (!found) continue;
    if (!best || (found.confidence ?? 1) > (best.found.confidence ?? 1)) best = { passage, found };
    if ((found.confidence ?? 1) >= 1) break;
  }
  if (!best) return null;
  const { passage, found } = best;
  const span = splitSentences(passage.chunk.text).find((s) => s.start <= found.span.start && found.span.start < s.end);
  // A long sentence is cut around the words stating the value ("… and remain in effect for [***]; provided, however, …"), so the finding shows it.
  const sentence = span ? cutAround(withoutNextLabel(passage.chunk.text.slice(span.start, span.end)), found.span.start - span.start) : passage.chunk.text.slice(found.span.start, found.span.end);
  // Written in the question's language, as the answer's own words are ("2 ans, à chaque renouvellement" of an English contract); the quote stays as written.
  return { passage, sentence, value: { kind, value: found.value, display: formatValue(found.value, language ?? passage.document.language) } };
}

/**
 * The sentence that reads as the clause asked about (the ask path's sentences of the kind), in
 * the first passage holding one it reads surely, else any: "which agreements have a liability
 * cap?" shows the cap, not a section's first sentence ("7. Limitation of Liability. The Adviser
 * may rely on information …") nor an indemnity sharing the word "liability".
 */
function kindFinding(passages: readonly PipelinePassage[], found: KindSentences | undefined): { passage: PipelinePassage; sentence: string } | null {
  if (!found) return null;
  const read = passages.map((passage) => ({ passage, best: strongestKindSentence(found, passage.chunkId, passage.chunk.text) }));
  const chosen = read.find((r) => r.best?.sure) ?? read.find((r) => r.best);
  return chosen?.best ? { passage: chosen.passage, sentence: chosen.best.text.trim() } : null;
}

function foundRow(item: WorkItem, passages: readonly PipelinePassage[], score: number | null, questionLanguage: string | null, kinds?: KindSentences): Omit<FlowRow, 'itemId' | 'ms'> {
  const valued = valueIn(item.query, item.subjects, passages, questionLanguage);
  const ofKind = valued ? null : kindFinding(passages, kinds);
  const best = valued?.passage ?? ofKind?.passage ?? passages[0]!;
  const language = best.document.language;
  const finding = valued
    ? valued.sentence
    : ofKind
      ? ofKind.sentence.length <= MAX_FINDING
        ? ofKind.sentence
        : bestSentence(item.query, ofKind.sentence, language)
      : withoutHeading(bestSentence(item.query, best.chunk.text, language), best.chunk.sectionTitle);
  // The section the finding sits in (8.3 of a passage that starts in 8.2), not only the passage's first.
  const at = quoteStart(finding, best.chunk.text);
  return {
    documentId: item.documentId,
    document: best.document.name,
    title: best.document.title,
    ...(best.document.parties?.length ? { parties: best.document.parties } : {}),
    status: 'found',
    finding,
    evidence: best.chunk.text,
    chunkId: best.chunkId,
    pageStart: best.chunk.pageStart,
    pageEnd: best.chunk.pageEnd,
    ...(best.document.mediaType ? { mediaType: best.document.mediaType } : {}),
    pages: best.document.pages,
    section: at >= 0 ? sectionPathAt(best.chunk.text, best.chunk.sectionPath, at) : best.chunk.sectionPath,
    language,
    score,
    reason: null,
    ...(valued ? { value: valued.value } : {}),
  };
}

/** Runs one item (the FlowExecutor.run of question flows). */
export async function askItem(item: WorkItem, flow: FlowRecord, deps: AskItemDeps, options: JobOptions = {}): Promise<Omit<FlowRow, 'itemId' | 'ms'>> {
  // The item asks the question's content only ("renouvellent automatiquement"), too few words to
  // tell their language: the whole question tells it.
  const row = await askItemRow(item, flow.question ? detectQueryLanguage(flow.question) : null, deps, options);
  // A question with a condition: the row says whether this document meets it (conditions.ts).
  const condition = parseCondition(flow.question);
  if (!condition) return row;
  const verdict = judgeRow(condition, row);
  // "Which agreements have no cap on liability?": a document that has none has no passage to
  // quote for it — what the search found there is not a cap, so it is not shown as the finding.
  if (condition.test === 'absent' && verdict === 'yes' && row.status === 'found') {
    return { ...row, status: 'not_found', finding: '', evidence: '', chunkId: null, pageStart: null, pageEnd: null, section: [], value: null, verdict };
  }
  return { ...row, verdict };
}

async function askItemRow(item: WorkItem, language: string | null, deps: AskItemDeps, options: JobOptions): Promise<Omit<FlowRow, 'itemId' | 'ms'>> {
  if (!item.documentId) throw new InputError(`workspace: work item ${item.id} has no document to ask`);
  const result = await deps.asker.ask({ question: item.query, context: { userScope: [item.documentId], ...(language ? { language } : {}) }, settings: itemSettings(item, deps.settings) }, options);
  const best = result.passages[0];
  const score = result.sufficiency?.score ?? null;
  const clause = result.sufficiency?.signals?.['clause'];
  const judged = clause === undefined ? {} : { clause };
  if (result.outcome === 'answered' && best) return { ...foundRow(item, result.passages, score, language, result.kindSentences), ...judged };
  const documents = await deps.asker.documents();
  const doc = documents.find((d) => d.id === item.documentId);
  const parties = doc ? shownParties(doc) : [];
  return {
    documentId: item.documentId,
    document: doc?.name ?? item.label,
    title: doc?.title ?? null,
    ...(parties.length ? { parties } : {}),
    status: 'not_found',
    finding: '',
    evidence: '',
    chunkId: null,
    pageStart: null,
    pageEnd: null,
    section: [],
    language: doc?.language ?? null,
    score,
    reason: result.sufficiency?.reasons[0] ?? null,
    ...judged,
  };
}
