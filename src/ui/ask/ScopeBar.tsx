/**
 * Which documents the next question searches, under the question box: the documents the user
 * chose (document filter, "Search in this document"), which stay until changed; else the
 * documents a follow-up keeps from the previous question, until cleared (one button for all of
 * them); else all documents. The document filter picks one or more documents.
 */
import { useState, type FormEvent } from 'react';
import type { AskScope } from '../../core/answer-types';
import type { DocumentRecord } from '../../core/types';
import { APP } from '../app-strings';
import type { DocumentNames } from '../documents/doc-labels';
import { useStrings } from '../i18n/LanguageProvider';
import { useModalDialog } from '../common/modal';

function Chip({ name, removeLabel, onRemove, testId }: { name: string; removeLabel?: string; onRemove?: () => void; testId: string }) {
  return (
    <span className="chip" data-testid={testId}>
      <span className="chip-name" title={name}>
        {name}
      </span>
      {removeLabel && onRemove && (
        <button type="button" className="chip-remove" aria-label={removeLabel} title={removeLabel} onClick={onRemove}>
          ×
        </button>
      )}
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
  const t = useStrings(APP);
  const [choosing, setChoosing] = useState(false);
  const searchable = documents.filter((d) => d.status === 'ready' || d.status === 'degraded');
  const followIds = followUp && followUp.documentIds.length < searchable.length ? followUp.documentIds : [];
  return (
    <div className="scope-bar" data-testid="scope-bar">
      {filter ? (
        <>
          <span className="scope-label">{t.searchingIn}</span>
          {filter.map((id) => {
            const name = names(id) ?? t.deletedDocument;
            return <Chip key={id} name={name} testId="filter-chip" removeLabel={t.stopSearchingIn(name)} onRemove={() => onFilter(filter.filter((x) => x !== id))} />;
          })}
          <button type="button" className="ghost small" onClick={() => onFilter(null)}>
            {t.searchAllDocuments}
          </button>
        </>
      ) : followIds.length > 0 ? (
        <>
          <span className="scope-label">{t.followUpsStay}</span>
          {followIds.map((id) => (
            <Chip key={id} name={names(id) ?? t.deletedDocument} testId="followup-chip" />
          ))}
          {/* One control for all of them (a × on each chip read the same thing twice). */}
          <button type="button" className="ghost small" data-testid="followup-clear" onClick={onClearFollowUp}>
            {t.askAboutAll}
          </button>
        </>
      ) : (
        <span className="scope-label">{t.searchingAll}</span>
      )}
      <button type="button" className="ghost small" onClick={() => setChoosing(true)} disabled={searchable.length === 0}>
        {t.chooseDocuments}
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
  const t = useStrings(APP);
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
        <h2 id="filter-title">{t.filterTitle}</h2>
        <p className="muted">{t.filterHint}</p>
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
            {chosen.size === 0 ? t.searchAllDocuments : chosen.size === 1 ? t.searchThis : t.searchThese(chosen.size)}
          </button>
          <button type="button" className="ghost" onClick={() => dialog.current?.close()}>
            {t.cancel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
