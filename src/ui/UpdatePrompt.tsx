import { APP } from './app-strings';
import { useStrings } from './i18n/LanguageProvider';
import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';

/** How long "ready to work offline" stays before it goes by itself (it asks nothing of the user). */
const OFFLINE_NOTICE_MS = 8_000;

/** Announces a new version instead of applying it mid-work; says when the app works offline. */
export function UpdatePrompt() {
  const t = useStrings(APP);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW();
  // The offline notice is information only: it leaves on its own so it never sits over a phone's answer.
  useEffect(() => {
    if (!offlineReady || needRefresh) return undefined;
    const timer = setTimeout(() => setOfflineReady(false), OFFLINE_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [offlineReady, needRefresh, setOfflineReady]);
  if (!needRefresh && !offlineReady) return null;
  return (
    <div className="update-prompt" role={needRefresh ? 'alertdialog' : 'status'} aria-labelledby="update-text">
      <p id="update-text">{needRefresh ? t.newVersion : t.offlineReady}</p>
      {needRefresh && (
        <button type="button" className="primary" onClick={() => void updateServiceWorker(true)}>
          {t.reloadToUpdate}
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
        {t.dismiss}
      </button>
    </div>
  );
}
