/**
 * The flags of the scanned documents: a document list with each one's review state at a glance,
 * filters by severity and status, the flags sorted by severity, a document's report in four
 * formats, and a printable report.
 */
import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { saveFile } from '../../app/downloads';
import type { DocumentReview, ReportFormat } from '../../app/review-service';
import { describeError } from '../../core/errors';
import { SEVERITIES, severityRank, type Playbook, type Severity } from '../../core/scan/playbook';
import { FLAG_STATUSES, filterFlags, type ReviewedFlag } from '../../core/scan/review';
import type { FlagStatus } from '../../core/scan/types';
import type { OpenSource } from '../App';
import { useSession } from '../hooks';
import { FlagCard } from './FlagCard';
import { plural, SEVERITY_LABEL, STATUS_LABEL } from './labels';
import { PrintReport } from './PrintReport';

export interface FlagFocus {
  readonly documentId: string | null;
  /** Scroll to the first flag of this clause type (a portfolio cell was clicked). */
  readonly clauseType: string | null;
}

const FORMATS: readonly { readonly format: ReportFormat; readonly label: string }[] = [
  { format: 'md', label: 'Markdown' },
  { format: 'csv', label: 'CSV' },
  { format: 'xlsx', label: 'Excel' },
  { format: 'docx', label: 'Word' },
];

function toggled<T>(set: ReadonlySet<T>, value: T): Set<T> {
  const next = new Set(set);
  if (!next.delete(value)) next.add(value);
  return next;
}

export function FlagsView({ playbook, reviews, focus, printable, onFocus, onOpen }: { playbook: Playbook; reviews: readonly DocumentReview[]; focus: FlagFocus; printable: boolean; onFocus: (focus: FlagFocus) => void; onOpen: (source: OpenSource) => void }) {
  const session = useSession();
  const [severities, setSeverities] = useState<ReadonlySet<Severity>>(new Set());
  const [statuses, setStatuses] = useState<ReadonlySet<FlagStatus>>(new Set());
  const [error, setError] = useState<string | null>(null);
  // A document chosen earlier that this playbook has not scanned falls back to all documents.
  const documentId = reviews.some((r) => r.documentId === focus.documentId) ? focus.documentId : null;
  const shown = documentId ? reviews.filter((r) => r.documentId === documentId) : reviews;
  const selected = documentId ? (shown[0] ?? null) : null;
  const names = new Map(reviews.map((r) => [r.documentId, r.documentName]));

  const items = useMemo(() => {
    const all = shown.flatMap((r) => r.items);
    return filterFlags(all, { severities: [...severities], statuses: [...statuses] }).sort(
      (a, b) => severityRank(a.flag.severity) - severityRank(b.flag.severity) || (names.get(a.flag.documentId) ?? '').localeCompare(names.get(b.flag.documentId) ?? '') || (a.flag.evidence?.page ?? 0) - (b.flag.evidence?.page ?? 0),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- names derives from shown
  }, [shown, severities, statuses]);

  useEffect(() => {
    if (!focus.clauseType) return;
    const card = document.querySelector(`[data-testid=flag][data-clause-type="${CSS.escape(focus.clauseType)}"]`);
    card?.scrollIntoView({ block: 'center' });
    (card?.querySelector('button') as HTMLButtonElement | null)?.focus({ preventScroll: true });
  }, [focus.clauseType, documentId]);

  const open = (item: ReviewedFlag) => {
    session.reviews.passage(item.flag).then(
      (passage) => (passage ? onOpen({ passage, terms: [] }) : setError('This passage is no longer in the workspace.')),
      (e: unknown) => setError(describeError(e)),
    );
  };

  const exportReport = (documentId: string, format: ReportFormat) => {
    setError(null);
    session.reviews.report(documentId, playbook.id, format).then(saveFile, (e: unknown) => setError(describeError(e)));
  };

  if (reviews.length === 0) {
    return (
      <div className="empty">
        <p>No document has been scanned with “{playbook.name}” yet.</p>
        <p className="muted">Choose documents above and press Scan: each clause is classified and checked against the playbook's rules, and what needs a lawyer's attention is listed here by severity.</p>
      </div>
    );
  }

  return (
    <div className="flags-view">
      <nav className="review-docs" aria-label="Scanned documents">
        <button type="button" className={`review-doc${documentId === null ? ' selected' : ''}`} aria-pressed={documentId === null} onClick={() => onFocus({ documentId: null, clauseType: null })}>
          <span className="doc-name">All documents</span>
          <span className="muted small-text">{plural(reviews.reduce((n, r) => n + r.summary.total, 0), 'flag')}</span>
        </button>
        {reviews.map((r) => (
          <DocumentEntry key={r.documentId} review={r} selected={documentId === r.documentId} onSelect={() => onFocus({ documentId: r.documentId, clauseType: null })} />
        ))}
      </nav>
      <div className="flags-main">
        <div className="filters" role="group" aria-label="Filters">
          <fieldset>
            <legend>Severity</legend>
            {SEVERITIES.map((s) => (
              <label key={s} className={`chip severity-${s}`}>
                <input type="checkbox" checked={severities.has(s)} onChange={() => setSeverities((x) => toggled(x, s))} />
                {SEVERITY_LABEL[s]}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>Status</legend>
            {FLAG_STATUSES.map((s) => (
              <label key={s} className="chip">
                <input type="checkbox" checked={statuses.has(s)} onChange={() => setStatuses((x) => toggled(x, s))} />
                {STATUS_LABEL[s]}
              </label>
            ))}
          </fieldset>
        </div>
        {selected && (
          <div className="report-bar" role="group" aria-label="Report">
            <span className="muted">Report of {selected.documentName}:</span>
            {FORMATS.map(({ format, label }) => (
              <button key={format} type="button" className="small" onClick={() => exportReport(selected.documentId, format)}>
                {label}
              </button>
            ))}
            <button type="button" className="small" onClick={() => window.print()}>
              Print
            </button>
          </div>
        )}
        {error && (
          <p role="alert" className="error-text">
            {error}
          </p>
        )}
        <p className="muted small-text" data-testid="flag-count">
          {items.length === shown.reduce((n, r) => n + r.items.length, 0) ? plural(items.length, 'flag') : `${items.length} of ${plural(shown.reduce((n, r) => n + r.items.length, 0), 'flag')} (filtered)`}
        </p>
        {items.length === 0 ? (
          <p className="empty">{shown.some((r) => r.items.length > 0) ? 'No flag matches the filters.' : 'No flags: every rule of the playbook passed.'}</p>
        ) : (
          <div className="flag-list">
            {items.map((item) => (
              <FlagCard key={item.flag.id} item={item} documentName={names.get(item.flag.documentId) ?? ''} showDocument={documentId === null} onOpen={() => open(item)} />
            ))}
          </div>
        )}
      </div>
      {printable && createPortal(<PrintReport playbook={playbook} reviews={shown} />, document.body)}
    </div>
  );
}

function DocumentEntry({ review, selected, onSelect }: { review: DocumentReview; selected: boolean; onSelect: () => void }) {
  const session = useSession();
  const { summary } = review;
  const unresolved = summary.byStatus.open + summary.byStatus.escalated;
  return (
    <div className={`review-doc-entry${selected ? ' selected' : ''}`}>
      <button type="button" className={`review-doc${selected ? ' selected' : ''}`} aria-pressed={selected} onClick={onSelect} data-testid="review-doc">
        <span className="doc-name" title={review.documentName}>
          {review.documentName}
        </span>
        <span className="review-state small-text">
          {summary.worstOpen && <span className={`severity severity-${summary.worstOpen}`}>{SEVERITY_LABEL[summary.worstOpen]}</span>}
          {summary.complete ? (
            <span className="done-text">Reviewed · {plural(summary.total, 'flag')}</span>
          ) : (
            <span>
              {unresolved} of {plural(summary.total, 'flag')} to review{summary.byStatus.escalated > 0 && `, ${summary.byStatus.escalated} escalated`}
            </span>
          )}
        </span>
        <progress max={Math.max(summary.total, 1)} value={summary.total - unresolved} aria-label={`Review progress of ${review.documentName}`} />
      </button>
      {review.stale && (
        <button type="button" className="small stale" onClick={() => void session.scans.start({ documentIds: [review.documentId], playbookId: review.scan.playbookId }).catch(() => undefined)}>
          Changed since this scan: re-scan
        </button>
      )}
    </div>
  );
}
