import { useEffect, useState } from 'react';
import { describeError } from '../../core/errors';
import { FUSION_STRATEGIES } from '../../core/search/fusion';
import type { FusionStrategy, PipelineSettings, RetrievalMode } from '../../core/search-types';
import { DEFAULT_PIPELINE, RETRIEVAL_MODES } from '../../core/search/pipeline';
import { useSession, useWorkspace } from '../common/hooks';

const FUSION_LABEL: Record<FusionStrategy, string> = {
  combine_and_dedup: 'Combine and deduplicate (default)',
  rrf: 'Reciprocal rank fusion (RRF)',
  boost_only: 'Boost only',
};

const MODE_LABEL: Record<RetrievalMode, string> = {
  rag: 'Answers: written by the language model when one is set up, else verbatim passages',
  retrieval_only: 'Passages only (no answer text)',
  direct: 'Language model only (no retrieval)',
};

/** The retrieval pipeline of this workspace: saved with it, so it survives a reload. */
export function SearchSettings() {
  const session = useSession();
  const ws = useWorkspace();
  const [settings, setSettings] = useState<PipelineSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    session.settings.pipeline().then(setSettings, (e: unknown) => setError(describeError(e)));
  }, [session, ws.generation]);

  if (!settings) return <p className="muted">{error ?? 'Loading…'}</p>;

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
    <form className="search-settings" onSubmit={(e) => e.preventDefault()} aria-label="Search settings">
      <p className="hint">These settings belong to the workspace “{ws.current.name}”.</p>
      <label>
        <span>Mode</span>
        <select value={settings.mode} onChange={(e) => save({ ...settings, mode: e.target.value as RetrievalMode })}>
          {RETRIEVAL_MODES.map((m) => (
            <option key={m} value={m}>
              {MODE_LABEL[m]}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>Fusion strategy</span>
        <select value={settings.fusion.strategy} onChange={(e) => save({ ...settings, fusion: { ...settings.fusion, strategy: e.target.value as FusionStrategy } })}>
          {FUSION_STRATEGIES.map((f) => (
            <option key={f} value={f}>
              {FUSION_LABEL[f]}
            </option>
          ))}
        </select>
      </label>
      {settings.fusion.strategy === 'rrf' && (
        <div className="row">
          <label>
            <span>Dense weight</span>
            <input type="number" min={0} max={1} step={0.1} value={settings.fusion.denseWeight} onChange={(e) => save({ ...settings, fusion: { ...settings.fusion, denseWeight: Number(e.target.value) } })} />
          </label>
          <label>
            <span>Keyword weight</span>
            <input type="number" min={0} max={1} step={0.1} value={settings.fusion.lexicalWeight} onChange={(e) => save({ ...settings, fusion: { ...settings.fusion, lexicalWeight: Number(e.target.value) } })} />
          </label>
          <label>
            <span>RRF k</span>
            <input type="number" min={1} max={1000} value={settings.fusion.rrfK} onChange={(e) => save({ ...settings, fusion: { ...settings.fusion, rrfK: int(e.target.value, 60) } })} />
          </label>
        </div>
      )}
      <div className="row">
        <label>
          <span>Keyword candidates</span>
          <input type="number" min={0} max={500} value={settings.lexicalTopK} onChange={(e) => save({ ...settings, lexicalTopK: int(e.target.value, 50) })} />
        </label>
        <label>
          <span>Meaning candidates</span>
          <input type="number" min={0} max={500} value={settings.denseTopK} onChange={(e) => save({ ...settings, denseTopK: int(e.target.value, 50) })} />
        </label>
        <label>
          <span>Results shown</span>
          <input type="number" min={1} max={50} value={settings.selection.topK} onChange={(e) => save({ ...settings, selection: { ...settings.selection, topK: int(e.target.value, 5) } })} />
        </label>
        <label>
          <span>Results per file (0 = any)</span>
          <input type="number" min={0} max={50} value={settings.selection.perFile} onChange={(e) => save({ ...settings, selection: { ...settings.selection, perFile: int(e.target.value, 1) } })} />
        </label>
      </div>
      <label className="check">
        <input type="checkbox" checked={settings.rerank} onChange={(e) => save({ ...settings, rerank: e.target.checked })} />
        Rerank the best candidates with the cross-encoder (when a reranker is on this device)
      </label>
      <div className="row">
        <label>
          <span>Passages to rerank</span>
          <input type="number" min={1} max={200} value={settings.rerankTopN} onChange={(e) => save({ ...settings, rerankTopN: int(e.target.value, 20) })} />
        </label>
        <label>
          <span>Minimum rerank score (logit)</span>
          <input type="number" min={-100} max={100} step={0.5} value={settings.minRerankScore} onChange={(e) => save({ ...settings, minRerankScore: Number(e.target.value) })} />
        </label>
      </div>
      <div className="actions">
        <button type="button" className="ghost" onClick={() => save(DEFAULT_PIPELINE)}>
          Restore defaults
        </button>
        <span role="status" className="muted">
          {saved ? 'Saved.' : ''}
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
