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

export function LocalServerPanel({ view, run, open }: { view: ChatView; run: Run; open: boolean }) {
  const { chat } = useSession();
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
    <Panel title="Local server" note="a model server you run (Ollama, llama.cpp, LM Studio, vLLM)" open={open} testId="endpoint-panel">
      <p className="hint">
        Any OpenAI-compatible server on this computer or your network. It must allow this app&apos;s address, <code>{origin}</code>: for Ollama, start it with{' '}
        <code>OLLAMA_ORIGINS={origin}</code>.
      </p>
      <form className="llm-form" onSubmit={save} aria-label="Local server">
        <label>
          <span>Server address</span>
          <input name="baseUrl" value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} placeholder="http://localhost:11434" autoComplete="off" spellCheck={false} />
        </label>
        <label>
          <span>Model</span>
          <input name="model" value={model} onChange={(e) => setModel(e.target.value)} placeholder="qwen2.5:7b-instruct" autoComplete="off" spellCheck={false} />
        </label>
        <label>
          <span>API key (optional)</span>
          <input name="apiKey" type="password" value={apiKey} onChange={(e) => setApiKey(e.target.value)} autoComplete="off" />
        </label>
        <p className="hint">The key is stored in this browser (this workspace&apos;s storage on this computer) and is sent only to this server.</p>
        <div className="actions">
          <button type="submit" className="primary" disabled={!dirty || !baseUrl.trim() || !model.trim()}>
            Save and test
          </button>
          {saved && !dirty && (
            <button type="button" onClick={() => run(chat.testConnection())} disabled={checking}>
              Test connection
            </button>
          )}
          {saved && (
            <button type="button" className="ghost danger" onClick={remove}>
              Remove
            </button>
          )}
        </div>
      </form>
      {saved && (checking || check) && (
        <p className={`llm-check ${checking ? '' : check?.ok ? 'tone-ok' : 'error-text'}`} role="status" data-testid="endpoint-check" data-ok={checking ? 'checking' : String(check?.ok)} data-target={check?.target}>
          {checking ? 'Checking the connection…' : plainMessage(check?.message ?? '')}
        </p>
      )}
    </Panel>
  );
}
