/**
 * What the conversation exports (Markdown, Word) share: the answer cut into lines of pieces
 * (text, citations, quotes) with their line kind, the label of a turn's state and writer, the
 * footnote text of a source (file, page, section, the verbatim passage) and the verification
 * summary. Document text stays text: nothing here is interpreted as markup.
 */
import { answerSegments, type AnswerSegment } from '../core/answer/citations';
import { pageLabel } from '../core/answer/sources';
import type { AnswerSource, CheckedAnswer, QuoteMark, TurnRecord } from '../core/answer/types';

export interface ConversationExport {
  readonly title: string;
  readonly turns: readonly TurnRecord[];
  /** When it was exported (default: now). */
  readonly exportedAt?: Date;
}

export type LineKind = 'paragraph' | 'quote' | 'bullet' | 'blank';

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

const STATES: Readonly<Record<TurnRecord['state'], string>> = {
  answered: 'Answer',
  insufficient: 'Not enough evidence in the documents',
  creative: 'Answer (beyond the documents: the model’s own reasoning where not cited)',
  inventory: 'Workspace answer',
  capability: 'Casefile',
  clarification: 'Clarification needed',
  action: 'Proposed action (awaiting approval)',
  error: 'Error',
};

export function stateLabel(turn: TurnRecord): string {
  const writer = turn.writer === 'model' ? `written by ${turn.trace.model?.id ?? 'a language model'}` : turn.writer === 'extractive' ? 'composed of verbatim passages, no language model' : null;
  const extra = [writer, turn.fallback && `the model failed: ${turn.fallback}`, turn.stopped && 'stopped by the user'].filter(Boolean);
  return extra.length > 0 ? `${STATES[turn.state]} (${extra.join('; ')})` : STATES[turn.state];
}

/** "Master Services Agreement.pdf, p. 5, § 12 Limitation › 12.2 Cap" */
export function sourceReference(s: AnswerSource): string {
  return [s.file, pageLabel(s), ...(s.sectionPath.length > 0 ? [`§ ${s.sectionPath.join(' › ')}`] : [])].filter(Boolean).join(', ');
}

export function flattenText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** What a reader is told about a quote that is not verbatim in its cited source. */
export function quoteWarning(q: QuoteMark): string | null {
  if (q.status === 'verbatim') return null;
  return q.status === 'wrong_source' ? `[quote not in the cited source; verbatim in source ${q.foundIn}]` : '[quote not found verbatim in the sources]';
}

const HOW: Record<NonNullable<TurnRecord['scope']>['source'], string> = { question: 'named in the question', follow_up: 'follow-up of the previous question', user: 'chosen by the user', workspace: 'all documents' };

/** Which documents the question was asked of, and why (a follow-up's documents are recorded as such); null when no retrieval ran. */
export function scopeLine(turn: TurnRecord): string | null {
  const scope = turn.scope;
  if (!scope) return null;
  if (scope.documentIds.length === 0) return 'Searched: all documents.';
  const name = (id: string) => {
    const s = turn.sources.find((x) => x.documentId === id);
    const c = turn.candidates.find((x) => x.id === id);
    return s?.title ?? c?.title ?? s?.file ?? c?.name ?? id;
  };
  return `Searched in: ${scope.documentIds.map(name).join('; ')} (${HOW[scope.source]}).`;
}

export function verificationSummary(answer: CheckedAnswer): string {
  const v = answer.verification;
  const parts = [
    v.citations === 0 ? 'no citations' : v.unresolvedCitations === 0 ? `${v.citations} citation${v.citations === 1 ? '' : 's'}, all resolved` : `${v.citations} citations, ${v.unresolvedCitations} unresolved`,
    v.quotes === 0 ? 'no quotations' : v.unverifiedQuotes === 0 ? `${v.quotes} quotation${v.quotes === 1 ? '' : 's'}, verbatim` : `${v.quotes} quotations, ${v.unverifiedQuotes} not verbatim`,
  ];
  return `Verification: ${parts.join('; ')}.`;
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
