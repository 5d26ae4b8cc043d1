import { useRef, useState, useSyncExternalStore, type DragEvent } from 'react';
import { filesFromDrop } from '../app/browser-files';
import type { DocumentReviewState } from '../app/review-service';
import { describeError } from '../core/errors';
import type { DocumentRecord } from '../core/types';
import { ConfirmDialog } from './Dialogs';
import { DocumentRow } from './DocumentRow';
import { FolderBar } from './FolderBar';
import { ImportJobs } from './ImportJobs';
import { PasswordDialog } from './PasswordDialog';
import { QuotaBanner } from './QuotaBanner';
import { useImportProgress, useLiveQuery, useSession, useWorkspace } from './hooks';

export const ACCEPTED_TYPES = '.pdf,.docx,.html,.htm,.txt,.text,.md,.markdown,.png,.jpg,.jpeg,.tif,.tiff';

/**
 * The workspace's documents: add files, a folder or the samples, running imports, and each
 * document's row (status, Search in this document, Delete after a confirmation). `showJobs`
 * is false in the narrow layout's drawer, whose imports show outside it; `onSearchIn` runs
 * after "Search in this document" chose the document (default: focus the question box).
 */
export function DocumentsPanel({ showJobs = true, onSearchIn }: { showJobs?: boolean; onSearchIn?: () => void } = {}) {
  const session = useSession();
  const ws = useWorkspace();
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
  const docs = useLiveQuery<DocumentRecord[]>(() => session.documents.list(), [ws.generation], []);
  const reviews = useLiveQuery(() => session.reviews.documentStates(), [ws.generation], new Map<string, DocumentReviewState>());

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
        <h2 id="documents-heading">Documents</h2>
        <span className="muted">{docs.length === 1 ? '1 document' : `${docs.length} documents`}</span>
      </div>
      <div className="actions">
        <button type="button" className="primary" onClick={() => input.current?.click()}>
          Add files
        </button>
        <button type="button" onClick={loadSamples}>
          Try sample documents
        </button>
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPTED_TYPES}
          className="visually-hidden"
          tabIndex={-1}
          aria-label="Choose files to add"
          data-testid="file-input"
          onChange={(e) => {
            addFiles(e.target.files);
            e.target.value = '';
          }}
        />
      </div>
      <FolderBar onError={setError} />
      <p className="hint">PDF, Word, web pages, Markdown, text or scans. Drop files or a folder anywhere in this panel. Files never leave this device.</p>
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
      {showJobs && <ImportJobs progress={progress.jobs} files={progress.files} documents={docs} />}
      <QuotaBanner docs={docs} />
      {docs.length === 0 ? (
        <div className="empty">
          <p>No documents yet.</p>
          <p className="muted">Add your contracts, or try the samples to see how Casefile finds and cites passages.</p>
        </div>
      ) : (
        <ul className="doc-list" aria-label="Documents in this workspace">
          {docs.map((d) => (
            <DocumentRow
              key={d.id}
              doc={d}
              progress={progress.files[d.id]}
              denseModel={embeddings.model}
              onDelete={() => setDeleting(d)}
              onUnlock={() => setUnlocking(d)}
              review={reviews.get(d.id)}
              onSearchIn={() => {
                session.conversation.setFilter([d.id]);
                if (onSearchIn) onSearchIn();
                else document.getElementById('question')?.focus();
              }}
            />
          ))}
        </ul>
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete “${deleting.name}”?`}
          action="Delete document"
          onClose={() => setDeleting(null)}
          onConfirm={() => session.imports.deleteDocument(deleting.id).catch((e: unknown) => setError(describeError(e)))}
        >
          Its stored copy, passages and review flags are removed from this workspace. The file on your disk is not touched.
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
