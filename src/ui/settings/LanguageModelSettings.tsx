/**
 * Settings → Models → Language model: who writes the answers in this workspace (automatic,
 * WebLLM on the GPU, the CPU model, a local server, or none), each with its status in plain
 * words, and the set-up of each provider (LlmPanels.tsx, LocalServerPanel.tsx). Renders the
 * workspace's ChatService view and the device's LanguageModels state.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { answeringModel, automaticChoice, PROVIDER_OPTIONS, statusWords, type ChatView, type LanguageModelsState, type ProviderChoice } from '../../app/models/chat-view';
import { describeError } from '../../core/errors';
import { CpuModelPanel, WebLlmPanel } from './ChatPanels';
import { LocalServerPanel } from './LocalServerPanel';
import type { Run } from './panel-types';
import { useCasefile, useSession, useWorkspace } from '../common/hooks';
import { useStrings } from '../i18n/LanguageProvider';
import { LANGUAGE_MODEL, type LanguageModelStrings } from './llm-strings';
import { MODELS } from './model-strings';
import './chat.css';
import { APP, workspaceName } from '../app-strings';

/** One sentence on who answers now. */
function summary(t: LanguageModelStrings, view: ChatView, llm: LanguageModelsState): string {
  const { state } = view;
  const provider = t.providers[state.provider].label;
  if (state.status === 'ready') return `${t.answersBy(answeringModel(view, llm) ?? provider, provider)}${state.message ? ` ${state.message}` : ''}`;
  if (state.provider === 'none' && view.settings.provider === 'auto' && !state.message?.includes('failed')) return t.noneReady;
  return state.message ?? '';
}

/** The panel to open first: the chosen provider, else the one answering, else what suits this device. */
function firstPanel(view: ChatView): 'webllm' | 'transformers' | 'endpoint' | null {
  const choice = view.settings.provider;
  if (choice === 'webllm' || choice === 'transformers' || choice === 'endpoint') return choice;
  if (choice === 'none') return null;
  if (view.active !== 'none') return view.active;
  return view.webllm && !view.webllm.unavailable && !view.webllm.warning ? 'webllm' : 'transformers';
}

export function LanguageModelSettings() {
  const app = useCasefile();
  const { chat } = useSession();
  const { current } = useWorkspace();
  const t = useStrings(LANGUAGE_MODEL);
  const m = useStrings(MODELS);
  const appWords = useStrings(APP);
  const view = useSyncExternalStore(
    (cb) => chat.subscribe(cb),
    () => chat.view,
  );
  const llm = useSyncExternalStore(
    (cb) => app.llm.subscribe(cb),
    () => app.llm.state,
  );
  const [error, setError] = useState<string | null>(null);
  const run: Run = (work) => {
    setError(null);
    work.catch((e: unknown) => setError(describeError(e)));
  };
  // Opening the screen checks a saved server that was not checked yet (so its status is current).
  // and reads which WebLLM models this browser keeps.
  useEffect(() => {
    void app.llm.readWebLlmCache();
    void chat.whenReady().then(() => {
      if (chat.view.settings.endpoint && !chat.view.endpoint.check) void chat.testConnection();
    });
  }, [app, chat]);

  if (!view.ready || !llm.ready) {
    return (
      <section className="panel llm-settings">
        <p className="muted">{m.checkingDevice}</p>
      </section>
    );
  }
  const failed = view.rows.some((r) => r.status.kind === 'error');
  const open = firstPanel(view);
  // A local server's memory is the server's: only the on-device models can be freed here.
  const loaded = llm.loaded.webllm !== null || llm.loaded.transformers !== null;

  return (
    <section className="panel llm-settings" aria-labelledby="llm-heading" data-testid="llm-settings">
      <div className="panel-head">
        <h2 id="llm-heading">{t.languageModel}</h2>
        <span className="muted">{t.forWorkspace(workspaceName(current.name, appWords))}</span>
      </div>
      <p className="hint">{t.hint}</p>
      <p className={`llm-now llm-now-${view.state.status}`} role="status" data-testid="llm-state" data-status={view.state.status} data-provider={view.state.provider}>
        {summary(t, view, llm)}
      </p>

      <fieldset className="llm-choice">
        <legend>{t.whoWrites}</legend>
        {PROVIDER_OPTIONS.map((option) => (
          <ProviderOption key={option.value} view={view} value={option.value} label={t.providers[option.value].label} description={t.providers[option.value].description} onChoose={() => run(chat.setProvider(option.value))} />
        ))}
      </fieldset>
      {failed && (
        <div className="actions">
          <button type="button" onClick={() => chat.retry()}>
            {t.tryFailed}
          </button>
        </div>
      )}

      <WebLlmPanel view={view} llm={llm} run={run} open={open === 'webllm'} />
      <CpuModelPanel view={view} llm={llm} run={run} open={open === 'transformers'} />
      <LocalServerPanel view={view} run={run} open={open === 'endpoint'} />

      {loaded && (
        <div className="actions">
          <button type="button" onClick={() => app.llm.freeMemory()}>
            {t.freeMemory}
          </button>
        </div>
      )}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

function ProviderOption({ view, value, label, description, onChoose }: { view: ChatView; value: ProviderChoice; label: string; description: string; onChoose: () => void }) {
  const t = useStrings(LANGUAGE_MODEL);
  const row = value === 'auto' ? null : view.rows.find((r) => r.id === value);
  const auto = automaticChoice(view);
  const words =
    value === 'auto'
      ? { label: auto === 'none' ? t.nowNone : t.now(t.providers[auto].label), detail: null, tone: auto === 'none' ? ('warn' as const) : ('ok' as const) }
      : value === 'none'
        ? { label: t.alwaysAvailable, detail: null, tone: 'ok' as const }
        : { ...statusWords(row!.status), label: t.providerStatus[row!.status.kind] };
  return (
    <label className="llm-option" data-provider={value} data-status={row?.status.kind ?? 'auto'}>
      <input type="radio" name="llm-provider" value={value} checked={view.settings.provider === value} onChange={onChoose} />
      <span className="llm-option-text">
        <span className="llm-option-head">
          <span className="llm-option-label">{label}</span>
          <span className={`badge tone-${words.tone}`} data-testid="provider-status">
            {words.label}
          </span>
        </span>
        <span className="llm-option-desc">{description}</span>
        {words.detail && <span className={`llm-option-detail tone-${words.tone}`}>{words.detail}</span>}
      </span>
    </label>
  );
}
