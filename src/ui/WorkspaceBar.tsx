import { useState } from 'react';
import { describeError } from '../core/errors';
import { useCasefile, useWorkspace } from './hooks';

/** Switch, create, rename and delete workspaces (each is a separate database). */
export function WorkspaceBar() {
  const app = useCasefile();
  const ws = useWorkspace();
  const [error, setError] = useState<string | null>(null);

  const run = (action: () => Promise<void>) => {
    setError(null);
    action().catch((e: unknown) => setError(describeError(e)));
  };

  const create = () => {
    const name = window.prompt('Name of the new workspace', 'New matter');
    if (name !== null) run(() => app.createWorkspace(name));
  };
  const rename = () => {
    const name = window.prompt('Rename workspace', ws.current.name);
    if (name !== null) run(() => app.renameWorkspace(ws.current.id, name));
  };
  const remove = () => {
    const ok = window.confirm(`Delete the workspace "${ws.current.name}" and every document, index and note in it? This cannot be undone.`);
    if (ok) run(() => app.deleteWorkspace(ws.current.id));
  };

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
      <button type="button" className="ghost" onClick={create}>
        New workspace
      </button>
      <button type="button" className="ghost" onClick={rename} aria-label="Rename workspace">
        Rename
      </button>
      <button type="button" className="ghost danger" onClick={remove} aria-label="Delete workspace">
        Delete
      </button>
      {error && (
        <span role="alert" className="error-text">
          {error}
        </span>
      )}
    </div>
  );
}
