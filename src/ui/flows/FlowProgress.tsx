/**
 * A flow that runs or waits: per-document progress ("4 of 9 · reading supply-agreement.pdf") and
 * the time left, or its place in line behind another flow ("2nd in line · starts in about 1 min"),
 * announced politely to screen readers; Cancel for this flow, and Cancel all when several wait.
 */
import type { FlowView } from '../../app/flow-service';
import { duration } from '../../core/workspace/texts';
import { useSession } from '../hooks';
import { useFlows } from './flow-hooks';
import type { DocumentLookup } from './FlowTable';

export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

export function FlowProgress({ view, doc }: { view: FlowView; doc: DocumentLookup }) {
  const { flows } = useSession();
  const { active } = useFlows();
  const { flow, queue, current } = view;
  const total = flow.items.length;
  // The file being read: titles repeat ("Distribution Agreement"), file names do not.
  const reading = current ? ((current.documentId ? doc(current.documentId)?.name : null) ?? current.label) : null;
  const done = flow.rows.length;
  const waiting = flow.status === 'queued' && queue !== null && queue.status === 'queued';
  const line = waiting
    ? // The running flow is first in line: the first one waiting behind it is 2nd.
      `${ordinal(queue.position + 1)} in line · starts in ${duration(queue.startsInMs, 'en')}`
    : `${done} of ${total}${reading ? ` · reading ${reading}` : done === total ? ' · composing the answer' : ''}`;
  const eta = !waiting && queue ? `${duration(queue.etaMs, 'en')} left` : waiting && queue ? `done in ${duration(queue.etaMs, 'en')}` : null;
  return (
    <section className="flow-card flow-running" data-testid="flow-progress" data-status={flow.status} aria-label={`Progress: ${flow.question}`}>
      <p className="flow-question">
        <span className="muted">{flow.kind === 'scan' ? 'Reviewing: ' : flow.kind === 'import' ? 'Importing: ' : 'Asking each document: '}</span>
        {flow.question}
      </p>
      <progress max={total} value={done} aria-label={`${done} of ${total} documents`} />
      <p className="flow-line" role="status" aria-live="polite" data-testid="flow-line">
        {line}
        {eta && <span className="muted"> · {eta}</span>}
      </p>
      <div className="actions">
        <button type="button" className="danger" data-testid="flow-cancel" onClick={() => void flows.cancel(flow.id)}>
          Cancel
        </button>
        {active > 1 && (
          <button type="button" data-testid="flow-cancel-all" onClick={() => void flows.cancelAll()}>
            Cancel all ({active})
          </button>
        )}
      </div>
    </section>
  );
}
