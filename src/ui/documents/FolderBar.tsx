import { useEffect, useRef, useState } from 'react';
import { DOCUMENTS, type DocumentsStrings } from './documents-strings';
import { useStrings } from '../i18n/LanguageProvider';
import { folderAccessSupported, type FolderSettings, type RescanSummary } from '../../app/imports/folder-sync';
import { describeError } from '../../core/errors';
import { DEFAULT_FOLDER_EXTENSIONS } from '../../core/ingest/rescan';
import { useLiveQuery, useSession, useWorkspace } from '../common/hooks';
import { FolderInput } from './FolderInput';

const TYPES: { key: keyof DocumentsStrings['typeLabels']; extensions: string[] }[] = [
  { key: 'pdf', extensions: ['pdf'] },
  { key: 'word', extensions: ['docx'] },
  { key: 'web', extensions: ['html', 'htm'] },
  { key: 'text', extensions: ['txt', 'text', 'md', 'markdown'] },
  { key: 'images', extensions: ['png', 'jpg', 'jpeg', 'tif', 'tiff'] },
];

function ago(t: DocumentsStrings, at: number | null): string {
  if (!at) return t.neverScanned;
  const s = Math.round((Date.now() - at) / 1000);
  if (s < 60) return t.scannedNow;
  if (s < 3600) return t.scannedMinutes(Math.round(s / 60));
  return t.scannedAt(new Date(at).toLocaleString());
}

function summaryText(t: DocumentsStrings, s: RescanSummary): string {
  return t.rescanSummary(s.added, s.reindexed, s.removed, s.unchanged, s.unreadable.length);
}

/** Open a folder (live sync where the browser allows it), rescan, re-grant access, file types. */
export function FolderBar({ onError }: { onError: (message: string | null) => void }) {
  const session = useSession();
  const ws = useWorkspace();
  const t = useStrings(DOCUMENTS);
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
          {settings ? t.openAnotherFolder : t.openFolder}
        </button>
        <FolderInput
          inputRef={input}
          label={t.chooseFolder}
          testId="folder-input"
          onFiles={(files) =>
            run(async () => {
              const { skipped } = await session.imports.addFolderFiles(files);
              setNote(skipped > 0 ? t.skipped(skipped) : null);
            })
          }
        />
      </div>
      {!supported && <p className="hint">{t.noLiveSync}</p>}
      {note && <p className="hint">{note}</p>}
      {settings && (
        <div className="folder-state" aria-label={t.openedFolder}>
          <p>
            <span className="muted">{t.folderLabel}</span> <strong title={t.folderSynced}>{settings.name}</strong> <span className="muted">· {ago(t, settings.lastScanAt)}</span>
          </p>
          {settings.lastSummary && <p className="muted small-text">{summaryText(t, settings.lastSummary)}</p>}
          <div className="actions">
            {permission === 'granted' ? (
              <button type="button" className="small" disabled={busy} onClick={() => run(() => session.folder.rescan())}>
                {busy ? t.scanning : t.rescan}
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
                {t.allowAccess(settings.name)}
              </button>
            )}
            <button type="button" className="small ghost" onClick={() => run(() => session.folder.disconnect())}>
              {t.stopSyncing}
            </button>
          </div>
          <details className="file-types">
            <summary>{t.fileTypes}</summary>
            {TYPES.map((type) => (
              <label key={type.key} className="check">
                <input type="checkbox" checked={type.extensions.every((e) => settings.extensions.includes(e))} onChange={(e) => toggleType(type.extensions, e.target.checked)} />
                {t.typeLabels[type.key]}
              </label>
            ))}
          </details>
        </div>
      )}
    </div>
  );
}
