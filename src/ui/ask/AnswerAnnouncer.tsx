/**
 * A polite live region for screen readers: when the latest question's answer is complete it
 * says so, with how many passages from how many documents it cites ("Answer ready: 3 passages
 * from 2 documents"), in the turn's language. Silent while the answer is still coming (the
 * turn's own status speaks).
 */
import type { TurnView } from '../../app/ask/turn-view';
import { turnLanguage, type UiLang } from '../i18n/language';
import { useLanguage } from '../i18n/LanguageProvider';
import { TRACE } from './trace-strings';

function answerAnnouncement(turn: TurnView | undefined, app: UiLang = 'en'): string {
  if (!turn || turn.running) return '';
  const t = TRACE[turnLanguage(turn.record?.language ?? turn.plan?.replyLanguage, app)];
  const files = new Set(turn.sources.map((s) => s.documentId)).size;
  if (turn.sources.length === 0) return t.answerReadyNone;
  return t.answerReady(turn.sources.length, files);
}

export function AnswerAnnouncer({ turn }: { turn: TurnView | undefined }) {
  const { lang } = useLanguage();
  return (
    <p className="visually-hidden" role="status" data-testid="answer-announcement">
      {answerAnnouncement(turn, lang)}
    </p>
  );
}
