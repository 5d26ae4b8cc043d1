import { useCallback, useEffect, useState } from 'react';
import type { CleanUpReport, StorageReport } from '../../app/browser/storage-care';
import { formatMb } from '../../app/browser/storage-space';
import { describeError } from '../../core/errors';
import { useCasefile } from '../common/hooks';
import { useStrings } from '../i18n/LanguageProvider';
import { BYTE_UNITS, withDecimal, type ByteUnits } from './byte-units';
import { STORAGE, type StorageStrings } from './storage-strings';
import { APP, workspaceName } from '../app-strings';

const mb = (bytes: number | null, u: ByteUnits) => (bytes === null ? '—' : bytes < 1024 * 1024 ? `${Math.max(bytes > 0 ? 1 : 0, Math.round(bytes / 1024))} ${u.kb}` : `${withDecimal(formatMb(bytes), u)} ${u.mb}`);

function cleanUpSummary(t: StorageStrings, u: ByteUnits, r: CleanUpReport): string {
  const parts: string[] = [];
  if (r.removedDatabases.length + r.removedFolders.length > 0) parts.push(t.removedLeftovers(new Set([...r.removedDatabases, ...r.removedFolders]).size));
  if (r.freedBytes > 0) parts.push(t.freedCopies(`${withDecimal(formatMb(r.freedBytes), u)} ${u.mb}`));
  return parts.length ? t.cleanedUp(parts.join(t.and)) : t.nothingToClean;
}

/** Settings → Storage: how much each workspace keeps on this device, persistence, and the clean-up check. */
export function StorageSettings() {
  const app = useCasefile();
  const t = useStrings(STORAGE);
  const appWords = useStrings(APP);
  const u = useStrings(BYTE_UNITS);
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

  if (!report) return <p className="muted">{t.measuring}</p>;
  const used = report.usage !== null && report.quota !== null ? Math.min(1, report.usage / Math.max(1, report.quota)) : null;
  return (
    <section className="storage-settings" aria-labelledby="storage-heading" data-testid="storage-settings">
      <h3 id="storage-heading">{t.heading}</h3>
      <p>
        {t.usage[0]}
        <strong data-testid="storage-usage">{mb(report.usage, u)}</strong>
        {t.usage[1]}
        <strong>{mb(report.quota, u)}</strong>
        {t.usage[2]}
      </p>
      {used !== null && <progress aria-label={t.storageUsed} max={1} value={used} />}
      <p className="hint">
        {report.persisted ? t.persistent : t.notPersistent}
      </p>
      {!report.persisted && (
        <button type="button" className="small" disabled={busy} onClick={() => run(async () => ((await app.space.persist()) ? t.nowPersistent : t.notGranted))}>
          {t.keepPersistently}
        </button>
      )}
      <table className="storage-table">
        <thead>
          <tr>
            <th scope="col">{t.workspace}</th>
            <th scope="col">{t.documents}</th>
            <th scope="col">{t.originals}</th>
            <th scope="col">{t.database}</th>
          </tr>
        </thead>
        <tbody>
          {report.workspaces.map((w) => (
            <tr key={w.id} data-testid="storage-row">
              <th scope="row">{workspaceName(w.name, appWords)}</th>
              <td>{w.documents}</td>
              <td>{mb(w.originalsBytes, u)}</td>
              <td>{mb(w.databaseBytes, u)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="actions">
        <button type="button" className="small" disabled={busy} onClick={() => run(async () => cleanUpSummary(t, u, await app.cleanUpStorage()))}>
          {t.cleanUp}
        </button>
      </div>
      <p className="hint">{t.cleanUpHint}</p>
      {message && (
        <p role="status" data-testid="storage-message">
          {message}
        </p>
      )}
    </section>
  );
}
