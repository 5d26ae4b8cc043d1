import { useState } from 'react';
import { describeError } from '../core/errors';
import { BackupActions } from './BackupActions';
import { ConfirmDialog, TextDialog } from './Dialogs';
import { useCasefile, useWorkspace } from './hooks';
import { useNarrow } from './narrow';

type Open = 'create' | 'rename' | 'delete' | null;

/** Switch, create, rename, back up, restore and delete workspaces (each is a separate database). */
export function WorkspaceBar() {
  const app = useCasefile();
  const ws = useWorkspace();
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const narrow = useNarrow();

  const run = (action: () => Promise<void>) => {
    setError(null);
    action().catch((e: unknown) => setError(describeError(e)));
  };

  const actions = (
    <>
      <button type="button" className="ghost" onClick={() => setOpen('create')}>
        New workspace
      </button>
      <button type="button" className="ghost" onClick={() => setOpen('rename')} aria-label="Rename workspace">
        Rename
      </button>
      <BackupActions onError={setError} />
      <button type="button" className="ghost danger" onClick={() => setOpen('delete')} aria-label="Delete workspace">
        Delete
      </button>
    </>
  );

  return (
    <div className="workspace-bar" role="group" aria-label="Workspace">
      <label htmlFor="workspace-select" className="visually-hidden">
        Workspace
      </label>
      <select id="workspace-select" value={ws.current.id} onChange={(e) => run(() => app.switchWorkspace(e.target.value))}>
        {ws.all.map((w) => (
          <option key={w.id} value={w.id}>
            {w.name}
          </option>
        ))}
      </select>
      {narrow ? (
        // On a narrow screen the actions fold into a menu, so the question stays near the top.
        <details className="workspace-menu">
          <summary>Manage</summary>
          <div className="workspace-menu-items">{actions}</div>
        </details>
      ) : (
        actions
      )}
      {error && (
        <span role="alert" className="error-text">
          {error}
        </span>
      )}
      {open === 'create' && (
        <TextDialog title="New workspace" label="Name" initial="New matter" action="Create" onClose={() => setOpen(null)} onSubmit={(name) => run(() => app.createWorkspace(name))} />
      )}
      {open === 'rename' && (
        <TextDialog title="Rename workspace" label="Name" initial={ws.current.name} action="Rename" onClose={() => setOpen(null)} onSubmit={(name) => run(() => app.renameWorkspace(ws.current.id, name))} />
      )}
      {open === 'delete' && (
        <ConfirmDialog title={`Delete “${ws.current.name}”?`} action="Delete workspace" onClose={() => setOpen(null)} onConfirm={() => run(() => app.deleteWorkspace(ws.current.id))}>
          Every document, index, setting and stored original of this workspace is removed from this device. This cannot be undone.
        </ConfirmDialog>
      )}
    </div>
  );
}
