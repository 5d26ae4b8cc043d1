import { useCallback, useEffect, useState } from 'react';
import type { CleanUpReport, StorageReport } from '../../app/browser/storage-care';
import { formatMb } from '../../app/browser/storage-space';
import { describeError } from '../../core/errors';
import { useCasefile } from '../common/hooks';

const mb = (bytes: number | null) => (bytes === null ? '—' : bytes < 1024 * 1024 ? `${Math.max(bytes > 0 ? 1 : 0, Math.round(bytes / 1024))} KB` : `${formatMb(bytes)} MB`);

function cleanUpSummary(r: CleanUpReport): string {
  const parts: string[] = [];
  if (r.removedDatabases.length + r.removedFolders.length > 0) parts.push(`removed what was left of ${new Set([...r.removedDatabases, ...r.removedFolders]).size} deleted workspace(s)`);
  if (r.freedBytes > 0) parts.push(`freed ${formatMb(r.freedBytes)} MB of unfinished copies`);
  return parts.length ? `Clean-up ${parts.join(' and ')}.` : 'Nothing to clean up: every stored file belongs to a document.';
}

/** Settings → Storage: how much each workspace keeps on this device, persistence, and the clean-up check. */
export function StorageSettings() {
  const app = useCasefile();
  const [report, setReport] = useState<StorageReport | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    app.storage.report().then(setReport, (e: unknown) => setMessage(describeError(e)));
  }, [app]);
  useEffect(load, [load]);

  const run = (action: () => Promise<string>) => {
    setBusy(true);
    setMessage(null);
    action()
      .then(setMessage, (e: unknown) => setMessage(describeError(e)))
      .finally(() => {
        setBusy(false);
        load();
      });
  };

  if (!report) return <p className="muted">Measuring storage…</p>;
  const used = report.usage !== null && report.quota !== null ? Math.min(1, report.usage / Math.max(1, report.quota)) : null;
  return (
    <section className="storage-settings" aria-labelledby="storage-heading" data-testid="storage-settings">
      <h3 id="storage-heading">Storage on this device</h3>
      <p>
        Casefile uses <strong data-testid="storage-usage">{mb(report.usage)}</strong>; this browser reports <strong>{mb(report.quota)}</strong> available to it.
      </p>
      {used !== null && <progress aria-label="Storage used" max={1} value={used} />}
      <p className="hint">
        {report.persisted
          ? 'Storage is persistent: the browser will not remove these documents to free space.'
          : 'Storage is not persistent yet: when the disk runs low, the browser may remove what Casefile keeps.'}
      </p>
      {!report.persisted && (
        <button type="button" className="small" disabled={busy} onClick={() => run(async () => ((await app.space.persist()) ? 'Storage is now persistent.' : 'The browser did not grant persistent storage (installing Casefile as an app usually allows it).'))}>
          Keep documents persistently
        </button>
      )}
      <table className="storage-table">
        <thead>
          <tr>
            <th scope="col">Workspace</th>
            <th scope="col">Documents</th>
            <th scope="col">Stored originals</th>
            <th scope="col">Passages, index and settings (about)</th>
          </tr>
        </thead>
        <tbody>
          {report.workspaces.map((w) => (
            <tr key={w.id} data-testid="storage-row">
              <th scope="row">{w.name}</th>
              <td>{w.documents}</td>
              <td>{mb(w.originalsBytes)}</td>
              <td>{mb(w.databaseBytes)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="actions">
        <button type="button" className="small" disabled={busy} onClick={() => run(async () => cleanUpSummary(await app.cleanUpStorage()))}>
          Clean up
        </button>
      </div>
      <p className="hint">Clean up removes what no document owns: files left by an import that was cut short, and what is left of workspaces whose deletion was interrupted.</p>
      {message && (
        <p role="status" data-testid="storage-message">
          {message}
        </p>
      )}
    </section>
  );
}
