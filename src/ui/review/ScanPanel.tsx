/** Choose documents, scan them against the chosen playbook, follow the progress, cancel. */
import { useMemo, useState } from 'react';
import { describeError } from '../../core/errors';
import type { Playbook } from '../../core/scan/playbook';
import { useSession } from '../common/hooks';
import { duration } from '../../core/workspace/texts';
import { useLanguage } from '../i18n/LanguageProvider';
import { REVIEW } from './review-strings';
import { usePlaybookName } from './localized';
import { useReadyDocuments, useScanView } from './review-hooks';
import { documentNames } from '../documents/doc-labels';
import { DocumentName } from './DocumentName';

export function ScanPanel({ playbook }: { playbook: Playbook }) {
  const session = useSession();
  const { lang } = useLanguage();
  const t = REVIEW[lang];
  const playbookName = usePlaybookName();
  const docs = useReadyDocuments();
  const label = useMemo(() => documentNames(docs), [docs]);
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
        <h3 id="scan-heading">{t.scanDocuments}</h3>
        {docs.length > 1 && (
          <button type="button" className="ghost small" onClick={() => setChosen(selected.length === docs.length ? new Set() : new Set(docs.map((d) => d.id)))}>
            {selected.length === docs.length ? t.selectNone : t.selectAll}
          </button>
        )}
      </div>
      {docs.length === 0 ? (
        <p className="muted">{t.noReadyDocument}</p>
      ) : (
        <fieldset className="scan-docs">
          <legend className="visually-hidden">{t.documentsToScan}</legend>
          {docs.map((d) => (
            <label key={d.id} className="check scan-doc" title={d.name}>
              <input type="checkbox" checked={chosen.has(d.id)} onChange={() => toggle(d.id)} />
              <DocumentName name={d.name} label={label(d.id)} />
              <span className="muted small-text">{t.pages(d.pages)}</span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="scan-actions">
        <button type="button" className="primary" disabled={selected.length === 0} onClick={scan}>
          {selected.length > 1 ? t.scanN(selected.length) : t.scan}
        </button>
        <span className="muted small-text">{t.against(playbookName(playbook), playbook.version)}</span>
      </div>
      {running && (
        <div className="scan-progress" role="status" aria-live="polite" data-testid="scan-progress">
          <progress max={1} value={running.fraction} aria-label={t.scanProgress} />
          <span>
            {t.scanning(running.currentName)}
            {running.documents > 1 && t.ofDocuments(running.current + 1, running.documents)} · {Math.round(running.fraction * 100)}%{running.etaMs !== null && ` · ${t.left(duration(running.etaMs, lang))}`}
            {view.queued > 0 && t.moreWaiting(view.queued)}
          </span>
          <button type="button" className="small" onClick={() => session.scans.cancel()}>
            {t.cancel}
          </button>
        </div>
      )}
      {!running && last && (
        <p className="muted small-text" role="status" data-testid="scan-result" data-batch={last.batchId}>
          {last.status === 'cancelled' ? t.scanCancelled : ''}
          {last.scans.length > 0 && t.scanned(last.scans.length, last.scans.reduce((n, s) => n + s.flags.length, 0))}
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
