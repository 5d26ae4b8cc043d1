import { useSyncExternalStore } from 'react';
import { useSession } from '../common/hooks';

/** Whether dense search is on, and a one-click re-embed when documents lack vectors of the model. */
export function EmbeddingStatus() {
  const { embeddings } = useSession();
  const state = useSyncExternalStore(
    (cb) => embeddings.subscribe(cb),
    () => embeddings.current,
  );
  if (!state.model) {
    return (
      <p className="hint" data-testid="embedding-status">
        Meaning-based search is off: no embedding model is on this device. Keyword search works. Download or import an embedder below to turn it on.
      </p>
    );
  }
  return (
    <div className="embedding-status" data-testid="embedding-status">
      <p>
        Meaning-based search uses <strong>{state.model}</strong>.
        {state.missing > 0 ? ` ${state.missing} document${state.missing === 1 ? ' needs' : 's need'} embedding for it.` : ' Every document is embedded.'}
      </p>
      {state.missing > 0 &&
        (state.running ? (
          <button type="button" className="small" onClick={() => embeddings.cancel()}>
            Stop embedding
          </button>
        ) : (
          <button type="button" className="small primary" onClick={() => void embeddings.backfill()}>
            Embed {state.missing} document{state.missing === 1 ? '' : 's'} now
          </button>
        ))}
    </div>
  );
}
