/**
 * The process trace of a turn, collapsed under "How this was found": the plan (task family,
 * who planned, reply language, evidence regime), each stage with its time, the model with its
 * time to first token and speed, notes (fallbacks, stops), the sufficiency judgement with its
 * reasons, and how retrieval found the passages.
 */
import type { TurnRecord } from '../core/answer/types';
import type { RetrievalInfo } from '../app/turn-view';
import { RetrievalExplanation } from './Explanation';
import { ms } from './format';

const STAGE_LABEL: Record<string, string> = {
  route: 'Route (greetings, help)',
  plan: 'Plan (language model)',
  retrieve: 'Scope and retrieval (ask)',
  workspace: 'Workspace answer',
  generate: 'Write the answer (language model)',
  compose: 'Compose from verbatim passages',
  verify: 'Check citations and quotes',
};

const PLANNER: Record<string, string> = {
  router: 'fast path, no model',
  model: 'the language model (two phases)',
  deterministic: 'no model: the question’s own words',
  fallback: 'the model failed: the question’s own words',
};

export function TurnTrace({ turn, retrieval }: { turn: TurnRecord; retrieval: RetrievalInfo | null }) {
  const { trace, plan } = turn;
  return (
    <details className="explanation" data-testid="explanation">
      <summary>How this was found</summary>
      <dl className="explain-summary">
        <dt>Plan</dt>
        <dd data-testid="trace-plan">
          {plan.family.replace(/_/g, ' ')} · {PLANNER[plan.source] ?? plan.source}
        </dd>
        <dt>Reply language</dt>
        <dd>{turn.language ?? 'unknown'}</dd>
        <dt>Evidence</dt>
        <dd>
          {turn.regime.resolved}
          {turn.regime.requested === 'auto' ? ' (chosen automatically)' : ''}
        </dd>
        {turn.retrievalQuery !== null && turn.retrievalQuery !== turn.question && (
          <>
            <dt>Searched for</dt>
            <dd>{turn.retrievalQuery}</dd>
          </>
        )}
        <dt>Model</dt>
        <dd data-testid="trace-model">
          {trace.model ? trace.model.id : 'none (extractive)'}
          {trace.timeToFirstTokenMs !== null ? ` · first token ${ms(trace.timeToFirstTokenMs)}` : ''}
          {trace.tokensPerSecond !== null ? ` · ${trace.tokensPerSecond.toFixed(1)} tokens/s` : ''}
          {trace.tokens > 0 ? ` · ${trace.tokens} tokens` : ''}
        </dd>
        {turn.sufficiency && (
          <>
            <dt>Sufficiency</dt>
            <dd data-testid="trace-sufficiency">
              {turn.sufficiency.score.toFixed(2)} (threshold {turn.sufficiency.threshold.toFixed(2)})
            </dd>
          </>
        )}
      </dl>
      {turn.sufficiency && turn.sufficiency.reasons.length > 0 && (
        <ul className="trace-reasons">
          {turn.sufficiency.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
      <table className="explain-table" aria-label="Answer stages">
        <thead>
          <tr>
            <th scope="col">Step</th>
            <th scope="col">Time</th>
          </tr>
        </thead>
        <tbody>
          {trace.stages.map((s, i) => (
            <tr key={`${s.stage}-${i}`} data-testid="turn-stage" data-stage={s.stage}>
              <td>{STAGE_LABEL[s.stage] ?? s.stage}</td>
              <td>{ms(s.ms)}</td>
            </tr>
          ))}
          <tr>
            <td>
              <strong>Total</strong>
            </td>
            <td>
              <strong>{ms(trace.totalMs)}</strong>
            </td>
          </tr>
        </tbody>
      </table>
      {[...trace.notes, ...plan.problems.filter((p) => !trace.notes.some((n) => n.includes(p)))].map((n) => (
        <p key={n} className="hint">
          {n}
        </p>
      ))}
      {retrieval && <RetrievalExplanation retrieval={retrieval} />}
    </details>
  );
}
