/**
 * The reduce step of a question flow: the rows become one answer.
 *
 *   - Sources: one per found row, its best passage verbatim (cut around the finding for the
 *     model's context), numbered in table order.
 *   - With a model: the answer prompt of the answer layer (grounded, table shape) over those
 *     sources, told which documents had nothing; then the same checks as any answer —
 *     every [n] mapped to its chunk, every quote looked up verbatim (citations.ts). A model that
 *     fails or writes nothing falls back to the extractive composer, and the result says why.
 *   - Without one, extractive: how many documents hold it, then per document its finding
 *     quoted verbatim and cited, then the documents where it was not found.
 */
import { answerPrompt, generate } from '../answer/generate';
import { checkAnswer } from '../answer/citations';
import { DEFAULT_TIMEOUTS, type ModelTimeouts } from '../answer/model-calls';
import { failureReason } from '../answer/plan';
import { pageLabel } from '../answer/sources';
import { sectionLabel } from '../section-label';
import type { AnswerSource } from '../answer-types';
import type { ChatModel, JobOptions } from '../ports';
import { rowsInOrder, type FlowRecord, type FlowResult, type FlowRow } from './flows';
import { failedLine, foundLead, judgedLead, judgedNoLine, judgedUnclearLine, moreLine, notFoundLine } from './flow-texts';
import { rowVerdict } from './verdict';
import { distinctLabels } from './texts';

/** Extractive answers quote at most this many rows (the table holds them all). */
const MAX_QUOTED_ROWS = 50;
/** The model sees at most this many rows' passages, each at most MODEL_SOURCE_CHARS long. */
const MAX_MODEL_SOURCES = 24;
const MODEL_SOURCE_CHARS = 900;

/** How a row's document is named: its title, with the file name when two rows share the title. */
export function rowLabels(rows: readonly FlowRow[]): string[] {
  return distinctLabels(rows.map((r) => ({ title: r.title, name: r.document, parties: r.parties })));
}

/** The part of `evidence` around `finding`, at most `max` characters, cut at spaces. */
export function windowAround(evidence: string, finding: string, max: number): string {
  if (evidence.length <= max) return evidence;
  const at = Math.max(0, evidence.indexOf(finding));
  const slack = Math.max(0, max - finding.length);
  let from = Math.max(0, at - Math.floor(slack / 2));
  let to = Math.min(evidence.length, from + max);
  from = Math.max(0, to - max);
  if (from > 0) from = evidence.indexOf(' ', from) + 1 || from;
  if (to < evidence.length) to = evidence.lastIndexOf(' ', to) > from ? evidence.lastIndexOf(' ', to) : to;
  return evidence.slice(from, to).trim();
}

/** One numbered source per found row (table order). */
function rowSources(rows: readonly FlowRow[], maxChars: number | null = null): AnswerSource[] {
  return rows
    .filter((r) => r.status === 'found' && r.chunkId)
    .map((r, i) => ({
      n: i + 1,
      chunkId: r.chunkId!,
      documentId: r.documentId ?? '',
      file: r.document,
      path: r.document,
      title: r.title,
      pageStart: r.pageStart ?? 1,
      pageEnd: r.pageEnd ?? r.pageStart ?? 1,
      ...(r.mediaType ? { mediaType: r.mediaType } : {}),
      ...(r.pages !== undefined ? { pages: r.pages } : {}),
      sectionPath: r.section,
      language: r.language,
      text: maxChars === null ? r.evidence : windowAround(r.evidence, r.finding, maxChars),
      before: [],
      after: [],
      score: r.score,
      pinned: false,
    }));
}

/** Where a row's finding is, in the reply's language ("p. 5", "S. 5", "part 2"; "" in a one-part text). */
function rowPage(r: FlowRow, language: string | null | undefined): string {
  return pageLabel({ pageStart: r.pageStart ?? 1, pageEnd: r.pageEnd ?? r.pageStart ?? 1, mediaType: r.mediaType, pages: r.pages }, language);
}

export function composeFlowExtractive(flow: Pick<FlowRecord, 'items' | 'rows' | 'language'>): { text: string; sources: AnswerSource[] } {
  const rows = rowsInOrder(flow);
  const labels = rowLabels(rows);
  const sources = rowSources(rows);
  const language = flow.language;
  if (rows.some((r) => r.verdict)) return { text: composeJudged(rows, labels, language), sources };
  const found = rows.map((r, i) => ({ r, label: labels[i]! })).filter((x) => x.r.status === 'found');
  const lines = [foundLead(found.length, rows.length, language)];
  found.slice(0, MAX_QUOTED_ROWS).forEach(({ r, label }, i) => {
    // No page for a one-part text ("" from pageLabel): the section says where, without an empty "— —".
    const where = [rowPage(r, language), ...(r.section.length ? [`§ ${sectionLabel(r.section)}`] : [])].filter(Boolean).join(' — ');
    lines.push(`${label} — ${where}:\n> ${r.finding.replace(/\s+/g, ' ')} [${i + 1}]`);
  });
  if (found.length > MAX_QUOTED_ROWS) lines.push(moreLine(found.length - MAX_QUOTED_ROWS, language));
  const missing = rows.map((r, i) => ({ r, label: labels[i]! })).filter((x) => x.r.status === 'not_found').map((x) => x.label);
  const failed = rows.map((r, i) => ({ r, label: labels[i]! })).filter((x) => x.r.status === 'failed').map((x) => x.label);
  if (missing.length > 0 && found.length > 0) lines.push(notFoundLine(missing, language));
  if (failed.length > 0) lines.push(failedLine(failed, language));
  return { text: lines.join('\n\n'), sources };
}

export interface ReduceDeps {
  /** null or absent: extractive. */
  readonly model?: ChatModel | null;
  readonly timeouts?: Partial<ModelTimeouts>;
}

/** The reduce step (FlowExecutor.finish of question flows). */
export async function reduceFlow(flow: FlowRecord, deps: ReduceDeps = {}, options: JobOptions = {}): Promise<FlowResult> {
  const extractive = (fallback: string | null): FlowResult => {
    const { text, sources } = composeFlowExtractive(flow);
    return { answer: checkAnswer(text, sources), sources, writer: 'extractive', fallback };
  };
  const model = deps.model ?? null;
  const rows = rowsInOrder(flow);
  if (!model || !rows.some((r) => r.status === 'found')) return extractive(null);
  const sources = rowSources(rows, MODEL_SOURCE_CHARS).slice(0, MAX_MODEL_SOURCES);
  const labels = rowLabels(rows);
  const missing = rows.map((r, i) => (r.status === 'found' ? null : labels[i]!)).filter((x): x is string => x !== null);
  const request = answerPrompt({ question: flow.question, language: flow.language, regime: 'grounded', sources, history: [], shape: 'table' });
  const note = `Each source is the best passage of one document.${missing.length > 0 ? ` Nothing was found in: ${missing.join('; ')}.` : ''}`;
  const messages = request.messages.map((m, i) => (i === request.messages.length - 1 ? { ...m, content: `${note}\n\n${m.content}` } : m));
  const g = await generate(model, { ...request, messages }, { ...DEFAULT_TIMEOUTS, ...deps.timeouts }, options.signal, () => undefined);
  if (g.stopped) options.signal?.throwIfAborted();
  if (g.error === null && g.text.trim()) return { answer: checkAnswer(g.text, sources), sources, writer: 'model', fallback: null };
  return extractive(g.error === null ? 'the model wrote nothing' : failureReason(g.error));
}

/**
 * A question with a condition: the honest count (yes / no / could not be judged), each "yes"
 * document's finding quoted and cited with its value, then the "no" documents with their values
 * and the documents that could not be judged, by name.
 */
function composeJudged(rows: readonly FlowRow[], labels: readonly string[], language: string | null): string {
  const cite = new Map<FlowRow, number>();
  rows.filter((r) => r.status === 'found' && r.chunkId).forEach((r, i) => cite.set(r, i + 1));
  const all = rows.map((r, i) => ({ r, label: labels[i]!, verdict: rowVerdict(r) }));
  const yes = all.filter((x) => x.verdict === 'yes');
  const no = all.filter((x) => x.verdict === 'no');
  const unclear = all.filter((x) => x.verdict === 'unclear');
  const lines = [judgedLead(yes.length, no.length, unclear.length, rows.length, language)];
  for (const { r, label } of yes.slice(0, MAX_QUOTED_ROWS)) {
    const n = cite.get(r);
    if (n === undefined) {
      lines.push(`${label}${r.value ? ` — ${r.value.display}` : ''}`);
      continue;
    }
    const head = [label, r.value?.display, rowPage(r, language), ...(r.section.length ? [`§ ${sectionLabel(r.section)}`] : [])].filter(Boolean).join(' — ');
    lines.push(`${head}:\n> ${r.finding.replace(/\s+/g, ' ')} [${n}]`);
  }
  if (yes.length > MAX_QUOTED_ROWS) lines.push(moreLine(yes.length - MAX_QUOTED_ROWS, language));
  if (no.length > 0) lines.push(judgedNoLine(no.map((x) => (x.r.value ? `${x.label} (${x.r.value.display})` : x.label)), language));
  // A value the filed copy blanks out is said as such ("… (redacted in this copy ([***]))"): the clause is there, its value is not shown.
  if (unclear.length > 0) lines.push(judgedUnclearLine(unclear.map((x) => (x.r.value?.value.type === 'redacted' ? `${x.label} (${x.r.value.display})` : x.label)), language));
  return lines.join('\n\n');
}
