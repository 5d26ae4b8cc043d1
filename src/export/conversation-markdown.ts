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
import type { TurnRecord } from '../core/answer/types';
import { answerLines, citedSources, exportDate, flattenText, quoteWarning, sourceReference, stateLabel, verificationSummary, type AnswerLine, type ConversationExport } from './conversation-parts';
import { escapeMarkdown as e, escapeMarkdownKeepingBold } from './markdown';

const label = (turn: number, n: number) => `[^${turn}-${n}]`;

function renderLine(line: AnswerLine, turn: number): string {
  let out = '';
  line.pieces.forEach((piece, i) => {
    if (piece.citations.length > 0) {
      // A "[1, 2]" piece: one footnote reference per resolved number, the rest marked.
      out += piece.citations.map((c) => (c.chunkId === null ? `[${c.n}] [unresolved citation]` : label(turn, c.n))).join('');
    } else out += escapeMarkdownKeepingBold(piece.text);
    const q = piece.quote;
    const next = line.pieces[i + 1];
    if (q && next?.quote !== q) {
      const warning = quoteWarning(q);
      if (warning) out += ` ${warning}`;
    }
  });
  const prefix = line.kind === 'quote' ? '> ' : line.kind === 'bullet' ? '- ' : '';
  return prefix + out;
}

function renderTurn(turn: TurnRecord, index: number): string {
  const n = index + 1;
  const out = [`## ${n}. ${e(flattenText(turn.question)) || '(empty)'}`, '', `**${e(stateLabel(turn))}**`, ''];
  if (turn.answer) out.push(answerLines(turn.answer).map((l) => (l.kind === 'blank' ? '' : renderLine(l, n))).join('\n'));
  else if (turn.error) out.push(`_${e(turn.error.message)}_`);
  const { cited, shown } = citedSources(turn);
  if (shown.length > 0) out.push('', `Closest passages: ${shown.map((s) => label(n, s.n)).join(' ')}`);
  if (turn.answer && cited.length + turn.answer.quotes.length > 0) out.push('', `_${verificationSummary(turn.answer)}_`);
  const notes = [...cited, ...shown].map((s) => `${label(n, s.n)}: ${e(sourceReference(s))}: “${e(flattenText(s.text))}”`);
  if (notes.length > 0) out.push('', ...notes);
  return out.join('\n');
}

export function conversationToMarkdown(conversation: ConversationExport): string {
  const date = exportDate(conversation.exportedAt ?? new Date());
  const head = [`# ${e(flattenText(conversation.title))}`, '', `_Exported from Casefile on ${date}. Citations are footnotes with the file, page, section and the verbatim passage._`];
  return `${[...head, ...conversation.turns.map((t, i) => `\n${renderTurn(t, i)}`)].join('\n')}\n`;
}
