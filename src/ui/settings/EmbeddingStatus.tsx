import { useSyncExternalStore } from 'react';
import { useSession } from '../common/hooks';
import { useStrings } from '../i18n/LanguageProvider';
import { MODELS } from './model-strings';

/** Whether dense search is on, and a one-click re-embed when documents lack vectors of the model. */
export function EmbeddingStatus() {
  const { embeddings } = useSession();
  const t = useStrings(MODELS);
  const state = useSyncExternalStore(
    (cb) => embeddings.subscribe(cb),
    () => embeddings.current,
  );
  if (!state.model) {
    return (
      <p className="hint" data-testid="embedding-status">
        {t.searchOff}
      </p>
    );
  }
  return (
    <div className="embedding-status" data-testid="embedding-status">
      <p>
        {t.searchUses[0]}
        <strong>{state.model}</strong>
        {t.searchUses[1]} {state.missing > 0 ? t.needEmbedding(state.missing) : t.allEmbedded}
      </p>
      {state.missing > 0 &&
        (state.running ? (
          <button type="button" className="small" onClick={() => embeddings.cancel()}>
            {t.stopEmbedding}
          </button>
        ) : (
          <button type="button" className="small primary" onClick={() => void embeddings.backfill()}>
            {t.embedNow(state.missing)}
          </button>
        ))}
    </div>
  );
}
