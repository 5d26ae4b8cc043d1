import { APP } from './app-strings';
import { useStrings } from './i18n/LanguageProvider';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useModalDialog } from './common/modal';

/** Asks for a short text (a workspace name). */
export function TextDialog({ title, label, initial, action, onSubmit, onClose }: { title: string; label: string; initial: string; action: string; onSubmit: (value: string) => void; onClose: () => void }) {
  const dialog = useModalDialog();
  const t = useStrings(APP);
  const [value, setValue] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!value.trim()) return;
    onSubmit(value);
    dialog.current?.close();
  };
  return (
    <dialog ref={dialog} className="small-dialog" aria-labelledby="text-dialog-title" onClose={onClose} onCancel={onClose}>
      <form onSubmit={submit}>
        <h2 id="text-dialog-title">{title}</h2>
        <label htmlFor="text-dialog-input">{label}</label>
        <input id="text-dialog-input" value={value} maxLength={80} onChange={(e) => setValue(e.target.value)} autoFocus onFocus={(e) => e.target.select()} />
        <div className="actions">
          <button type="submit" className="primary" disabled={!value.trim()}>
            {action}
          </button>
          <button type="button" className="ghost" onClick={() => dialog.current?.close()}>
            {t.cancel}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** Asks to confirm an action that cannot be undone. */
export function ConfirmDialog({ title, children, action, onConfirm, onClose }: { title: string; children: ReactNode; action: string; onConfirm: () => void; onClose: () => void }) {
  const dialog = useModalDialog();
  const t = useStrings(APP);
  return (
    <dialog ref={dialog} className="small-dialog" aria-labelledby="confirm-dialog-title" onClose={onClose} onCancel={onClose}>
      <h2 id="confirm-dialog-title">{title}</h2>
      <div className="muted">{children}</div>
      <div className="actions">
        <button
          type="button"
          className="primary danger-fill"
          onClick={() => {
            onConfirm();
            dialog.current?.close();
          }}
        >
          {action}
        </button>
        <button type="button" className="ghost" onClick={() => dialog.current?.close()} autoFocus>
          {t.cancel}
        </button>
      </div>
    </dialog>
  );
}
