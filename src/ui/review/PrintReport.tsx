/**
 * The report as printed (or saved as PDF from the print dialog): rendered outside the app's
 * root and shown only by the print stylesheet, which hides the app itself. Every flag of the
 * documents in view, in review order, with its evidence, guidance, fallback language and review.
 */
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { DocumentReview } from '../../app/review/review-service';
import type { Playbook } from '../../core/scan/playbook';
import { splitDetails } from '../../core/scan/finding-text';
import { findingKind } from '../../core/scan/types';
import { useStrings } from '../i18n/LanguageProvider';
import { dateTime } from './labels';
import { REVIEW } from './review-strings';
import { useLocalized, usePlaybookName } from './localized';

export function PrintReport({ playbook, reviews }: { playbook: Playbook; reviews: readonly DocumentReview[] }) {
  const t = useStrings(REVIEW);
  const localized = useLocalized(playbook);
  const playbookName = usePlaybookName();
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
          <h1>{t.reviewTitle(r.documentName)}</h1>
          <p>{t.printedLine(playbookName(playbook), playbook.id, r.scan.playbookVersion, dateTime(r.scan.finishedAt), printedAt !== null ? dateTime(printedAt) : null)}</p>
          <p>{t.printCounts(r.summary.total, r.summary.byStatus.open, r.summary.byStatus.escalated, r.summary.byStatus.resolved, r.summary.byStatus.dismissed)}</p>
          {r.items.length === 0 && <p>{t.noFlags}</p>}
          {r.items.map(({ flag: stored, review }, i) => {
            const flag = localized.flag(stored);
            const last = review.history.at(-1);
            const details = splitDetails(flag.details);
            return (
              <article key={flag.id} className="print-flag">
                <h2>
                  {i + 1}. {flag.ruleTitle} — {t.severities[flag.severity]} ({t.statuses[review.status]})
                </h2>
                <p>
                  {t.findings[findingKind(flag)]}. {flag.explanation}
                </p>
                {flag.evidence && (
                  <>
                    <p className="print-label">{t.evidenceAt(flag.evidence.page, flag.evidence.sectionPath.join(' › '))}</p>
                    <blockquote>{flag.evidence.text}</blockquote>
                  </>
                )}
                {details.checks.length > 0 && flag.kind !== 'missing' && (
                  <p>
                    {t.checked} {details.checks.join('; ')}
                  </p>
                )}
                {details.elsewhere.length > 0 && flag.kind !== 'missing' && (
                  <p>
                    {t.elsewhere} {details.elsewhere.join('; ')}
                  </p>
                )}
                {flag.guidance && (
                  <p>
                    {t.guidance} {flag.guidance}
                  </p>
                )}
                {flag.fallback && (
                  <>
                    <p className="print-label">{t.fallbackLanguage}:</p>
                    <blockquote>{flag.fallback}</blockquote>
                  </>
                )}
                {last && (
                  <p>
                    {t.reviewLine(t.statuses[review.status], last.user, dateTime(last.at))}
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
