import { useRef, useState, useSyncExternalStore, type DragEvent } from 'react';
import { filesFromDrop } from '../app/browser-files';
import type { DocumentReviewState } from '../app/review-service';
import { describeError } from '../core/errors';
import type { DocumentRecord } from '../core/types';
import { DocumentRow } from './DocumentRow';
import { FolderBar } from './FolderBar';
import { ImportJobs } from './ImportJobs';
import { PasswordDialog } from './PasswordDialog';
import { QuotaBanner } from './QuotaBanner';
import { useImportProgress, useLiveQuery, useSession, useWorkspace } from './hooks';

export const ACCEPTED_TYPES = '.pdf,.docx,.html,.htm,.txt,.text,.md,.markdown,.png,.jpg,.jpeg,.tif,.tiff';

export function DocumentsPanel() {
  const session = useSession();
  const ws = useWorkspace();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [unlocking, setUnlocking] = useState<DocumentRecord | null>(null);
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
      <ImportJobs progress={progress.jobs} />
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
              onDelete={() => void session.imports.deleteDocument(d.id)}
              onUnlock={() => setUnlocking(d)}
              review={reviews.get(d.id)}
              onSearchIn={() => {
                session.conversation.setFilter([d.id]);
                document.getElementById('question')?.focus();
              }}
            />
          ))}
        </ul>
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
