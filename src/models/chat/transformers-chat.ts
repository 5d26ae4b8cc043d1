/**
 * The transformers.js generation provider: a small ONNX instruct model (Qwen2.5 0.5B/1.5B) on WASM,
 * or on WebGPU where there is one. `AutoTokenizer` + `AutoModelForCausalLM`, the model's own chat
 * template, `generate()` with past key values; streamed one delta per token by a streamer;
 * stopped by an `InterruptableStoppingCriteria` (abort, consumer break, stop strings); `json` is
 * the prompt + parse (the caller validates). Loading shares the embedder/reranker machinery (cache,
 * network gate, byte progress, watchdog, ModelError mapping: ../load.ts). Runs unchanged in Node
 * (onnxruntime-node) and in a worker (onnxruntime-web). One generation at a time per model.
 */
import { AutoModelForCausalLM, AutoTokenizer, BaseStreamer, InterruptableStoppingCriteria, type PreTrainedModel, type PreTrainedTokenizer, type Tensor, type TextStreamer } from '@huggingface/transformers';
import { AbortedError } from '../../core/errors';
import type { ChatDelta, ChatModel, ChatRequest, JobOptions, JsonSchema, ModelRef } from '../../core/ports';
import { toModelError } from '../failures';
import { guardedLoad, pretrainedOptions, refOf, type LoadOptions } from '../load';
import { READY } from '../progress';
import { DeltaQueue } from './delta-queue';
import type { GeneratorSpec } from './generators';
import { parseJsonOutput, withJsonInstruction } from './json-output';

const DEFAULT_MAX_TOKENS = 512;

interface Loaded {
  readonly tokenizer: PreTrainedTokenizer;
  readonly model: PreTrainedModel;
}

/**
 * Decodes the generated tokens as they come and hands on the new text, one call per token (the
 * library's TextStreamer waits for whole words). Holds back an incomplete UTF-8 sequence (U+FFFD
 * at the end) and, when stop strings are set, the last `hold` characters, so a stop string that
 * arrives split over several tokens is never shown.
 */
class DeltaStreamer extends BaseStreamer {
  #prompt = true;
  #tokens: bigint[] = [];
  #text = '';
  #sent = 0;
  generated = 0;
  stopped = false;

  constructor(
    private readonly tokenizer: PreTrainedTokenizer,
    private readonly stops: readonly string[],
    private readonly emit: (text: string) => void,
    private readonly onStop: () => void,
  ) {
    super();
  }

  override put(value: bigint[][]): void {
    if (this.#prompt) {
      this.#prompt = false;
      return;
    }
    if (this.stopped) return;
    const tokens = value[0] ?? [];
    this.generated += tokens.length;
    this.#tokens.push(...tokens);
    this.#text = this.tokenizer.decode(this.#tokens, { skip_special_tokens: true });
    for (const stop of this.stops) {
      const at = this.#text.indexOf(stop, Math.max(0, this.#sent - stop.length));
      if (at >= 0) {
        this.stopped = true;
        this.#flush(at);
        this.onStop();
        return;
      }
    }
    const hold = this.stops.length ? Math.max(...this.stops.map((s) => s.length)) - 1 : 0;
    let end = this.#text.length - hold;
    if (this.#text.endsWith('\uFFFD')) end = Math.min(end, this.#text.length - 1);
    this.#flush(end);
  }

  override end(): void {
    if (!this.stopped) this.#flush(this.#text.length);
  }

  #flush(end: number): void {
    if (end > this.#sent) {
      this.emit(this.#text.slice(this.#sent, end));
      this.#sent = end;
    }
  }
}

export class TransformersChatModel implements ChatModel {
  #loading: Promise<Loaded> | null = null;
  #busy: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: LoadOptions<GeneratorSpec>) {}

  get model(): ModelRef {
    return { ...refOf(this.options), provider: 'transformers' };
  }

  /** Loads (downloading only if the network gate allows this model) and warms up. Idempotent. */
  async load(stage: 'load' | 'download' = 'load'): Promise<ModelRef> {
    await (this.#loading ??= this.#load(stage));
    return this.model;
  }

  #load(stage: 'load' | 'download'): Promise<Loaded> {
    const promise = guardedLoad(this.options, stage, async (progress_callback) => {
      const { id } = this.options.spec;
      const [tokenizer, model] = await Promise.all([
        AutoTokenizer.from_pretrained(id, { progress_callback }),
        AutoModelForCausalLM.from_pretrained(id, pretrainedOptions(this.options, progress_callback)),
      ]);
      const loaded = { tokenizer, model };
      if (this.options.warmup !== false) {
        const inputs = tokenizer('warm up', { return_tensor: true }) as Record<string, Tensor>;
        await model.generate({ ...inputs, max_new_tokens: 1, do_sample: false });
      }
      progress_callback({ status: READY });
      return loaded;
    });
    promise.catch(() => {
      this.#loading = null; // a later call may retry (e.g. after a download)
    });
    return promise;
  }

  chat(request: ChatRequest, options: JobOptions = {}): AsyncIterable<ChatDelta> {
    return this.#generate(request, options.signal);
  }

  async json<T>(request: ChatRequest, schema: JsonSchema, options: JobOptions = {}): Promise<T> {
    let text = '';
    for await (const delta of this.#generate(withJsonInstruction(request, schema), options.signal)) text += delta.text;
    return parseJsonOutput(text, { provider: 'transformers', modelId: this.options.spec.id }) as T;
  }

  async *#generate(request: ChatRequest, signal: AbortSignal | undefined): AsyncGenerator<ChatDelta> {
    if (signal?.aborted) throw new AbortedError('generation');
    const { tokenizer, model } = await this.#loadedOrThrow();
    // One generation at a time: wait for the previous one (it ends promptly once interrupted).
    const previous = this.#busy;
    let release = () => undefined as void;
    this.#busy = new Promise<void>((resolve) => (release = resolve));
    await previous.catch(() => undefined);
    const ctx = { modelId: this.options.spec.id, device: this.options.device, dtype: this.options.dtype, stage: 'run' as const };
    const criteria = new InterruptableStoppingCriteria();
    const queue = new DeltaQueue<ChatDelta>();
    const onAbort = () => criteria.interrupt();
    signal?.addEventListener('abort', onAbort, { once: true });
    const maxTokens = Math.max(1, request.maxTokens ?? DEFAULT_MAX_TOKENS);
    const stops = (request.stop ?? []).filter((s) => s.length > 0);
    const streamer = new DeltaStreamer(tokenizer, stops, (text) => queue.push({ text }), () => criteria.interrupt());
    let promptTokens = 0;
    let generation: Promise<void> = Promise.resolve();
    try {
      const inputs = tokenizer.apply_chat_template(
        request.messages.map((m) => ({ role: m.role, content: m.content })),
        { add_generation_prompt: true, return_dict: true },
      ) as unknown as Record<string, Tensor>;
      promptTokens = inputs['input_ids']?.dims.at(-1) ?? 0;
      const temperature = request.temperature ?? 0;
      generation = model
        .generate({
          ...inputs,
          max_new_tokens: maxTokens,
          do_sample: temperature > 0,
          ...(temperature > 0 ? { temperature } : {}),
          stopping_criteria: criteria,
          // generate() only calls put()/end() (its JSDoc type names TextStreamer).
          streamer: streamer as unknown as TextStreamer,
        })
        .then(
          () => {
            if (signal?.aborted) queue.fail(new AbortedError('generation'));
            else {
              queue.push({
                text: '',
                finishReason: !streamer.stopped && streamer.generated >= maxTokens ? 'length' : 'stop',
                usage: { promptTokens, completionTokens: streamer.generated },
              });
              queue.end();
            }
          },
          (error: unknown) => queue.fail(signal?.aborted ? new AbortedError('generation') : toModelError(error, ctx)),
        );
      yield* queue;
    } finally {
      // Consumer break, abort or error: stop the model and wait until it is free again.
      criteria.interrupt();
      signal?.removeEventListener('abort', onAbort);
      await generation.catch(() => undefined);
      release();
    }
  }

  async #loadedOrThrow(): Promise<Loaded> {
    await this.load();
    return this.#loading!;
  }

  async dispose(): Promise<void> {
    const loading = this.#loading;
    this.#loading = null;
    const loaded = await loading?.catch(() => null);
    await loaded?.model.dispose();
  }
}
