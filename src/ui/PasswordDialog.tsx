import { useState, type FormEvent } from 'react';
import { useModalDialog } from './modal';

/** Asks for the password of a protected document. The password is used once and not stored. */
export function PasswordDialog({ name, onSubmit, onClose }: { name: string; onSubmit: (password: string) => void; onClose: () => void }) {
  const dialog = useModalDialog();
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
        <h2 id="password-title">Unlock {name}</h2>
        <p className="muted">This document is protected by a password. Casefile uses it once to read the document and does not store it.</p>
        <label htmlFor="document-password">Password</label>
        <input id="document-password" type="password" autoComplete="off" value={password} onChange={(e) => setPassword(e.target.value)} autoFocus />
        <div className="actions">
          <button type="submit" className="primary" disabled={!password}>
            Unlock
          </button>
          <button type="button" className="ghost" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
