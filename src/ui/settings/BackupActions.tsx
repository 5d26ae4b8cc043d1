import { createPortal } from 'react-dom';
import { APP } from '../app-strings';
import { useStrings } from '../i18n/LanguageProvider';
import { useRef, useState } from 'react';
import type { BackupManifest } from '../../app/browser/backup';
import { describeError } from '../../core/errors';
import type { WorkspaceRecord } from '../../core/types';
import { useCasefile, useWorkspace } from '../common/hooks';
import { useModalDialog } from '../common/modal';

interface Pending {
  readonly file: File;
  readonly manifest: BackupManifest;
  readonly existing: WorkspaceRecord;
}

/** Saves `blob` as a download named `name` (nothing leaves the device: a blob: URL). */
function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** "Back up" the open workspace to one file; "Restore" one, asking first when that workspace is already here. */
export function BackupActions({ onError, onDone }: { onError: (message: string | null) => void; onDone?: () => void }) {
  const app = useCasefile();
  const ws = useWorkspace();
  const t = useStrings(APP);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);

  const run = (label: string, action: () => Promise<void>) => {
    onError(null);
    setBusy(label);
    action()
      .catch((e: unknown) => onError(describeError(e)))
      .finally(() => setBusy(null));
  };

  const backUp = () =>
    run(t.backingUp, async () => {
      onDone?.();
      const { file, fileName } = await app.backupWorkspace(ws.current.id);
      download(file, fileName);
    });

  const chosen = (file: File | undefined) => {
    if (!file) return;
    run(t.restoring, async () => {
      const { manifest, existing } = await app.inspectBackup(file);
      if (existing) setPending({ file, manifest, existing });
      else {
        await app.restoreBackup(file);
        onDone?.();
      }
    });
  };

  return (
    <>
      <button type="button" className="ghost" onClick={backUp} disabled={busy !== null} aria-label={t.backUpWorkspace}>
        {busy === t.backingUp ? busy : t.backUp}
      </button>
      <button type="button" className="ghost" onClick={() => input.current?.click()} disabled={busy !== null} aria-label={t.restoreBackup}>
        {busy === t.restoring ? busy : t.restore}
      </button>
      <input
        ref={input}
        type="file"
        accept=".casefile,.zip,application/zip"
        className="visually-hidden"
        tabIndex={-1}
        aria-label={t.chooseBackup}
        data-testid="restore-input"
        onChange={(e) => {
          chosen(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {pending &&
        // Out of the workspace menu: the question must show even when the menu is closed.
        createPortal(
        <RestoreChoice
          pending={pending}
          onClose={() => {
            setPending(null);
            onDone?.();
          }}
          onChoose={(mode) => run(t.restoring, async () => void (await app.restoreBackup(pending.file, mode)))}
        />,
          document.body,
        )}
    </>
  );
}

/** Restoring a workspace that is already here: replace it, restore beside it, or cancel. */
function RestoreChoice({ pending, onChoose, onClose }: { pending: Pending; onChoose: (mode: 'replace' | 'copy') => void; onClose: () => void }) {
  const dialog = useModalDialog();
  const t = useStrings(APP);
  const choose = (mode: 'replace' | 'copy') => {
    onChoose(mode);
    dialog.current?.close();
  };
  const saved = new Date(pending.manifest.createdAt).toLocaleString();
  return (
    <dialog ref={dialog} className="small-dialog" aria-labelledby="restore-title" onClose={onClose} onCancel={onClose}>
      <h2 id="restore-title">{t.restoreTitle(pending.manifest.workspace.name)}</h2>
      <p className="muted">{t.restoreText(saved, pending.manifest.originals.length, pending.existing.name)}</p>
      <div className="actions">
        <button type="button" className="primary danger-fill" onClick={() => choose('replace')}>
          {t.replace(pending.existing.name)}
        </button>
        <button type="button" onClick={() => choose('copy')}>
          {t.restoreAsNew}
        </button>
        <button type="button" className="ghost" onClick={() => dialog.current?.close()} autoFocus>
          {t.cancel}
        </button>
      </div>
    </dialog>
  );
}
