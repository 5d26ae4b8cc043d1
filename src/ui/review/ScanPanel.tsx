/** Choose documents, scan them against the chosen playbook, follow the progress, cancel. */
import { useState } from 'react';
import { describeError } from '../../core/errors';
import type { Playbook } from '../../core/scan/playbook';
import { useSession } from '../hooks';
import { duration, plural } from './labels';
import { useReadyDocuments, useScanView } from './review-hooks';

export function ScanPanel({ playbook }: { playbook: Playbook }) {
  const session = useSession();
  const docs = useReadyDocuments();
  const view = useScanView();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const selected = docs.filter((d) => chosen.has(d.id));
  const running = view.running;

  const toggle = (id: string) =>
    setChosen((c) => {
      const next = new Set(c);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const scan = () => {
    setError(null);
    session.scans.start({ documentIds: selected.map((d) => d.id), playbookId: playbook.id }).catch((e: unknown) => setError(describeError(e)));
  };

  const last = view.last;
  return (
    <section className="scan-panel" aria-labelledby="scan-heading">
      <div className="scan-head">
        <h3 id="scan-heading">Scan documents</h3>
        {docs.length > 1 && (
          <button type="button" className="ghost small" onClick={() => setChosen(selected.length === docs.length ? new Set() : new Set(docs.map((d) => d.id)))}>
            {selected.length === docs.length ? 'Select none' : 'Select all'}
          </button>
        )}
      </div>
      {docs.length === 0 ? (
        <p className="muted">No document is ready yet. Add contracts in the Ask view (Documents), then scan them here.</p>
      ) : (
        <fieldset className="scan-docs">
          <legend className="visually-hidden">Documents to scan</legend>
          {docs.map((d) => (
            <label key={d.id} className="check scan-doc" title={d.name}>
              <input type="checkbox" checked={chosen.has(d.id)} onChange={() => toggle(d.id)} />
              <span className="doc-name">{d.name}</span>
              <span className="muted small-text">{plural(d.pages, 'page')}</span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="scan-actions">
        <button type="button" className="primary" disabled={selected.length === 0} onClick={scan}>
          {selected.length > 1 ? `Scan ${selected.length} documents` : 'Scan'}
        </button>
        <span className="muted small-text">against “{playbook.name}” {playbook.version}</span>
      </div>
      {running && (
        <div className="scan-progress" role="status" aria-live="polite" data-testid="scan-progress">
          <progress max={1} value={running.fraction} aria-label="Scan progress" />
          <span>
            Scanning {running.currentName}
            {running.documents > 1 && ` (${running.current + 1} of ${running.documents})`} · {Math.round(running.fraction * 100)}%{running.etaMs !== null && ` · ${duration(running.etaMs)}`}
            {view.queued > 0 && ` · ${plural(view.queued, 'more scan')} waiting`}
          </span>
          <button type="button" className="small" onClick={() => session.scans.cancel()}>
            Cancel
          </button>
        </div>
      )}
      {!running && last && (
        <p className="muted small-text" role="status" data-testid="scan-result" data-batch={last.batchId}>
          {last.status === 'cancelled' ? 'Scan cancelled. ' : ''}
          {last.scans.length > 0 && `Scanned ${plural(last.scans.length, 'document')}: ${plural(last.scans.reduce((n, s) => n + s.flags.length, 0), 'flag')}.`}
        </p>
      )}
      {!running &&
        last?.failures.map((f) => (
          <p key={f.documentId} role="alert" className="error-text">
            {f.message}
          </p>
        ))}
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
    </section>
  );
}
