/** How answers treat evidence in this workspace (Settings → Search): the evidence regime, explained. */
import { useEffect, useState } from 'react';
import type { Regime } from '../core/answer/types';
import { describeError } from '../core/errors';
import { useSession, useWorkspace } from './hooks';

const REGIMES: readonly { readonly value: Regime; readonly label: string; readonly explain: string }[] = [
  {
    value: 'auto',
    label: 'Automatic (recommended)',
    explain: 'Answers come from your documents. Only when you ask for a draft, an opinion or general knowledge may the language model go beyond them, and it says so.',
  },
  {
    value: 'grounded',
    label: 'Documents only',
    explain: 'Every answer must be supported by passages of your documents. When none clearly answers, Casefile says so and shows the closest passages; no model is asked to guess.',
  },
  {
    value: 'creative',
    label: 'Allow reasoning beyond the documents',
    explain: 'The language model may reason, draft or use general knowledge; what comes from your documents is still cited. Without a model, answers stay verbatim passages.',
  },
];

export function AnswerSettings() {
  const session = useSession();
  const ws = useWorkspace();
  const [regime, setRegime] = useState<Regime | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    session.settings.answer().then((s) => setRegime(s.regime), (e: unknown) => setError(describeError(e)));
  }, [session, ws.generation]);

  if (!regime) return <p className="muted">{error ?? 'Loading…'}</p>;
  const save = (value: Regime) => {
    setRegime(value);
    session.settings.setAnswer({ regime: value }).catch((e: unknown) => setError(describeError(e)));
  };
  return (
    <fieldset className="answer-settings" data-testid="answer-settings">
      <legend>Evidence for answers</legend>
      {REGIMES.map((r) => (
        <label key={r.value} className="regime">
          <input type="radio" name="regime" value={r.value} checked={regime === r.value} onChange={() => save(r.value)} />
          <span>
            <strong>{r.label}</strong>
            <span className="muted regime-explain">{r.explain}</span>
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
