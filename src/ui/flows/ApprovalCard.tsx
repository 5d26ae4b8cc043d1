/**
 * The plan of a proposed flow, for the user to approve: what will run (the question, each of the
 * N documents, one at a time), the estimate, a playbook to choose for a scan, and Run / Cancel.
 * Nothing runs before Run; Cancel records the refusal in the flow (its card then says so).
 */
import { useId, useState } from 'react';
import type { FlowRecord } from '../../core/workspace/flows';
import { duration } from '../../core/workspace/texts';
import { describeError } from '../../core/errors';
import { useSession } from '../hooks';
import { usePlaybooks } from '../review/review-hooks';

const MAX_LISTED = 12;

export function ApprovalCard({ flow }: { flow: FlowRecord }) {
  const { flows } = useSession();
  const library = usePlaybooks();
  const [playbookId, setPlaybookId] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();
  const pickId = useId();
  const scan = flow.kind === 'scan';
  const n = flow.items.length;
  const perItem = n > 0 ? flow.estimateMs / n : 0;

  const act = (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    work().catch((e: unknown) => {
      setProblem(describeError(e));
      setBusy(false);
    });
  };

  return (
    <section className="flow-card approval" aria-labelledby={titleId} data-testid="approval-card">
      <h3 id={titleId} className="flow-title">
        {scan ? `Review ${n} ${n === 1 ? 'document' : 'documents'} against a playbook?` : `Ask ${n === 1 ? 'this document' : `each of ${n} documents`}?`}
      </h3>
      {!scan && (
        <p className="flow-question">
          <span className="muted">Question: </span>
          {flow.question}
        </p>
      )}
      <details className="flow-docs">
        <summary data-testid="approval-documents">
          {n} {n === 1 ? 'document' : 'documents'}, one at a time
        </summary>
        <ul>
          {flow.items.slice(0, MAX_LISTED).map((item) => (
            <li key={item.id}>{item.label}</li>
          ))}
          {n > MAX_LISTED && <li className="muted">… and {n - MAX_LISTED} more</li>}
        </ul>
      </details>
      <p className="flow-estimate" data-testid="approval-estimate">
        Estimated time: <strong>{duration(flow.estimateMs, 'en')}</strong>
        <span className="muted"> ({duration(perItem, 'en')} per document on this device)</span>
      </p>
      {scan && (
        <div className="flow-playbook">
          <label htmlFor={pickId}>Playbook</label>
          <select id={pickId} value={playbookId} onChange={(e) => setPlaybookId(e.target.value)} data-testid="approval-playbook">
            <option value="">Choose a playbook…</option>
            {library.entries.map((e) => (
              <option key={e.playbook.id} value={e.playbook.id}>
                {e.playbook.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <p className="muted flow-note">Nothing runs until you choose Run.</p>
      {problem && (
        <p className="error-text" role="alert">
          {problem}
        </p>
      )}
      <div className="actions">
        <button type="button" className="primary" disabled={busy || (scan && !playbookId)} data-testid="approve" onClick={() => act(() => flows.approve(flow.id, scan ? { playbookId } : {}))}>
          Run
        </button>
        <button type="button" disabled={busy} data-testid="deny" onClick={() => act(() => flows.deny(flow.id))}>
          Cancel
        </button>
      </div>
    </section>
  );
}
