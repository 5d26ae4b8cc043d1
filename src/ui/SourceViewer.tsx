import { useEffect, useRef, useState } from 'react';
import type { Range } from '../core/search/highlight';
import type { ChunkRecord, PageRecord } from '../core/types';
import type { OpenSource } from './App';
import { Highlighted } from './Highlighted';
import { useSession } from './hooks';
import { pageLabel, sectionLabel } from './format';

/** The passage's range on a given page (it may span several pages). */
export function passageRangeOnPage(chunk: ChunkRecord, page: number, pageLength: number): Range | null {
  if (page < chunk.pageStart || page > chunk.pageEnd) return null;
  const start = page === chunk.pageStart ? chunk.charStart : 0;
  const end = page === chunk.pageEnd ? chunk.charEnd : pageLength;
  return { start, end };
}

export function SourceViewer({ source, onClose }: { source: OpenSource; onClose: () => void }) {
  const session = useSession();
  const { passage, terms } = source;
  const { chunk, document } = passage;
  const [page, setPage] = useState(chunk.pageStart);
  // The page text loaded for a page number; `undefined` while the current page is loading.
  const [loaded, setLoaded] = useState<{ page: number; record: PageRecord | null } | null>(null);
  const record = loaded?.page === page ? loaded.record : undefined;
  const dialog = useRef<HTMLDialogElement>(null);
  const body = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);

  useEffect(() => {
    let live = true;
    session.documents.page(document.id, page).then(
      (r) => live && setLoaded({ page, record: r ?? null }),
      () => live && setLoaded({ page, record: null }),
    );
    return () => {
      live = false;
    };
  }, [session, document.id, page]);

  useEffect(() => {
    body.current?.querySelector('.passage')?.scrollIntoView({ block: 'center' });
  }, [record]);

  const range = record ? passageRangeOnPage(chunk, page, record.text.length) : null;
  return (
    <dialog ref={dialog} className="viewer" aria-labelledby="viewer-title" onClose={onClose} onCancel={onClose}>
      <header className="viewer-head">
        <div>
          <h2 id="viewer-title">{document.name}</h2>
          <p className="muted">
            {pageLabel(chunk)}
            {chunk.sectionPath.length > 0 && ` · ${sectionLabel(chunk)}`}
          </p>
        </div>
        <nav className="pager" aria-label="Pages">
          <button type="button" onClick={() => setPage((p) => p - 1)} disabled={page <= 1} aria-label="Previous page">
            ‹
          </button>
          <span aria-live="polite" data-testid="viewer-pager">
            Page {page} of {document.pages}
          </span>
          <button type="button" onClick={() => setPage((p) => p + 1)} disabled={page >= document.pages} aria-label="Next page">
            ›
          </button>
        </nav>
        <button
          type="button"
          className="small"
          onClick={() => {
            session.conversation.setFilter([document.id]);
            dialog.current?.close();
            window.document.getElementById('question')?.focus();
          }}
        >
          Search in this document
        </button>
        <button type="button" className="ghost" onClick={() => dialog.current?.close()} aria-label="Close source viewer">
          Close
        </button>
      </header>
      <div className="viewer-body" ref={body} data-testid="viewer-page">
        {record === undefined && <p className="muted">Loading page…</p>}
        {record === null && <p className="error-text">Page {page} is not available.</p>}
        {record && <PageText text={record.text} range={range} terms={terms} language={document.language} />}
      </div>
    </dialog>
  );
}

function PageText({ text, range, terms, language }: { text: string; range: Range | null; terms: readonly string[]; language: string | null }) {
  if (!range) return <pre className="page-text">{text}</pre>;
  return (
    <pre className="page-text">
      <Highlighted text={text.slice(0, range.start)} terms={[]} />
      <span className="passage" data-testid="passage">
        <Highlighted text={text.slice(range.start, range.end)} terms={terms} language={language} />
      </span>
      <Highlighted text={text.slice(range.end)} terms={[]} />
    </pre>
  );
}
