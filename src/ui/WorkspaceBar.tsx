import { useEffect, useRef, useState } from 'react';
import { describeError } from '../core/errors';
import { APP, workspaceName } from './app-strings';
import { BackupActions } from './settings/BackupActions';
import { ConfirmDialog, TextDialog } from './Dialogs';
import { useCasefile, useWorkspace } from './common/hooks';
import { useStrings } from './i18n/LanguageProvider';

type Open = 'create' | 'rename' | 'delete' | null;

/**
 * The workspace menu: its button names the open workspace; inside, switch to another, create,
 * rename, back up, restore and delete (each workspace is a separate database). One Tab stop in
 * the top bar; Escape or a click elsewhere closes it.
 */
export function WorkspaceBar() {
  const app = useCasefile();
  const ws = useWorkspace();
  const t = useStrings(APP);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const menu = useRef<HTMLDetailsElement>(null);
  const currentName = workspaceName(ws.current.name, t);

  const close = (focus = false) => {
    if (!menu.current?.open) return;
    menu.current.open = false;
    if (focus) menu.current.querySelector('summary')?.focus();
  };
  useEffect(() => {
    const outside = (e: PointerEvent) => {
      if (menu.current && !menu.current.contains(e.target as Node)) close();
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, []);

  const run = (action: () => Promise<void>) => {
    setError(null);
    action().catch((e: unknown) => setError(describeError(e)));
  };
  const choose = (next: Open) => {
    close();
    setOpen(next);
  };

  return (
    <div className="workspace-bar" role="group" aria-label={t.workspace}>
      <details
        className="workspace-menu"
        ref={menu}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && menu.current?.open) {
            e.preventDefault();
            close(true);
          }
        }}
      >
        <summary aria-label={t.workspaceMenu(currentName)} title={currentName}>
          <span className="workspace-name">{currentName}</span>
        </summary>
        <div className="workspace-menu-items">
          <label htmlFor="workspace-select" className="menu-label">
            {t.workspace}
          </label>
          <select
            id="workspace-select"
            value={ws.current.id}
            onChange={(e) => {
              close();
              run(() => app.switchWorkspace(e.target.value));
            }}
          >
            {ws.all.map((w) => (
              <option key={w.id} value={w.id}>
                {workspaceName(w.name, t)}
              </option>
            ))}
          </select>
          <button type="button" className="ghost" onClick={() => choose('create')}>
            {t.newWorkspace}
          </button>
          <button type="button" className="ghost" onClick={() => choose('rename')} aria-label={t.renameWorkspace}>
            {t.rename}
          </button>
          <BackupActions onError={setError} onDone={() => close()} />
          <button type="button" className="ghost danger" onClick={() => choose('delete')} aria-label={t.deleteWorkspace}>
            {t.delete}
          </button>
        </div>
      </details>
      {error && (
        <span role="alert" className="error-text">
          {error}
        </span>
      )}
      {open === 'create' && (
        <TextDialog title={t.newWorkspace} label={t.name} initial={t.newMatter} action={t.create} onClose={() => setOpen(null)} onSubmit={(name) => run(() => app.createWorkspace(name))} />
      )}
      {open === 'rename' && (
        <TextDialog title={t.renameWorkspace} label={t.name} initial={currentName} action={t.rename} onClose={() => setOpen(null)} onSubmit={(name) => run(() => app.renameWorkspace(ws.current.id, name))} />
      )}
      {open === 'delete' && (
        <ConfirmDialog title={t.deleteWorkspaceTitle(currentName)} action={t.deleteWorkspace} onClose={() => setOpen(null)} onConfirm={() => run(() => app.deleteWorkspace(ws.current.id))}>
          {t.deleteWorkspaceText}
        </ConfirmDialog>
      )}
    </div>
  );
}
