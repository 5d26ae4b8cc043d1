/**
 * What the conversation exports (Markdown, Word) share: the answer cut into lines of pieces
 * (text, citations, quotes) with their line kind, the label of a turn's state and writer, the
 * footnote text of a source (file, page, section, the verbatim passage) and the verification
 * summary. Document text stays text: nothing here is interpreted as markup.
 */
import { answerSegments, type AnswerSegment } from '../core/answer/citations';
import { pageLabel } from '../core/answer/sources';
import type { AnswerSource, CheckedAnswer, QuoteMark, TurnRecord } from '../core/answer-types';
import { exportStrings, type ExportLang } from './export-strings';

export interface ConversationExport {
  readonly title: string;
  readonly turns: readonly TurnRecord[];
  /** When it was exported (default: now). */
  readonly exportedAt?: Date;
  /** The language of the export's own words (default English); answers stay in theirs. */
  readonly language?: ExportLang;
}

type LineKind = 'paragraph' | 'quote' | 'bullet' | 'blank';

export interface AnswerLine {
  readonly kind: LineKind;
  /** The pieces of the line, its "> " or "- " marker removed. */
  readonly pieces: readonly AnswerSegment[];
}

const MARKERS: readonly [LineKind, RegExp][] = [
  ['quote', /^[ \t]*>[ \t]?/],
  ['bullet', /^[ \t]*(?:[-*•]|\d{1,2}[.)])[ \t]+/],
];

/** The answer as lines of pieces, each line with its kind. */
export function answerLines(answer: CheckedAnswer): AnswerLine[] {
  const lines: AnswerSegment[][] = [[]];
  for (const seg of answerSegments(answer)) {
    const parts = seg.text.split('\n');
    parts.forEach((text, i) => {
      if (i > 0) lines.push([]);
      if (text) lines[lines.length - 1]!.push({ ...seg, text });
    });
  }
  return lines.map((pieces) => {
    const text = pieces.map((p) => p.text).join('');
    if (!text.trim()) return { kind: 'blank', pieces: [] };
    for (const [kind, re] of MARKERS) {
      const m = re.exec(text);
      if (m && pieces[0]) return { kind, pieces: [{ ...pieces[0], text: pieces[0].text.slice(m[0].length) }, ...pieces.slice(1)] };
    }
    return { kind: 'paragraph', pieces };
  });
}

export function stateLabel(turn: TurnRecord, lang: ExportLang = 'en'): string {
  const t = exportStrings(lang);
  const writer = turn.writer === 'model' ? t.writtenBy(turn.trace.model?.id ?? t.aLanguageModel) : turn.writer === 'extractive' ? t.verbatimNoModel : null;
  const extra = [writer, turn.fallback && t.modelFailed(turn.fallback), turn.stopped && t.stoppedByUser].filter(Boolean);
  return extra.length > 0 ? `${t.states[turn.state]} (${extra.join('; ')})` : t.states[turn.state];
}

/** "Master Services Agreement.pdf, p. 5, § 12 Limitation › 12.2 Cap" */
export function sourceReference(s: AnswerSource): string {
  return [s.file, pageLabel(s), ...(s.sectionPath.length > 0 ? [`§ ${s.sectionPath.join(' › ')}`] : [])].filter(Boolean).join(', ');
}

export function flattenText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** What a reader is told about a quote that is not verbatim in its cited source. */
export function quoteWarning(q: QuoteMark, lang: ExportLang = 'en'): string | null {
  if (q.status === 'verbatim') return null;
  const t = exportStrings(lang);
  return q.status === 'wrong_source' ? t.quoteWrongSource(q.foundIn ?? 0) : t.quoteNotFound;
}

/** Which documents the question was asked of, and why (a follow-up's documents are recorded as such); null when no retrieval ran. */
export function scopeLine(turn: TurnRecord, lang: ExportLang = 'en'): string | null {
  const scope = turn.scope;
  if (!scope) return null;
  const t = exportStrings(lang);
  if (scope.documentIds.length === 0) return t.scopeAll;
  const name = (id: string) => {
    const s = turn.sources.find((x) => x.documentId === id);
    const c = turn.candidates.find((x) => x.id === id);
    return s?.title ?? c?.title ?? s?.file ?? c?.name ?? id;
  };
  return t.scopeIn(scope.documentIds.map(name).join('; '), t.scopeHow[scope.source]);
}

export function verificationSummary(answer: CheckedAnswer, lang: ExportLang = 'en'): string {
  return exportStrings(lang).verification(answer.verification);
}

/** Sources the answer cites, in citation order, then (for abstentions) the closest passages shown. */
export function citedSources(turn: TurnRecord): { cited: AnswerSource[]; shown: AnswerSource[] } {
  const numbers = [...new Set((turn.answer?.citations ?? []).filter((c) => c.chunkId !== null).map((c) => c.n))];
  const cited = numbers.map((n) => turn.sources.find((s) => s.n === n)).filter((s): s is AnswerSource => s !== undefined);
  const shown = turn.state === 'insufficient' ? turn.sources.filter((s) => !numbers.includes(s.n)) : [];
  return { cited, shown };
}

export function exportDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}
