/**
 * The language models of this device, whatever the workspace: the three provider workers
 * (WebLLM on the GPU, the CPU model, the local server), which models are downloaded, downloads
 * with byte progress and cancel, deletes, folder imports, WebLLM's mirror, and the origins the
 * endpoint worker's policy admits. Each workspace's ChatService (chat-service.ts) chooses a
 * provider and asks this service for the model; the Settings screen renders `state`.
 *
 * Downloads happen in the provider's own warm worker (web-llm has no download-only call; a
 * transformers.js download is a load with the network gate open), so a downloaded model is
 * loaded and ready at once; cancelling terminates that worker. Nothing is fetched unless the
 * user pressed Download: loads read the caches only.
 */
import { AbortedError, AppError, describeError, isAbort, toSerialized, ModelError } from '../../core/errors';
import { jobEmitter, type EventSink } from '../../core/events';
import type { ChatModel, Device, Dtype, JobOptions, ModelRef } from '../../core/ports';
import { describeCapabilities, type Capabilities } from '../../models/capabilities';
import type { EndpointConfig } from '../../models/chat/endpoint-config';
import { chatError } from '../../models/chat/failures';
import { endpointOrigin } from '../../models/chat/endpoint-config';
import type { EndpointLoadRequest } from '../../models/chat/endpoint-chat';
import type { GeneratorLoadRequest } from '../../models/chat/generator-host';
import { analyzeGeneratorFolder, cachedGenerators, generatorFiles, GENERATORS, generatorSpec, type GeneratorSpec } from '../../models/chat/generators';
import { LlmPrefsRepository, type LlmPrefs } from '../../models/chat/llm-prefs';
import { WEBLLM_MODELS, type WebLlmSource } from '../../models/chat/webllm-catalog';
import type { WebLlmLoadRequest } from '../../models/chat/webllm-host';
import { CONFIG_FILES, DEFAULT_SOURCE } from '../../models/hub';
import { writeImport, type PickedFile } from '../../models/import-folder';
import { ModelCache, type BlobStore, type StoredFile } from '../../models/model-cache';
import { CacheApiStore } from '../../models/stores';
import type { RegistryDb } from '../../store/db';
import type { WorkerEndpoint } from '../../rpc/handle';
import { serviceWorkerInControl } from '../browser/sw-control';
import { ChatWorker, spawnEndpointWorker, spawnGenerateWorker, spawnLlmWorker, type ChatLoadOptions, type ChatLoadProgress } from '../workers/chat-worker';
import { workerWebLlmCache } from '../workers/webllm-cache-worker';
import type { ModelService } from './model-service';

export type LlmProvider = 'webllm' | 'transformers' | 'endpoint';

/** Key of the registry database's kv row listing the origins the endpoint worker may reach. */
export const LLM_ORIGINS_KEY = 'security/llm-origins';

export interface LlmDownload {
  readonly key: string;
  readonly provider: 'webllm' | 'transformers';
  readonly modelId: string;
  readonly progress: ChatLoadProgress;
}

export interface LanguageModelsState {
  readonly ready: boolean;
  readonly caps: Capabilities | null;
  /** One line for people about this device's WebGPU. */
  readonly device: string;
  readonly webllmCached: ReadonlySet<string>;
  readonly webllmSource: WebLlmSource | null;
  /** The CPU models: the catalog, then imported folders. */
  readonly generators: readonly GeneratorSpec[];
  /** `<id>@<dtype>` whose files are all in the model cache. */
  readonly generatorsCached: ReadonlySet<string>;
  readonly downloads: Readonly<Record<string, LlmDownload>>;
  /** Why the last download or delete of a model failed, by download key. */
  readonly failures: Readonly<Record<string, string>>;
  /** The model each worker holds now (null: no worker). */
  readonly loaded: Readonly<Record<LlmProvider, ModelRef | null>>;
}

/** The page's operations on WebLLM's browser cache (webllm-cache-worker.ts; tests pass fakes). */
export interface WebLlmCacheOps {
  cached(ids: readonly string[], source: WebLlmSource | null): Promise<Set<string>>;
  delete(modelId: string, source: WebLlmSource | null): Promise<void>;
  importFolder(modelId: string, files: readonly PickedFile[], source: WebLlmSource | null): Promise<number>;
}

/**
 * WebLLM's cache, asked of a WebLLM worker (web-llm never loads in the page); spawned only when
 * asked, which is only where there is a WebGPU adapter.
 */
const BROWSER_WEBLLM_CACHE: WebLlmCacheOps = workerWebLlmCache(spawnLlmWorker);

/** The app's language models: the browser's workers and caches (nothing is spawned or opened until used). */
export function browserLanguageModels(deps: Pick<LanguageModelsDeps, 'registry' | 'models' | 'events'> & { readonly store?: BlobStore }): LanguageModels {
  return new LanguageModels({
    ...deps,
    store: deps.store ?? new CacheApiStore(),
    spawn: { webllm: spawnLlmWorker, transformers: spawnGenerateWorker, endpoint: spawnEndpointWorker },
    webllm: BROWSER_WEBLLM_CACHE,
    beforeEndpoint: () => serviceWorkerInControl().then(() => undefined),
  });
}

export interface LanguageModelsDeps {
  readonly registry: RegistryDb;
  /** Capabilities, and the Hub mirror CPU-model downloads use. */
  readonly models: ModelService;
  /** The model file cache (the same store as the embedder's). */
  readonly store: BlobStore;
  readonly events: EventSink;
  readonly spawn: Readonly<Record<LlmProvider, () => WorkerEndpoint>>;
  readonly webllm: WebLlmCacheOps;
  /** The CPU device of the CPU-model worker's runtime: 'wasm' in a browser (default), 'cpu' in Node. */
  readonly cpuDevice?: Device;
  /**
   * Awaited before the endpoint worker starts: in the browser, until the service worker controls
   * the page, since only the script it serves carries the policy that admits the saved server.
   */
  readonly beforeEndpoint?: () => Promise<void>;
}

export const downloadKey = (provider: 'webllm' | 'transformers', modelId: string, dtype?: Dtype): string => (provider === 'webllm' ? `webllm:${modelId}` : `transformers:${modelId}@${dtype}`);

/**
 * What to say when a download failed: the cause in plain words, the three ways forward, and the
 * technical detail last (for whoever runs the mirror).
 */
function downloadFailure(label: string, error: unknown): string {
  const details = error instanceof AppError ? error.details : undefined;
  const hint = typeof details?.['hint'] === 'string' && /web page/.test(details['hint']) ? "the server sent a web page instead of the model's files (check the mirror address)" : null;
  const network = details?.['reason'] === 'download-failed' || details?.['reason'] === 'network' || details?.['reason'] === 'unknown';
  const cause = hint ?? (network ? 'the files could not be fetched (no connection, or the mirror lacks them)' : describeError(error));
  return `Downloading ${label} failed: ${cause}. Check the connection and press Retry, set a mirror under "Download source", or use "Import folder…" with the model's files. Details: ${describeError(error)}`;
}

type Listener = () => void;
let nextJob = 1;

export class LanguageModels {
  #state: LanguageModelsState = {
    ready: false,
    caps: null,
    device: '',
    webllmCached: new Set(),
    webllmSource: null,
    generators: GENERATORS,
    generatorsCached: new Set(),
    downloads: {},
    failures: {},
    loaded: { webllm: null, transformers: null, endpoint: null },
  };
  readonly #listeners = new Set<Listener>();
  readonly #prefs: LlmPrefsRepository;
  readonly #cache: ModelCache;
  readonly workers: { readonly webllm: ChatWorker<WebLlmLoadRequest>; readonly transformers: ChatWorker<GeneratorLoadRequest>; readonly endpoint: ChatWorker<EndpointLoadRequest> };
  #started: Promise<void> | null = null;
  #webllmRead: Promise<void> | null = null;

  constructor(private readonly deps: LanguageModelsDeps) {
    this.#prefs = new LlmPrefsRepository(deps.registry);
    this.#cache = new ModelCache(deps.store, () => null);
    const onChange = () => this.#set({ loaded: { webllm: this.workers.webllm.loaded, transformers: this.workers.transformers.loaded, endpoint: this.workers.endpoint.loaded } });
    this.workers = {
      webllm: new ChatWorker({ provider: 'webllm', name: 'WebLLM worker', spawn: deps.spawn.webllm, onChange }),
      transformers: new ChatWorker({ provider: 'transformers', name: 'CPU-model worker', spawn: deps.spawn.transformers, onChange }),
      endpoint: new ChatWorker({ provider: 'endpoint', name: 'local-server worker', spawn: deps.spawn.endpoint, onChange }),
    };
  }

  /** Where the CPU model runs when it does not run on the GPU. */
  get cpuDevice(): Device {
    return this.deps.cpuDevice ?? 'wasm';
  }

  get state(): LanguageModelsState {
    return this.#state;
  }

  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #set(patch: Partial<LanguageModelsState>): void {
    this.#state = { ...this.#state, ...patch };
    for (const l of this.#listeners) l();
  }

  /** Reads the preferences and the caches (after ModelService.start: it detects the device). Idempotent. */
  start(): Promise<void> {
    return (this.#started ??= (async () => {
      const caps = this.deps.models.capabilities;
      this.#set({ caps, device: caps ? describeCapabilities(caps) : '' });
      this.#apply(await this.#prefs.get());
      await this.refresh();
      this.#set({ ready: true });
    })());
  }

  #apply(prefs: LlmPrefs): void {
    this.#set({ webllmSource: prefs.webllmSource, generators: [...GENERATORS, ...prefs.custom] });
  }

  /** Re-reads which models are downloaded (WebLLM's cache once it has been read: readWebLlmCache). */
  async refresh(): Promise<void> {
    const files = await this.deps.store.list().catch(() => [] as StoredFile[]);
    const byModel = new Map<string, Map<string, StoredFile>>();
    for (const f of files) {
      const m = /^([^/]+\/[^/]+)\/(.+)$/.exec(f.key);
      if (!m) continue;
      const map = byModel.get(m[1]!) ?? new Map<string, StoredFile>();
      map.set(m[2]!, f);
      byModel.set(m[1]!, map);
    }
    this.#set({ generatorsCached: cachedGenerators(byModel, this.#state.generators) });
    if (this.#webllmRead) await this.#readWebLlm();
  }

  /**
   * Reads which WebLLM models are in the browser cache. That takes web-llm's own code (6 MB, in
   * the WebLLM worker), so it is read only where there is a WebGPU adapter and only when needed:
   * when a question may use WebLLM, or Settings shows it.
   */
  readWebLlmCache(): Promise<void> {
    if (!this.#state.caps?.webgpu) return Promise.resolve();
    return (this.#webllmRead ??= this.#readWebLlm());
  }

  async #readWebLlm(): Promise<void> {
    const cached = await this.deps.webllm.cached(WEBLLM_MODELS.map((m) => m.id), this.#state.webllmSource).catch(() => new Set<string>());
    this.#set({ webllmCached: cached });
  }

  // ---- models for a workspace's ChatService ------------------------------------------------------
  async loadWebLlm(modelId: string, options: ChatLoadOptions = {}): Promise<ChatModel> {
    this.#notBusy('webllm', modelId);
    return this.workers.webllm.load({ modelId, source: this.#state.webllmSource, stage: 'load' }, options);
  }

  async loadGenerator(choice: { spec: GeneratorSpec; device: Device; dtype: Dtype }, options: ChatLoadOptions = {}): Promise<ChatModel> {
    this.#notBusy('transformers', choice.spec.id);
    return this.workers.transformers.load({ ...choice, stage: 'load', source: this.#hubSource() }, options);
  }

  /** A worker downloading one model is not taken over for another (that would end the download). */
  #notBusy(provider: 'webllm' | 'transformers', modelId: string): void {
    const other = Object.values(this.#state.downloads).find((d) => d.provider === provider && d.modelId !== modelId);
    if (other) throw chatError('busy', `${provider}: ${modelId} waits until the download of ${other.modelId} ends`, { provider, modelId });
  }

  async loadEndpoint(config: EndpointConfig, options: ChatLoadOptions = {}): Promise<ChatModel> {
    await this.deps.beforeEndpoint?.();
    return this.workers.endpoint.load({ config }, options);
  }

  /** Lists the server's models from the endpoint worker; rejects with the typed failure (unreachable, CORS, model missing…). */
  async checkEndpoint(config: EndpointConfig, options: JobOptions = {}): Promise<string[]> {
    await this.loadEndpoint(config, options);
    return this.workers.endpoint.check(options);
  }

  /**
   * Stores the origins the endpoint worker may reach (registry kv `security/llm-origins`: the
   * service worker serves that worker's script with a policy admitting exactly these) and, when
   * they changed, restarts the worker so the next call runs under the new policy.
   */
  async admitEndpoint(config: EndpointConfig | null): Promise<readonly string[]> {
    const origin = config ? endpointOrigin(config) : null;
    const origins = origin ? [origin] : [];
    const stored = (await this.deps.registry.kv.get(LLM_ORIGINS_KEY))?.value;
    if (JSON.stringify(stored) !== JSON.stringify(origins)) {
      await this.deps.registry.kv.put({ key: LLM_ORIGINS_KEY, value: origins });
      this.workers.endpoint.free();
    }
    return origins;
  }

  #hubSource() {
    return this.deps.models.state.settings?.source ?? DEFAULT_SOURCE;
  }

  // ---- downloads -------------------------------------------------------------------------------
  /** Downloads a WebLLM model (then it is loaded in the WebLLM worker). */
  async downloadWebLlm(modelId: string): Promise<void> {
    const label = WEBLLM_MODELS.find((m) => m.id === modelId)?.label ?? modelId;
    await this.#download(downloadKey('webllm', modelId), 'webllm', modelId, label, (onProgress) =>
      this.workers.webllm.load({ modelId, source: this.#state.webllmSource, stage: 'download' }, { onProgress }),
    );
  }

  /** Downloads a CPU model's files for `dtype` (then it is loaded in the CPU-model worker on `device`). */
  async downloadGenerator(key: string, dtype: Dtype, device: Device): Promise<void> {
    const spec = generatorSpec(key, this.#state.generators);
    if (!spec) throw new Error(`transformers: unknown model "${key}"`);
    await this.#download(downloadKey('transformers', spec.id, dtype), 'transformers', spec.id, `${spec.label} (${dtype})`, (onProgress) =>
      this.workers.transformers.load({ spec, device, dtype, stage: 'download', source: this.#hubSource() }, { onProgress }),
    );
  }

  async #download(key: string, provider: 'webllm' | 'transformers', modelId: string, label: string, run: (onProgress: (p: ChatLoadProgress) => void) => Promise<unknown>): Promise<void> {
    if (this.#state.downloads[key]) return;
    const emit = jobEmitter(`llm-download-${nextJob++}`, this.deps.events);
    const { [key]: _old, ...failures } = this.#state.failures;
    let active = true;
    const track = (progress: ChatLoadProgress) => {
      // Progress travels on its own port and may land after the download ended.
      if (!active) return;
      this.#set({ downloads: { ...this.#state.downloads, [key]: { key, provider, modelId, progress } } });
      emit({ type: 'progress', unit: 'bytes', done: progress.loaded, total: Math.max(progress.total, progress.loaded), etaMs: null });
    };
    this.#set({ failures });
    track({ modelId, loaded: 0, total: 0, percent: 0, phase: 'downloading' });
    emit({ type: 'status', stage: 'download', message: `Downloading ${label}` });
    try {
      await run(track);
      emit({ type: 'job_done', summary: { bytes: this.#progressOf(key) } });
    } catch (error) {
      if (isAbort(error)) emit({ type: 'job_cancelled' });
      else {
        this.#set({ failures: { ...this.#state.failures, [key]: downloadFailure(label, error) } });
        // The event says it in one line (a notice); Settings shows the whole of it.
        emit({ type: 'job_failed', error: toSerialized(new ModelError('model/download-failed', `Downloading ${label} failed (Settings → Models says why).`, { cause: error })) });
      }
    } finally {
      active = false;
      const { [key]: _done, ...downloads } = this.#state.downloads;
      this.#set({ downloads });
      await this.refresh();
    }
  }

  #progressOf(key: string): number {
    return this.#state.downloads[key]?.progress.loaded ?? 0;
  }

  /** Stops a download (its worker is terminated; what was fetched stays in the cache for a retry). */
  cancelDownload(key: string): void {
    const download = this.#state.downloads[key];
    if (download) this.workers[download.provider].free(new AbortedError(`downloading ${download.modelId}`));
  }

  // ---- delete and import -----------------------------------------------------------------------
  async deleteWebLlm(modelId: string): Promise<void> {
    if (this.workers.webllm.loaded?.id === modelId) this.workers.webllm.free();
    await this.#guard(downloadKey('webllm', modelId), () => this.deps.webllm.delete(modelId, this.#state.webllmSource));
  }

  /** Removes a CPU model's files for `dtype` (files another downloaded dtype shares stay). */
  async deleteGenerator(key: string, dtype: Dtype): Promise<void> {
    const spec = generatorSpec(key, this.#state.generators);
    if (!spec) return;
    if (this.workers.transformers.loaded?.id === spec.id) this.workers.transformers.free();
    const othersKept = [...this.#state.generatorsCached].some((k) => k.startsWith(`${spec.id}@`) && k !== `${spec.id}@${dtype}`);
    const files = generatorFiles(spec, dtype).filter((f) => !(othersKept && ([...CONFIG_FILES, 'generation_config.json'] as string[]).includes(f)));
    await this.#guard(downloadKey('transformers', spec.id, dtype), async () => {
      await this.#cache.deleteFiles(spec.id, files);
      if (spec.custom && (await this.#cache.files(spec.id)).size === 0) this.#apply(await this.#prefs.removeCustom(spec.key));
    });
  }

  /** Imports a text-generation model folder (a catalog model's files with `targetKey`, else `local/<name>`); returns its spec. */
  async importGeneratorFolder(files: readonly PickedFile[], folderName: string, targetKey?: string): Promise<GeneratorSpec> {
    const target = targetKey ? generatorSpec(targetKey, this.#state.generators) : undefined;
    const { spec, files: keep } = await analyzeGeneratorFolder(files, folderName, target?.custom ? undefined : target);
    if (this.workers.transformers.loaded?.id === spec.id) this.workers.transformers.free();
    await writeImport(this.deps.store, spec.id, { files: keep });
    if (spec.custom) this.#apply(await this.#prefs.addCustom(spec));
    await this.refresh();
    return spec;
  }

  /** Imports a downloaded MLC folder (weights, tokenizer, config and the model library .wasm) as `modelId`. */
  async importWebLlmFolder(modelId: string, files: readonly PickedFile[]): Promise<void> {
    await this.deps.webllm.importFolder(modelId, files, this.#state.webllmSource);
    const { [downloadKey('webllm', modelId)]: _old, ...failures } = this.#state.failures;
    this.#set({ failures });
    await this.refresh();
  }

  async setWebLlmSource(source: WebLlmSource | null): Promise<void> {
    this.#apply(await this.#prefs.setWebLlmSource(source));
    await this.refresh();
  }

  async #guard(key: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.#set({ failures: { ...this.#state.failures, [key]: describeError(error) } });
      throw error;
    } finally {
      await this.refresh();
    }
  }

  /** Terminates every language-model worker (memory goes back to the system; downloads stop). */
  freeMemory(reason?: AppError): void {
    for (const worker of Object.values(this.workers)) worker.free(reason);
  }
}
