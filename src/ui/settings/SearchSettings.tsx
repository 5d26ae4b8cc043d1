import { useEffect, useState } from 'react';
import { describeError } from '../../core/errors';
import { FUSION_STRATEGIES } from '../../core/search/fusion';
import type { FusionStrategy, PipelineSettings, RetrievalMode } from '../../core/search-types';
import { DEFAULT_PIPELINE, RETRIEVAL_MODES } from '../../core/search/pipeline';
import { useSession, useWorkspace } from '../common/hooks';
import { useStrings } from '../i18n/LanguageProvider';
import { SEARCH_SETTINGS } from './search-settings-strings';
import { APP, workspaceName } from '../app-strings';

/** The retrieval pipeline of this workspace: saved with it, so it survives a reload. */
export function SearchSettings() {
  const session = useSession();
  const ws = useWorkspace();
  const t = useStrings(SEARCH_SETTINGS);
  const appWords = useStrings(APP);
  const [settings, setSettings] = useState<PipelineSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    session.settings.pipeline().then(setSettings, (e: unknown) => setError(describeError(e)));
  }, [session, ws.generation]);

  if (!settings) return <p className="muted">{error ?? t.loading}</p>;

  const save = (next: PipelineSettings) => {
    setSettings(next);
    setSaved(false);
    session.settings.setPipeline(next).then(
      (clean) => {
        setSettings(clean);
        setSaved(true);
      },
      (e: unknown) => setError(describeError(e)),
    );
  };
  const int = (v: string, fallback: number) => (Number.isFinite(Number(v)) && v !== '' ? Math.round(Number(v)) : fallback);

  return (
    <form className="search-settings" onSubmit={(e) => e.preventDefault()} aria-label={t.searchSettings}>
      <p className="hint">{t.belongsTo(workspaceName(ws.current.name, appWords))}</p>
      <label>
        <span>{t.mode}</span>
        <select value={settings.mode} onChange={(e) => save({ ...settings, mode: e.target.value as RetrievalMode })}>
          {RETRIEVAL_MODES.map((m) => (
            <option key={m} value={m}>
              {t.modes[m]}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t.fusionStrategy}</span>
        <select value={settings.fusion.strategy} onChange={(e) => save({ ...settings, fusion: { ...settings.fusion, strategy: e.target.value as FusionStrategy } })}>
          {FUSION_STRATEGIES.map((f) => (
            <option key={f} value={f}>
              {t.fusions[f]}
            </option>
          ))}
        </select>
      </label>
      {settings.fusion.strategy === 'rrf' && (
        <div className="row">
          <label>
            <span>{t.denseWeight}</span>
            <input type="number" min={0} max={1} step={0.1} value={settings.fusion.denseWeight} onChange={(e) => save({ ...settings, fusion: { ...settings.fusion, denseWeight: Number(e.target.value) } })} />
          </label>
          <label>
            <span>{t.keywordWeight}</span>
            <input type="number" min={0} max={1} step={0.1} value={settings.fusion.lexicalWeight} onChange={(e) => save({ ...settings, fusion: { ...settings.fusion, lexicalWeight: Number(e.target.value) } })} />
          </label>
          <label>
            <span>{t.rrfK}</span>
            <input type="number" min={1} max={1000} value={settings.fusion.rrfK} onChange={(e) => save({ ...settings, fusion: { ...settings.fusion, rrfK: int(e.target.value, 60) } })} />
          </label>
        </div>
      )}
      <div className="row">
        <label>
          <span>{t.keywordCandidates}</span>
          <input type="number" min={0} max={500} value={settings.lexicalTopK} onChange={(e) => save({ ...settings, lexicalTopK: int(e.target.value, 50) })} />
        </label>
        <label>
          <span>{t.meaningCandidates}</span>
          <input type="number" min={0} max={500} value={settings.denseTopK} onChange={(e) => save({ ...settings, denseTopK: int(e.target.value, 50) })} />
        </label>
        <label>
          <span>{t.resultsShown}</span>
          <input type="number" min={1} max={50} value={settings.selection.topK} onChange={(e) => save({ ...settings, selection: { ...settings.selection, topK: int(e.target.value, 5) } })} />
        </label>
        <label>
          <span>{t.resultsPerFile}</span>
          <input type="number" min={0} max={50} value={settings.selection.perFile} onChange={(e) => save({ ...settings, selection: { ...settings.selection, perFile: int(e.target.value, 1) } })} />
        </label>
      </div>
      <label className="check">
        <input type="checkbox" checked={settings.rerank} onChange={(e) => save({ ...settings, rerank: e.target.checked })} />
        {t.rerank}
      </label>
      <div className="row">
        <label>
          <span>{t.passagesToRerank}</span>
          <input type="number" min={1} max={200} value={settings.rerankTopN} onChange={(e) => save({ ...settings, rerankTopN: int(e.target.value, 20) })} />
        </label>
        <label>
          <span>{t.minRerankScore}</span>
          <input type="number" min={-100} max={100} step={0.5} value={settings.minRerankScore} onChange={(e) => save({ ...settings, minRerankScore: Number(e.target.value) })} />
        </label>
      </div>
      <div className="actions">
        <button type="button" className="ghost" onClick={() => save(DEFAULT_PIPELINE)}>
          {t.restoreDefaults}
        </button>
        <span role="status" className="muted">
          {saved ? t.saved : ''}
        </span>
      </div>
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
    </form>
  );
}
