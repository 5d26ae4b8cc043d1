import { memo } from 'react';
import type { DocumentReviewState } from '../../app/review/review-service';
import type { DocumentRecord } from '../../core/types';
import { identityLine } from '../../core/ingest/identity/label';
import { shownParties } from './doc-labels';
import { DOCUMENTS } from './documents-strings';
import type { FileProgress } from '../common/hooks';
import { useStrings } from '../i18n/LanguageProvider';
import { ReviewBadge } from '../review/ReviewBadge';

/**
 * One document of the Documents panel: name, status, title and parties (the handle lawyers use,
 * up to two lines), what was read, its controls (Search in this document, Delete, Enter password). Its controls are part of the list's one Tab stop
 * (roving.ts): ↑ ↓ between documents, ← → between a document's controls. A long name or title
 * wraps, never widening the page.
 */
/**
 * Memoised: the shared document list (app/document-list.ts) hands out the same record object while
 * a document is unchanged, so a re-read of a thousand documents redraws only the rows that changed.
 */
export const DocumentRow = memo(DocumentRowView);

function DocumentRowView({
  doc,
  progress,
  denseModel,
  onDelete,
  onUnlock,
  review,
  onSearchIn,
}: {
  doc: DocumentRecord;
  progress: FileProgress | undefined;
  /** The embedder meaning-based search uses, if any: documents without its vectors say so. */
  denseModel: string | null;
  onDelete: (doc: DocumentRecord) => void;
  onUnlock: (doc: DocumentRecord) => void;
  /** Its contract review state, when it was scanned. */
  review?: DocumentReviewState | undefined;
  /** Questions search only this document from now on. */
  onSearchIn?: ((doc: DocumentRecord) => void) | undefined;
}) {
  // Title and parties ("Strategic Alliance Agreement — Dialog Semiconductor / Energous"): how lawyers name a contract.
  const identity = identityLine(doc.name, doc.title, shownParties(doc));
  // Where the file is, without repeating its name ("matters/acme/"); the whole path in the tooltip.
  const folder = doc.path !== doc.name ? (doc.path.endsWith(`/${doc.name}`) ? doc.path.slice(0, -doc.name.length) : doc.path) : null;
  const t = useStrings(DOCUMENTS);
  const busy = doc.status === 'queued' || doc.status === 'parsing' || doc.status === 'ocr' || doc.status === 'embedding';
  return (
    <li className={`doc status-${doc.status}`} aria-label={doc.name}>
      <div className="doc-main">
        <span className="doc-name" title={doc.path}>
          {doc.name}
        </span>
        <span className={`badge badge-${doc.status}`}>{t.status[doc.status]}</span>
        {review && <ReviewBadge state={review} />}
      </div>
      {identity && (
        <p title={identity} className="doc-title" data-testid="doc-identity">
          {identity}
        </p>
      )}
      <div className="doc-meta muted">
        {folder && (
          <span title={`${t.whereFile}: ${doc.path}`} className="doc-folder">
            {folder}
          </span>
        )}
        {doc.pages > 0 && <span>{t.pages(doc.pages)}</span>}
        {doc.chunkCount > 0 && <span>{t.passages(doc.chunkCount)}</span>}
        {doc.language && <span title={t.language}>{doc.language.toUpperCase()}</span>}
        {denseModel && doc.lexicalOnly && (doc.status === 'ready' || doc.status === 'degraded') && (
          <span className="keywords-only" title={t.notEmbedded(denseModel)}>
            {t.keywordsOnly}
          </span>
        )}
        {doc.ocrConfidence !== null && (
          <span title={t.someScans}>{t.ocr(doc.ocrPages && doc.ocrPages < doc.pages ? t.ocrOnPages(doc.ocrPages, doc.pages) : '', Math.round(doc.ocrConfidence))}</span>
        )}
      </div>
      {busy && progress && (
        <div className="doc-progress">
          <progress aria-label={t.progressOf(doc.name)} max={Math.max(progress.pages, 1)} value={progress.page} />
          <span className="muted">
            {t.stages[progress.stage] ?? progress.stage}
            {progress.pages > 0 ? ` · ${t.pageOf(progress.page, progress.pages)}` : ''}
          </span>
        </div>
      )}
      {doc.status === 'failed' && doc.error && (
        <p className="error-text" role="status">
          {doc.error}
        </p>
      )}
      {doc.status === 'failed' && doc.errorInfo?.code === 'file/encrypted' && (
        <button type="button" className="small unlock" onClick={() => onUnlock(doc)} aria-label={t.enterPasswordOf(doc.name)}>
          {t.enterPassword}
        </button>
      )}
      {doc.status === 'degraded' && doc.error && <p className="warn-text">{doc.error}</p>}
      {onSearchIn && (doc.status === 'ready' || doc.status === 'degraded') && (
        <button type="button" className="ghost small search-in" onClick={() => onSearchIn(doc)} aria-label={t.searchInOf(doc.name)} title={t.searchInTitle}>
          {t.searchIn}
        </button>
      )}
      <button type="button" className="ghost small danger" onClick={() => onDelete(doc)} aria-label={t.deleteOf(doc.name)}>
        {t.delete}
      </button>
    </li>
  );
}
