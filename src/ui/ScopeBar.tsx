/**
 * Which documents the next question searches, above the question box: the documents the user
 * chose (document filter, "Search in this document"), which stay until changed; else the
 * documents a follow-up keeps from the previous question, until cleared; else all documents.
 * The document filter picks one or more documents.
 */
import { useState, type FormEvent } from 'react';
import type { AskScope } from '../core/ask/types';
import type { DocumentRecord } from '../core/types';
import type { DocumentNames } from './doc-labels';
import { useModalDialog } from './modal';

function Chip({ name, removeLabel, onRemove, testId }: { name: string; removeLabel: string; onRemove: () => void; testId: string }) {
  return (
    <span className="chip" data-testid={testId}>
      <span className="chip-name" title={name}>
                {name}
              </span>
      <button type="button" className="chip-remove" aria-label={removeLabel} title={removeLabel} onClick={onRemove}>
        ×
      </button>
    </span>
  );
}

export function ScopeBar({
  filter,
  followUp,
  documents,
  names,
  onFilter,
  onClearFollowUp,
}: {
  filter: readonly string[] | null;
  followUp: AskScope | null;
  documents: readonly DocumentRecord[];
  names: DocumentNames;
  onFilter: (ids: readonly string[] | null) => void;
  onClearFollowUp: () => void;
}) {
  const [choosing, setChoosing] = useState(false);
  const searchable = documents.filter((d) => d.status === 'ready' || d.status === 'degraded');
  const followIds = followUp && followUp.documentIds.length < searchable.length ? followUp.documentIds : [];
  return (
    <div className="scope-bar" data-testid="scope-bar">
      {filter ? (
        <>
          <span className="scope-label">Searching in:</span>
          {filter.map((id) => {
            const name = names(id) ?? 'a deleted document';
            return <Chip key={id} name={name} testId="filter-chip" removeLabel={`Stop searching only in ${name}`} onRemove={() => onFilter(filter.filter((x) => x !== id))} />;
          })}
          <button type="button" className="ghost small" onClick={() => onFilter(null)}>
            Search all documents
          </button>
        </>
      ) : followIds.length > 0 ? (
        <>
          <span className="scope-label">Follow-up questions stay in:</span>
          {followIds.map((id) => {
            const name = names(id) ?? 'a deleted document';
            return <Chip key={id} name={name} testId="followup-chip" removeLabel="Ask the next question about all documents" onRemove={onClearFollowUp} />;
          })}
        </>
      ) : (
        <span className="scope-label">Searching in: all documents, or those the question names</span>
      )}
      <button type="button" className="ghost small" onClick={() => setChoosing(true)} disabled={searchable.length === 0}>
        Choose documents…
      </button>
      {choosing && <DocumentFilterDialog documents={searchable} initial={filter ?? []} onApply={onFilter} onClose={() => setChoosing(false)} />}
    </div>
  );
}

function DocumentFilterDialog({
  documents,
  initial,
  onApply,
  onClose,
}: {
  documents: readonly DocumentRecord[];
  initial: readonly string[];
  onApply: (ids: readonly string[] | null) => void;
  onClose: () => void;
}) {
  const dialog = useModalDialog();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(initial));
  const toggle = (id: string, on: boolean) =>
    setChosen((c) => {
      const next = new Set(c);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(chosen.size > 0 ? documents.filter((d) => chosen.has(d.id)).map((d) => d.id) : null);
    dialog.current?.close();
  };
  return (
    <dialog ref={dialog} className="small-dialog filter-dialog" aria-labelledby="filter-title" onClose={onClose} onCancel={onClose}>
      <form onSubmit={submit}>
        <h2 id="filter-title">Search in these documents</h2>
        <p className="muted">Questions search only the documents you tick, until you change it. Tick none to search all documents.</p>
        <ul className="filter-list">
          {documents.map((d) => (
            <li key={d.id}>
              <label className="check">
                <input type="checkbox" checked={chosen.has(d.id)} onChange={(e) => toggle(d.id, e.target.checked)} />
                <span>
                  {d.title ?? d.name}
                  {d.title && <span className="muted"> · {d.name}</span>}
                </span>
              </label>
            </li>
          ))}
        </ul>
        <div className="actions">
          <button type="submit" className="primary">
            {chosen.size === 0 ? 'Search all documents' : chosen.size === 1 ? 'Search this document' : `Search these ${chosen.size} documents`}
          </button>
          <button type="button" className="ghost" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
