/**
 * The OpenAI-compatible endpoint provider: `POST <base>/v1/chat/completions` with `stream: true`,
 * read as server-sent events (`data: {…}` lines, ended by `data: [DONE]`). Works with Ollama,
 * llama.cpp server, LM Studio and vLLM on the user's own machine or network.
 *
 * - Abort: the caller's signal, breaking out of the stream, and both timeouts cancel the fetch.
 * - Timeouts: `firstTokenMs` from the request to the first streamed byte of content (covers
 *   connecting, loading the model on the server and the prompt's prefill), then `idleMs` between
 *   chunks. Each fails with a ModelError `model/timeout` saying which.
 * - `json`: schema-constrained where the server supports it — `response_format: {type:
 *   'json_schema'}`, then `{type: 'json_object'}`, then the prompt alone; a server that rejects
 *   a mode (HTTP 400/422) is asked again with the next one, and the working mode is remembered.
 * - Failures name the cause: unreachable, CORS (with how to allow the app's origin), model
 *   missing, unauthorized, other HTTP errors, timeouts (see endpoint-errors.ts).
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { AbortedError, ModelError } from '../../core/errors';
import type { ChatDelta, ChatModel, ChatRequest, JobOptions, JsonSchema, ModelRef } from '../../core/ports';
import type { EndpointConfig, EndpointUrls } from './endpoint-config';
import { endpointUrls } from './endpoint-config';
import { classifyNetworkFailure, httpFailure, rejectsResponseFormat, type FetchLike } from './endpoint-errors';
import { chatError } from './failures';
import type { LoadedChat } from './chat-host';
import { completionRequest } from './completion-request';
import { parseJsonOutput, withJsonInstruction } from './json-output';

export type JsonMode = 'json_schema' | 'json_object' | 'prompt';

export interface EndpointOptions {
  readonly fetch?: FetchLike;
  /** From the request to the first content (ms). Default 120 000 (a CPU server may load the model first). */
  readonly firstTokenMs?: number;
  /** Between streamed chunks (ms). Default 30 000. */
  readonly idleMs?: number;
  /** The page's origin, for CORS advice and mixed-content checks; default `location.origin` where there is one. */
  readonly appOrigin?: string | null;
}

interface StreamChunk {
  choices?: { delta?: { content?: string | null }; message?: { content?: string | null }; finish_reason?: string | null }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  error?: unknown;
}

const defaultOrigin = (): string | null => (globalThis as { location?: { origin?: string } }).location?.origin ?? null;

export class EndpointChatModel implements ChatModel {
  readonly #urls: EndpointUrls;
  readonly #fetch: FetchLike;
  readonly #firstTokenMs: number;
  readonly #idleMs: number;
  readonly #appOrigin: string | null;
  #jsonMode: JsonMode = 'json_schema';

  constructor(
    readonly config: EndpointConfig,
    options: EndpointOptions = {},
  ) {
    this.#urls = endpointUrls(config.baseUrl);
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.#firstTokenMs = options.firstTokenMs ?? 120_000;
    this.#idleMs = options.idleMs ?? 30_000;
    this.#appOrigin = options.appOrigin === undefined ? defaultOrigin() : options.appOrigin;
  }

  get model(): ModelRef {
    // dtype/device are nominal: the server decides how the model runs.
    return { id: this.config.model, dtype: 'fp32', device: 'cpu', provider: 'endpoint' };
  }

  /** The response_format mode `json` will try first (after a server rejected the richer ones). */
  get jsonMode(): JsonMode {
    return this.#jsonMode;
  }

  #headers(): Record<string, string> {
    return {
      'content-type': 'application/json',
      accept: 'text/event-stream, application/json',
      ...(this.config.apiKey ? { authorization: `Bearer ${this.config.apiKey}` } : {}),
    };
  }

  #body(request: ChatRequest, extra: Record<string, unknown> = {}): string {
    return JSON.stringify({ model: this.config.model, ...completionRequest(request, extra) });
  }

  chat(request: ChatRequest, options: JobOptions = {}): AsyncIterable<ChatDelta> {
    return this.#stream(this.#body(request), options.signal);
  }

  async json<T>(request: ChatRequest, schema: JsonSchema, options: JobOptions = {}): Promise<T> {
    const prompted = withJsonInstruction(request, schema);
    for (;;) {
      const mode = this.#jsonMode;
      const format =
        mode === 'json_schema'
          ? { response_format: { type: 'json_schema', json_schema: { name: 'response', schema, strict: true } } }
          : mode === 'json_object'
            ? { response_format: { type: 'json_object', schema } }
            : {};
      let text = '';
      try {
        for await (const delta of this.#stream(this.#body(prompted, format), options.signal)) text += delta.text;
      } catch (error) {
        if (mode !== 'prompt' && error instanceof ModelError && rejectsResponseFormat(error)) {
          this.#jsonMode = mode === 'json_schema' ? 'json_object' : 'prompt';
          continue;
        }
        throw error;
      }
      return parseJsonOutput(text, { provider: 'endpoint', modelId: this.config.model }) as T;
    }
  }

  /** Lists the server's models: resolves when `config.model` is among them, else throws the typed failure. */
  async check(options: JobOptions = {}): Promise<string[]> {
    const url = this.#urls.models;
    const signal = options.signal ? AbortSignal.any([options.signal, AbortSignal.timeout(10_000)]) : AbortSignal.timeout(10_000);
    let response: Response;
    try {
      response = await this.#fetch(url, { headers: this.#headers(), signal });
    } catch (error) {
      if (options.signal?.aborted) throw new AbortedError('checking the endpoint');
      throw await classifyNetworkFailure(error, url, this.config.model, this.#fetch, this.#appOrigin);
    }
    const body = await response.text();
    if (!response.ok) throw httpFailure(response.status, response.statusText, body, url, this.config.model);
    let ids: string[];
    try {
      const parsed = JSON.parse(body) as { data?: { id?: unknown }[]; models?: { name?: unknown }[] };
      ids = [...(parsed.data ?? []).map((m) => m.id), ...(parsed.models ?? []).map((m) => m.name)].filter((x): x is string => typeof x === 'string');
    } catch {
      throw chatError('http', `endpoint: ${url} did not return a model list (is this an OpenAI-compatible server?)`, { provider: 'endpoint', modelId: this.config.model }, { details: { url } });
    }
    // Ollama lists "name:tag"; "qwen2.5" means "qwen2.5:latest".
    const wanted = this.config.model.includes(':') ? [this.config.model] : [this.config.model, `${this.config.model}:latest`];
    if (!ids.some((id) => wanted.includes(id))) throw httpFailure(404, 'Not Found', JSON.stringify({ error: `model "${this.config.model}" not found; the server has: ${ids.join(', ') || 'none'}` }), url, this.config.model);
    return ids;
  }

  async *#stream(body: string, signal: AbortSignal | undefined): AsyncGenerator<ChatDelta> {
    const url = this.#urls.chat;
    const model = this.config.model;
    const ctx = { provider: 'endpoint' as const, modelId: model };
    const controller = new AbortController();
    let timedOut: ModelError | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = (ms: number, reason: 'first-token-timeout' | 'idle-timeout') => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = chatError(
          reason,
          reason === 'first-token-timeout'
            ? `endpoint: ${model} at ${this.#urls.origin} sent nothing within ${Math.round(ms / 1000)} s (the server may still be loading the model, or the prompt is too long for it)`
            : `endpoint: ${model} at ${this.#urls.origin} stopped sending for ${Math.round(ms / 1000)} s in the middle of an answer`,
          ctx,
          { details: { timeoutMs: ms } },
        );
        controller.abort(timedOut);
      }, ms);
    };
    const onAbort = () => controller.abort(new AbortedError('generation'));
    if (signal?.aborted) throw new AbortedError('generation');
    signal?.addEventListener('abort', onAbort, { once: true });
    arm(this.#firstTokenMs, 'first-token-timeout');
    const fail = (error: unknown): never => {
      if (timedOut) throw timedOut;
      if (signal?.aborted) throw new AbortedError('generation');
      throw error;
    };
    try {
      let response: Response;
      try {
        response = await this.#fetch(url, { method: 'POST', headers: this.#headers(), body, signal: controller.signal });
      } catch (error) {
        if (timedOut || signal?.aborted) fail(error);
        throw await classifyNetworkFailure(error, url, model, this.#fetch, this.#appOrigin);
      }
      if (!response.ok) {
        const text = await response.text().catch(() => '');
        throw httpFailure(response.status, response.statusText, text, url, model);
      }
      if (!(response.headers.get('content-type') ?? '').includes('text/event-stream') || !response.body) {
        // A server that ignored `stream: true` answers with one JSON completion.
        const whole = JSON.parse(await response.text().catch(fail)) as StreamChunk;
        const text = whole.choices?.[0]?.message?.content ?? '';
        if (text) yield { text };
        yield this.#final(whole.choices?.[0]?.finish_reason ?? null, whole.usage ?? null, text ? 1 : 0);
        return;
      }
      const events: EventSourceMessage[] = [];
      const parser = createParser({ onEvent: (e) => events.push(e) });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let finish: string | null = null;
      let usage: StreamChunk['usage'] = null;
      let pieces = 0;
      let started = false;
      try {
        for (;;) {
          const { value, done } = await reader.read().catch(fail);
          if (done) break;
          parser.feed(value);
          if (events.length === 0) continue;
          for (const event of events.splice(0)) {
            if (event.data.trim() === '[DONE]') {
              yield this.#final(finish, usage, pieces);
              return;
            }
            let chunk: StreamChunk;
            try {
              chunk = JSON.parse(event.data) as StreamChunk;
            } catch {
              throw chatError('http', `endpoint: ${this.#urls.origin} sent a stream event that is not JSON: "${event.data.slice(0, 120)}"`, ctx, { details: { url } });
            }
            if (chunk.error) throw httpFailure(500, 'stream error', JSON.stringify({ error: chunk.error }), url, model);
            const choice = chunk.choices?.[0];
            if (choice?.finish_reason) finish = choice.finish_reason;
            if (chunk.usage) usage = chunk.usage;
            const text = choice?.delta?.content ?? '';
            if (!started && text) started = true;
            // Reasoning deltas (no content) keep the stream alive too.
            arm(started ? this.#idleMs : this.#firstTokenMs, started ? 'idle-timeout' : 'first-token-timeout');
            if (text) {
              pieces++;
              yield { text };
            }
          }
        }
        // The server closed the stream without [DONE] (some do): end normally.
        yield this.#final(finish, usage, pieces);
      } finally {
        await reader.cancel().catch(() => undefined);
      }
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      // Whatever ended the stream (done, consumer break, error), the request is closed.
      controller.abort(new AbortedError('generation'));
    }
  }

  #final(finish: string | null, usage: StreamChunk['usage'], pieces: number): ChatDelta {
    return {
      text: '',
      finishReason: finish === 'length' ? 'length' : 'stop',
      usage: { ...(typeof usage?.prompt_tokens === 'number' ? { promptTokens: usage.prompt_tokens } : {}), completionTokens: usage?.completion_tokens ?? pieces },
    };
  }
}

/** What the endpoint worker loads: the user's server and model (nothing is fetched until a call). */
export interface EndpointLoadRequest {
  readonly config: EndpointConfig;
}

/** The endpoint worker's loader (chat-host.ts): the provider, and `check()` against /v1/models. */
export const endpointLoader = async (request: EndpointLoadRequest): Promise<LoadedChat> => {
  const model = new EndpointChatModel(request.config);
  return { model, check: (options) => model.check(options) };
};
