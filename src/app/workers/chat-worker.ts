/**
 * The page side of a language-model worker (llm, generate, endpoint: src/models/chat/chat-host.ts):
 * a ChatModel whose work happens in the worker, so a model never blocks the page.
 *
 * - Warm: the worker stays up with its model until `free()` ("Free memory" terminates it; GPU
 *   and WASM memory go back to the system). One model per worker: asking for another model
 *   starts a fresh worker (transformers.js and web-llm do not give memory back reliably).
 * - Lazy and shared: the model is loaded by the worker's `init`, so concurrent first calls share
 *   one load and a worker that crashed is replaced on the next call, the same model reloaded
 *   (from the cache: a respawn never downloads).
 * - Streams: `chat()` pulls one delta per message (remoteIterable); an AbortSignal sends
 *   cancel(streamId) and the worker interrupts the model; `break` closes the stream.
 * - Crash: pending calls fail at once with a typed ModelError naming the worker.
 */
import { proxy, type Remote } from 'comlink';
import { AbortedError, AppError } from '../../core/errors';
import type { ChatDelta, ChatModel, ChatRequest, JobOptions, JsonSchema, ModelRef } from '../../core/ports';
import type { ChatHostApi, ChatLoadProgress } from '../../models/chat/chat-host';
import { chatError, type ChatProviderId } from '../../models/chat/failures';
import type { WorkerEndpoint } from '../../rpc/handle';
import { WorkerLifetime } from '../../rpc/lifetime';
import { remoteIterable } from '../../rpc/remote-iterable';

export type { ChatLoadProgress } from '../../models/chat/chat-host';

export interface ChatWorkerOptions {
  readonly provider: ChatProviderId;
  /** Names the worker in messages ("WebLLM worker"). */
  readonly name: string;
  readonly spawn: () => WorkerEndpoint;
  /** A worker started, loaded its model or went away. */
  readonly onChange?: () => void;
}

export interface ChatLoadOptions extends JobOptions {
  readonly onProgress?: (progress: ChatLoadProgress) => void;
}

/** A load request; `stage: 'download'` lets the worker fetch the model's files. */
type Staged = { readonly stage?: 'load' | 'download' | undefined };

let nextJob = 1;

/** A ChatModel over the worker's loaded model. */
class WorkerChatModel<R extends object> implements ChatModel {
  constructor(
    private readonly lifetime: WorkerLifetime<ChatHostApi<R>>,
    readonly model: ModelRef,
  ) {}

  chat(request: ChatRequest, options: JobOptions = {}): AsyncIterable<ChatDelta> {
    return remoteIterable<ChatDelta, ChatHostApi<R>>(this.lifetime, (api) => api.chat(request), { what: 'generation', signal: options.signal });
  }

  async json<T>(request: ChatRequest, schema: JsonSchema, options: JobOptions = {}): Promise<T> {
    const jobId = `json-${nextJob++}`;
    return (await this.lifetime.call(
      'planning',
      options.signal,
      (api) => api.json(jobId, request, schema),
      (api) => void api.cancel(jobId).catch(() => undefined),
    )) as T;
  }
}

export class ChatWorker<R extends object> {
  readonly #options: ChatWorkerOptions;
  readonly #lifetime: WorkerLifetime<ChatHostApi<R>>;
  /** What a fresh worker loads (its init), and its identity without the stage. */
  #request: R | null = null;
  #key: string | null = null;
  #ref: ModelRef | null = null;
  #onProgress: ((p: ChatLoadProgress) => void) | null = null;

  constructor(options: ChatWorkerOptions) {
    this.#options = options;
    this.#lifetime = new WorkerLifetime<ChatHostApi<R>>({
      name: options.name,
      spawn: options.spawn,
      crashError: (message) => chatError('unknown', `${options.name} crashed: ${message}`, { provider: options.provider, modelId: this.#ref?.id ?? String(this.#key) }, { details: { crashed: true } }),
      init: (api, crashed) => this.#init(api, crashed),
      onChange: () => {
        if (!this.#lifetime.running) this.#ref = null;
        options.onChange?.();
      },
    });
  }

  /** True while a worker is alive (a model loaded or loading). */
  get running(): boolean {
    return this.#lifetime.running;
  }

  /** The loaded model, when one is. */
  get loaded(): ModelRef | null {
    return this.#ref;
  }

  /** Workers spawned so far (tests, diagnostics). */
  get spawned(): number {
    return this.#lifetime.spawned;
  }

  async #init(api: Remote<ChatHostApi<R>>, crashed: Promise<never>): Promise<void> {
    const request = this.#request;
    if (!request) throw new AppError('internal', `${this.#options.name}: no model to load`);
    // Comlink's Remote<> of a generic API is opaque to the checker; this is the host's load().
    const host = api as unknown as Remote<ChatHostApi<object>>;
    this.#ref = await Promise.race([host.load(request, proxy((p: ChatLoadProgress) => this.#onProgress?.(p))), crashed]);
  }

  /**
   * The ChatModel for `request`, loading it when needed (in a fresh worker when another model is
   * loaded). With stage 'download' the worker may fetch the model's files; a respawn after that
   * loads from the cache only. Aborting `signal` stops waiting; the load goes on (a download is
   * cancelled with `free()`).
   */
  async load(request: R, options: ChatLoadOptions = {}): Promise<ChatModel> {
    const { stage, ...identity } = request as R & Staged;
    const key = JSON.stringify(identity);
    if (key !== this.#key || stage === 'download') {
      this.#lifetime.terminate(new AbortedError(`${this.#options.name}: another model was chosen`));
      this.#key = key;
      this.#ref = null;
    }
    this.#request = request;
    this.#onProgress = options.onProgress ?? null;
    try {
      await this.#lifetime.start(`loading ${this.#label(request)}`, options.signal);
    } finally {
      if (stage === 'download' && this.#key === key) this.#request = { ...request, stage: 'load' };
    }
    return new WorkerChatModel<R>(this.#lifetime, this.#ref!);
  }

  /** The provider's own check on the loaded model (the endpoint's /v1/models). */
  async check(options: JobOptions = {}): Promise<string[]> {
    const jobId = `check-${nextJob++}`;
    return this.#lifetime.call(
      'checking the connection',
      options.signal,
      (api) => api.check(jobId),
      (api) => void api.cancel(jobId).catch(() => undefined),
    );
  }

  /** Terminates the worker (its memory goes back to the system, a download stops); calls in flight fail with `reason`. */
  free(reason: AppError = new AbortedError(`${this.#options.name}: the model was unloaded`)): void {
    this.#ref = null;
    this.#lifetime.terminate(reason);
  }

  #label(request: R): string {
    const r = request as { modelId?: string; spec?: { label?: string }; config?: { model?: string } };
    return r.spec?.label ?? r.modelId ?? r.config?.model ?? this.#options.provider;
  }
}

// The workers as Vite bundles them (each `new Worker(new URL(...))` must stay literal).
/** WebLLM on the GPU (web-llm's MLCEngine). */
export function spawnLlmWorker(): WorkerEndpoint {
  return new Worker(new URL('../../../workers/llm.worker.ts', import.meta.url), { type: 'module', name: 'casefile-llm' });
}

/** The CPU model (transformers.js on WASM or WebGPU). */
export function spawnGenerateWorker(): WorkerEndpoint {
  return new Worker(new URL('../../../workers/generate.worker.ts', import.meta.url), { type: 'module', name: 'casefile-generate' });
}

/** The only worker that reaches the user's local server (its policy admits that origin). */
export function spawnEndpointWorker(): WorkerEndpoint {
  return new Worker(new URL('../../../workers/endpoint.worker.ts', import.meta.url), { type: 'module', name: 'casefile-endpoint' });
}
