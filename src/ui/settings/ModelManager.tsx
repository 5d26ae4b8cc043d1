/**
 * Settings → Models: profile and model per role, each model's size and status (download with
 * bytes and %, cancel, delete, import a folder), storage used, "keep models when space is low",
 * free memory, the Hub mirror, and fallback notices. Renders ModelService's state.
 */
import { useRef, useState, useSyncExternalStore } from 'react';
import type { ModelService } from '../../app/models/model-service';
import { DEFAULT_MODEL_SOURCE, modelChoices, PROFILE_CHOICES, profileOf, statusLabel, type ModelRole, type ModelRow, type ProfileId } from '../../app/models/model-view';
import { describeError } from '../../core/errors';
import { canPickDirectory, filesFromInput, pickDirectory } from './model-folder';
import './models.css';

export function formatBytes(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toFixed(2)} GB`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(n >= 1e8 ? 0 : 1)} MB`;
  if (n >= 1e3) return `${Math.round(n / 1e3)} KB`;
  return `${n} B`;
}

const DEVICE_LABEL = { webgpu: 'WebGPU', wasm: 'WASM (CPU)', cpu: 'CPU' } as const;

function RoleSelect({ service, role }: { service: ModelService; role: ModelRole }) {
  const { settings, plan } = service.state;
  if (!settings || !plan) return null;
  const current = role === 'embedder' ? settings.embedder : settings.reranker;
  const value = current === 'none' ? 'none' : current ? `${current.model}|${current.dtype ?? ''}` : '';
  const planned = role === 'embedder' ? plan.embedder : plan.reranker;
  const label = role === 'embedder' ? 'Embedder' : 'Reranker';
  const onChange = (v: string) => {
    const [model, dtype] = v.split('|');
    const choice = v === '' ? null : v === 'none' ? ('none' as const) : { model: model!, ...(dtype ? { dtype: dtype as never } : {}) };
    void service.setModel(role, choice);
  };
  return (
    <label className="model-field">
      <span>{label}</span>
      <select aria-label={`${label} model`} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Profile default{planned && !current ? ` (${planned.spec.label}, ${planned.attempts[0]!.dtype})` : ''}</option>
        {role === 'reranker' && <option value="none">None (no reranking)</option>}
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
  const s = row.status;
  if (s.kind === 'downloading') {
    const p = s.progress;
    return (
      <div className="model-progress">
        <progress max={100} value={p.percent} aria-label={`Downloading ${row.spec.id}`} />
        <span>
          {p.phase === 'downloading' ? `${formatBytes(p.loaded)} of ${formatBytes(p.total)} (${Math.floor(p.percent)}%)` : 'Checking that it starts…'}
        </span>
      </div>
    );
  }
  return (
    <div>
      <span className={`badge model-status-${s.kind}`}>{statusLabel(s)}</span>
      {s.kind === 'failed' && (
        <>
          <p className="error-text">{s.message}</p>
          <p className="model-recovery" data-testid="model-recovery">
            Try again, download from a mirror your firm hosts, or import the model&apos;s folder copied from another computer.{' '}
            <span className="actions">
              <button type="button" className="small primary" onClick={recovery.retry}>
                Retry download
              </button>
              <button type="button" className="small" onClick={recovery.setMirror}>
                Set a mirror
              </button>
              <button type="button" className="small" onClick={recovery.importFolder}>
                Import model folder
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
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [mirror, setMirror] = useState<string>('');
  const source = useRef<HTMLDetailsElement>(null);
  const mirrorInput = useRef<HTMLInputElement>(null);
  const run = (p: Promise<unknown>) => {
    setError(null);
    p.catch((e: unknown) => setError(describeError(e)));
  };
  if (!state.ready || !state.settings || !state.plan) return <section className="panel model-manager"><p className="muted">Checking this device…</p></section>;
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
        <h2 id="models-heading">Models</h2>
        <span className="muted">{state.capabilities}</span>
      </div>

      <div className="model-fields">
        <label className="model-field">
          <span>Profile</span>
          <select aria-label="Profile" value={settings.profile} onChange={(e) => run(service.setProfile(e.target.value as ProfileId | 'auto'))}>
            <option value="auto">Automatic ({profileOf(plan.profile).label})</option>
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
        {profileOf(plan.profile).description} Profile {plan.reason}. Changing the embedder means re-embedding your documents.
      </p>

      <table className="model-table">
        <thead>
          <tr>
            <th scope="col">Role</th>
            <th scope="col">Model</th>
            <th scope="col">Dtype</th>
            <th scope="col">Device</th>
            <th scope="col">Size</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {state.rows.map((row) => (
            <tr key={row.rowId} data-testid="model-row" data-row={row.rowId} data-status={row.status.kind}>
              <td>
                {row.role === 'embedder' ? 'Embedder' : 'Reranker'}
                {row.use === 'fallback' && <span className="muted"> (fallback)</span>}
              </td>
              <td>
                <span className="model-id">{row.spec.id}</span>
                <span className="muted model-languages">{row.spec.languages}</span>
              </td>
              <td>{row.dtype}</td>
              <td>{row.device ? DEVICE_LABEL[row.device] : '—'}</td>
              <td data-testid="model-size">
                {row.approximate ? '≈ ' : ''}
                {formatBytes(row.bytes)}
              </td>
              <td>
                <StatusCell row={row} recovery={recovery(row)} />
              </td>
              <td className="model-actions">
                {row.status.kind === 'downloading' ? (
                  <button className="small" onClick={() => service.cancelDownload(row.rowId)}>
                    Cancel
                  </button>
                ) : (
                  <>
                    {row.use && row.status.kind !== 'cached' && row.status.kind !== 'imported' && row.status.kind !== 'failed' && (
                      <button className="small primary" onClick={() => run(service.download(row.rowId))}>
                        Download
                      </button>
                    )}
                    {/* Delete only what is stored: not a model never downloaded, nor a failed download. */}
                    {(row.status.kind === 'cached' || row.status.kind === 'imported' || row.status.kind === 'partial') && (
                      <button className="small danger" onClick={() => run(service.delete(row.rowId))} aria-label={`Delete ${row.spec.id} ${row.dtype}`}>
                        Delete
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
        <button onClick={importFolder}>Import model folder…</button>
        <input
          ref={input}
          type="file"
          className="visually-hidden"
          tabIndex={-1}
          aria-label="Model folder files"
          data-testid="model-folder-input"
          {...{ webkitdirectory: '' }}
          multiple
          onChange={(e) => {
            if (e.target.files?.length) importFiles(filesFromInput(e.target.files));
            e.target.value = '';
          }}
        />
        <button onClick={() => service.freeMemory()} disabled={!state.loaded.embedder && !state.loaded.reranker}>
          Free memory
        </button>
      </div>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}

      <p className="model-storage" data-testid="model-storage">
        Models use {formatBytes(storage.modelBytes)}
        {storage.usage !== null && storage.quota !== null && <> · this site uses {formatBytes(storage.usage)} of {formatBytes(storage.quota)} available</>}
        {' · '}
        {storage.persisted ? (
          <span>Models are kept when space is low.</span>
        ) : (
          <button className="small" onClick={() => run(service.persistStorage())}>
            Keep models when space is low
          </button>
        )}
      </p>

      <details className="model-source" ref={source}>
        <summary>Download source</summary>
        <p className="hint">Models come from the Hugging Face Hub unless you set a mirror (same layout: &lt;mirror&gt;/&lt;model id&gt;/resolve/main/&lt;file&gt;). Nothing is downloaded until you press Download.</p>
        <div className="ask-row">
          <input ref={mirrorInput} aria-label="Mirror URL" placeholder={settings.source?.remoteHost ?? DEFAULT_MODEL_SOURCE.remoteHost} value={mirror} onChange={(e) => setMirror(e.target.value)} />
          <button onClick={() => run(service.setSource({ remoteHost: mirror.trim(), remotePathTemplate: DEFAULT_MODEL_SOURCE.remotePathTemplate }))} disabled={!mirror.trim()}>
            Use mirror
          </button>
          <button className="ghost" onClick={() => run(service.setSource(null))} disabled={!settings.source}>
            Use the Hub
          </button>
        </div>
      </details>

      {state.notices.length > 0 && (
        <ul className="model-notices" role="status" aria-label="Model notices">
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
