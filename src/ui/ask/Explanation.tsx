import type { RetrievalInfo } from '../../app/ask/turn-view';
import { ms } from '../common/format';
import type { UiLang } from '../i18n/language';
import { useStrings } from '../i18n/LanguageProvider';
import { TRACE } from './trace-strings';

/** How retrieval found a turn's passages: per-stage timings, candidate counts, what ran, per-passage provenance. */
export function RetrievalExplanation({ retrieval, lang }: { retrieval: RetrievalInfo; lang: UiLang }) {
  const t = useStrings(TRACE, lang);
  const { explanation, passages } = retrieval;
  const total = Object.values(explanation.timings).reduce((a, b) => a + b, 0);
  return (
    <div className="retrieval-explanation">
      <h4>{t.retrieval}</h4>
      <dl className="explain-summary">
        <dt>{t.keywordQuery}</dt>
        <dd data-testid="explain-query">{explanation.lexicalQuery || '—'}</dd>
        <dt>{t.fusion}</dt>
        <dd data-testid="explain-fusion">{explanation.fusion}</dd>
        <dt>{t.meaningSearch}</dt>
        <dd>{explanation.dense}</dd>
        <dt>{t.rerank}</dt>
        <dd data-testid="explain-rerank">{explanation.rerank}</dd>
        {explanation.dropped.length > 0 && (
          <>
            <dt>{t.ignoredWords}</dt>
            <dd>{explanation.dropped.join(', ')}</dd>
          </>
        )}
        {explanation.phrases.length > 0 && (
          <>
            <dt>{t.exactPhrases}</dt>
            <dd>{explanation.phrases.join(', ')}</dd>
          </>
        )}
      </dl>
      <table className="explain-table" aria-label={t.retrievalStages}>
        <thead>
          <tr>
            <th scope="col">{t.stage}</th>
            <th scope="col">{t.time}</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(explanation.timings).map(([stage, time]) => (
            <tr key={stage} data-testid="explain-stage" data-stage={stage}>
              <td>{t.retrievalSteps[stage] ?? stage}</td>
              <td>{ms(time)}</td>
            </tr>
          ))}
          <tr>
            <td>
              <strong>{t.total}</strong>
            </td>
            <td>
              <strong>{ms(total)}</strong>
            </td>
          </tr>
        </tbody>
      </table>
      <p className="muted">
        {t.candidates}: {Object.entries(explanation.candidates).map(([k, v]) => `${k} ${v}`).join(' · ')}
      </p>
      <ol className="explain-results">
        {passages.map((p) => (
          <li key={p.chunkId}>
            {t.passageLine(p.documentName, p.scores.final.toFixed(3), p.foundBy.map((f) => t.foundBy[f] ?? f).join(t.and))}
            {p.scores.lexical !== null ? ` · ${t.keywordScore(p.scores.lexical.toFixed(2))}` : ''}
            {p.scores.dense !== null ? ` · ${t.meaningScore(p.scores.dense.toFixed(3))}` : ''}
            {p.scores.rerank !== null ? ` · ${t.rerankScore(p.scores.rerank.toFixed(2))}` : ''}
            {p.scores.phrase ? ` · ${t.exactPhrase}` : ''}
          </li>
        ))}
      </ol>
      {explanation.notes.map((n) => (
        <p key={n} className="hint">
          {n}
        </p>
      ))}
    </div>
  );
}
