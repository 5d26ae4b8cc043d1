import { useRegisterSW } from 'virtual:pwa-register/react';

/** Announces a new version instead of applying it mid-work; says when the app works offline. */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW();
  if (!needRefresh && !offlineReady) return null;
  return (
    <div className="update-prompt" role="alertdialog" aria-labelledby="update-text">
      <p id="update-text">{needRefresh ? 'A new version of Casefile is ready.' : 'Casefile is ready to work offline.'}</p>
      {needRefresh && (
        <button type="button" className="primary" onClick={() => void updateServiceWorker(true)}>
          Reload to update
        </button>
      )}
      <button
        type="button"
        className="ghost"
        onClick={() => {
          setNeedRefresh(false);
          setOfflineReady(false);
        }}
      >
        Dismiss
      </button>
    </div>
  );
}
