/**
 * The in-process reranker: AutoTokenizer + AutoModelForSequenceClassification scoring
 * (query, passage) pairs with `text_pair`, returning the raw logits (not the text-classification
 * pipeline, whose softmax over one logit makes every score 1). Batched, capped at maxTokens,
 * cancellable between batches (TransformersModel, load.ts). Node and workers/rerank.worker.ts alike.
 */
import { AutoModelForSequenceClassification, AutoTokenizer, type PreTrainedModel, type PreTrainedTokenizer, type Tensor } from '@huggingface/transformers';
import type { JobOptions, Reranker } from '../core/ports';
import { pretrainedOptions, TransformersModel } from './load';
import type { ProgressInfoLike } from './progress';
import { BATCH_SIZE } from './profiles';

/** Maps a logit to 0..1 (bge-reranker's own convention for a relevance probability). */
export const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

interface Loaded {
  readonly tokenizer: PreTrainedTokenizer;
  readonly model: PreTrainedModel;
}

export class TransformersReranker extends TransformersModel<Loaded> implements Reranker {
  get batchSize(): number {
    return Math.max(1, this.options.batchSize ?? BATCH_SIZE[this.options.device].reranker);
  }

  protected async create(progress_callback: (info: ProgressInfoLike) => void): Promise<Loaded> {
    const { id } = this.options.spec;
    const [tokenizer, model] = await Promise.all([
      AutoTokenizer.from_pretrained(id, { progress_callback }),
      AutoModelForSequenceClassification.from_pretrained(id, pretrainedOptions(this.options, progress_callback)),
    ]);
    return { tokenizer, model };
  }

  protected async warmup(loaded: Loaded): Promise<void> {
    await this.#run(loaded, 'warm up', ['warm up']);
  }

  protected async release(loaded: Loaded): Promise<void> {
    await loaded.model.dispose();
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
  score(query: string, passages: readonly string[], options: JobOptions = {}): Promise<number[]> {
    return this.batched('reranking', passages, options.signal, (loaded, batch) => this.#run(loaded, query, batch));
  }
}
