import { useEffect, useRef, useState } from 'react';
import { folderAccessSupported, type FolderSettings, type RescanSummary } from '../app/folder-sync';
import { describeError } from '../core/errors';
import { DEFAULT_FOLDER_EXTENSIONS } from '../core/ingest/rescan';
import { useLiveQuery, useSession, useWorkspace } from './hooks';
import { FolderInput } from './FolderInput';

const TYPES: { label: string; extensions: string[] }[] = [
  { label: 'PDF', extensions: ['pdf'] },
  { label: 'Word', extensions: ['docx'] },
  { label: 'Web pages', extensions: ['html', 'htm'] },
  { label: 'Text & Markdown', extensions: ['txt', 'text', 'md', 'markdown'] },
  { label: 'Images', extensions: ['png', 'jpg', 'jpeg', 'tif', 'tiff'] },
];

function ago(t: number | null): string {
  if (!t) return 'never scanned';
  const s = Math.round((Date.now() - t) / 1000);
  if (s < 60) return 'scanned just now';
  if (s < 3600) return `scanned ${Math.round(s / 60)} min ago`;
  return `scanned ${new Date(t).toLocaleString()}`;
}

function summaryText(s: RescanSummary): string {
  const parts = [`${s.added} new`, `${s.reindexed} changed`, `${s.removed} removed`, `${s.unchanged} unchanged`];
  return parts.join(' · ') + (s.unreadable.length ? ` · ${s.unreadable.length} unreadable` : '');
}

/** Open a folder (live sync where the browser allows it), rescan, re-grant access, file types. */
export function FolderBar({ onError }: { onError: (message: string | null) => void }) {
  const session = useSession();
  const ws = useWorkspace();
  const input = useRef<HTMLInputElement>(null);
  const supported = folderAccessSupported();
  const settings = useLiveQuery<FolderSettings | null>(() => session.folder.settings(), [ws.generation], null);
  const [permission, setPermission] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    session.folder.permission().then((p) => live && setPermission(p), () => live && setPermission(null));
    return () => {
      live = false;
    };
  }, [session, settings]);

  const run = (action: () => Promise<unknown>) => {
    onError(null);
    setBusy(true);
    action()
      .catch((e: unknown) => onError(describeError(e)))
      .finally(() => setBusy(false));
  };

  const openFolder = () => {
    if (supported) run(() => session.folder.pick());
    else input.current?.click();
  };

  const toggleType = (exts: string[], on: boolean) => {
    const current = settings?.extensions ?? DEFAULT_FOLDER_EXTENSIONS;
    const next = on ? [...current, ...exts] : current.filter((e) => !exts.includes(e));
    run(() => session.folder.setExtensions(next));
  };

  return (
    <div className="folder">
      <div className="actions">
        <button type="button" onClick={openFolder} disabled={busy}>
          {settings ? 'Open another folder' : 'Open folder'}
        </button>
        <FolderInput
          inputRef={input}
          label="Choose a folder to import"
          testId="folder-input"
          onFiles={(files) =>
            run(async () => {
              const { skipped } = await session.imports.addFolderFiles(files);
              setNote(skipped > 0 ? `${skipped} file${skipped === 1 ? '' : 's'} of other types skipped.` : null);
            })
          }
        />
      </div>
      {!supported && <p className="hint">This browser copies a folder&apos;s files in once. Live re-sync of a folder needs a Chromium-based browser (Chrome, Edge, Brave).</p>}
      {note && <p className="hint">{note}</p>}
      {settings && (
        <div className="folder-state" aria-label="Opened folder">
          <p>
            <span className="muted">Folder</span> <strong title="Folder kept in sync with this workspace">{settings.name}</strong> <span className="muted">· {ago(settings.lastScanAt)}</span>
          </p>
          {settings.lastSummary && <p className="muted small-text">{summaryText(settings.lastSummary)}</p>}
          <div className="actions">
            {permission === 'granted' ? (
              <button type="button" className="small" disabled={busy} onClick={() => run(() => session.folder.rescan())}>
                {busy ? 'Scanning…' : 'Rescan'}
              </button>
            ) : (
              <button
                type="button"
                className="small primary"
                disabled={busy}
                onClick={() =>
                  run(async () => {
                    if (await session.folder.requestAccess()) await session.folder.rescan();
                    setPermission(await session.folder.permission());
                  })
                }
              >
                Allow access to {settings.name}
              </button>
            )}
            <button type="button" className="small ghost" onClick={() => run(() => session.folder.disconnect())}>
              Stop syncing
            </button>
          </div>
          <details className="file-types">
            <summary>File types to include</summary>
            {TYPES.map((t) => (
              <label key={t.label} className="check">
                <input type="checkbox" checked={t.extensions.every((e) => settings.extensions.includes(e))} onChange={(e) => toggleType(t.extensions, e.target.checked)} />
                {t.label}
              </label>
            ))}
          </details>
        </div>
      )}
    </div>
  );
}
