/**
 * The report as printed (or saved as PDF from the print dialog): rendered outside the app's
 * root and shown only by the print stylesheet, which hides the app itself. Every flag of the
 * documents in view, in review order, with its evidence, guidance, fallback language and review.
 */
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { DocumentReview } from '../../app/review-service';
import type { Playbook } from '../../core/scan/playbook';
import { dateTime, FINDING_LABEL, plural, SEVERITY_LABEL, STATUS_LABEL } from './labels';

export function PrintReport({ playbook, reviews }: { playbook: Playbook; reviews: readonly DocumentReview[] }) {
  const [printedAt, setPrintedAt] = useState<number | null>(null);
  useEffect(() => {
    const stamp = () => flushSync(() => setPrintedAt(Date.now()));
    window.addEventListener('beforeprint', stamp);
    return () => window.removeEventListener('beforeprint', stamp);
  }, []);
  return (
    <div className="print-report" aria-hidden="true">
      {reviews.map((r) => (
        <section key={r.documentId} className="print-document">
          <h1>Contract review: {r.documentName}</h1>
          <p>
            Playbook: {playbook.name} ({playbook.id} {r.scan.playbookVersion}) · Scanned {dateTime(r.scan.finishedAt)}{printedAt !== null && ` · Printed ${dateTime(printedAt)}`}
          </p>
          <p>
            {plural(r.summary.total, 'flag')}: {r.summary.byStatus.open} open, {r.summary.byStatus.escalated} escalated, {r.summary.byStatus.resolved} resolved, {r.summary.byStatus.dismissed} dismissed.
          </p>
          {r.items.length === 0 && <p>No flags: every rule of the playbook passed.</p>}
          {r.items.map(({ flag, review }, i) => {
            const last = review.history.at(-1);
            return (
              <article key={flag.id} className="print-flag">
                <h2>
                  {i + 1}. {flag.ruleTitle} — {SEVERITY_LABEL[flag.severity]} ({STATUS_LABEL[review.status]})
                </h2>
                <p>
                  {FINDING_LABEL[flag.kind]}. {flag.explanation}
                </p>
                {flag.evidence && (
                  <>
                    <p className="print-label">
                      Evidence (p. {flag.evidence.page}
                      {flag.evidence.sectionPath.length > 0 && `, ${flag.evidence.sectionPath.join(' › ')}`}):
                    </p>
                    <blockquote>{flag.evidence.text}</blockquote>
                  </>
                )}
                {flag.details.length > 0 && flag.kind !== 'missing' && <p>Checked: {flag.details.join('; ')}</p>}
                {flag.guidance && <p>Guidance: {flag.guidance}</p>}
                {flag.fallback && (
                  <>
                    <p className="print-label">Fallback language:</p>
                    <blockquote>{flag.fallback}</blockquote>
                  </>
                )}
                {last && (
                  <p>
                    Review: {STATUS_LABEL[review.status]} by {last.user}, {dateTime(last.at)}
                    {review.note && ` — ${review.note}`}
                  </p>
                )}
              </article>
            );
          })}
        </section>
      ))}
    </div>
  );
}
