/**
 * "Test on a document": runs the playbook being edited (saved or not) on one document in the
 * scan worker, stores nothing, and shows for every rule whether it fires and where (page and
 * section), the rule being edited first.
 */
import { useEffect, useRef, useState } from 'react';
import { describeError, isAbort } from '../../core/errors';
import type { Playbook } from '../../core/scan/playbook';
import { findingKind, type RuleOutcomeKind, type ScanRecord } from '../../core/scan/types';
import { useSession } from '../common/hooks';
import { useStrings } from '../i18n/LanguageProvider';
import { REVIEW, type ReviewStrings } from './review-strings';
import { useReadyDocuments } from './review-hooks';

/** What a rule did on the document, for people. */
function verdict(t: ReviewStrings, outcome: RuleOutcomeKind | undefined, flags: number): string {
  const v = t.verdicts;
  if (flags === 0) return outcome === 'not_applicable' ? v.notApplicable : v.passes;
  if (outcome === 'missing') return v.missing;
  return outcome === 'not_checked' ? v.manual : v.fires;
}

export function TestPanel({ playbook, valid, ruleId }: { playbook: Playbook; valid: boolean; ruleId: string | null }) {
  const session = useSession();
  const t = useStrings(REVIEW);
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
      <h4 id="test-title">{t.testTitle}</h4>
      {docs.length === 0 ? (
        <p className="muted small-text">{t.addDocumentFirst}</p>
      ) : (
        <div className="test-controls">
          <select aria-label={t.documentToTest} value={chosen} onChange={(e) => setDocumentId(e.target.value)}>
            {docs.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </select>
          <button type="button" onClick={run} disabled={!valid || busy || !chosen}>
            {busy ? t.testing : t.test}
          </button>
          {!valid && <span className="muted small-text">{t.fixFirst}</span>}
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
            {t.testSummary(result.scan.documentName, result.scan.flags.length, new Set(result.scan.flags.map((f) => f.ruleId)).size, playbook.rules.length, Math.round(result.ms))}
          </p>
          <ul>
            {rules.map((r) => {
              const o = outcome(r.id);
              const flags = result.scan.flags.filter((f) => f.ruleId === r.id);
              return (
                <li key={r.id} className={`test-rule${r.id === ruleId ? ' current' : ''}${flags.length ? ' fires' : ''}`} data-testid="test-rule" data-rule-id={r.id}>
                  <span className={`severity severity-${r.severity}`}>{t.severities[r.severity]}</span> <strong>{r.title}</strong>: <span data-testid="test-outcome">{verdict(t, o?.outcome, flags.length)}</span>
                  {flags.length > 0 && (
                    <ul>
                      {flags.map((f) => (
                        <li key={f.id}>
                          {t.findings[findingKind(f)]}
                          {f.evidence && ` · ${t.page(f.evidence.page, f.evidence.page)}${f.evidence.sectionPath.length ? ` · ${f.evidence.sectionPath.join(' › ')}` : ''}`}
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
