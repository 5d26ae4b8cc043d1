/**
 * A flow that runs or waits: per-document progress ("4 of 9 · reading supply-agreement.pdf") and
 * the time left ("estimating…" until this device has a basis), or its place in line behind
 * another flow ("2nd in line · starts in about 1 min"), announced politely to screen readers;
 * Cancel for this flow, and Cancel all when several wait. In the turn's language.
 */
import type { UiLang } from '../i18n/language';
import { FLOWS } from './flow-strings';
import type { FlowView } from '../../app/ask/flow-service';
import { duration } from '../../core/workspace/texts';
import { useSession } from '../common/hooks';
import { useFlows } from './flow-hooks';
import type { DocumentLookup } from './FlowTable';

export function FlowProgress({ view, doc, lang }: { view: FlowView; doc: DocumentLookup; lang: UiLang }) {
  const { flows } = useSession();
  const { active } = useFlows();
  const t = FLOWS[lang];
  const { flow, queue, current } = view;
  const total = flow.items.length;
  // The file being read: titles repeat ("Distribution Agreement"), file names do not.
  const reading = current ? ((current.documentId ? doc(current.documentId)?.name : null) ?? current.label) : null;
  const done = flow.rows.length;
  const waiting = flow.status === 'queued' && queue !== null && queue.status === 'queued';
  const line = waiting
    ? // The running flow is first in line: the first one waiting behind it is 2nd.
      `${t.inLine(queue.position + 1)}${queue.startsInMs === null ? '' : ` · ${t.startsIn(duration(queue.startsInMs, lang))}`}`
    : `${t.progress(done, total)}${reading ? ` · ${t.reading(reading)}` : done === total ? ` · ${t.composing}` : ''}`;
  const eta = !queue ? null : queue.etaMs === null ? t.estimatingLeft : !waiting ? t.left(duration(queue.etaMs, lang)) : t.doneIn(duration(queue.etaMs, lang));
  return (
    <section className="flow-card flow-running" data-testid="flow-progress" data-status={flow.status} aria-label={t.progressOf(flow.question)}>
      <p className="flow-question">
        <span className="muted">{flow.kind === 'scan' ? t.reviewing : flow.kind === 'import' ? t.importing : t.askingEach}</span>
        {flow.question}
      </p>
      <progress max={total} value={done} aria-label={t.documentsDone(done, total)} />
      <p className="flow-line" role="status" aria-live="polite" data-testid="flow-line">
        {line}
        {eta && <span className="muted"> · {eta}</span>}
      </p>
      <div className="actions">
        <button type="button" className="danger" data-testid="flow-cancel" onClick={() => void flows.cancel(flow.id)}>
          {t.cancel}
        </button>
        {active > 1 && (
          <button type="button" data-testid="flow-cancel-all" onClick={() => void flows.cancelAll()}>
            {t.cancelAll(active)}
          </button>
        )}
      </div>
    </section>
  );
}
