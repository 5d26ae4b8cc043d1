/**
 * Settings → Models → Language model → Local server: the address, model and optional key of the
 * user's OpenAI-compatible server (Ollama, llama.cpp, LM Studio, vLLM), "Save and test", "Test
 * connection", and the precise cause when it fails (unreachable, the app's origin not allowed —
 * with how to allow it —, model missing, key refused).
 */
import { useState, type FormEvent } from 'react';
import { plainMessage, type ChatView } from '../../app/models/chat-view';
import type { Run } from './panel-types';
import { Panel } from './ChatPanels';
import { useSession } from '../common/hooks';
import { useStrings } from '../i18n/LanguageProvider';
import { LANGUAGE_MODEL } from './llm-strings';

/** The placeholders: an address and a model as Ollama names them. */
const EXAMPLE_URL = 'http://localhost:11434';
const EXAMPLE_MODEL = 'qwen2.5:7b-instruct';

export function LocalServerPanel({ view, run, open }: { view: ChatView; run: Run; open: boolean }) {
  const { chat } = useSession();
  const t = useStrings(LANGUAGE_MODEL);
  const saved = view.settings.endpoint;
  const [baseUrl, setBaseUrl] = useState(saved?.baseUrl ?? '');
  const [model, setModel] = useState(saved?.model ?? '');
  const [apiKey, setApiKey] = useState(saved?.apiKey ?? '');
  const dirty = baseUrl.trim() !== (saved?.baseUrl ?? '') || model.trim() !== (saved?.model ?? '') || apiKey.trim() !== (saved?.apiKey ?? '');
  const origin = location.origin;
  const { checking, check } = view.endpoint;
  const save = (e: FormEvent) => {
    e.preventDefault();
    run(chat.saveEndpoint({ baseUrl: baseUrl.trim(), model: model.trim(), apiKey: apiKey.trim() || null }));
  };
  const remove = () => {
    setBaseUrl('');
    setModel('');
    setApiKey('');
    run(chat.removeEndpoint());
  };
  return (
    <Panel title={t.localServer} note={t.serverNote} open={open} testId="endpoint-panel">
      <p className="hint">
        {t.serverHint[0]}
        <code>{origin}</code>
        {t.serverHint[1]}
        <code>{`OLLAMA_ORIGINS=${origin}`}</code>
        {t.serverHint[2]}
      </p>
      <form className="llm-form" onSubmit={save} aria-label={t.localServer}>
        <label>
          <span>{t.serverAddress}</span>
          <input name="baseUrl" value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} placeholder={EXAMPLE_URL} autoComplete="off" spellCheck={false} />
        </label>
        <label>
          <span>{t.model}</span>
          <input name="model" value={model} onChange={(e) => setModel(e.target.value)} placeholder={EXAMPLE_MODEL} autoComplete="off" spellCheck={false} />
        </label>
        <label>
          <span>{t.apiKey}</span>
          <input name="apiKey" type="password" value={apiKey} onChange={(e) => setApiKey(e.target.value)} autoComplete="off" />
        </label>
        <p className="hint">{t.keyHint}</p>
        <div className="actions">
          <button type="submit" className="primary" disabled={!dirty || !baseUrl.trim() || !model.trim()}>
            {t.saveAndTest}
          </button>
          {saved && !dirty && (
            <button type="button" onClick={() => run(chat.testConnection())} disabled={checking}>
              {t.testConnection}
            </button>
          )}
          {saved && (
            <button type="button" className="ghost danger" onClick={remove}>
              {t.remove}
            </button>
          )}
        </div>
      </form>
      {saved && (checking || check) && (
        <p className={`llm-check ${checking ? '' : check?.ok ? 'tone-ok' : 'error-text'}`} role="status" data-testid="endpoint-check" data-ok={checking ? 'checking' : String(check?.ok)} data-target={check?.target}>
          {checking ? t.checkingConnection : plainMessage(check?.message ?? '')}
        </p>
      )}
    </Panel>
  );
}
