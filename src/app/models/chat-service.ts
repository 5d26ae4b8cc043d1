/**
 * The language model of one workspace (ChatAccess, `WorkspaceSession.chat`): reads the
 * workspace's choice (ChatSettings in its database, validated on read), computes each provider's
 * status from what this device has (LanguageModels: capabilities, caches, workers) and the local
 * server's last check, and picks the provider that answers (`activeProvider`: 'auto' takes the
 * first ready one of WebLLM, the local server and the CPU model). `model()` loads it on demand
 * (chat-loader.ts: progress, failures recorded against their provider, 'auto' moving on).
 *
 * Saving a local server stores the origins its worker may reach and restarts that worker
 * (LanguageModels.admitEndpoint), then checks the connection.
 */
import { describeError, ModelError, throwIfAborted } from '../../core/errors';
import type { EventSink } from '../../core/events';
import type { ChatModel, JobOptions } from '../../core/ports';
import { endpointProblem, readEndpointConfig } from '../../models/chat/endpoint-config';
import { activeProvider, CHAT_SETTINGS_KEY, DEFAULT_CHAT_SETTINGS, providerRows, sanitizeChatSettings, type ChatSettings, type ProviderChoice, type ProviderId, type ProviderRow } from '../../models/chat/providers';
import { planWebLlm, type WebLlmPlan } from '../../models/chat/webllm-catalog';
import type { WorkspaceDb } from '../../store/db';
import { abortRace } from '../../rpc/handle';
import type { ChatAccess, ChatState } from './chat-access';
import type { ChatLoadProgress } from '../workers/chat-worker';
import { chatState } from './chat-reasons';
import { ChatLoader } from './chat-loader';
import type { LanguageModels, LlmProvider } from './chat-device';

export interface EndpointCheck {
  readonly ok: boolean;
  /** What went wrong (the provider's typed message), or what the server offers. */
  readonly message: string;
  readonly at: number;
  /** The server and model it checked ("<baseUrl> <model>"). */
  readonly target: string;
}

/** What Settings → Models → Language model shows for this workspace. */
export interface ChatView {
  readonly ready: boolean;
  readonly settings: ChatSettings;
  readonly rows: readonly ProviderRow[];
  readonly active: ProviderId;
  /** WebLLM's catalog for this device (with this workspace's memory figure). */
  readonly webllm: WebLlmPlan | null;
  readonly endpoint: { readonly checking: boolean; readonly check: EndpointCheck | null };
  /** The model loading now, with its progress. */
  readonly loading: { readonly provider: LlmProvider; readonly progress: ChatLoadProgress | null } | null;
  readonly state: ChatState;
}

export interface ChatServiceDeps {
  readonly db: WorkspaceDb;
  readonly llm: LanguageModels;
  readonly events: EventSink;
}

/** A failed local server is checked again at most this often when a question needs it. */
const RECHECK_MS = 30_000;

type Listener = () => void;

export class ChatService implements ChatAccess {
  readonly #deps: ChatServiceDeps;
  #settings: ChatSettings = DEFAULT_CHAT_SETTINGS;
  #check: EndpointCheck | null = null;
  #checking: Promise<void> | null = null;
  #checkingTarget: string | null = null;
  #settingsRead = false;
  readonly #loader: ChatLoader;
  #view: ChatView;
  readonly #listeners = new Set<Listener>();
  readonly #ready: Promise<void>;
  readonly #unsubscribe: () => void;
  #disposed = false;

  constructor(deps: ChatServiceDeps) {
    this.#deps = deps;
    this.#loader = new ChatLoader({
      llm: deps.llm,
      events: deps.events,
      settings: () => this.#settings,
      rows: () => this.#rows(),
      checkIfDue: (signal) => this.#checkIfDue(signal),
      publish: () => this.#publish(),
      disposed: () => this.#disposed,
    });
    this.#view = this.#compute(false);
    this.#unsubscribe = deps.llm.subscribe(() => this.#publish());
    this.#ready = (async () => {
      this.#settings = sanitizeChatSettings((await deps.db.meta.get(CHAT_SETTINGS_KEY))?.value);
      await deps.llm.start();
      // A workspace closed meanwhile must not set the policy of the one open now.
      if (!this.#disposed) await deps.llm.admitEndpoint(this.#settings.endpoint);
      this.#settingsRead = true;
    })();
    this.#ready.then(
      () => this.#publish(),
      (error: unknown) => console.warn(`Casefile: language-model settings unavailable: ${describeError(error)}`),
    );
  }

  get state(): ChatState {
    return this.#view.state;
  }

  get view(): ChatView {
    return this.#view;
  }

  /** Resolves once the workspace's settings are read (tests, the settings screen). */
  whenReady(): Promise<void> {
    return this.#ready;
  }

  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #rows(): ProviderRow[] {
    const s = this.#deps.llm.state;
    return providerRows(this.#settings, {
      caps: s.caps ?? { webgpu: null, webgpuError: 'not detected yet', crossOriginIsolated: false, cores: 1, memoryGb: null },
      webllmCached: s.webllmCached,
      generatorsCached: s.generatorsCached,
      endpointCheck: this.#check ? (this.#check.ok ? { ok: true } : { ok: false, message: this.#check.message }) : null,
      failures: this.#loader.failures,
      customGenerators: s.generators.filter((g) => g.custom),
    });
  }

  #compute(ready: boolean): ChatView {
    const rows = this.#rows();
    const active = activeProvider(this.#settings, rows);
    const caps = this.#deps.llm.state.caps;
    const current = this.#loader.loading;
    const loading = current && current.provider === active ? current : null;
    const skipped = this.#loader.skipped;
    return {
      ready,
      settings: this.#settings,
      rows,
      active,
      webllm: caps ? planWebLlm({ gpu: caps.webgpu, gpuError: caps.webgpuError, memoryGb: caps.memoryGb, overrideMB: this.#settings.webllm.memoryOverrideMB }) : null,
      endpoint: { checking: this.#checking !== null, check: this.#check },
      loading,
      state: chatState({ choice: this.#settings.provider, rows, active, loading: loading ? loading.progress : undefined, skipped: skipped ? { provider: skipped, message: this.#loader.failures[skipped] ?? 'unknown error' } : null }),
    };
  }

  #publish(): void {
    this.#view = this.#compute(this.#settingsRead);
    for (const l of this.#listeners) l();
  }

  // ---- the model --------------------------------------------------------------------------------
  /** The model of the provider that answers, loaded (chat-loader.ts); null: none can (the state says why). */
  async model(options: JobOptions = {}): Promise<ChatModel | null> {
    throwIfAborted(options.signal, 'choosing the language model');
    await this.#ready.catch(() => undefined);
    if (this.#settings.provider === 'auto' || this.#settings.provider === 'webllm') await this.#deps.llm.readWebLlmCache();
    return this.#loader.model(options);
  }

  // ---- the local server -------------------------------------------------------------------------
  #checkIfDue(signal: AbortSignal | undefined): Promise<void> {
    const { endpoint, provider } = this.#settings;
    if (!endpoint || (provider !== 'auto' && provider !== 'endpoint')) return Promise.resolve();
    const stale = this.#check === null || ((!this.#check.ok || this.#loader.failures.endpoint !== undefined) && Date.now() - this.#check.at > RECHECK_MS);
    if (!stale && !this.#checking) return Promise.resolve();
    const abort = abortRace(signal, 'checking the local server');
    return Promise.race([this.testConnection(), abort.promise]).finally(abort.dispose);
  }

  /** Lists the server's models from the endpoint worker; the result (or the precise failure) lands in `view.endpoint.check`. */
  testConnection(): Promise<void> {
    const config = this.#settings.endpoint;
    if (!config) return Promise.resolve();
    const target = `${config.baseUrl} ${config.model}`;
    // A check of another server (or model) still running answers for that one: this one runs after it.
    if (this.#checking && this.#checkingTarget !== target) return this.#checking.then(() => this.testConnection());
    this.#checkingTarget = target;
    this.#checking ??= (async () => {
      this.#publish();
      try {
        const models = await this.#deps.llm.checkEndpoint(config);
        this.#check = { ok: true, message: `Connected: ${config.model} is available (the server has ${models.length} model${models.length === 1 ? '' : 's'}).`, at: Date.now(), target: `${config.baseUrl} ${config.model}` };
        this.#loader.endpointReached();
      } catch (error) {
        this.#check = { ok: false, message: describeError(error), at: Date.now(), target: `${config.baseUrl} ${config.model}` };
      } finally {
        this.#checking = null;
        this.#publish();
      }
    })();
    return this.#checking;
  }

  /**
   * Validates and saves the local server (InputError naming the bad field), admits its origin
   * for the endpoint worker (restarting it), and checks the connection.
   */
  async saveEndpoint(input: { baseUrl: string; model: string; apiKey?: string | null }): Promise<void> {
    const config = readEndpointConfig(input);
    const mixed = endpointProblem(config.baseUrl, typeof location === 'undefined' ? null : location.origin);
    if (mixed) throw new ModelError('model/unreachable', mixed, { details: { reason: 'mixed-content' } });
    this.#check = null;
    // Admitted first: saving publishes the settings, and a check started from them must already run under the new policy.
    await this.#deps.llm.admitEndpoint(config);
    try {
      await this.#update({ endpoint: config });
    } catch (error) {
      await this.#deps.llm.admitEndpoint(this.#settings.endpoint ?? null);
      throw error;
    }
    await this.testConnection();
  }

  async removeEndpoint(): Promise<void> {
    await this.#update({ endpoint: null, ...(this.#settings.provider === 'endpoint' ? { provider: 'auto' as const } : {}) });
    this.#check = null;
    await this.#deps.llm.admitEndpoint(null);
    this.#publish();
  }

  // ---- settings ---------------------------------------------------------------------------------
  setProvider(provider: ProviderChoice): Promise<void> {
    return this.#update({ provider });
  }

  /** The WebLLM model of this workspace (null: the one recommended for this device). */
  setWebLlmModel(model: string | null): Promise<void> {
    return this.#update({ webllm: { ...this.#settings.webllm, model } });
  }

  /** The CPU model, its device and dtype (null: chosen for this device). */
  setGenerator(patch: Partial<ChatSettings['transformers']>): Promise<void> {
    return this.#update({ transformers: { ...this.#settings.transformers, ...patch } });
  }

  /** Forgets recorded failures: the next question tries the providers again. */
  retry(): void {
    this.#loader.forget();
    this.#check = null;
    this.#publish();
  }

  /** Applies a change at once (the screen follows the click), then stores it; a failed write is undone. */
  async #update(patch: Partial<ChatSettings>): Promise<void> {
    await this.#ready;
    const before = this.#settings;
    const next = sanitizeChatSettings({ ...before, ...patch });
    this.#settings = next;
    this.#loader.forget();
    this.#publish();
    try {
      await this.#deps.db.meta.put({ key: CHAT_SETTINGS_KEY, value: next });
    } catch (error) {
      if (this.#settings === next) this.#settings = before;
      this.#publish();
      throw error;
    }
  }

  /** The workspace closes: its views stop listening (the device's workers stay warm for the next one). */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#unsubscribe();
    this.#listeners.clear();
  }
}
