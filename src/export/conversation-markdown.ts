/**
 * A conversation as Markdown: each question and its answer, citations as footnotes
 * (`[^2-1]`: turn 2, source 1) holding file, page, section and the verbatim passage; an
 * unresolved citation and a quote not verbatim in its source are marked in the text.
 *
 * Questions, titles, answers, file names, sections and passages are user and document text:
 * each goes through markdown.ts, so a payload typed in a question or found in a contract is
 * shown as text by a viewer that renders HTML. Answers keep their `**bold**`. The app's own
 * marks ("[unresolved citation]", the verification summary) are written as they are.
 */
import type { TurnRecord } from '../core/answer-types';
import { answerLines, citedSources, exportDate, flattenText, quoteWarning, scopeLine, sourceReference, stateLabel, verificationSummary, type AnswerLine, type ConversationExport } from './conversation-parts';
import { escapeMarkdown as e, escapeMarkdownKeepingBold } from './markdown';
import { exportStrings, type ExportLang } from './export-strings';

const label = (turn: number, n: number) => `[^${turn}-${n}]`;

function renderLine(line: AnswerLine, turn: number, lang: ExportLang): string {
  let out = '';
  line.pieces.forEach((piece, i) => {
    if (piece.citations.length > 0) {
      // A "[1, 2]" piece: one footnote reference per resolved number, the rest marked.
      out += piece.citations.map((c) => (c.chunkId === null ? `[${c.n}] ${exportStrings(lang).unresolvedCitation}` : label(turn, c.n))).join('');
    } else out += escapeMarkdownKeepingBold(piece.text);
    const q = piece.quote;
    const next = line.pieces[i + 1];
    if (q && next?.quote !== q) {
      const warning = quoteWarning(q, lang);
      if (warning) out += ` ${warning}`;
    }
  });
  const prefix = line.kind === 'quote' ? '> ' : line.kind === 'bullet' ? '- ' : '';
  return prefix + out;
}

function renderTurn(turn: TurnRecord, index: number, lang: ExportLang): string {
  const n = index + 1;
  const t = exportStrings(lang);
  const scope = scopeLine(turn, lang);
  const out = [`## ${n}. ${e(flattenText(turn.question)) || t.empty}`, '', `**${e(stateLabel(turn, lang))}**`, '', ...(scope ? [`_${e(flattenText(scope))}_`, ''] : [])];
  if (turn.answer) out.push(answerLines(turn.answer).map((l) => (l.kind === 'blank' ? '' : renderLine(l, n, lang))).join('\n'));
  else if (turn.error) out.push(`_${e(turn.error.message)}_`);
  const { cited, shown } = citedSources(turn);
  if (shown.length > 0) out.push('', `${t.closestPassages} ${shown.map((s) => label(n, s.n)).join(' ')}`);
  if (turn.answer && cited.length + turn.answer.quotes.length > 0) out.push('', `_${verificationSummary(turn.answer, lang)}_`);
  const notes = [...cited, ...shown].map((s) => `${label(n, s.n)}: ${e(sourceReference(s))}: “${e(flattenText(s.text))}”`);
  if (notes.length > 0) out.push('', ...notes);
  return out.join('\n');
}

export function conversationToMarkdown(conversation: ConversationExport): string {
  const date = exportDate(conversation.exportedAt ?? new Date());
  const lang = conversation.language ?? 'en';
  const head = [`# ${e(flattenText(conversation.title))}`, '', `_${exportStrings(lang).exportedOn(date)}_`];
  return `${[...head, ...conversation.turns.map((t, i) => `\n${renderTurn(t, i, lang)}`)].join('\n')}\n`;
}
