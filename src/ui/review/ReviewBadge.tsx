import type { DocumentReviewState } from '../../app/review/review-service';
import { useStrings } from '../i18n/LanguageProvider';
import { REVIEW } from './review-strings';

/** A document's contract review at a glance, on its row: flags still to review (by the worst severity), or reviewed. */
export function ReviewBadge({ state }: { state: DocumentReviewState }) {
  const t = useStrings(REVIEW);
  if (state.unresolved === 0) {
    return (
      <span className="badge review-badge reviewed" title={t.badgeReviewedTitle}>
        {t.badgeReviewed}
      </span>
    );
  }
  return (
    <span className={`badge review-badge severity-${state.worst ?? 'info'}`} title={t.badgeTitle(state.unresolved, state.worst ? t.severities[state.worst] : null, state.escalated)} data-testid="review-badge">
      {t.badgeToReview(state.unresolved)}
    </span>
  );
}
