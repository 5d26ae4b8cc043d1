/**
 * The process trace of a turn, collapsed under "How this was found": the plan (task family,
 * who planned, reply language, evidence regime), each stage with its time, the model with its
 * time to first token and speed, notes (fallbacks, stops), the sufficiency judgement with its
 * reasons, and how retrieval found the passages. In the turn's language (`lang`).
 */
import type { TurnRecord } from '../../core/answer-types';
import type { RetrievalInfo } from '../../app/ask/turn-view';
import { RetrievalExplanation } from './Explanation';
import { ms } from '../common/format';
import type { UiLang } from '../i18n/language';
import { useStrings } from '../i18n/LanguageProvider';
import { TRACE } from './trace-strings';

export function TurnTrace({ turn, retrieval, lang }: { turn: TurnRecord; retrieval: RetrievalInfo | null; lang: UiLang }) {
  const t = useStrings(TRACE, lang);
  const { trace, plan } = turn;
  const languageName = turn.language ? (new Intl.DisplayNames([lang], { type: 'language', fallback: 'code' }).of(turn.language) ?? turn.language) : t.unknown;
  return (
    <details className="explanation" data-testid="explanation">
      <summary>{t.howFound}</summary>
      <dl className="explain-summary">
        <dt>{t.plan}</dt>
        <dd data-testid="trace-plan">
          {t.families[plan.family] ?? plan.family} · {t.planners[plan.source] ?? plan.source}
        </dd>
        <dt>{t.replyLanguage}</dt>
        <dd>{languageName}</dd>
        <dt>{t.evidence}</dt>
        <dd>
          {t.regimes[turn.regime.resolved] ?? turn.regime.resolved}
          {turn.regime.requested === 'auto' ? t.chosenAutomatically : ''}
        </dd>
        {turn.retrievalQuery !== null && turn.retrievalQuery !== turn.question && (
          <>
            <dt>{t.searchedFor}</dt>
            <dd>{turn.retrievalQuery}</dd>
          </>
        )}
        <dt>{t.model}</dt>
        <dd data-testid="trace-model">
          {trace.model ? trace.model.id : t.noModel}
          {trace.timeToFirstTokenMs !== null ? ` · ${t.firstToken(ms(trace.timeToFirstTokenMs))}` : ''}
          {trace.tokensPerSecond !== null ? ` · ${t.tokensPerSecond(trace.tokensPerSecond.toFixed(1))}` : ''}
          {trace.tokens > 0 ? ` · ${t.tokens(trace.tokens)}` : ''}
        </dd>
        {turn.sufficiency && (
          <>
            <dt>{t.sufficiency}</dt>
            <dd data-testid="trace-sufficiency">
              {turn.sufficiency.score.toFixed(2)} ({t.threshold(turn.sufficiency.threshold.toFixed(2))})
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
      <table className="explain-table" aria-label={t.answerStages}>
        <thead>
          <tr>
            <th scope="col">{t.step}</th>
            <th scope="col">{t.time}</th>
          </tr>
        </thead>
        <tbody>
          {trace.stages.map((s, i) => (
            <tr key={`${s.stage}-${i}`} data-testid="turn-stage" data-stage={s.stage}>
              <td>{t.stages[s.stage] ?? s.stage}</td>
              <td>{ms(s.ms)}</td>
            </tr>
          ))}
          <tr>
            <td>
              <strong>{t.total}</strong>
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
      {retrieval && <RetrievalExplanation retrieval={retrieval} lang={lang} />}
    </details>
  );
}
