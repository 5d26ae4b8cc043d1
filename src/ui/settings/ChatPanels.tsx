/**
 * The set-up of the two on-device providers in Settings → Models → Language model: WebLLM's
 * catalog for this GPU (recommended first; models that do not fit disabled with the reason;
 * download with byte progress and cancel, delete, import a folder, a mirror) and the CPU model
 * (model, where it runs, the same actions). Actions appear only when they apply.
 */
import { useRef, useState, type ReactNode } from 'react';
import { generatorRows, HF_HOST, sentence, WEBLLM_LIBRARY_HOST, webLlmRows, type ChatView, type LanguageModelsState, type LlmDownload } from '../../app/models/chat-view';
import type { PickedFile } from '../../app/models/model-view';
import type { Run } from './panel-types';
import { formatBytes } from './ModelManager';
import { useCasefile, useSession } from '../common/hooks';
import { canPickDirectory, filesFromInput, pickDirectory } from './model-folder';

type Picked = { name: string; files: PickedFile[] } | null;

/** A `<details>` that starts open or closed and then follows the user. */
export function Panel({ title, note, open, testId, children }: { title: string; note: string; open: boolean; testId: string; children: ReactNode }) {
  const [isOpen, setOpen] = useState(open);
  return (
    <details className="llm-panel" open={isOpen} onToggle={(e) => setOpen(e.currentTarget.open)} data-testid={testId}>
      <summary>
        <span className="llm-panel-title">{title}</span> <span className="muted">{note}</span>
      </summary>
      <div className="llm-panel-body">{children}</div>
    </details>
  );
}

/** A folder picker (File System Access, or `<input webkitdirectory>`); `pick()` opens it. */
function useFolderPicker(testId: string, onPicked: (picked: Picked) => void, run: Run): { input: ReactNode; pick: () => void } {
  const ref = useRef<HTMLInputElement>(null);
  const input = (
    <input
      ref={ref}
      type="file"
      className="visually-hidden"
      tabIndex={-1}
      aria-hidden="true"
      data-testid={testId}
      {...{ webkitdirectory: '' }}
      multiple
      onChange={(e) => {
        if (e.target.files?.length) onPicked(filesFromInput(e.target.files));
        e.target.value = '';
      }}
    />
  );
  return { input, pick: () => (canPickDirectory() ? run(pickDirectory().then(onPicked)) : ref.current?.click()) };
}

function Progress({ download, label }: { download: LlmDownload; label: string }) {
  const p = download.progress;
  return (
    <div className="model-progress">
      <progress max={100} value={p.percent} aria-label={`Downloading ${label}`} />
      <span>{p.phase === 'downloading' ? (p.total > 0 ? `${formatBytes(p.loaded)} of ${formatBytes(p.total)} (${Math.floor(p.percent)}%)` : 'Starting the download…') : 'Preparing the model…'}</span>
    </div>
  );
}

export function WebLlmPanel({ view, llm, run, open }: { view: ChatView; llm: LanguageModelsState; run: Run; open: boolean }) {
  const app = useCasefile();
  const { chat } = useSession();
  const [target, setTarget] = useState<string | null>(null);
  const [models, setModels] = useState('');
  const [libraries, setLibraries] = useState('');
  const folder = useFolderPicker('webllm-folder-input', (picked) => {
    if (picked && target) run(app.llm.importWebLlmFolder(target, picked.files));
  }, run);
  const plan = view.webllm;
  const rows = webLlmRows(view, llm);
  const row = view.rows.find((r) => r.id === 'webllm');
  return (
    <Panel title="WebLLM models" note="on this computer's graphics card" open={open} testId="webllm-panel">
      <p className="muted small-text" data-testid="llm-device">
        {llm.device}
      </p>
      {!plan || plan.unavailable ? (
        <p className="llm-warning" data-testid="webllm-unavailable">
          {plan ? sentence(plan.unavailable!) : 'Checking this device…'}. Choose the CPU model or a local server instead.
        </p>
      ) : (
        <>
          {plan.warning && (
            <p className="llm-warning" data-testid="webllm-warning">
              {sentence(plan.warning)}. You can still choose one of the models that fit.
            </p>
          )}
          <ul className="llm-models" aria-label="WebLLM models">
            {rows.map((r) => (
              <li key={r.id} className={r.fits || r.cached ? '' : 'llm-model-unfit'} data-testid="webllm-model" data-model={r.id} data-fits={String(r.fits)} data-cached={String(r.cached)}>
                <label className="llm-model-name">
                  <input type="radio" name="webllm-model" checked={r.chosen} disabled={!r.fits && !r.cached} onChange={() => run(chat.setWebLlmModel(r.id))} />
                  <span>{r.label}</span> <span className="badge">{r.quant}</span>
                  {r.recommended && <span className="badge tone-ok">Recommended</span>}
                </label>
                <span className="muted small-text">
                  needs ≈ {formatBytes(r.gpuBytes)} of GPU memory · {r.languages}
                </span>
                {!r.fits && !r.cached && <span className="llm-reason">Does not fit this device: {r.reason}</span>}
                {r.failure && !r.download && <p className="error-text llm-failure">{r.failure}</p>}
                {r.download ? (
                  <div className="llm-model-actions">
                    <Progress download={r.download} label={r.id} />
                    <button type="button" className="small" onClick={() => app.llm.cancelDownload(r.download!.key)}>
                      Cancel
                    </button>
                  </div>
                ) : (
                  <div className="llm-model-actions">
                    {r.cached && <span className="badge tone-ok">Downloaded</span>}
                    {!r.cached && r.fits && (
                      <button type="button" className="small primary" onClick={() => run(app.llm.downloadWebLlm(r.id))}>
                        {r.failure ? 'Retry' : 'Download'}
                      </button>
                    )}
                    {!r.cached && r.fits && (
                      <button
                        type="button"
                        className="small"
                        onClick={() => {
                          setTarget(r.id);
                          folder.pick();
                        }}
                      >
                        Import folder…
                      </button>
                    )}
                    {r.cached && (
                      <button type="button" className="small danger" onClick={() => run(app.llm.deleteWebLlm(r.id))} aria-label={`Delete ${r.label} ${r.quant}`}>
                        Delete
                      </button>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
          {row?.status.kind === 'not-downloaded' && <p className="hint">Downloaded once into this browser, then it works offline.</p>}
          {folder.input}
          <details className="model-source">
            <summary>Download source</summary>
            <p className="hint">WebLLM models come from the Hugging Face Hub and their GPU code from web-llm&apos;s library host, unless you set mirrors with the same layout. Nothing is downloaded until you press Download.</p>
            <div className="llm-form-row">
              <input aria-label="WebLLM model mirror" placeholder={llm.webllmSource?.modelHost ?? HF_HOST} value={models} onChange={(e) => setModels(e.target.value)} />
              <input aria-label="WebLLM library mirror" placeholder={llm.webllmSource?.libraryHost ?? WEBLLM_LIBRARY_HOST} value={libraries} onChange={(e) => setLibraries(e.target.value)} />
            </div>
            <div className="actions">
              <button type="button" disabled={!models.trim() && !libraries.trim()} onClick={() => run(app.llm.setWebLlmSource({ modelHost: models.trim() || null, libraryHost: libraries.trim() || null }))}>
                Use mirror
              </button>
              {llm.webllmSource && (
                <button type="button" className="ghost" onClick={() => run(app.llm.setWebLlmSource(null))}>
                  Use the default hosts
                </button>
              )}
            </div>
          </details>
        </>
      )}
    </Panel>
  );
}

export function CpuModelPanel({ view, llm, run, open }: { view: ChatView; llm: LanguageModelsState; run: Run; open: boolean }) {
  const app = useCasefile();
  const { chat } = useSession();
  const folder = useFolderPicker('cpu-folder-input', (picked) => {
    if (picked) run(app.llm.importGeneratorFolder(picked.files, picked.name).then((spec) => chat.setGenerator({ model: spec.key, dtype: null })));
  }, run);
  const row = view.rows.find((r) => r.id === 'transformers');
  const device = view.settings.transformers.device;
  const webgpu = Boolean(llm.caps?.webgpu);
  return (
    <Panel title="CPU model" note="on this computer's processor, any computer" open={open} testId="cpu-panel">
      <p className="hint">A small model that runs on the processor (or on the graphics card through WebGPU). Slower than WebLLM, and its answers are simpler.</p>
      <label className="model-field">
        <span>Runs on</span>
        <select aria-label="CPU model runs on" value={device ?? ''} onChange={(e) => run(chat.setGenerator({ device: (e.target.value || null) as never, dtype: null }))}>
          <option value="">Automatic ({row?.device === 'webgpu' ? 'graphics card' : 'processor'})</option>
          <option value="wasm">Processor (WASM)</option>
          <option value="webgpu" disabled={!webgpu}>
            Graphics card (WebGPU){webgpu ? '' : ' — not available'}
          </option>
        </select>
      </label>
      <ul className="llm-models" aria-label="CPU models">
        {generatorRows(view, llm).map((g) => (
          <li key={g.key} data-testid="cpu-model" data-model={g.id} data-cached={String(g.cached)}>
            <label className="llm-model-name">
              <input type="radio" name="cpu-model" checked={g.chosen} onChange={() => run(chat.setGenerator({ model: g.key, dtype: null }))} />
              <span>{g.label}</span> <span className="badge">{g.dtype}</span>
              {g.imported && <span className="badge">Imported</span>}
            </label>
            <span className="muted small-text">
              {formatBytes(g.bytes)}
              {g.languages ? ` · ${g.languages}` : ''}
            </span>
            {g.failure && !g.download && <p className="error-text llm-failure">{g.failure}</p>}
            {g.download ? (
              <div className="llm-model-actions">
                <Progress download={g.download} label={g.id} />
                <button type="button" className="small" onClick={() => app.llm.cancelDownload(g.download!.key)}>
                  Cancel
                </button>
              </div>
            ) : (
              <div className="llm-model-actions">
                {g.cached && <span className="badge tone-ok">Downloaded</span>}
                {!g.cached && !g.imported && (
                  <button type="button" className="small primary" onClick={() => run(app.llm.downloadGenerator(g.key, g.dtype, row?.device ?? 'wasm'))}>
                    {g.failure ? 'Retry' : 'Download'}
                  </button>
                )}
                {g.cached && (
                  <button type="button" className="small danger" onClick={() => run(app.llm.deleteGenerator(g.key, g.dtype))} aria-label={`Delete ${g.label} ${g.dtype}`}>
                    Delete
                  </button>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      <div className="actions">
        <button type="button" onClick={folder.pick}>
          Import model folder…
        </button>
      </div>
      <p className="hint">Downloads come from the Hugging Face Hub, or the mirror set under “Download source” in the models section below. A folder holds config.json, the tokenizer files and onnx/model_*.onnx.</p>
      {folder.input}
    </Panel>
  );
}
