import { useEffect, useState } from 'react';
import { formatMb, type StorageState } from '../app/storage-space';
import type { DocumentRecord } from '../core/types';
import { useCasefile } from './hooks';

/** Shown when files did not fit: how much storage is used, and persistent storage on request. */
export function QuotaBanner({ docs }: { docs: readonly DocumentRecord[] }) {
  const app = useCasefile();
  const refused = docs.filter((d) => d.status === 'failed' && d.errorInfo?.code === 'store/quota').length;
  const [state, setState] = useState<StorageState | null>(null);
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => {
    if (refused > 0) app.space.state().then(setState, () => setState(null));
  }, [app, refused]);
  if (refused === 0) return null;
  const persist = () =>
    void app.space.persist().then((granted) => {
      setNote(granted ? 'Storage is now persistent.' : 'The browser did not grant persistent storage.');
      return app.space.state().then(setState);
    });
  return (
    <div className="quota-banner" role="status" data-testid="quota-banner">
      <p>
        {refused === 1 ? '1 file' : `${refused} files`} did not fit in this browser&apos;s storage
        {state?.usage != null ? ` (Casefile keeps ${formatMb(state.usage)} MB)` : ''}. Delete documents or workspaces you no longer need (Settings → Storage shows what each
        keeps), then add the files again.
      </p>
      {state && !state.persisted && (
        <button type="button" className="small" onClick={persist}>
          Keep documents persistently
        </button>
      )}
      {note && <p>{note}</p>}
    </div>
  );
}
