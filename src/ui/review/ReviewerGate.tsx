/**
 * Who is reviewing: review decisions are recorded with the local user's name, asked once (the
 * first time one is needed) and kept in this browser for every workspace. `useWithReviewer()`
 * runs an action once a name is known, asking for it first when needed.
 */
import { useStrings } from '../i18n/LanguageProvider';
import { REVIEW } from './review-strings';
import { createContext, useCallback, useContext, useState, type FormEvent, type ReactNode } from 'react';
import { describeError } from '../../core/errors';
import { useCasefile } from '../common/hooks';
import { useModalDialog } from '../common/modal';

type WithReviewer = (action: () => void) => void;

const ReviewerContext = createContext<WithReviewer>((action) => action());

export function useWithReviewer(): WithReviewer {
  return useContext(ReviewerContext);
}

export function ReviewerGate({ children }: { children: ReactNode }) {
  const app = useCasefile();
  const [pending, setPending] = useState<(() => void) | null>(null);
  const withReviewer = useCallback<WithReviewer>(
    (action) => {
      void app.reviewer.name().then((name) => (name ? action() : setPending(() => action)));
    },
    [app],
  );
  return (
    <ReviewerContext.Provider value={withReviewer}>
      {children}
      {pending && (
        <ReviewerDialog
          onClose={() => setPending(null)}
          onSaved={() => {
            const action = pending;
            setPending(null);
            action();
          }}
        />
      )}
    </ReviewerContext.Provider>
  );
}

/** Asks for (or changes) the reviewer's name. */
export function ReviewerDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const app = useCasefile();
  const dialog = useModalDialog();
  const t = useStrings(REVIEW);
  const [name, setName] = useState(app.reviewer.state.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    app.reviewer.setName(name).then(
      () => {
        dialog.current?.close();
        onSaved();
      },
      (err: unknown) => setError(describeError(err)),
    );
  };
  return (
    <dialog ref={dialog} className="small-dialog" aria-labelledby="reviewer-title" onClose={onClose} onCancel={onClose}>
      <form onSubmit={submit}>
        <h2 id="reviewer-title">{t.whoReviews}</h2>
        <p className="muted">{t.whoReviewsHint}</p>
        <label htmlFor="reviewer-name">{t.yourName}</label>
        <input id="reviewer-name" value={name} maxLength={80} autoComplete="name" onChange={(e) => setName(e.target.value)} autoFocus />
        {error && (
          <p role="alert" className="error-text">
            {error}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="primary" disabled={!name.trim()}>
            {t.saveName}
          </button>
          <button type="button" className="ghost" onClick={() => dialog.current?.close()}>
            {t.cancel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
