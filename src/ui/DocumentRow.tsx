import type { DocumentReviewState } from '../app/review-service';
import type { DocumentRecord } from '../core/types';
import { shownParties } from './doc-labels';
import type { FileProgress } from './hooks';
import { ReviewBadge } from './review/ReviewBadge';

const STATUS_LABEL: Record<DocumentRecord['status'], string> = {
  queued: 'Queued',
  parsing: 'Reading',
  ocr: 'Reading scans',
  embedding: 'Embedding',
  ready: 'Ready',
  degraded: 'Ready (low quality)',
  failed: 'Failed',
};

export function DocumentRow({
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
  onDelete: () => void;
  onUnlock: () => void;
  /** Its contract review state, when it was scanned. */
  review?: DocumentReviewState | undefined;
  /** Questions search only this document from now on. */
  onSearchIn?: () => void;
}) {
  // Title and parties ("Strategic Alliance Agreement — Dialog Semiconductor / Energous"): how lawyers name a contract.
  const parties = shownParties(doc);
  const title = doc.title && doc.title !== doc.name ? doc.title : null;
  const identity = title || parties.length > 0 ? [title, parties.join(' / ')].filter(Boolean).join(' — ') : null;
  const busy = doc.status === 'queued' || doc.status === 'parsing' || doc.status === 'ocr' || doc.status === 'embedding';
  return (
    <li className={`doc status-${doc.status}`} aria-label={doc.name}>
      <div className="doc-main">
        <span className="doc-name" title={doc.path}>
          {doc.name}
        </span>
        <span className={`badge badge-${doc.status}`}>{STATUS_LABEL[doc.status]}</span>
        {review && <ReviewBadge state={review} />}
      </div>
      <div className="doc-meta muted">
        {doc.path !== doc.name && <span title="Where the file is">{doc.path}</span>}
        {doc.pages > 0 && <span>{doc.pages === 1 ? '1 page' : `${doc.pages} pages`}</span>}
        {doc.chunkCount > 0 && <span>{doc.chunkCount === 1 ? '1 passage' : `${doc.chunkCount} passages`}</span>}
        {doc.language && <span title="Language">{doc.language.toUpperCase()}</span>}
        {denseModel && doc.lexicalOnly && (doc.status === 'ready' || doc.status === 'degraded') && (
          <span className="keywords-only" title={`Not embedded with ${denseModel} yet: found by keywords only`}>
            Keywords only
          </span>
        )}
        {doc.ocrConfidence !== null && (
          <span title="Some pages were scans">
            Text recognised (OCR){doc.ocrPages && doc.ocrPages < doc.pages ? ` on ${doc.ocrPages} of ${doc.pages} pages` : ''} · {Math.round(doc.ocrConfidence)}% confidence
          </span>
        )}
        {identity && (
          <span title={identity} className="doc-title" data-testid="doc-identity">
            {identity}
          </span>
        )}
      </div>
      {busy && progress && (
        <div className="doc-progress">
          <progress aria-label={`Progress of ${doc.name}`} max={Math.max(progress.pages, 1)} value={progress.page} />
          <span className="muted">
            {progress.stage}
            {progress.pages > 0 ? ` · page ${progress.page} of ${progress.pages}` : ''}
          </span>
        </div>
      )}
      {doc.status === 'failed' && doc.error && (
        <p className="error-text" role="status">
          {doc.error}
        </p>
      )}
      {doc.status === 'failed' && doc.errorInfo?.code === 'file/encrypted' && (
        <button type="button" className="small unlock" onClick={onUnlock} aria-label={`Enter the password of ${doc.name}`}>
          Enter password
        </button>
      )}
      {doc.status === 'degraded' && doc.error && <p className="warn-text">{doc.error}</p>}
      {onSearchIn && (doc.status === 'ready' || doc.status === 'degraded') && (
        <button type="button" className="ghost small search-in" onClick={onSearchIn} aria-label={`Search in this document (${doc.name})`} title="Questions search only this document until you change it">
          Search in this document
        </button>
      )}
      <button type="button" className="ghost small danger" onClick={onDelete} aria-label={`Delete ${doc.name}`}>
        Delete
      </button>
    </li>
  );
}
