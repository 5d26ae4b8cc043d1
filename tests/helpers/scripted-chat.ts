/**
 * A scripted ChatModel for tests: replays JSON replies and streamed deltas in order, can fail,
 * hang (with or without honouring the abort signal), and records every call.
 */
import { AbortedError } from '../../src/core/errors';
import type { ChatDelta, ChatModel, ChatRequest, JobOptions, JsonSchema, ModelRef } from '../../src/core/ports';

export type JsonStep =
  | { readonly value: unknown }
  | { readonly error: Error }
  /** Never answers; `deaf` also ignores the abort signal (only a timeout ends the wait). */
  | { readonly hang: true; readonly deaf?: boolean };

export interface ChatStep {
  readonly deltas: readonly (string | ChatDelta)[];
  /** Thrown after the deltas. */
  readonly error?: Error;
  /** After the deltas, never yields again (deaf: ignores the abort signal). */
  readonly hang?: boolean;
  readonly deaf?: boolean;
  /** Waits this long before each delta. */
  readonly delayMs?: number;
}

export interface RecordedCall {
  readonly method: 'chat' | 'json';
  readonly request: ChatRequest;
  readonly schema?: JsonSchema;
  readonly signal?: AbortSignal | undefined;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(new AbortedError('scripted model'));
    });
  });

function hang(signal: AbortSignal | undefined, deaf: boolean): Promise<never> {
  return new Promise((_, reject) => {
    if (!deaf) signal?.addEventListener('abort', () => reject(new AbortedError('scripted model')));
  });
}

export class ScriptedChatModel implements ChatModel {
  readonly calls: RecordedCall[] = [];
  private readonly jsonSteps: JsonStep[];
  private readonly chatSteps: ChatStep[];

  constructor(
    script: { json?: readonly JsonStep[]; chat?: readonly ChatStep[] } = {},
    readonly model: ModelRef = { id: 'scripted/test-model', dtype: 'q4f16', device: 'webgpu' },
  ) {
    this.jsonSteps = [...(script.json ?? [])];
    this.chatSteps = [...(script.chat ?? [])];
  }

  get chatCalls(): RecordedCall[] {
    return this.calls.filter((c) => c.method === 'chat');
  }

  get jsonCalls(): RecordedCall[] {
    return this.calls.filter((c) => c.method === 'json');
  }

  async json<T>(request: ChatRequest, schema: JsonSchema, options: JobOptions = {}): Promise<T> {
    this.calls.push({ method: 'json', request, schema, signal: options.signal });
    const step = this.jsonSteps.shift();
    if (!step) throw new Error(`scripted model: no JSON step left for call ${this.jsonCalls.length}`);
    if ('hang' in step) return hang(options.signal, step.deaf ?? false);
    if ('error' in step) throw step.error;
    return step.value as T;
  }

  chat(request: ChatRequest, options: JobOptions = {}): AsyncIterable<ChatDelta> {
    this.calls.push({ method: 'chat', request, signal: options.signal });
    const step = this.chatSteps.shift();
    if (!step) throw new Error(`scripted model: no chat step left for call ${this.chatCalls.length}`);
    return (async function* () {
      for (const d of step.deltas) {
        if (step.delayMs) await sleep(step.delayMs, options.signal);
        if (options.signal?.aborted) throw new AbortedError('scripted model');
        yield typeof d === 'string' ? { text: d } : d;
      }
      if (step.error) throw step.error;
      if (step.hang) await hang(options.signal, step.deaf ?? false);
    })();
  }
}
