/**
 * The language model of one workspace (ChatAccess, `WorkspaceSession.chat`): reads the
 * workspace's choice (ChatSettings in its database, validated on read), computes each provider's
 * status from what this device has (LanguageModels: capabilities, caches, workers) and the local
 * server's last check, picks the provider that answers (`activeProvider`: 'auto' takes the first
 * ready one of WebLLM, the local server and the CPU model), and loads its model on demand with
 * byte progress on the event stream.
 *
 * Failures are never silent: a load or generation failure is recorded against its provider (its
 * status becomes the provider's own message, e.g. the CORS advice naming the app's origin),
 * 'auto' moves on to the next ready provider, and a chosen provider that cannot answer leaves
 * `model()` null with the reason in `state.message` — the answer layer then composes extractive
 * answers and says why. Saving a local server stores the origins its worker may reach and
 * restarts that worker (LanguageModels.admitEndpoint), then checks the connection.
 */
import { describeError, isAbort, ModelError, throwIfAborted, toSerialized } from '../../core/errors';
import { jobEmitter, type EventSink } from '../../core/events';
import type { ChatDelta, ChatModel, ChatRequest, Device, Dtype, JobOptions, JsonSchema } from '../../core/ports';
import { endpointProblem, readEndpointConfig } from '../../models/chat/endpoint-config';
import { chatFailureReason } from '../../models/chat/failures';
import { isDeviceFailure } from '../../models/failures';
import { pickGeneratorDtype, type GeneratorSpec } from '../../models/chat/generators';
import { activeProvider, CHAT_SETTINGS_KEY, DEFAULT_CHAT_SETTINGS, generatorChoice, providerRows, sanitizeChatSettings, type ChatSettings, type ProviderChoice, type ProviderId, type ProviderRow } from '../../models/chat/providers';
import { planWebLlm, type WebLlmPlan } from '../../models/chat/webllm-catalog';
import type { WorkspaceDb } from '../../store/db';
import { abortRace } from '../../rpc/handle';
import type { ChatAccess, ChatState } from './chat-access';
import type { ChatLoadProgress } from '../workers/chat-worker';
import { chatState, shortReason } from './chat-reasons';
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
let nextJob = 1;

interface LoadEntry {
  readonly provider: LlmProvider;
  readonly key: string;
  promise: Promise<ChatModel>;
  progress: ChatLoadProgress | null;
}

export class ChatService implements ChatAccess {
  readonly #deps: ChatServiceDeps;
  #settings: ChatSettings = DEFAULT_CHAT_SETTINGS;
  #failures: Partial<Record<ProviderId, string>> = {};
  #check: EndpointCheck | null = null;
  #checking: Promise<void> | null = null;
  #checkingTarget: string | null = null;
  #loading: LoadEntry | null = null;
  /** The last model this workspace loaded (its worker may still hold it). */
  #loadedKey: string | null = null;
  /** CPU-model choices whose WebGPU load failed (they run on the processor instead). */
  readonly #fellBack = new Set<string>();
  #settingsRead = false;
  /** A provider 'auto' passed over because it failed (said in the state's message). */
  #skipped: ProviderId | null = null;
  #view: ChatView;
  readonly #listeners = new Set<Listener>();
  readonly #ready: Promise<void>;
  readonly #unsubscribe: () => void;
  #disposed = false;

  constructor(deps: ChatServiceDeps) {
    this.#deps = deps;
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
      failures: this.#failures,
      customGenerators: s.generators.filter((g) => g.custom),
    });
  }

  #compute(ready: boolean): ChatView {
    const rows = this.#rows();
    const active = activeProvider(this.#settings, rows);
    const caps = this.#deps.llm.state.caps;
    const loading = this.#loading && this.#loading.provider === active ? { provider: this.#loading.provider, progress: this.#loading.progress } : null;
    return {
      ready,
      settings: this.#settings,
      rows,
      active,
      webllm: caps ? planWebLlm({ gpu: caps.webgpu, gpuError: caps.webgpuError, memoryGb: caps.memoryGb, overrideMB: this.#settings.webllm.memoryOverrideMB }) : null,
      endpoint: { checking: this.#checking !== null, check: this.#check },
      loading,
      state: chatState({ choice: this.#settings.provider, rows, active, loading: loading ? loading.progress : undefined, skipped: this.#skipped ? { provider: this.#skipped, message: this.#failures[this.#skipped] ?? 'unknown error' } : null }),
    };
  }

  #publish(): void {
    this.#view = this.#compute(this.#settingsRead);
    for (const l of this.#listeners) l();
  }

  // ---- the model --------------------------------------------------------------------------------
  async model(options: JobOptions = {}): Promise<ChatModel | null> {
    throwIfAborted(options.signal, 'choosing the language model');
    await this.#ready.catch(() => undefined);
    if (this.#settings.provider === 'auto' || this.#settings.provider === 'webllm') await this.#deps.llm.readWebLlmCache();
    for (let attempt = 0; attempt < 3 && !this.#disposed; attempt++) {
      await this.#checkIfDue(options.signal);
      const rows = this.#rows();
      const provider = activeProvider(this.#settings, rows);
      if (provider === 'none' || rows.find((r) => r.id === provider)?.status.kind !== 'ready') break;
      try {
        const model = await this.#load(provider, options);
        this.#publish();
        return this.#observe(provider, model);
      } catch (error) {
        if (isAbort(error)) {
          if (options.signal?.aborted) throw error;
          break; // unloaded meanwhile (free memory, another model chosen): extractive this time
        }
        // Busy downloading another model: not a failure to remember; extractive this time.
        if (chatFailureReason(error) === 'busy') break;
        this.#fail(provider, error);
        if (this.#settings.provider !== 'auto') break;
        this.#skipped = provider;
      }
    }
    this.#publish();
    return null;
  }

  #load(provider: LlmProvider, options: JobOptions): Promise<ChatModel> {
    const { llm } = this.#deps;
    const rows = this.#rows();
    const row = rows.find((r) => r.id === provider)!;
    let start: (onProgress: (p: ChatLoadProgress) => void) => Promise<ChatModel>;
    let key: string;
    if (provider === 'webllm') {
      key = `webllm:${row.model}`;
      start = (onProgress) => llm.loadWebLlm(row.model!, { onProgress });
    } else if (provider === 'endpoint') {
      const config = this.#settings.endpoint!;
      key = `endpoint:${JSON.stringify(config)}`;
      start = (onProgress) => llm.loadEndpoint(config, { onProgress });
    } else {
      const planned = generatorChoice(this.#settings, llm.state.caps!, llm.state.generators.filter((g) => g.custom))!;
      const plannedKey = `transformers:${planned.spec.id}@${planned.dtype}/${planned.device}`;
      // Once WebGPU failed for this model, the processor runs it until the settings change.
      const choice = this.#fellBack.has(plannedKey) ? { spec: planned.spec, device: llm.cpuDevice, dtype: pickGeneratorDtype(planned.spec, 'wasm', false) } : planned;
      key = `transformers:${choice.spec.id}@${choice.dtype}/${choice.device}`;
      start = (onProgress) => this.#loadGenerator(choice, onProgress, () => this.#fellBack.add(plannedKey));
    }
    // Loaded already (a warm worker holding this model): no load job, no progress.
    if (key === this.#loadedKey && llm.workers[provider].loaded) return start(() => undefined);
    const entry = this.#loading?.key === key ? this.#loading : (this.#loading = this.#startLoad(provider, key, start));
    const abort = abortRace(options.signal, 'loading the language model');
    return Promise.race([entry.promise, abort.promise]).finally(abort.dispose);
  }

  /** One load, shared by concurrent questions: progress in `view.loading` and on the event stream, ending with job_done / job_failed. */
  #startLoad(provider: LlmProvider, key: string, start: (onProgress: (p: ChatLoadProgress) => void) => Promise<ChatModel>): LoadEntry {
    const emit = jobEmitter(`llm-load-${nextJob++}`, this.#deps.events);
    let settled = false;
    let entry: LoadEntry | null = null;
    const promise = start((p) => {
      if (settled || !entry) return; // progress travels on its own port and may land after the end
      entry.progress = p;
      emit({ type: 'progress', unit: 'bytes', done: p.loaded, total: Math.max(p.loaded, p.total), etaMs: null });
      if (this.#loading === entry) this.#publish();
    });
    const loading: LoadEntry = (entry = { provider, key, progress: null, promise });
    promise.then(
      () => {
        settled = true;
        this.#loadedKey = key;
        emit({ type: 'job_done', summary: { bytes: loading.progress?.loaded ?? 0 } });
      },
      (error: unknown) => {
        settled = true;
        emit(isAbort(error) ? { type: 'job_cancelled' } : { type: 'job_failed', error: { ...toSerialized(error), message: `The language model did not load: ${shortReason(describeError(error))}.` } });
      },
    );
    const clear = () => {
      if (this.#loading === loading) this.#loading = null;
      this.#publish();
    };
    promise.then(clear, clear);
    return loading;
  }

  /** The CPU model on its device; a WebGPU failure tries WASM (when its files are here), saying so. */
  async #loadGenerator(choice: { spec: GeneratorSpec; device: Device; dtype: Dtype }, onProgress: (p: ChatLoadProgress) => void, fellBack: () => void): Promise<ChatModel> {
    const { llm } = this.#deps;
    try {
      return await llm.loadGenerator(choice, { onProgress });
    } catch (error) {
      const dtype = pickGeneratorDtype(choice.spec, 'wasm', false);
      if (choice.device !== 'webgpu' || !isDeviceFailure(error) || !llm.state.generatorsCached.has(`${choice.spec.id}@${dtype}`)) throw error;
      this.#deps.events({ type: 'status', jobId: 'llm', at: Date.now(), stage: 'model', message: `${choice.spec.label}: WebGPU failed (${shortReason(describeError(error))}); switching to the processor (WASM) with ${dtype}.` });
      const model = await llm.loadGenerator({ spec: choice.spec, device: llm.cpuDevice, dtype }, { onProgress });
      fellBack();
      return model;
    }
  }

  /** The model, with its provider failures recorded (a dead server, a lost GPU) so the status says so. */
  #observe(provider: ProviderId, model: ChatModel): ChatModel {
    const record = (error: unknown) => {
      if (error instanceof ModelError && !error.details?.['crashed']) this.#fail(provider, error);
    };
    return {
      get model() {
        return model.model;
      },
      chat(request: ChatRequest, options?: JobOptions): AsyncIterable<ChatDelta> {
        return (async function* () {
          try {
            yield* model.chat(request, options);
          } catch (error) {
            record(error);
            throw error;
          }
        })();
      },
      async json<T>(request: ChatRequest, schema: JsonSchema, options?: JobOptions): Promise<T> {
        try {
          return await model.json<T>(request, schema, options);
        } catch (error) {
          record(error);
          throw error;
        }
      },
    };
  }

  #fail(provider: ProviderId, error: unknown): void {
    this.#failures = { ...this.#failures, [provider]: describeError(error) };
    this.#publish();
  }

  // ---- the local server -------------------------------------------------------------------------
  #checkIfDue(signal: AbortSignal | undefined): Promise<void> {
    const { endpoint, provider } = this.#settings;
    if (!endpoint || (provider !== 'auto' && provider !== 'endpoint')) return Promise.resolve();
    const stale = this.#check === null || ((!this.#check.ok || this.#failures.endpoint !== undefined) && Date.now() - this.#check.at > RECHECK_MS);
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
        const { endpoint: _cleared, ...rest } = this.#failures;
        this.#failures = rest;
        if (this.#skipped === 'endpoint') this.#skipped = null;
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
    this.#fellBack.clear();
    this.#failures = {};
    this.#skipped = null;
    this.#check = null;
    this.#publish();
  }

  /** Applies a change at once (the screen follows the click), then stores it; a failed write is undone. */
  async #update(patch: Partial<ChatSettings>): Promise<void> {
    await this.#ready;
    const before = this.#settings;
    const next = sanitizeChatSettings({ ...before, ...patch });
    this.#settings = next;
    this.#failures = {};
    this.#fellBack.clear();
    this.#skipped = null;
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
