/**
 * The flags of the scanned documents: a document list with each one's review state at a glance,
 * filters by severity and status, the flags sorted by severity, a document's report in four
 * formats, and a printable report.
 */
import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { saveFile } from '../../app/browser/downloads';
import type { DocumentReview, ReportFormat } from '../../app/review/review-service';
import { describeError } from '../../core/errors';
import { SEVERITIES, severityRank, type Playbook, type Severity } from '../../core/scan/playbook';
import { FLAG_STATUSES, filterFlags, type ReviewedFlag } from '../../core/scan/review';
import type { FlagStatus } from '../../core/scan/types';
import type { OpenSource } from '../viewer/open-source';
import { useDocumentList, useSession } from '../common/hooks';
import { FlagCard } from './FlagCard';
import { DocumentName } from './DocumentName';
import { documentNames } from '../documents/doc-labels';
import { useLanguage } from '../i18n/LanguageProvider';
import { useRovingFocus } from '../common/roving';
import { REVIEW, type ReviewStrings } from './review-strings';
import { PrintReport } from './PrintReport';
import { useLocalized } from './localized';

export interface FlagFocus {
  readonly documentId: string | null;
  /** Scroll to the first flag of this clause type (a portfolio cell was clicked). */
  readonly clauseType: string | null;
}

/** Report formats by their names (the same in every language). */
const FORMATS: readonly { readonly format: ReportFormat; readonly label: string }[] = [
  { format: 'md', label: 'Markdown' },
  { format: 'csv', label: 'CSV' },
  { format: 'xlsx', label: 'Excel' },
  { format: 'docx', label: 'Word' },
];

/** The flag's marked words, for the viewer to mark inside the passage (as the card marks them). */
function focusOf(item: ReviewedFlag): Pick<OpenSource, 'focus'> {
  const ev = item.flag.evidence;
  return ev?.focus ? { focus: ev.text.slice(ev.focus.start, ev.focus.end) } : {};
}

function toggled<T>(set: ReadonlySet<T>, value: T): Set<T> {
  const next = new Set(set);
  if (!next.delete(value)) next.add(value);
  return next;
}

export function FlagsView({ playbook, reviews, focus, printable, onFocus, onOpen }: { playbook: Playbook; reviews: readonly DocumentReview[]; focus: FlagFocus; printable: boolean; onFocus: (focus: FlagFocus) => void; onOpen: (source: OpenSource) => void }) {
  const session = useSession();
  const { lang } = useLanguage();
  const localized = useLocalized(playbook);
  const t = REVIEW[lang];
  // The scanned documents and the flags: one Tab stop each, arrow keys inside.
  const docList = useRovingFocus<HTMLElement>({ rows: ':scope > button, :scope > div' });
  const flagList = useRovingFocus<HTMLDivElement>({ rows: ':scope > article' });
  const [severities, setSeverities] = useState<ReadonlySet<Severity>>(new Set());
  const [statuses, setStatuses] = useState<ReadonlySet<FlagStatus>>(new Set());
  const [error, setError] = useState<string | null>(null);
  // A document chosen earlier that this playbook has not scanned falls back to all documents.
  const documentId = reviews.some((r) => r.documentId === focus.documentId) ? focus.documentId : null;
  const shown = documentId ? reviews.filter((r) => r.documentId === documentId) : reviews;
  const selected = documentId ? (shown[0] ?? null) : null;
  const documents = useDocumentList();
  const label = useMemo(() => documentNames(documents), [documents]);
  const names = new Map(reviews.map((r) => [r.documentId, label(r.documentId) ?? r.documentName]));

  const items = useMemo(() => {
    const all = shown.flatMap((r) => r.items);
    return filterFlags(all, { severities: [...severities], statuses: [...statuses] }).sort(
      // What a contract surely has before what it may have (tentative), within a severity and a document.
      (a, b) => severityRank(a.flag.severity) - severityRank(b.flag.severity) || (names.get(a.flag.documentId) ?? '').localeCompare(names.get(b.flag.documentId) ?? '') || Number(a.flag.tentative ?? false) - Number(b.flag.tentative ?? false) || (a.flag.evidence?.page ?? 0) - (b.flag.evidence?.page ?? 0),
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
      (passage) => (passage ? onOpen({ passage, terms: [], ...focusOf(item) }) : setError(t.passageGone)),
      (e: unknown) => setError(describeError(e)),
    );
  };

  const exportReport = (documentId: string, format: ReportFormat) => {
    setError(null);
    session.reviews.report(documentId, playbook.id, format, lang, playbook).then(saveFile, (e: unknown) => setError(describeError(e)));
  };

  if (reviews.length === 0) {
    return (
      <div className="empty">
        <p>{t.noScanYet(playbook.name)}</p>
        <p className="muted">{t.noScanHint}</p>
      </div>
    );
  }

  return (
    <div className="flags-view">
      <nav className="review-docs" aria-label={t.scannedDocuments} ref={docList}>
        <button type="button" className={`review-doc${documentId === null ? ' selected' : ''}`} aria-pressed={documentId === null} onClick={() => onFocus({ documentId: null, clauseType: null })}>
          <span className="doc-name">{t.allDocuments}</span>
          <span className="muted small-text">{t.flags(reviews.reduce((n, r) => n + r.summary.total, 0))}</span>
        </button>
        {reviews.map((r) => (
          <DocumentEntry key={r.documentId} review={r} label={label(r.documentId)} selected={documentId === r.documentId} t={t} onSelect={() => onFocus({ documentId: r.documentId, clauseType: null })} />
        ))}
      </nav>
      <div className="flags-main">
        <div className="filters" role="group" aria-label={t.filters}>
          <fieldset>
            <legend>{t.severity}</legend>
            {SEVERITIES.map((s) => (
              <label key={s} className={`chip severity-${s}`}>
                <input type="checkbox" checked={severities.has(s)} onChange={() => setSeverities((x) => toggled(x, s))} />
                {t.severities[s]}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>{t.status}</legend>
            {FLAG_STATUSES.map((s) => (
              <label key={s} className="chip">
                <input type="checkbox" checked={statuses.has(s)} onChange={() => setStatuses((x) => toggled(x, s))} />
                {t.statuses[s]}
              </label>
            ))}
          </fieldset>
        </div>
        {selected && (
          <div className="report-bar" role="group" aria-label={t.report}>
            <span className="muted">{t.reportOf(selected.documentName)}</span>
            {FORMATS.map(({ format, label }) => (
              <button key={format} type="button" className="small" onClick={() => exportReport(selected.documentId, format)}>
                {label}
              </button>
            ))}
            <button type="button" className="small" onClick={() => window.print()}>
              {t.print}
            </button>
          </div>
        )}
        {error && (
          <p role="alert" className="error-text">
            {error}
          </p>
        )}
        <p className="muted small-text" data-testid="flag-count">
          {items.length === shown.reduce((n, r) => n + r.items.length, 0) ? t.flags(items.length) : t.filtered(items.length, t.flags(shown.reduce((n, r) => n + r.items.length, 0)))}
        </p>
        {items.length === 0 ? (
          <p className="empty">{shown.some((r) => r.items.length > 0) ? t.noMatch : t.noFlags}</p>
        ) : (
          <div className="flag-list" role="group" aria-label={t.flagList} ref={flagList}>
            {items.map((item) => (
              <FlagCard key={item.flag.id} item={{ ...item, flag: localized.flag(item.flag) }} documentName={names.get(item.flag.documentId) ?? ''} showDocument={documentId === null} onOpen={() => open(item)} />
            ))}
          </div>
        )}
      </div>
      {printable && createPortal(<PrintReport playbook={playbook} reviews={shown} />, document.body)}
    </div>
  );
}

function DocumentEntry({ review, label, selected, t, onSelect }: { review: DocumentReview; label: string | null; selected: boolean; t: ReviewStrings; onSelect: () => void }) {
  const session = useSession();
  const { summary } = review;
  const unresolved = summary.byStatus.open + summary.byStatus.escalated;
  return (
    <div className={`review-doc-entry${selected ? ' selected' : ''}`}>
      <button type="button" className={`review-doc${selected ? ' selected' : ''}`} aria-pressed={selected} onClick={onSelect} data-testid="review-doc">
        <DocumentName name={review.documentName} label={label} />
        <span className="review-state small-text">
          {summary.worstOpen && <span className={`severity severity-${summary.worstOpen}`}>{t.severities[summary.worstOpen]}</span>}
          {summary.complete ? <span className="done-text">{t.reviewed(t.flags(summary.total))}</span> : <span>{t.toReview(unresolved, t.flags(summary.total), summary.byStatus.escalated)}</span>}
        </span>
        <progress max={Math.max(summary.total, 1)} value={summary.total - unresolved} aria-label={t.reviewProgress(review.documentName)} />
      </button>
      {review.stale && (
        <button type="button" className="small stale" onClick={() => void session.scans.start({ documentIds: [review.documentId], playbookId: review.scan.playbookId }).catch(() => undefined)}>
          {t.rescan}
        </button>
      )}
    </div>
  );
}
