/**
 * An answer as the reader sees it, rendered as text (never as HTML): its lines (paragraphs,
 * "- " lists, "> " block quotes), `**bold**` as bold, every citation [n] a button that opens the
 * cited passage, a citation that resolves to no source and a quotation not verbatim in its cited
 * source marked where they stand. Model output gets no richer Markdown on purpose: links and
 * images would make the page fetch what the model wrote, and raw HTML is never interpreted.
 */
import type { ReactNode } from 'react';
import type { CitationMark, CheckedAnswer, QuoteMark } from '../../core/answer-types';
import { answerLines, quoteWarning, type AnswerLine } from '../../export/conversation-parts';
import { boldRuns } from '../../export/bold-runs';

function Bold({ text }: { text: string }) {
  return <>{boldRuns(text).map((r, i) => (r.bold ? <strong key={i}>{r.text}</strong> : r.text))}</>;
}

function Citation({ mark, onCite }: { mark: CitationMark; onCite: (n: number) => void }) {
  if (mark.chunkId === null) {
    return (
      <span className="cite cite-unresolved" data-testid="citation-unresolved" title={`Source ${mark.n} does not exist: this citation cannot be checked`}>
        [{mark.n}?]
      </span>
    );
  }
  return (
    <button type="button" className="cite" data-testid="citation" data-n={mark.n} onClick={() => onCite(mark.n)} aria-label={`Open source ${mark.n}`}>
      [{mark.n}]
    </button>
  );
}

function Line({ line, onCite }: { line: AnswerLine; onCite: (n: number) => void }) {
  const out: ReactNode[] = [];
  line.pieces.forEach((piece, i) => {
    if (piece.citations.length > 0) {
      // "[1, 2]": one button per number.
      piece.citations.forEach((c, j) => out.push(<Citation key={`${i}-${j}`} mark={c} onCite={onCite} />));
    } else if (piece.quote && piece.quote.status !== 'verbatim') {
      out.push(
        <span key={i} className="quote-unverified" data-testid="quote-unverified">
          <Bold text={piece.text} />
        </span>,
      );
    } else if (piece.quote) {
      out.push(
        <span key={i} className="quote-verbatim" data-testid="quote-verbatim">
          <Bold text={piece.text} />
        </span>,
      );
    } else out.push(<Bold key={i} text={piece.text} />);
    const q: QuoteMark | null = piece.quote;
    const warning = q && line.pieces[i + 1]?.quote !== q ? quoteWarning(q) : null;
    if (warning) {
      out.push(
        <span key={`${i}-w`} className="quote-warning" role="note">
          {' '}
          {warning}
        </span>,
      );
    }
  });
  return <>{out}</>;
}

export function AnswerText({ answer, onCite }: { answer: CheckedAnswer; onCite: (n: number) => void }) {
  const blocks: ReactNode[] = [];
  let bullets: AnswerLine[] = [];
  const flush = () => {
    if (bullets.length === 0) return;
    const items = bullets;
    bullets = [];
    blocks.push(
      <ul key={`ul-${blocks.length}`}>
        {items.map((l, i) => (
          <li key={i}>
            <Line line={l} onCite={onCite} />
          </li>
        ))}
      </ul>,
    );
  };
  for (const line of answerLines(answer)) {
    if (line.kind === 'bullet') {
      bullets.push(line);
      continue;
    }
    flush();
    if (line.kind === 'blank') continue;
    blocks.push(
      line.kind === 'quote' ? (
        <blockquote key={blocks.length}>
          <Line line={line} onCite={onCite} />
        </blockquote>
      ) : (
        <p key={blocks.length}>
          <Line line={line} onCite={onCite} />
        </p>
      ),
    );
  }
  flush();
  return (
    <div className="answer-text" data-testid="answer-text">
      {blocks}
    </div>
  );
}
