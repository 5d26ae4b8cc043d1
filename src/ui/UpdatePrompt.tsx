import { APP } from './app-strings';
import { useStrings } from './i18n/LanguageProvider';
import { useEffect, useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';

/** Whether a service worker serves this page: the app then works offline (on every visit, not only the first). */
function useControlled(): boolean {
  const sw = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  const [controlled, setControlled] = useState(() => !!sw?.controller);
  useEffect(() => {
    if (!sw) return undefined;
    const changed = () => setControlled(!!sw.controller);
    sw.addEventListener('controllerchange', changed);
    return () => sw.removeEventListener('controllerchange', changed);
  }, [sw]);
  return controlled;
}

/**
 * The service worker's two messages, placed in the top bar. "Works offline" is a status in the
 * bar, never a notice over the page (a floating one sat over an answer's sources for seconds);
 * its full sentence is its title and is read out once when the app first becomes ready. A new
 * version asks before it applies (never mid-work), in a notice the user answers or dismisses.
 */
export function UpdatePrompt() {
  const t = useStrings(APP);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady],
    updateServiceWorker,
  } = useRegisterSW();
  const controlled = useControlled();
  return (
    <>
      <span className="offline-status" role="status" title={offlineReady || controlled ? t.offlineReady : undefined}>
        {(offlineReady || controlled) && (
          <>
            <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14">
              <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <span className="offline-status-text">{t.worksOffline}</span>
          </>
        )}
      </span>
      {needRefresh && (
        <div className="update-prompt" role="alertdialog" aria-labelledby="update-text">
          <p id="update-text">{t.newVersion}</p>
          <button type="button" className="primary" onClick={() => void updateServiceWorker(true)}>
            {t.reloadToUpdate}
          </button>
          <button type="button" className="ghost" onClick={() => setNeedRefresh(false)}>
            {t.dismiss}
          </button>
        </div>
      )}
    </>
  );
}
