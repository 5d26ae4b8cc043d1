/**
 * The comlink API of the language-model workers (the method names are the protocol; the page
 * side is src/app/workers/chat-worker.ts). One shape for every provider — workers/llm.worker.ts
 * (WebLLM on the GPU), workers/generate.worker.ts (transformers.js) and
 * workers/endpoint.worker.ts (the user's OpenAI-compatible server) — each passing its own loader:
 *
 *   load(request, onProgress)   loads the model the request names (one per worker) → ModelRef
 *   chat(request)               a remote async iterable of ChatDelta (pull one token per message;
 *                               cancel(streamId) aborts the generation, close() ends it)
 *   json(jobId, request, schema) the parsed JSON value; cancel(jobId) aborts it
 *   check(jobId)                the provider's own reachability check (the endpoint's /v1/models)
 *
 * A failed load leaves no model behind: the page terminates the worker and a fresh one loads
 * afresh (transformers.js poisons a realm after one failed session, web-llm after a lost device).
 */
import { releaseProxy } from 'comlink';
import { AbortedError, InputError } from '../../core/errors';
import type { ChatDelta, ChatModel, ChatRequest, JobOptions, JsonSchema, ModelRef } from '../../core/ports';
import { createJobRegistry } from '../../rpc/jobs';
import { createStreamHost, type StreamApi, type StreamRef } from '../../rpc/streams';

/** Load progress of any provider, in bytes, never going backwards. */
export interface ChatLoadProgress {
  readonly modelId: string;
  readonly loaded: number;
  readonly total: number;
  /** 0..100. */
  readonly percent: number;
  readonly phase: 'downloading' | 'loading' | 'ready';
}

/** What a loader hands the host: the model, and what else the provider can do. */
export interface LoadedChat {
  readonly model: ChatModel;
  /** Checks that the provider can answer (the endpoint lists its models); resolves with what it found. */
  check?(options: JobOptions): Promise<string[]>;
  dispose?(): Promise<void>;
}

export type ChatLoader<R> = (request: R, onProgress: (progress: ChatLoadProgress) => void) => Promise<LoadedChat>;

export interface ChatHostApi<R> extends StreamApi {
  load(request: R, onProgress?: (progress: ChatLoadProgress) => void): Promise<ModelRef>;
  chat(request: ChatRequest): StreamRef<ChatDelta>;
  json(jobId: string, request: ChatRequest, schema: JsonSchema): Promise<unknown>;
  check(jobId: string): Promise<string[]>;
  /** Cancels a json or check job, or aborts a token stream (ids never collide). */
  cancel(id: string): void;
}

/** `owner` names the worker in messages ("generate worker"). */
export function createChatHost<R>(owner: string, loader: ChatLoader<R>): ChatHostApi<R> {
  const streams = createStreamHost(owner, 'tokens');
  const jobs = createJobRegistry(owner);
  let current: LoadedChat | null = null;

  const loaded = (): LoadedChat => {
    if (!current) throw new InputError(`${owner}: no model loaded; call load() first`);
    return current;
  };

  return {
    ...streams.api,

    async load(request, onProgress) {
      const previous = current;
      current = null;
      await previous?.dispose?.().catch(() => undefined);
      const report = (p: ChatLoadProgress) => {
        try {
          void Promise.resolve(onProgress?.(p)).catch(() => undefined);
        } catch {
          // the page went away; progress is best effort
        }
      };
      try {
        current = await loader(request, report);
      } finally {
        (onProgress as { [releaseProxy]?: () => void } | undefined)?.[releaseProxy]?.();
      }
      return current.model.model;
    },

    chat(request) {
      const { model } = loaded();
      return streams.exposeIterable((signal) => model.chat(request, { signal }));
    },

    async json(jobId, request, schema) {
      const { model } = loaded();
      return jobs.run(jobId, (signal) => model.json<unknown>(request, schema, { signal }));
    },

    async check(jobId) {
      const chat = loaded();
      if (!chat.check) throw new InputError(`${owner}: ${chat.model.model.id} has nothing to check`);
      return jobs.run(jobId, (signal) => chat.check!({ signal }));
    },

    cancel(id) {
      streams.api.cancel(id);
      jobs.cancel(id, new AbortedError('generation'));
    },
  };
}
