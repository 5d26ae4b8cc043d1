/**
 * Settings → Models: profile and model per role, each model's size and status (download with
 * bytes and %, cancel, delete, import a folder), storage used, "keep models when space is low",
 * free memory, the Hub mirror, and fallback notices. Renders ModelService's state.
 */
import { useRef, useState, useSyncExternalStore } from 'react';
import type { ModelService } from '../../app/models/model-service';
import { DEFAULT_MODEL_SOURCE, modelChoices, PROFILE_CHOICES, profileOf, type ModelRole, type ModelRow, type ProfileId } from '../../app/models/model-view';
import { describeError } from '../../core/errors';
import { useStrings } from '../i18n/LanguageProvider';
import { BYTE_UNITS, formatBytes } from './byte-units';
import { canPickDirectory, filesFromInput, pickDirectory } from './model-folder';
import { MODELS, modelStatusText, profileChoice } from './model-strings';
import './models.css';

const DEVICE_LABEL = { webgpu: 'WebGPU', wasm: 'WASM (CPU)', cpu: 'CPU' } as const;

function RoleSelect({ service, role }: { service: ModelService; role: ModelRole }) {
  const t = useStrings(MODELS);
  const { settings, plan } = service.state;
  if (!settings || !plan) return null;
  const current = role === 'embedder' ? settings.embedder : settings.reranker;
  const value = current === 'none' ? 'none' : current ? `${current.model}|${current.dtype ?? ''}` : '';
  const planned = role === 'embedder' ? plan.embedder : plan.reranker;
  const onChange = (v: string) => {
    const [model, dtype] = v.split('|');
    const choice = v === '' ? null : v === 'none' ? ('none' as const) : { model: model!, ...(dtype ? { dtype: dtype as never } : {}) };
    void service.setModel(role, choice);
  };
  return (
    <label className="model-field">
      <span>{t.roles[role]}</span>
      <select aria-label={t.roleModel[role]} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t.profileDefault}{planned && !current ? ` (${planned.spec.label}, ${planned.attempts[0]!.dtype})` : ''}</option>
        {role === 'reranker' && <option value="none">{t.noReranking}</option>}
        {modelChoices(role, settings.custom).map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** What a failed download can do next: retry, use a mirror, or import the model's folder instead. */
interface Recovery {
  readonly retry: () => void;
  readonly setMirror: () => void;
  readonly importFolder: () => void;
}

function StatusCell({ row, recovery }: { row: ModelRow; recovery: Recovery }) {
  const t = useStrings(MODELS);
  const u = useStrings(BYTE_UNITS);
  const s = row.status;
  if (s.kind === 'downloading') {
    const p = s.progress;
    return (
      <div className="model-progress">
        <progress max={100} value={p.percent} aria-label={t.downloadingModel(row.spec.id)} />
        <span>
          {p.phase === 'downloading' ? t.progress(formatBytes(p.loaded, u), formatBytes(p.total, u), Math.floor(p.percent)) : t.checkingStarts}
        </span>
      </div>
    );
  }
  return (
    <div>
      <span className={`badge model-status-${s.kind}`}>{modelStatusText(t, s)}</span>
      {s.kind === 'failed' && (
        <>
          <p className="error-text">{s.message}</p>
          <p className="model-recovery" data-testid="model-recovery">
            {t.recovery}{' '}
            <span className="actions">
              <button type="button" className="small primary" onClick={recovery.retry}>
                {t.retryDownload}
              </button>
              <button type="button" className="small" onClick={recovery.setMirror}>
                {t.setMirror}
              </button>
              <button type="button" className="small" onClick={recovery.importFolder}>
                {t.importFolder}
              </button>
            </span>
          </p>
        </>
      )}
      {row.note && <p className="model-note">{row.note}</p>}
    </div>
  );
}

export function ModelManager({ service }: { service: ModelService }) {
  const state = useSyncExternalStore(
    (cb) => service.subscribe(cb),
    () => service.state,
  );
  const t = useStrings(MODELS);
  const u = useStrings(BYTE_UNITS);
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [mirror, setMirror] = useState<string>('');
  const source = useRef<HTMLDetailsElement>(null);
  const mirrorInput = useRef<HTMLInputElement>(null);
  const run = (p: Promise<unknown>) => {
    setError(null);
    p.catch((e: unknown) => setError(describeError(e)));
  };
  if (!state.ready || !state.settings || !state.plan) return <section className="panel model-manager"><p className="muted">{t.checkingDevice}</p></section>;
  const { plan, settings, storage } = state;

  const importFiles = (picked: { name: string; files: { path: string; blob: Blob }[] } | null) => {
    if (picked) run(service.importFolder(picked.files, picked.name));
  };
  const importFolder = () => (canPickDirectory() ? run(pickDirectory().then(importFiles)) : input.current?.click());
  const recovery = (row: ModelRow): Recovery => ({
    retry: () => run(service.download(row.rowId)),
    setMirror: () => {
      if (source.current) source.current.open = true;
      mirrorInput.current?.focus();
    },
    importFolder,
  });

  return (
    <section className="panel model-manager" aria-labelledby="models-heading" data-testid="model-manager">
      <div className="panel-head">
        <h2 id="models-heading">{t.models}</h2>
        <span className="muted">{state.capabilities}</span>
      </div>

      <div className="model-fields">
        <label className="model-field">
          <span>{t.profile}</span>
          <select aria-label={t.profile} value={settings.profile} onChange={(e) => run(service.setProfile(e.target.value as ProfileId | 'auto'))}>
            <option value="auto">{t.automatic(profileOf(plan.profile).label)}</option>
            {PROFILE_CHOICES.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        <RoleSelect service={service} role="embedder" />
        <RoleSelect service={service} role="reranker" />
      </div>
      <p className="hint">
        {t.profiles[plan.profile]} {profileChoice(t, plan)} {t.reembed}
      </p>

      <table className="model-table">
        <thead>
          <tr>
            <th scope="col">{t.columns.role}</th>
            <th scope="col">{t.columns.model}</th>
            <th scope="col">{t.columns.dtype}</th>
            <th scope="col">{t.columns.device}</th>
            <th scope="col">{t.columns.size}</th>
            <th scope="col">{t.columns.status}</th>
            <th scope="col">
              <span className="visually-hidden">{t.columns.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {state.rows.map((row) => (
            <tr key={row.rowId} data-testid="model-row" data-row={row.rowId} data-status={row.status.kind}>
              <td>
                {t.roles[row.role]}
                {row.use === 'fallback' && <span className="muted"> ({t.fallback})</span>}
              </td>
              <td>
                <span className="model-id">{row.spec.id}</span>
                <span className="muted model-languages">{row.spec.languages}</span>
              </td>
              <td>{row.dtype}</td>
              <td>{row.device ? DEVICE_LABEL[row.device] : '—'}</td>
              <td data-testid="model-size">
                {row.approximate ? '≈ ' : ''}
                {formatBytes(row.bytes, u)}
              </td>
              <td>
                <StatusCell row={row} recovery={recovery(row)} />
              </td>
              <td className="model-actions">
                {row.status.kind === 'downloading' ? (
                  <button className="small" onClick={() => service.cancelDownload(row.rowId)}>
                    {t.cancel}
                  </button>
                ) : (
                  <>
                    {row.use && row.status.kind !== 'cached' && row.status.kind !== 'imported' && row.status.kind !== 'failed' && (
                      <button className="small primary" onClick={() => run(service.download(row.rowId))}>
                        {t.download}
                      </button>
                    )}
                    {/* Delete only what is stored: not a model never downloaded, nor a failed download. */}
                    {(row.status.kind === 'cached' || row.status.kind === 'imported' || row.status.kind === 'partial') && (
                      <button className="small danger" onClick={() => run(service.delete(row.rowId))} aria-label={t.deleteModel(row.spec.id, row.dtype)}>
                        {t.delete}
                      </button>
                    )}
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <div className="actions model-buttons">
        <button onClick={importFolder}>{t.importModelFolder}</button>
        <input
          ref={input}
          type="file"
          className="visually-hidden"
          tabIndex={-1}
          aria-label={t.folderFiles}
          data-testid="model-folder-input"
          {...{ webkitdirectory: '' }}
          multiple
          onChange={(e) => {
            if (e.target.files?.length) importFiles(filesFromInput(e.target.files));
            e.target.value = '';
          }}
        />
        <button onClick={() => service.freeMemory()} disabled={!state.loaded.embedder && !state.loaded.reranker}>
          {t.freeMemory}
        </button>
      </div>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}

      <p className="model-storage" data-testid="model-storage">
        {t.modelsUse(formatBytes(storage.modelBytes, u))}
        {storage.usage !== null && storage.quota !== null && <> · {t.siteUses(formatBytes(storage.usage, u), formatBytes(storage.quota, u))}</>}
        {' · '}
        {storage.persisted ? (
          <span>{t.modelsKept}</span>
        ) : (
          <button className="small" onClick={() => run(service.persistStorage())}>
            {t.keepModels}
          </button>
        )}
      </p>

      <details className="model-source" ref={source}>
        <summary>{t.downloadSource}</summary>
        <p className="hint">{t.sourceHint}</p>
        <div className="ask-row">
          <input ref={mirrorInput} aria-label={t.mirrorUrl} placeholder={settings.source?.remoteHost ?? DEFAULT_MODEL_SOURCE.remoteHost} value={mirror} onChange={(e) => setMirror(e.target.value)} />
          <button onClick={() => run(service.setSource({ remoteHost: mirror.trim(), remotePathTemplate: DEFAULT_MODEL_SOURCE.remotePathTemplate }))} disabled={!mirror.trim()}>
            {t.useMirror}
          </button>
          <button className="ghost" onClick={() => run(service.setSource(null))} disabled={!settings.source}>
            {t.useHub}
          </button>
        </div>
      </details>

      {state.notices.length > 0 && (
        <ul className="model-notices" role="status" aria-label={t.notices}>
          {state.notices.map((n, i) => (
            <li key={i} className={n.kind === 'error' ? 'error-text' : ''}>
              {n.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
