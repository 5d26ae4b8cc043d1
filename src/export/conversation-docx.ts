/**
 * A conversation as a Word document (.docx): each question and its answer, every resolved
 * citation a footnote with file, page, section and the verbatim passage; an unresolved citation
 * and a quote not verbatim in its source are marked in red in the text. The `docx` library is
 * imported when an export is asked for, so it stays out of the app's main bundle.
 */
import type * as DocxModule from 'docx';
import type { FootnoteReferenceRun, Paragraph, TextRun } from 'docx';
import type { AnswerSource, TurnRecord } from '../core/answer-types';
import { answerLines, citedSources, exportDate, flattenText, quoteWarning, scopeLine, sourceReference, stateLabel, verificationSummary, type AnswerLine, type ConversationExport } from './conversation-parts';
import { exportStrings, type ExportLang } from './export-strings';
import { boldRuns } from './bold-runs';

type Docx = typeof DocxModule;
type Run = TextRun | FootnoteReferenceRun;

const WARNING_COLOR = 'C00000';

class Footnotes {
  readonly notes: Record<number, { children: Paragraph[] }> = {};
  private next = 1;
  private readonly ids = new Map<string, number>();

  constructor(private readonly docx: Docx) {}

  /** The footnote id of a turn's source (one footnote per source per turn). */
  idFor(turn: number, source: AnswerSource): number {
    const key = `${turn}:${source.n}`;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.next++;
      this.ids.set(key, id);
      const { Paragraph, TextRun } = this.docx;
      this.notes[id] = { children: [new Paragraph({ children: [new TextRun(`${sourceReference(source)}: `), new TextRun({ text: `“${flattenText(source.text)}”`, italics: true })] })] };
    }
    return id;
  }
}

/** Runs of one piece of text, `**bold**` honoured (model answers use it). */
function textRuns(docx: Docx, text: string, style: { italics?: boolean } = {}): TextRun[] {
  return boldRuns(text).map((r) => new docx.TextRun({ text: r.text, bold: r.bold, ...style }));
}

function lineRuns(docx: Docx, line: AnswerLine, turn: TurnRecord, index: number, footnotes: Footnotes, lang: ExportLang): Run[] {
  const runs: Run[] = [];
  line.pieces.forEach((piece, i) => {
    if (piece.citations.length > 0) {
      for (const c of piece.citations) {
        const source = c.chunkId === null ? undefined : turn.sources.find((s) => s.n === c.n);
        if (source) runs.push(new docx.FootnoteReferenceRun(footnotes.idFor(index, source)));
        else runs.push(new docx.TextRun({ text: `[${c.n}] ${exportStrings(lang).unresolvedCitation}`, color: WARNING_COLOR, bold: true }));
      }
    } else runs.push(...textRuns(docx, piece.text, line.kind === 'quote' ? { italics: true } : {}));
    const q = piece.quote;
    if (q && line.pieces[i + 1]?.quote !== q) {
      const warning = quoteWarning(q, lang);
      if (warning) runs.push(new docx.TextRun({ text: ` ${warning}`, color: WARNING_COLOR, bold: true }));
    }
  });
  return runs;
}

function turnParagraphs(docx: Docx, turn: TurnRecord, index: number, footnotes: Footnotes, lang: ExportLang): Paragraph[] {
  const { Paragraph, TextRun, HeadingLevel } = docx;
  const t = exportStrings(lang);
  const out: Paragraph[] = [
    new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(`${index + 1}. ${flattenText(turn.question) || t.empty}`)] }),
    new Paragraph({ children: [new TextRun({ text: stateLabel(turn, lang), bold: true })] }),
    ...(scopeLine(turn, lang) ? [new Paragraph({ children: [new TextRun({ text: scopeLine(turn, lang)!, italics: true })] })] : []),
  ];
  if (turn.answer) {
    for (const line of answerLines(turn.answer)) {
      if (line.kind === 'blank') continue;
      const children = lineRuns(docx, line, turn, index, footnotes, lang);
      if (line.kind === 'quote') out.push(new Paragraph({ children, indent: { left: 567 } }));
      else if (line.kind === 'bullet') out.push(new Paragraph({ children, bullet: { level: 0 } }));
      else out.push(new Paragraph({ children }));
    }
  } else if (turn.error) out.push(new Paragraph({ children: [new TextRun({ text: turn.error.message, italics: true })] }));
  const { cited, shown } = citedSources(turn);
  if (shown.length > 0) {
    out.push(new Paragraph({ children: [new TextRun(t.closestPassages), ...shown.map((s) => new docx.FootnoteReferenceRun(footnotes.idFor(index, s)))] }));
  }
  if (turn.answer && cited.length + turn.answer.quotes.length > 0) out.push(new Paragraph({ children: [new TextRun({ text: verificationSummary(turn.answer, lang), italics: true })] }));
  return out;
}

/** The .docx file's bytes. */
export async function conversationToDocx(conversation: ConversationExport): Promise<Uint8Array> {
  const docx = await import('docx');
  const { Document, Packer, Paragraph, TextRun, HeadingLevel } = docx;
  const footnotes = new Footnotes(docx);
  const lang = conversation.language ?? 'en';
  const body: Paragraph[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(flattenText(conversation.title))] }),
    new Paragraph({ children: [new TextRun({ text: exportStrings(lang).exportedOn(exportDate(conversation.exportedAt ?? new Date())), italics: true })] }),
    ...conversation.turns.flatMap((t, i) => turnParagraphs(docx, t, i, footnotes, lang)),
  ];
  const document = new Document({ creator: 'Casefile', title: flattenText(conversation.title), footnotes: footnotes.notes, sections: [{ children: body }] });
  return new Uint8Array(await Packer.toArrayBuffer(document));
}
