import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type DragEvent } from 'react';
import { filesFromDrop } from '../../app/imports/browser-files';
import type { DocumentReviewState } from '../../app/review/review-service';
import { describeError } from '../../core/errors';
import type { DocumentRecord } from '../../core/types';
import { ConfirmDialog } from '../Dialogs';
import { DocumentRow } from './DocumentRow';
import { DOCUMENTS } from './documents-strings';
import { useStrings } from '../i18n/LanguageProvider';
import { useRovingFocus } from '../common/roving';
import { FolderBar } from './FolderBar';
import { ImportJobs } from './ImportJobs';
import { PasswordDialog } from '../PasswordDialog';
import { QuotaBanner } from '../QuotaBanner';
import { useDocumentList, useImportProgress, useLiveQuery, useSession, useWorkspace } from '../common/hooks';

const ACCEPTED_TYPES = '.pdf,.docx,.html,.htm,.txt,.text,.md,.markdown,.png,.jpg,.jpeg,.tif,.tiff';

/**
 * The workspace's documents: add files, a folder or the samples, running imports, and each
 * document's row (status, Search in this document, Delete after a confirmation). The list is one
 * Tab stop with arrow keys inside (roving.ts), however many documents it holds. `showJobs`
 * is false in the narrow layout's drawer, whose imports show outside it; `onSearchIn` runs
 * after "Search in this document" chose the document (default: focus the question box).
 */
/** Rows added to the list per frame: a thousand documents appear over a few frames, not in one long task. */
const ROWS_PER_FRAME = 100;

/** How many of `total` rows to render: ROWS_PER_FRAME more each animation frame until all are. */
function useProgressiveCount(total: number): number {
  const [count, setCount] = useState(ROWS_PER_FRAME);
  useEffect(() => {
    if (count >= total) return undefined;
    const frame = requestAnimationFrame(() => setCount((c) => c + ROWS_PER_FRAME));
    return () => cancelAnimationFrame(frame);
  }, [count, total]);
  return Math.min(count, total);
}

export function DocumentsPanel({ showJobs = true, onSearchIn }: { showJobs?: boolean; onSearchIn?: () => void } = {}) {
  const session = useSession();
  const ws = useWorkspace();
  const t = useStrings(DOCUMENTS);
  const list = useRovingFocus<HTMLUListElement>({ rows: ':scope > li' });
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [unlocking, setUnlocking] = useState<DocumentRecord | null>(null);
  const [deleting, setDeleting] = useState<DocumentRecord | null>(null);
  const progress = useImportProgress();
  const embeddings = useSyncExternalStore(
    (cb) => session.embeddings.subscribe(cb),
    () => session.embeddings.current,
  );
  const docs = useDocumentList();
  const reviews = useLiveQuery(() => session.reviews.documentStates(), [ws.generation], new Map<string, DocumentReviewState>());

  const shown = useProgressiveCount(docs.length);
  const searchIn = useCallback(
    (d: DocumentRecord) => {
      session.conversation.setFilter([d.id]);
      if (onSearchIn) onSearchIn();
      else document.getElementById('question')?.focus();
    },
    [session, onSearchIn],
  );

  const addFiles = (files: FileList | File[] | null) => {
    if (!files || files.length === 0) return;
    setError(null);
    session.imports.addFiles([...files]).catch((e: unknown) => setError(describeError(e)));
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    setError(null);
    filesFromDrop(e.dataTransfer)
      .then(async ({ files, hadFolder }) => {
        if (hadFolder) await session.imports.addFolderFiles(files);
        else await session.imports.addFiles(files.map((f) => f.file));
      })
      .catch((err: unknown) => setError(describeError(err)));
  };

  const loadSamples = () => {
    setError(null);
    session.imports.loadSamples().catch((e: unknown) => setError(describeError(e)));
  };

  return (
    <section
      className={`panel documents${dragging ? ' dragging' : ''}`}
      aria-labelledby="documents-heading"
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(e) => {
        if (e.currentTarget === e.target) setDragging(false);
      }}
      onDrop={onDrop}
      data-testid="documents-panel"
    >
      <div className="panel-head">
        <h2 id="documents-heading">{t.documents}</h2>
        <span className="muted">{t.count(docs.length)}</span>
      </div>
      <div className="actions">
        <button type="button" className="primary" onClick={() => input.current?.click()}>
          {t.addFiles}
        </button>
        <button type="button" onClick={loadSamples}>
          {t.trySamples}
        </button>
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPTED_TYPES}
          className="visually-hidden"
          tabIndex={-1}
          aria-label={t.chooseFiles}
          data-testid="file-input"
          onChange={(e) => {
            addFiles(e.target.files);
            e.target.value = '';
          }}
        />
      </div>
      <FolderBar onError={setError} />
      <p className="hint">{t.hint}</p>
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
      {showJobs && <ImportJobs progress={progress.jobs} files={progress.files} documents={docs} />}
      <QuotaBanner docs={docs} />
      {docs.length === 0 ? (
        <div className="empty">
          <p>{t.noDocuments}</p>
          <p className="muted">{t.noDocumentsHint}</p>
        </div>
      ) : (
        <ul className="doc-list" aria-label={t.listLabel} ref={list}>
          {(shown < docs.length ? docs.slice(0, shown) : docs).map((d) => (
            <DocumentRow
              key={d.id}
              doc={d}
              progress={progress.files[d.id]}
              denseModel={embeddings.model}
              onDelete={setDeleting}
              onUnlock={setUnlocking}
              review={reviews.get(d.id)}
              onSearchIn={searchIn}
            />
          ))}
        </ul>
      )}
      {deleting && (
        <ConfirmDialog
          title={t.deleteTitle(deleting.name)}
          action={t.deleteDocument}
          onClose={() => setDeleting(null)}
          onConfirm={() => session.imports.deleteDocument(deleting.id).catch((e: unknown) => setError(describeError(e)))}
        >
          {t.deleteText}
        </ConfirmDialog>
      )}
      {unlocking && (
        <PasswordDialog
          name={unlocking.name}
          onClose={() => setUnlocking(null)}
          onSubmit={(password) => session.imports.unlockDocument(unlocking.id, password).catch((e: unknown) => setError(describeError(e)))}
        />
      )}
    </section>
  );
}
