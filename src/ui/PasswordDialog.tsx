import { useState, type FormEvent } from 'react';
import { APP } from './app-strings';
import { DOCUMENTS } from './documents/documents-strings';
import { useStrings } from './i18n/LanguageProvider';
import { useModalDialog } from './common/modal';

/** Asks for the password of a protected document. The password is used once and not stored. */
export function PasswordDialog({ name, onSubmit, onClose }: { name: string; onSubmit: (password: string) => void; onClose: () => void }) {
  const dialog = useModalDialog();
  const t = useStrings(DOCUMENTS);
  const cancel = useStrings(APP).cancel;
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!password) return;
    onSubmit(password);
    dialog.current?.close();
  };
  return (
    <dialog ref={dialog} className="password-dialog" aria-labelledby="password-title" onClose={onClose} onCancel={onClose}>
      <form onSubmit={submit}>
        <h2 id="password-title">{t.unlock(name)}</h2>
        <p className="muted">{t.passwordText}</p>
        <label htmlFor="document-password">{t.password}</label>
        <input id="document-password" type="password" autoComplete="off" value={password} onChange={(e) => setPassword(e.target.value)} autoFocus />
        <div className="actions">
          <button type="submit" className="primary" disabled={!password}>
            {t.unlockButton}
          </button>
          <button type="button" className="ghost" onClick={() => dialog.current?.close()}>
            {cancel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
