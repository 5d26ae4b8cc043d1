/**
 * The model manager's service: settings (profile, model per role, mirror), capabilities and the
 * plan, the Embedder/Reranker proxies the app uses, downloads with byte progress and cancel,
 * imports of model folders, deletes, storage figures and persistence. The UI
 * (src/ui/settings/ModelManager.tsx) renders `state` and calls these methods; nothing here is React.
 *
 * Downloads run in a short-lived worker of the model's role (the download path is transformers.js
 * itself: fetch with progress → our cache), which also checks that the model starts on its
 * device; it is terminated afterwards, and terminating it is the cancel.
 */
import { proxy } from 'comlink';
import { AbortedError, describeError, isAbort } from '../../core/errors';
import { describeCapabilities, detectCapabilities, type Capabilities } from '../../models/capabilities';
import type { ModelRole, ModelSpec } from '../../models/catalog';
import { CONFIG_FILES, DEFAULT_SOURCE, modelFiles, type HubSource } from '../../models/hub';
import { analyzeFolder, importedSpec, writeImport, type PickedFile } from '../../models/import-folder';
import { ModelCache, type BlobStore, type StoredFile } from '../../models/model-cache';
import { planModels, type ModelPlan, type ProfileId, type RoleOverride } from '../../models/profiles';
import type { DownloadProgress } from '../../models/progress';
import type { ModelSettings, ModelSettingsRepository } from '../../models/settings';
import { buildRows, type ModelRow } from '../../models/status';
import type { ModelWorkerApi } from '../../models/worker-host';
import { WorkerLifetime } from '../../rpc/lifetime';
import { WorkerEmbedder, WorkerReranker, type ModelNotice, type ModelWorkerEndpoint } from '../workers/model-proxies';

interface StorageFigures {
  /** Bytes of model files in the cache. */
  readonly modelBytes: number;
  readonly usage: number | null;
  readonly quota: number | null;
  readonly persisted: boolean | null;
}

export interface ModelManagerState {
  readonly ready: boolean;
  readonly settings: ModelSettings | null;
  readonly capabilities: string;
  readonly plan: ModelPlan | null;
  readonly rows: readonly ModelRow[];
  readonly storage: StorageFigures;
  readonly notices: readonly ModelNotice[];
  /** Models in memory right now (workers alive). */
  readonly loaded: Readonly<Record<ModelRole, boolean>>;
}

interface StorageManagerLike {
  estimate?(): Promise<{ usage?: number; quota?: number }>;
  persisted?(): Promise<boolean>;
  persist?(): Promise<boolean>;
}

export interface ModelServiceDeps {
  readonly settings: ModelSettingsRepository;
  readonly store: BlobStore;
  readonly spawn: Readonly<Record<ModelRole, () => ModelWorkerEndpoint>>;
  readonly capabilities?: () => Promise<Capabilities>;
  readonly storage?: StorageManagerLike | null;
  /** Fallbacks and errors also go here (e.g. the app's notices). */
  readonly onNotice?: (notice: ModelNotice) => void;
}

type Listener = () => void;

export class ModelService {
  #state: ModelManagerState = {
    ready: false,
    settings: null,
    capabilities: '',
    plan: null,
    rows: [],
    storage: { modelBytes: 0, usage: null, quota: null, persisted: null },
    notices: [],
    loaded: { embedder: false, reranker: false },
  };
  readonly #listeners = new Set<Listener>();
  readonly #cache: ModelCache;
  readonly #downloads = new Map<string, { progress: DownloadProgress; cancel: () => void }>();
  readonly #failures = new Map<string, string>();
  #caps: Capabilities | null = null;
  #embedder: WorkerEmbedder | null = null;
  #reranker: WorkerReranker | null = null;

  constructor(private readonly deps: ModelServiceDeps) {
    this.#cache = new ModelCache(deps.store, () => null);
  }

  get state(): ModelManagerState {
    return this.#state;
  }

  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** What this device can run (WebGPU adapter, memory); null until `start()`. */
  get capabilities(): Capabilities | null {
    return this.#caps;
  }

  /** The app's embedder (null until `start()`); replaced when the plan changes — read it per use. */
  get embedder(): WorkerEmbedder | null {
    return this.#embedder;
  }

  /** The app's reranker, or null when reranking is off. */
  get reranker(): WorkerReranker | null {
    return this.#reranker;
  }

  #set(patch: Partial<ModelManagerState>): void {
    this.#state = { ...this.#state, ...patch };
    for (const l of this.#listeners) l();
  }

  #source(): HubSource {
    return this.#state.settings?.source ?? DEFAULT_SOURCE;
  }

  async start(): Promise<void> {
    this.#caps = await (this.deps.capabilities ?? (() => detectCapabilities()))();
    this.#set({ capabilities: describeCapabilities(this.#caps) });
    await this.#applySettings(await this.deps.settings.get());
    this.#set({ ready: true });
  }

  async #applySettings(settings: ModelSettings): Promise<void> {
    const plan = planModels(settings, this.#caps!);
    const before = this.#state.plan;
    const same = (a: ModelPlan['embedder'], b: ModelPlan['embedder']) => JSON.stringify(a) === JSON.stringify(b);
    this.#set({ settings, plan });
    if (!before || !same(before.embedder, plan.embedder)) {
      this.#embedder?.free();
      this.#embedder = plan.embedder ? new WorkerEmbedder(this.#proxyOptions(plan.embedder)) : null;
    }
    if (!before || !same(before.reranker, plan.reranker)) {
      this.#reranker?.free();
      this.#reranker = plan.reranker ? new WorkerReranker(this.#proxyOptions(plan.reranker)) : null;
    }
    await this.refresh();
  }

  #proxyOptions(plan: NonNullable<ModelPlan['embedder']>) {
    return {
      plan,
      spawn: this.deps.spawn[plan.role],
      source: () => this.#source(),
      onNotice: (n: ModelNotice) => this.#notice(n),
      onRunningChange: () => this.#set({ loaded: { embedder: this.#embedder?.running ?? false, reranker: this.#reranker?.running ?? false } }),
    };
  }

  #notice(notice: ModelNotice): void {
    this.#set({ notices: [...this.#state.notices.slice(-4), notice] });
    this.deps.onNotice?.(notice);
    void this.refresh();
  }

  /** Re-reads the cache and storage figures and rebuilds the rows. */
  async refresh(): Promise<void> {
    const { plan, settings } = this.#state;
    if (!plan || !settings) return;
    const files = await this.deps.store.list().catch(() => [] as StoredFile[]);
    const cached = new Map<string, Map<string, StoredFile>>();
    for (const f of files) {
      const m = /^([^/]+\/[^/]+)\/(.+)$/.exec(f.key);
      if (!m) continue;
      const byFile = cached.get(m[1]!) ?? new Map<string, StoredFile>();
      byFile.set(m[2]!, f);
      cached.set(m[1]!, byFile);
    }
    const downloads = new Map([...this.#downloads].map(([k, v]) => [k, v.progress]));
    const rows = buildRows({ plan, custom: settings.custom, cached, downloads, failures: this.#failures });
    const s = this.deps.storage;
    const estimate = await s?.estimate?.().catch(() => null);
    const persisted = await s?.persisted?.().catch(() => null);
    this.#set({
      rows,
      storage: { modelBytes: files.reduce((sum, f) => sum + f.size, 0), usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted: persisted ?? null },
      loaded: { embedder: this.#embedder?.running ?? false, reranker: this.#reranker?.running ?? false },
    });
  }

  // ---- settings -------------------------------------------------------------------------------
  async setProfile(profile: ProfileId | 'auto'): Promise<void> {
    await this.#applySettings(await this.deps.settings.update({ profile, embedder: null, reranker: null }));
  }

  /** Chooses the model of a role (null = the profile's; 'none' turns reranking off). */
  async setModel(role: ModelRole, choice: RoleOverride | 'none' | null): Promise<void> {
    const patch = role === 'embedder' ? { embedder: choice === 'none' ? null : choice } : { reranker: choice };
    await this.#applySettings(await this.deps.settings.update(patch));
  }

  async setSource(source: HubSource | null): Promise<void> {
    await this.#applySettings(await this.deps.settings.update({ source }));
  }

  // ---- downloads ------------------------------------------------------------------------------
  /** Downloads a row's files through transformers.js (progress in `state.rows`), then checks it starts. */
  async download(rowId: string): Promise<void> {
    const row = this.#state.rows.find((r) => r.rowId === rowId);
    if (!row || this.#downloads.has(rowId)) return;
    // A worker of its own for this download; terminating it is the cancel.
    const worker = new WorkerLifetime<ModelWorkerApi>({ name: `${row.role} download worker`, spawn: this.deps.spawn[row.role] });
    const initial: DownloadProgress = { modelId: row.spec.id, loaded: 0, total: row.bytes, percent: 0, file: null, phase: 'downloading' };
    this.#downloads.set(rowId, { progress: initial, cancel: () => worker.terminate(new AbortedError(`downloading ${row.spec.id}`)) });
    this.#failures.delete(rowId);
    await this.refresh();
    const onProgress = proxy((p: DownloadProgress) => {
      const d = this.#downloads.get(rowId);
      if (!d) return;
      d.progress = p;
      this.#set({ rows: this.#state.rows.map((r) => (r.rowId === rowId ? { ...r, status: { kind: 'downloading', progress: p }, bytes: p.total } : r)) });
    });
    try {
      const device = row.device ?? (row.dtype === 'q8' ? 'wasm' : (this.#state.plan?.embedder?.attempts[0]?.device ?? 'wasm'));
      await worker.call(`downloading ${row.spec.id}`, undefined, (api) => api.load({ spec: row.spec, device, dtype: row.dtype, stage: 'download', source: this.#source() }, onProgress));
    } catch (error) {
      if (!isAbort(error)) this.#failures.set(rowId, describeError(error));
    } finally {
      worker.terminate();
      this.#downloads.delete(rowId);
      // The role's worker may remember "missing" from before the download: start it afresh.
      if (row.use) (row.role === 'embedder' ? this.#embedder : this.#reranker)?.free();
      await this.refresh();
    }
  }

  cancelDownload(rowId: string): void {
    this.#downloads.get(rowId)?.cancel();
  }

  /** Removes a row's files from the cache (files another dtype of the model shares stay). */
  async delete(rowId: string): Promise<void> {
    const row = this.#state.rows.find((r) => r.rowId === rowId);
    if (!row) return;
    if (row.use) (row.role === 'embedder' ? this.#embedder : this.#reranker)?.free();
    const othersKept = this.#state.rows.some((r) => r.spec.id === row.spec.id && r.rowId !== rowId && ['cached', 'imported', 'partial'].includes(r.status.kind));
    const files = modelFiles(row.spec, row.dtype).filter((f) => !(othersKept && (CONFIG_FILES as readonly string[]).includes(f)));
    await this.#cache.deleteFiles(row.spec.id, files);
    this.#failures.delete(rowId);
    if (row.spec.custom && (await this.#cache.files(row.spec.id)).size === 0) await this.#applySettings(await this.deps.settings.removeCustom(row.spec.key));
    else await this.refresh();
  }

  // ---- import ---------------------------------------------------------------------------------
  /** Imports a model folder; `targetKey` imports it as that catalog model. Returns the spec. */
  async importFolder(files: readonly PickedFile[], folderName: string, target?: ModelSpec): Promise<ModelSpec> {
    const analysis = await analyzeFolder(files, folderName);
    const spec = importedSpec(analysis, target);
    await writeImport(this.deps.store, spec.id, analysis);
    if (spec.custom) await this.#applySettings(await this.deps.settings.addCustom(spec));
    else await this.refresh();
    return spec;
  }

  // ---- memory and storage ---------------------------------------------------------------------
  /** Terminates the model workers (their memory goes back to the system); next use reloads. */
  freeMemory(): void {
    this.#embedder?.free();
    this.#reranker?.free();
    void this.refresh();
  }

  /** Asks the browser to keep our storage when space is low (navigator.storage.persist()). */
  async persistStorage(): Promise<boolean> {
    const granted = (await this.deps.storage?.persist?.().catch(() => false)) ?? false;
    await this.refresh();
    return granted;
  }
}
