/**
 * A polite live region for screen readers: when the latest question's answer is complete it
 * says so, with how many passages from how many documents it cites ("Answer ready: 3 passages
 * from 2 documents"). Silent while the answer is still coming (the turn's own status speaks).
 */
import type { TurnView } from '../app/turn-view';

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

export function answerAnnouncement(turn: TurnView | undefined): string {
  if (!turn || turn.running) return '';
  const files = new Set(turn.sources.map((s) => s.documentId)).size;
  if (turn.sources.length === 0) return 'Answer ready: no passage found.';
  return `Answer ready: ${count(turn.sources.length, 'passage')} from ${count(files, 'document')}.`;
}

export function AnswerAnnouncer({ turn }: { turn: TurnView | undefined }) {
  return (
    <p className="visually-hidden" role="status" data-testid="answer-announcement">
      {answerAnnouncement(turn)}
    </p>
  );
}
