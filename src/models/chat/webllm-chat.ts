/**
 * The WebLLM provider: a ChatModel over web-llm's engine interface — in the app the `MLCEngine`
 * inside workers/llm.worker.ts (webllm-host.ts), reached from the page through the chat host;
 * any `MLCEngineInterface` works, so tests drive it with a scripted engine. Streaming via
 * `chat.completions.create({stream: true})`, json via `response_format: {type: 'json_object',
 * schema: <string>}` (XGrammar-constrained), abort via `interruptGenerate()` (web-llm takes no
 * AbortSignal). Errors, which web-llm also reports as "Name: message" strings, become typed
 * ModelErrors (mapWebLlmError). This module does not import web-llm.
 */
import { AbortedError, AppError } from '../../core/errors';
import type { ChatDelta, ChatModel, ChatRequest, JobOptions, JsonSchema, ModelRef } from '../../core/ports';
import { completionRequest } from './completion-request';
import { chatError, type ChatFailureReason } from './failures';
import { parseJsonOutput, withJsonInstruction } from './json-output';

interface Chunk {
  choices?: { delta?: { content?: string | null }; finish_reason?: string | null }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
}

/** The slice of web-llm's MLCEngineInterface this adapter uses (`create` with stream: true resolves to an async iterable of chunks). */
export interface WebLlmEngineLike {
  readonly chat: { readonly completions: { create(request: Record<string, unknown>): Promise<unknown> } };
  interruptGenerate(): void;
}

const RULES: readonly [RegExp, ChatFailureReason, string][] = [
  [/WebGPUNotAvailableError|WebGPUNotFoundError|WebGPU is not supported|Cannot find WebGPU/i, 'no-webgpu', 'this browser has no WebGPU; choose the CPU model or a local server instead'],
  [/Unable to find a compatible GPU|requestAdapter/i, 'no-adapter', 'WebGPU found no usable GPU (drivers or browser settings); choose the CPU model or a local server instead'],
  [/ShaderF16SupportError|shader-f16/i, 'fp16-unsupported', 'needs shader-f16, which this GPU lacks; choose the q4f32 build of the model'],
  [/DeviceLostError|device was lost|device lost/i, 'device-lost', 'lost the GPU (usually out of memory); choose a smaller model'],
  [/ContextWindowSizeExceededError|exceed context window/i, 'context-too-long', 'got a prompt longer than its context window'],
  [/ModelNotFoundError|Cannot find model record/i, 'model-missing', 'is not in the model list'],
  [/Unexpected token '<'|<!doctype|is not valid JSON/i, 'download-failed', "could not be downloaded: the server sent a web page instead of the model's files (check the mirror address)"],
  [/Failed to fetch|NetworkError|network error|ERR_|Cannot fetch|status code 4\d\d|status code 5\d\d|\b(403|404|429|5\d\d)\b.*(fetch|download)/i, 'download-failed', 'could not be downloaded (network error or mirror missing files)'],
];

/** A typed ModelError (or AbortedError) for whatever web-llm threw or sent back as a string. */
export function mapWebLlmError(error: unknown, modelId: string, stage: 'load' | 'run'): AppError {
  if (error instanceof AppError) return error;
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (/AbortError|aborted|Engine\.unload\(\) is called/i.test(text)) return new AbortedError(stage === 'load' ? `loading ${modelId}` : 'generation');
  const ctx = { provider: 'webllm' as const, modelId };
  for (const [re, reason, hint] of RULES) {
    if (re.test(text)) return chatError(reason, `webllm: ${modelId} ${hint} (${text.slice(0, 300)})`, ctx, { cause: error, details: { stage, hint } });
  }
  return chatError(stage === 'load' ? 'download-failed' : 'unknown', `webllm: ${modelId} failed while ${stage === 'load' ? 'loading' : 'generating'}: ${text.slice(0, 300)}`, ctx, { cause: error, details: { stage } });
}

const isIterable = (x: unknown): x is AsyncIterable<Chunk> => typeof x === 'object' && x !== null && Symbol.asyncIterator in x;

export class WebLlmChatModel implements ChatModel {
  constructor(
    private readonly engine: WebLlmEngineLike,
    readonly modelId: string,
  ) {}

  get model(): ModelRef {
    const dtype = /q4f16/.test(this.modelId) ? 'q4f16' : /q0f16/.test(this.modelId) ? 'fp16' : /q0f32/.test(this.modelId) ? 'fp32' : 'q4';
    return { id: this.modelId, dtype, device: 'webgpu', provider: 'webllm' };
  }

  chat(request: ChatRequest, options: JobOptions = {}): AsyncIterable<ChatDelta> {
    return this.#stream(request, {}, options.signal);
  }

  async json<T>(request: ChatRequest, schema: JsonSchema, options: JobOptions = {}): Promise<T> {
    let text = '';
    const format = { response_format: { type: 'json_object', schema: JSON.stringify(schema) } };
    for await (const delta of this.#stream(withJsonInstruction(request, schema), format, options.signal)) text += delta.text;
    return parseJsonOutput(text, { provider: 'webllm', modelId: this.modelId }) as T;
  }

  async *#stream(request: ChatRequest, extra: Record<string, unknown>, signal: AbortSignal | undefined): AsyncGenerator<ChatDelta> {
    if (signal?.aborted) throw new AbortedError('generation');
    const interrupt = () => this.engine.interruptGenerate();
    signal?.addEventListener('abort', interrupt, { once: true });
    let finished = false;
    try {
      let stream: unknown;
      try {
        stream = await this.engine.chat.completions.create(completionRequest(request, extra));
      } catch (error) {
        throw mapWebLlmError(error, this.modelId, 'run');
      }
      if (!isIterable(stream)) throw mapWebLlmError(new Error('the engine did not return a stream'), this.modelId, 'run');
      let finish: string | null = null;
      let usage: Chunk['usage'] = null;
      let pieces = 0;
      try {
        for await (const chunk of stream) {
          const choice = chunk.choices?.[0];
          if (choice?.finish_reason) finish = choice.finish_reason;
          if (chunk.usage) usage = chunk.usage;
          const text = choice?.delta?.content ?? '';
          if (text && !signal?.aborted) {
            pieces++;
            yield { text };
          }
        }
      } catch (error) {
        throw mapWebLlmError(error, this.modelId, 'run');
      }
      if (signal?.aborted || finish === 'abort') throw new AbortedError('generation');
      finished = true;
      yield { text: '', finishReason: finish === 'length' ? 'length' : 'stop', usage: { ...(usage?.prompt_tokens === undefined ? {} : { promptTokens: usage.prompt_tokens }), completionTokens: usage?.completion_tokens ?? pieces } };
    } finally {
      signal?.removeEventListener('abort', interrupt);
      // The consumer stopped early (break, error): stop the GPU too.
      if (!finished) interrupt();
    }
  }
}

// ---- loading progress -------------------------------------------------------------------------

export interface WebLlmProgress {
  readonly modelId: string;
  /** Bytes fetched so far (from web-llm's "…MB fetched" text, MiB), 0 when it does not say. */
  readonly loaded: number;
  /** Estimated total bytes (loaded / progress), at least the catalog's VRAM figure when unknown. */
  readonly total: number;
  /** 0..100, never decreasing. */
  readonly percent: number;
  readonly phase: 'downloading' | 'loading' | 'ready';
  readonly text: string;
}

/** Folds web-llm's InitProgressReports ({progress 0..1, text}) into byte progress that never goes backwards. */
export class WebLlmProgressTracker {
  #last: WebLlmProgress;

  constructor(
    private readonly modelId: string,
    private readonly expectedBytes: number,
  ) {
    this.#last = { modelId, loaded: 0, total: expectedBytes, percent: 0, phase: 'downloading', text: '' };
  }

  update(report: { progress: number; text: string }): WebLlmProgress {
    const mb = /([\d.]+)\s*MB (?:fetched|loaded)/i.exec(report.text);
    const loaded = mb ? Math.max(this.#last.loaded, Math.round(Number(mb[1]) * 2 ** 20)) : this.#last.loaded;
    const fraction = Math.min(1, Math.max(0, report.progress));
    const total = fraction > 0 && loaded > 0 ? Math.max(loaded, Math.round(loaded / fraction)) : Math.max(this.#last.total, loaded);
    const ready = fraction >= 1 && /finish|ready|loaded/i.test(report.text);
    const phase: WebLlmProgress['phase'] = ready ? 'ready' : /fetch|download/i.test(report.text) ? 'downloading' : 'loading';
    const percent = Math.max(this.#last.percent, ready ? 100 : Math.min(99, fraction * 100));
    this.#last = { modelId: this.modelId, loaded, total, percent, phase, text: report.text };
    return this.#last;
  }
}
