/**
 * The in-process reranker: AutoTokenizer + AutoModelForSequenceClassification scoring
 * (query, passage) pairs with `text_pair`, returning the raw logits (not the text-classification
 * pipeline, whose softmax over one logit makes every score 1). Batched, capped at maxTokens,
 * cancellable between batches. Node and workers/rerank.worker.ts alike.
 */
import { AutoModelForSequenceClassification, AutoTokenizer, type PreTrainedModel, type PreTrainedTokenizer, type Tensor } from '@huggingface/transformers';
import { throwIfAborted } from '../core/errors';
import type { JobOptions, ModelRef, Reranker } from '../core/ports';
import { toModelError } from './failures';
import { guardedLoad, pretrainedOptions, refOf, yieldToEventLoop, type LoadOptions } from './load';
import { READY } from './progress';
import { BATCH_SIZE } from './profiles';

/** Maps a logit to 0..1 (bge-reranker's own convention for a relevance probability). */
export const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

interface Loaded {
  readonly tokenizer: PreTrainedTokenizer;
  readonly model: PreTrainedModel;
}

export class TransformersReranker implements Reranker {
  #loading: Promise<Loaded> | null = null;

  constructor(private readonly options: LoadOptions) {}

  get model(): ModelRef {
    return refOf(this.options);
  }

  get batchSize(): number {
    return Math.max(1, this.options.batchSize ?? BATCH_SIZE[this.options.device].reranker);
  }

  async load(stage: 'load' | 'download' = 'load'): Promise<ModelRef> {
    await (this.#loading ??= this.#load(stage));
    return this.model;
  }

  #load(stage: 'load' | 'download'): Promise<Loaded> {
    const promise = guardedLoad(this.options, stage, async (progress_callback) => {
      const { id } = this.options.spec;
      const [tokenizer, model] = await Promise.all([
        AutoTokenizer.from_pretrained(id, { progress_callback }),
        AutoModelForSequenceClassification.from_pretrained(id, pretrainedOptions(this.options, progress_callback)),
      ]);
      const loaded = { tokenizer, model };
      if (this.options.warmup !== false) await this.#run(loaded, 'warm up', ['warm up']);
      progress_callback({ status: READY });
      return loaded;
    });
    promise.catch(() => {
      this.#loading = null;
    });
    return promise;
  }

  async #run({ tokenizer, model }: Loaded, query: string, passages: readonly string[]): Promise<number[]> {
    const inputs = tokenizer(
      passages.map(() => query),
      { text_pair: [...passages], padding: true, truncation: true, max_length: this.options.spec.maxTokens },
    );
    const { logits } = (await model(inputs)) as { logits: Tensor };
    const l = logits.type === 'float32' ? logits : logits.to('float32');
    const [rows, cols] = l.dims as [number, number];
    const data = l.data as Float32Array;
    return Array.from({ length: rows }, (_, i) => data[i * cols]!);
  }

  /** Raw logits, one per passage, in order (higher = more relevant; `sigmoid` for 0..1). */
  async score(query: string, passages: readonly string[], options: JobOptions = {}): Promise<number[]> {
    const { signal } = options;
    throwIfAborted(signal, 'reranking');
    if (passages.length === 0) return [];
    await this.load();
    const loaded = await this.#loading!;
    const out: number[] = [];
    for (let i = 0; i < passages.length; i += this.batchSize) {
      if (i > 0) await yieldToEventLoop();
      throwIfAborted(signal, 'reranking');
      try {
        out.push(...(await this.#run(loaded, query, passages.slice(i, i + this.batchSize))));
      } catch (error) {
        throw toModelError(error, { modelId: this.options.spec.id, device: this.options.device, dtype: this.options.dtype, stage: 'run' });
      }
    }
    return out;
  }

  async dispose(): Promise<void> {
    const loading = this.#loading;
    this.#loading = null;
    const loaded = await loading?.catch(() => null);
    await loaded?.model.dispose();
  }
}
