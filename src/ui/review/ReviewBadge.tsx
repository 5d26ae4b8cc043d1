/** A document's contract review at a glance, on its row: flags still to review (by the worst severity), or reviewed. */
import type { DocumentReviewState } from '../../app/review-service';
import { SEVERITY_LABEL } from './labels';

export function ReviewBadge({ state }: { state: DocumentReviewState }) {
  if (state.unresolved === 0) {
    return (
      <span className="badge review-badge reviewed" title="Contract review: every flag resolved or dismissed">
        Reviewed
      </span>
    );
  }
  const worst = state.worst ? ` (worst: ${SEVERITY_LABEL[state.worst]})` : '';
  return (
    <span className={`badge review-badge severity-${state.worst ?? 'info'}`} title={`Contract review: ${state.unresolved} flags to review${worst}${state.escalated ? `, ${state.escalated} escalated` : ''}`} data-testid="review-badge">
      {state.unresolved} to review
    </span>
  );
}
