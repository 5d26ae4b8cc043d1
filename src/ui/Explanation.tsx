import type { RetrievalInfo } from '../app/turn-view';
import { ms } from './format';

const STAGE_LABEL: Record<string, string> = {
  query: 'Read the question',
  lexical: 'Keyword search (BM25)',
  rescore: 'Proximity and answer-type rescoring',
  embed_query: 'Embed the question',
  dense: 'Meaning search (vectors)',
  fusion: 'Fusion',
  phrase: 'Exact-phrase boost',
  rerank: 'Rerank (cross-encoder)',
  resolve: 'Fetch passages',
  expand: 'Add neighbouring context',
};

const FOUND_BY: Record<string, string> = { lexical: 'keywords', dense: 'meaning' };

/** How retrieval found a turn's passages: per-stage timings, candidate counts, what ran, per-passage provenance. */
export function RetrievalExplanation({ retrieval }: { retrieval: RetrievalInfo }) {
  const { explanation, passages } = retrieval;
  const total = Object.values(explanation.timings).reduce((a, b) => a + b, 0);
  return (
    <div className="retrieval-explanation">
      <h4>Retrieval</h4>
      <dl className="explain-summary">
        <dt>Keyword query</dt>
        <dd data-testid="explain-query">{explanation.lexicalQuery || '—'}</dd>
        <dt>Fusion</dt>
        <dd data-testid="explain-fusion">{explanation.fusion}</dd>
        <dt>Meaning search</dt>
        <dd>{explanation.dense}</dd>
        <dt>Rerank</dt>
        <dd data-testid="explain-rerank">{explanation.rerank}</dd>
        {explanation.dropped.length > 0 && (
          <>
            <dt>Question words ignored</dt>
            <dd>{explanation.dropped.join(', ')}</dd>
          </>
        )}
        {explanation.phrases.length > 0 && (
          <>
            <dt>Exact phrases</dt>
            <dd>{explanation.phrases.join(', ')}</dd>
          </>
        )}
      </dl>
      <table className="explain-table" aria-label="Retrieval stages">
        <thead>
          <tr>
            <th scope="col">Stage</th>
            <th scope="col">Time</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(explanation.timings).map(([stage, t]) => (
            <tr key={stage} data-testid="explain-stage" data-stage={stage}>
              <td>{STAGE_LABEL[stage] ?? stage}</td>
              <td>{ms(t)}</td>
            </tr>
          ))}
          <tr>
            <td>
              <strong>Total</strong>
            </td>
            <td>
              <strong>{ms(total)}</strong>
            </td>
          </tr>
        </tbody>
      </table>
      <p className="muted">
        Candidates: {Object.entries(explanation.candidates).map(([k, v]) => `${k} ${v}`).join(' · ')}
      </p>
      <ol className="explain-results">
        {passages.map((p) => (
          <li key={p.chunkId}>
            {p.documentName}, score {p.scores.final.toFixed(3)} — found by {p.foundBy.map((f) => FOUND_BY[f] ?? f).join(' and ')}
            {p.scores.lexical !== null ? ` · keyword ${p.scores.lexical.toFixed(2)}` : ''}
            {p.scores.dense !== null ? ` · meaning ${p.scores.dense.toFixed(3)}` : ''}
            {p.scores.rerank !== null ? ` · rerank ${p.scores.rerank.toFixed(2)}` : ''}
            {p.scores.phrase ? ' · exact phrase' : ''}
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
