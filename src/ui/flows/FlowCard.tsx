/**
 * A flow in the conversation, by where it is: the approval card while proposed; progress or its
 * place in line while queued or running; then the composed answer (model or extractive, its
 * citations opening the viewer) above the table and its exports — also for a cancelled or
 * interrupted flow, with what it finished; a refusal says nothing ran. Flows are read from the
 * workspace, so a reloaded conversation shows them as they are.
 */
import type { UiLang } from '../i18n/language';
import { FLOWS, type FlowStrings } from './flow-strings';
import type { AnswerSource } from '../../core/answer-types';
import type { FlowRecord } from '../../core/workspace/flows';
import { AnswerText } from '../ask/AnswerText';
import { ApprovalCard } from './ApprovalCard';
import { useFlow } from './flow-hooks';
import { FlowProgress } from './FlowProgress';
import { FlowExports, FlowTable, rowSource, type DocumentLookup } from './FlowTable';
import './flows.css';

function time(at: number | null): string {
  return at === null ? '' : new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function Ended({ flow, t }: { flow: FlowRecord; t: FlowStrings }) {
  const done = flow.rows.length;
  const total = flow.items.length;
  const text =
    flow.status === 'denied'
      ? t.declined(time(flow.decision?.at ?? null))
      : flow.status === 'cancelled'
        ? t.cancelledAfter(done, total)
        : flow.status === 'interrupted'
          ? t.interruptedAfter(done, total)
          : flow.status === 'failed'
            ? t.failedAfter(done, total, flow.error?.message ?? t.unknownError)
            : null;
  if (!text) return null;
  return (
    <p className={`flow-ended flow-${flow.status}`} data-testid="flow-ended" data-status={flow.status}>
      {text}
    </p>
  );
}

/** `lang`: the turn's language (the card's words follow it, like the turn's own labels). */
export function FlowCard({ flowId, lang, doc, onOpen }: { flowId: string; lang: UiLang; doc: DocumentLookup; onOpen: (source: AnswerSource) => void }) {
  const view = useFlow(flowId);
  const t = FLOWS[lang];
  if (!view) return null;
  const { flow } = view;
  if (flow.status === 'proposed') return <ApprovalCard flow={flow} lang={lang} />;
  if (flow.status === 'queued' || flow.status === 'running') {
    return (
      <>
        <FlowProgress view={view} doc={doc} lang={lang} />
        <FlowTable flow={flow} doc={doc} onOpen={onOpen} lang={lang} />
      </>
    );
  }
  const result = flow.result;
  const cite = (n: number) => {
    const source = result?.sources.find((s) => s.n === n);
    const row = source ? flow.rows.find((r) => r.chunkId === source.chunkId) : undefined;
    const full = row ? rowSource(row, n, doc) : null;
    if (full ?? source) onOpen((full ?? source)!);
  };
  return (
    <section className="flow-card flow-done" data-testid="flow-result" data-status={flow.status} aria-label={t.findings(flow.question)}>
      <Ended flow={flow} t={t} />
      {result && (
        <div className="answer flow-answer" data-testid="flow-answer">
          <p className="writer muted">
            {result.writer === 'model' ? t.writtenByModel : t.verbatimFindings}
            {result.fallback ? t.modelNotUsed(result.fallback) : ''}
          </p>
          <AnswerText answer={result.answer} onCite={cite} />
        </div>
      )}
      {flow.status !== 'denied' && (
        <>
          <FlowTable flow={flow} doc={doc} onOpen={onOpen} lang={lang} />
          <FlowExports flow={flow} lang={lang} />
        </>
      )}
    </section>
  );
}
