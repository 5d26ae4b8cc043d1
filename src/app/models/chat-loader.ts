/**
 * Loading the workspace's language model on demand (ChatService.model): the provider that
 * answers is loaded in its worker with byte progress on the event stream (one load shared by
 * concurrent questions), and its failures are recorded and worked around.
 *
 * Failures are never silent: a load or generation failure is recorded against its provider (its
 * status becomes the provider's own message, e.g. the CORS advice naming the app's origin),
 * 'auto' moves on to the next ready provider, and a chosen provider that cannot answer leaves no
 * model (null) with the reason in the state's message — the answer layer then composes
 * extractive answers and says why. A CPU model whose WebGPU load fails runs on the processor
 * (WASM) until the settings change.
 */
import { describeError, isAbort, ModelError, toSerialized } from '../../core/errors';
import { jobEmitter, type EventSink } from '../../core/events';
import type { ChatDelta, ChatModel, ChatRequest, Device, Dtype, JobOptions, JsonSchema } from '../../core/ports';
import { chatFailureReason } from '../../models/chat/failures';
import { isDeviceFailure } from '../../models/failures';
import { pickGeneratorDtype, type GeneratorSpec } from '../../models/chat/generators';
import { activeProvider, generatorChoice, type ChatSettings, type ProviderId, type ProviderRow } from '../../models/chat/providers';
import { abortRace } from '../../rpc/handle';
import type { ChatLoadProgress } from '../workers/chat-worker';
import { shortReason } from './chat-reasons';
import type { LanguageModels, LlmProvider } from './chat-device';

export interface ChatLoaderDeps {
  readonly llm: LanguageModels;
  readonly events: EventSink;
  /** The workspace's settings now. */
  readonly settings: () => ChatSettings;
  /** Each provider's status now (with the failures recorded here). */
  readonly rows: () => ProviderRow[];
  /** Checks the local server first when its last check is stale. */
  readonly checkIfDue: (signal: AbortSignal | undefined) => Promise<void>;
  /** Something shown changed (a failure, the load's progress). */
  readonly publish: () => void;
  readonly disposed: () => boolean;
}

interface LoadEntry {
  readonly provider: LlmProvider;
  readonly key: string;
  promise: Promise<ChatModel>;
  progress: ChatLoadProgress | null;
}

let nextJob = 1;

export class ChatLoader {
  readonly #deps: ChatLoaderDeps;
  #failures: Partial<Record<ProviderId, string>> = {};
  /** A provider 'auto' passed over because it failed (said in the state's message). */
  #skipped: ProviderId | null = null;
  #loading: LoadEntry | null = null;
  /** The last model this workspace loaded (its worker may still hold it). */
  #loadedKey: string | null = null;
  /** CPU-model choices whose WebGPU load failed (they run on the processor instead). */
  readonly #fellBack = new Set<string>();

  constructor(deps: ChatLoaderDeps) {
    this.#deps = deps;
  }

  /** Each provider's last failure (its status says so). */
  get failures(): Partial<Record<ProviderId, string>> {
    return this.#failures;
  }

  get skipped(): ProviderId | null {
    return this.#skipped;
  }

  /** The model loading now, with its progress. */
  get loading(): { readonly provider: LlmProvider; readonly progress: ChatLoadProgress | null } | null {
    return this.#loading ? { provider: this.#loading.provider, progress: this.#loading.progress } : null;
  }

  /** The model of the provider that answers, loaded; null when none can (the reason is in the state). */
  async model(options: JobOptions): Promise<ChatModel | null> {
    for (let attempt = 0; attempt < 3 && !this.#deps.disposed(); attempt++) {
      await this.#deps.checkIfDue(options.signal);
      const rows = this.#deps.rows();
      const provider = activeProvider(this.#deps.settings(), rows);
      if (provider === 'none' || rows.find((r) => r.id === provider)?.status.kind !== 'ready') break;
      try {
        const model = await this.#load(provider, rows, options);
        this.#deps.publish();
        return this.#observe(provider, model);
      } catch (error) {
        if (isAbort(error)) {
          if (options.signal?.aborted) throw error;
          break; // unloaded meanwhile (free memory, another model chosen): extractive this time
        }
        // Busy downloading another model: not a failure to remember; extractive this time.
        if (chatFailureReason(error) === 'busy') break;
        this.#fail(provider, error);
        if (this.#deps.settings().provider !== 'auto') break;
        this.#skipped = provider;
      }
    }
    this.#deps.publish();
    return null;
  }

  /** Forgets recorded failures and fallbacks: the next question tries the providers again. */
  forget(): void {
    this.#fellBack.clear();
    this.#failures = {};
    this.#skipped = null;
  }

  /** The local server answered a check: its recorded failure goes. */
  endpointReached(): void {
    const { endpoint: _cleared, ...rest } = this.#failures;
    this.#failures = rest;
    if (this.#skipped === 'endpoint') this.#skipped = null;
  }

  #load(provider: LlmProvider, rows: readonly ProviderRow[], options: JobOptions): Promise<ChatModel> {
    const { llm } = this.#deps;
    const settings = this.#deps.settings();
    const row = rows.find((r) => r.id === provider)!;
    let start: (onProgress: (p: ChatLoadProgress) => void) => Promise<ChatModel>;
    let key: string;
    if (provider === 'webllm') {
      key = `webllm:${row.model}`;
      start = (onProgress) => llm.loadWebLlm(row.model!, { onProgress });
    } else if (provider === 'endpoint') {
      const config = settings.endpoint!;
      key = `endpoint:${JSON.stringify(config)}`;
      start = (onProgress) => llm.loadEndpoint(config, { onProgress });
    } else {
      const planned = generatorChoice(settings, llm.state.caps!, llm.state.generators.filter((g) => g.custom))!;
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
      if (this.#loading === entry) this.#deps.publish();
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
      this.#deps.publish();
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
    this.#deps.publish();
  }
}
