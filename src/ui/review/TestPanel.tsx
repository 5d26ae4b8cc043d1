/**
 * "Test on a document": runs the playbook being edited (saved or not) on one document in the
 * scan worker, stores nothing, and shows for every rule whether it fires and where (page and
 * section), the rule being edited first.
 */
import { useEffect, useRef, useState } from 'react';
import { describeError, isAbort } from '../../core/errors';
import type { Playbook } from '../../core/scan/playbook';
import type { RuleOutcomeKind, ScanRecord } from '../../core/scan/types';
import { useSession } from '../hooks';
import { FINDING_LABEL, SEVERITY_LABEL } from './labels';
import { useReadyDocuments } from './review-hooks';

/** What a rule did on the document, for people. */
function verdict(outcome: RuleOutcomeKind | undefined, flags: number): string {
  if (flags === 0) return outcome === 'not_applicable' ? 'No such clause: nothing to check' : 'Passes';
  if (outcome === 'missing') return 'Fires: clause missing';
  return outcome === 'not_checked' ? 'Fires: needs a manual check' : 'Fires';
}

export function TestPanel({ playbook, valid, ruleId }: { playbook: Playbook; valid: boolean; ruleId: string | null }) {
  const session = useSession();
  const docs = useReadyDocuments();
  const [documentId, setDocumentId] = useState('');
  const [result, setResult] = useState<{ scan: ScanRecord; ms: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const chosen = documentId || docs[0]?.id || '';

  useEffect(() => () => controller.current?.abort(), []);

  const run = () => {
    controller.current?.abort();
    const c = new AbortController();
    controller.current = c;
    setBusy(true);
    setError(null);
    const started = performance.now();
    session.scans
      .test(chosen, playbook, { signal: c.signal })
      .then(
        (scan) => setResult({ scan, ms: performance.now() - started }),
        (e: unknown) => {
          if (!isAbort(e)) setError(describeError(e));
        },
      )
      .finally(() => {
        if (controller.current === c) setBusy(false);
      });
  };

  const rules = result ? [...playbook.rules].sort((a, b) => Number(b.id === ruleId) - Number(a.id === ruleId)) : [];
  const outcome = (id: string) => result?.scan.outcomes.find((o) => o.ruleId === id);
  return (
    <section className="test-panel" aria-labelledby="test-title">
      <h4 id="test-title">Test on a document</h4>
      {docs.length === 0 ? (
        <p className="muted small-text">Add a document first (Ask view → Documents).</p>
      ) : (
        <div className="test-controls">
          <select aria-label="Document to test on" value={chosen} onChange={(e) => setDocumentId(e.target.value)}>
            {docs.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </select>
          <button type="button" onClick={run} disabled={!valid || busy || !chosen}>
            {busy ? 'Testing…' : 'Test'}
          </button>
          {!valid && <span className="muted small-text">Fix the problems first.</span>}
        </div>
      )}
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
      {result && (
        <div className="test-results" data-testid="test-results">
          <p className="muted small-text">
            {result.scan.documentName}: {result.scan.flags.length} flags from {new Set(result.scan.flags.map((f) => f.ruleId)).size} of {playbook.rules.length} rules ({Math.round(result.ms)} ms). Nothing was saved.
          </p>
          <ul>
            {rules.map((r) => {
              const o = outcome(r.id);
              const flags = result.scan.flags.filter((f) => f.ruleId === r.id);
              return (
                <li key={r.id} className={`test-rule${r.id === ruleId ? ' current' : ''}${flags.length ? ' fires' : ''}`} data-testid="test-rule" data-rule-id={r.id}>
                  <span className={`severity severity-${r.severity}`}>{SEVERITY_LABEL[r.severity]}</span> <strong>{r.title}</strong>: <span data-testid="test-outcome">{verdict(o?.outcome, flags.length)}</span>
                  {flags.length > 0 && (
                    <ul>
                      {flags.map((f) => (
                        <li key={f.id}>
                          {FINDING_LABEL[f.kind]}
                          {f.evidence && ` · p. ${f.evidence.page}${f.evidence.sectionPath.length ? ` · ${f.evidence.sectionPath.join(' › ')}` : ''}`}
                          {f.details.length > 0 && <span className="muted"> · {f.details.join('; ')}</span>}
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </section>
  );
}
