/**
 * One flag as a lawyer reads it: severity, rule, what was found, the evidence verbatim with its
 * file, page and section (opened in the viewer on request), the checks, guidance and fallback
 * language, and the review: its status, the decision buttons with a note, and the history.
 * Every text comes from documents or playbooks and is rendered as text.
 */
import { useState } from 'react';
import type { ReviewedFlag } from '../../core/scan/review';
import { splitDetails } from '../../core/scan/finding-text';
import { findingKind, type FlagStatus } from '../../core/scan/types';
import { describeError } from '../../core/errors';
import { useSession } from '../common/hooks';
import { useStrings } from '../i18n/LanguageProvider';
import { dateTime, NEXT_STATUSES } from './labels';
import { REVIEW } from './review-strings';
import { useWithReviewer } from './ReviewerGate';

export function FlagCard({ item, documentName, showDocument, onOpen }: { item: ReviewedFlag; documentName: string; showDocument: boolean; onOpen: () => void }) {
  const { flag, review } = item;
  const t = useStrings(REVIEW);
  const ev = flag.evidence;
  const { checks, elsewhere: places } = splitDetails(flag.details);
  const [copied, setCopied] = useState(false);
  const copy = (text: string) => {
    navigator.clipboard.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <article className={`flag flag-sev-${flag.severity} flag-status-${review.status}`} aria-label={`${t.severities[flag.severity]}: ${flag.ruleTitle}`} data-testid="flag" data-flag-id={flag.id} data-rule-id={flag.ruleId} data-kind={flag.kind} data-finding={findingKind(flag)} data-clause-type={flag.clauseType}>
      <header className="flag-head">
        <span className={`severity severity-${flag.severity}`}>{t.severities[flag.severity]}</span>
        <h4 className="flag-title">
          {flag.ruleTitle}
          {showDocument && <span className="flag-document"> · {documentName}</span>}
        </h4>
        <span className={`status-badge status-${review.status}`} data-testid="flag-status">
          {t.statuses[review.status]}
        </span>
      </header>
      <p className="flag-finding">
        <strong>{t.findings[findingKind(flag)]}.</strong> {flag.explanation}
      </p>
      {ev ? (
        <figure className="evidence">
          <figcaption>
            <span data-testid="flag-page">{t.page(ev.page, ev.pageEnd)}</span>
            {ev.sectionPath.length > 0 && <span className="evidence-section"> · {ev.sectionPath.join(' › ')}</span>}
          </figcaption>
          <blockquote className="evidence-text" data-testid="flag-evidence">
            {ev.focus ? (
              <>
                {ev.text.slice(0, ev.focus.start)}
                <mark data-testid="flag-focus">{ev.text.slice(ev.focus.start, ev.focus.end)}</mark>
                {ev.text.slice(ev.focus.end)}
              </>
            ) : (
              ev.text
            )}
          </blockquote>
          <button type="button" className="small" onClick={onOpen}>
            {t.openInViewer}
          </button>
        </figure>
      ) : (
        <p className="evidence missing-evidence">{t.notFoundAnywhere}</p>
      )}
      {checks.length > 0 && flag.kind !== 'missing' && (
        <p className="flag-details">
          <span className="label">{t.checked}</span> {checks.join('; ')}
        </p>
      )}
      {places.length > 0 && flag.kind !== 'missing' && (
        <p className="flag-details" data-testid="flag-elsewhere">
          <span className="label">{t.elsewhere}</span> {places.join('; ')}
        </p>
      )}
      {flag.guidance && (
        <p className="flag-guidance">
          <span className="label">{t.guidance}</span> {flag.guidance}
        </p>
      )}
      {flag.fallback && (
        <div className="fallback">
          <span className="label">{t.fallbackLanguage}</span>
          <blockquote>{flag.fallback}</blockquote>
          <button type="button" className="ghost small" onClick={() => copy(flag.fallback ?? '')}>
            {copied ? t.copied : t.copy}
          </button>
        </div>
      )}
      <ReviewActions item={item} />
      {review.history.length > 0 && (
        <details className="history">
          <summary>{t.history(review.history.length)}</summary>
          <ol>
            {review.history.map((h, i) => (
              <li key={i}>
                <span className="muted">{dateTime(h.at)}</span> · {h.user}: {t.statuses[h.from]} → {t.statuses[h.to]}
                {h.note && <span className="history-note"> — {h.note}</span>}
              </li>
            ))}
          </ol>
        </details>
      )}
    </article>
  );
}

/** The decision buttons; a chosen decision asks for a note, then is recorded with the reviewer's name. */
function ReviewActions({ item }: { item: ReviewedFlag }) {
  const session = useSession();
  const withReviewer = useWithReviewer();
  const t = useStrings(REVIEW);
  const { flag, review } = item;
  const [to, setTo] = useState<FlagStatus | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    if (!to) return;
    withReviewer(() => {
      session.reviews.decide(flag, to, note).then(
        () => {
          setTo(null);
          setNote('');
          setError(null);
        },
        (e: unknown) => setError(describeError(e)),
      );
    });
  };
  return (
    <div className="review-actions">
      {review.note && to === null && (
        <p className="review-note">
          <span className="label">{t.note}</span> {review.note}
        </p>
      )}
      {to === null ? (
        <div className="actions">
          {NEXT_STATUSES[review.status].map((s) => (
            <button key={s} type="button" className={`small action-${s}`} onClick={() => setTo(s)}>
              {t.actions[s]}
            </button>
          ))}
        </div>
      ) : (
        <form
          className="decision"
          data-roving-free
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <label htmlFor={`note-${flag.id}`}>{t.noteFor(t.actions[to])}</label>
          <textarea id={`note-${flag.id}`} value={note} maxLength={5000} rows={2} onChange={(e) => setNote(e.target.value)} autoFocus />
          <div className="actions">
            <button type="submit" className="primary small">
              {t.decide(t.actions[to])}
            </button>
            <button type="button" className="ghost small" onClick={() => setTo(null)}>
              {t.cancel}
            </button>
          </div>
        </form>
      )}
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
    </div>
  );
}
