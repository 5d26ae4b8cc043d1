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
import { BYTE_UNITS, formatBytes } from './byte-units';
import { useCasefile, useSession } from '../common/hooks';
import { useStrings } from '../i18n/LanguageProvider';
import { LANGUAGE_MODEL } from './llm-strings';
import { canPickDirectory, filesFromInput, pickDirectory } from './model-folder';
import { MODELS } from './model-strings';

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
  const t = useStrings(LANGUAGE_MODEL);
  const m = useStrings(MODELS);
  const u = useStrings(BYTE_UNITS);
  const p = download.progress;
  return (
    <div className="model-progress">
      <progress max={100} value={p.percent} aria-label={m.downloadingModel(label)} />
      <span>{p.phase === 'downloading' ? (p.total > 0 ? m.progress(formatBytes(p.loaded, u), formatBytes(p.total, u), Math.floor(p.percent)) : t.startingDownload) : t.preparingModel}</span>
    </div>
  );
}

export function WebLlmPanel({ view, llm, run, open }: { view: ChatView; llm: LanguageModelsState; run: Run; open: boolean }) {
  const app = useCasefile();
  const { chat } = useSession();
  const t = useStrings(LANGUAGE_MODEL);
  const m = useStrings(MODELS);
  const u = useStrings(BYTE_UNITS);
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
    <Panel title={t.webllmModels} note={t.webllmNote} open={open} testId="webllm-panel">
      <p className="muted small-text" data-testid="llm-device">
        {llm.device}
      </p>
      {!plan || plan.unavailable ? (
        <p className="llm-warning" data-testid="webllm-unavailable">
          {plan ? sentence(plan.unavailable!) : m.checkingDevice}. {t.chooseInstead}
        </p>
      ) : (
        <>
          {plan.warning && (
            <p className="llm-warning" data-testid="webllm-warning">
              {sentence(plan.warning)}. {t.stillChoose}
            </p>
          )}
          <ul className="llm-models" aria-label={t.webllmModels}>
            {rows.map((r) => (
              <li key={r.id} className={r.fits || r.cached ? '' : 'llm-model-unfit'} data-testid="webllm-model" data-model={r.id} data-fits={String(r.fits)} data-cached={String(r.cached)}>
                <label className="llm-model-name">
                  <input type="radio" name="webllm-model" checked={r.chosen} disabled={!r.fits && !r.cached} onChange={() => run(chat.setWebLlmModel(r.id))} />
                  <span>{r.label}</span> <span className="badge">{r.quant}</span>
                  {r.recommended && <span className="badge tone-ok">{t.recommended}</span>}
                </label>
                <span className="muted small-text">
                  {t.needsGpu(formatBytes(r.gpuBytes, u))} · {r.languages}
                </span>
                {!r.fits && !r.cached && <span className="llm-reason">{t.doesNotFit(r.reason ?? '')}</span>}
                {r.failure && !r.download && <p className="error-text llm-failure">{r.failure}</p>}
                {r.download ? (
                  <div className="llm-model-actions">
                    <Progress download={r.download} label={r.id} />
                    <button type="button" className="small" onClick={() => app.llm.cancelDownload(r.download!.key)}>
                      {m.cancel}
                    </button>
                  </div>
                ) : (
                  <div className="llm-model-actions">
                    {r.cached && <span className="badge tone-ok">{m.status.cached}</span>}
                    {!r.cached && r.fits && (
                      <button type="button" className="small primary" onClick={() => run(app.llm.downloadWebLlm(r.id))}>
                        {r.failure ? m.retry : m.download}
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
                        {t.importFolder}
                      </button>
                    )}
                    {r.cached && (
                      <button type="button" className="small danger" onClick={() => run(app.llm.deleteWebLlm(r.id))} aria-label={m.deleteModel(r.label, r.quant)}>
                        {m.delete}
                      </button>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
          {row?.status.kind === 'not-downloaded' && <p className="hint">{t.downloadedOnce}</p>}
          {folder.input}
          <details className="model-source">
            <summary>{m.downloadSource}</summary>
            <p className="hint">{t.webllmSourceHint}</p>
            <div className="llm-form-row">
              <input aria-label={t.modelMirror} placeholder={llm.webllmSource?.modelHost ?? HF_HOST} value={models} onChange={(e) => setModels(e.target.value)} />
              <input aria-label={t.libraryMirror} placeholder={llm.webllmSource?.libraryHost ?? WEBLLM_LIBRARY_HOST} value={libraries} onChange={(e) => setLibraries(e.target.value)} />
            </div>
            <div className="actions">
              <button type="button" disabled={!models.trim() && !libraries.trim()} onClick={() => run(app.llm.setWebLlmSource({ modelHost: models.trim() || null, libraryHost: libraries.trim() || null }))}>
                {m.useMirror}
              </button>
              {llm.webllmSource && (
                <button type="button" className="ghost" onClick={() => run(app.llm.setWebLlmSource(null))}>
                  {t.useDefaultHosts}
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
  const t = useStrings(LANGUAGE_MODEL);
  const m = useStrings(MODELS);
  const u = useStrings(BYTE_UNITS);
  const folder = useFolderPicker('cpu-folder-input', (picked) => {
    if (picked) run(app.llm.importGeneratorFolder(picked.files, picked.name).then((spec) => chat.setGenerator({ model: spec.key, dtype: null })));
  }, run);
  const row = view.rows.find((r) => r.id === 'transformers');
  const device = view.settings.transformers.device;
  const webgpu = Boolean(llm.caps?.webgpu);
  return (
    <Panel title={t.cpuModel} note={t.cpuNote} open={open} testId="cpu-panel">
      <p className="hint">{t.cpuHint}</p>
      <label className="model-field">
        <span>{t.runsOn}</span>
        <select aria-label={t.cpuRunsOn} value={device ?? ''} onChange={(e) => run(chat.setGenerator({ device: (e.target.value || null) as never, dtype: null }))}>
          <option value="">{m.automatic(row?.device === 'webgpu' ? t.graphicsCard : t.processor)}</option>
          <option value="wasm">{t.processorWasm}</option>
          <option value="webgpu" disabled={!webgpu}>
            {t.graphicsCardWebGpu}
            {webgpu ? '' : ` — ${t.notAvailable}`}
          </option>
        </select>
      </label>
      <ul className="llm-models" aria-label={t.cpuModels}>
        {generatorRows(view, llm).map((g) => (
          <li key={g.key} data-testid="cpu-model" data-model={g.id} data-cached={String(g.cached)}>
            <label className="llm-model-name">
              <input type="radio" name="cpu-model" checked={g.chosen} onChange={() => run(chat.setGenerator({ model: g.key, dtype: null }))} />
              <span>{g.label}</span> <span className="badge">{g.dtype}</span>
              {g.imported && <span className="badge">{m.status.imported}</span>}
            </label>
            <span className="muted small-text">
              {formatBytes(g.bytes, u)}
              {g.languages ? ` · ${g.languages}` : ''}
            </span>
            {g.failure && !g.download && <p className="error-text llm-failure">{g.failure}</p>}
            {g.download ? (
              <div className="llm-model-actions">
                <Progress download={g.download} label={g.id} />
                <button type="button" className="small" onClick={() => app.llm.cancelDownload(g.download!.key)}>
                  {m.cancel}
                </button>
              </div>
            ) : (
              <div className="llm-model-actions">
                {g.cached && <span className="badge tone-ok">{m.status.cached}</span>}
                {!g.cached && !g.imported && (
                  <button type="button" className="small primary" onClick={() => run(app.llm.downloadGenerator(g.key, g.dtype, row?.device ?? 'wasm'))}>
                    {g.failure ? m.retry : m.download}
                  </button>
                )}
                {g.cached && (
                  <button type="button" className="small danger" onClick={() => run(app.llm.deleteGenerator(g.key, g.dtype))} aria-label={m.deleteModel(g.label, g.dtype)}>
                    {m.delete}
                  </button>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      <div className="actions">
        <button type="button" onClick={folder.pick}>
          {m.importModelFolder}
        </button>
      </div>
      <p className="hint">{t.cpuSourceHint}</p>
      {folder.input}
    </Panel>
  );
}
