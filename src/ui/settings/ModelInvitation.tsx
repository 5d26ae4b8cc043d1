/**
 * Without a language model, answers are composed of verbatim, cited passages: useful as they are,
 * so no warning follows every question. Instead one invitation to set up a model, which stays
 * dismissed on this device once dismissed.
 */
import { APP } from '../app-strings';
import { useStrings } from '../i18n/LanguageProvider';
import { useState, useSyncExternalStore } from 'react';
import { useSession } from '../common/hooks';

const KEY = 'casefile:model-invitation-dismissed';

function wasDismissed(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false; // storage unavailable: show it, dismissing works for this page
  }
}

export function ModelInvitation({ onSetUp }: { onSetUp: () => void }) {
  const { chat } = useSession();
  const state = useSyncExternalStore(
    (cb) => chat.subscribe(cb),
    () => chat.state,
  );
  const t = useStrings(APP);
  const [dismissed, setDismissed] = useState(wasDismissed);
  if (dismissed || state.provider !== 'none') return null;
  const dismiss = () => {
    setDismissed(true);
    try {
      localStorage.setItem(KEY, '1');
    } catch {
      // not remembered across reloads; nothing else to do
    }
  };
  return (
    <aside className="invitation" aria-label={t.languageModel} data-testid="model-invitation">
      <p>{t.invitation}</p>
      <div className="actions">
        <button type="button" className="small primary" onClick={onSetUp}>
          {t.setUpModel}
        </button>
        <button type="button" className="small ghost" onClick={dismiss}>
          {t.notNow}
        </button>
      </div>
    </aside>
  );
}
