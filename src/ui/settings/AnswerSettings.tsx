/** How answers treat evidence in this workspace (Settings → Search): the evidence regime, explained. */
import { useEffect, useState } from 'react';
import type { Regime } from '../../core/answer-types';
import { describeError } from '../../core/errors';
import { useSession, useWorkspace } from '../common/hooks';
import { useStrings } from '../i18n/LanguageProvider';
import { SETTINGS } from './settings-strings';

const REGIMES: readonly Regime[] = ['auto', 'grounded', 'creative'];

export function AnswerSettings() {
  const session = useSession();
  const ws = useWorkspace();
  const t = useStrings(SETTINGS);
  const [regime, setRegime] = useState<Regime | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    session.settings.answer().then((s) => setRegime(s.regime), (e: unknown) => setError(describeError(e)));
  }, [session, ws.generation]);

  if (!regime) return <p className="muted">{error ?? t.loading}</p>;
  const save = (value: Regime) => {
    setRegime(value);
    session.settings.setAnswer({ regime: value }).catch((e: unknown) => setError(describeError(e)));
  };
  return (
    <fieldset className="answer-settings" data-testid="answer-settings">
      <legend>{t.evidence}</legend>
      {REGIMES.map((r) => (
        <label key={r} className="regime">
          <input type="radio" name="regime" value={r} checked={regime === r} onChange={() => save(r)} />
          <span>
            <strong>{t.regimes[r].label}</strong>
            <span className="muted regime-explain">{t.regimes[r].explain}</span>
          </span>
        </label>
      ))}
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
    </fieldset>
  );
}
