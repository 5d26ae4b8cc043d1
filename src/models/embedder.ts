/**
 * The in-process embedder: transformers.js `pipeline('feature-extraction')`, CLS (or mean)
 * pooling, L2-normalised, batched, inputs capped at the model's maxTokens. Runs unchanged in
 * Node (tests, eval CLI; onnxruntime-node) and inside workers/embed.worker.ts (onnxruntime-web).
 * Loads lazily and once: concurrent first calls share one load (`model ??= load()`).
 */
import { pipeline, type FeatureExtractionPipeline, type Tensor } from '@huggingface/transformers';
import { throwIfAborted } from '../core/errors';
import type { Embedder, JobOptions, ModelRef } from '../core/ports';
import type { Pooling } from './catalog';
import { toModelError } from './failures';
import { guardedLoad, pretrainedOptions, refOf, yieldToEventLoop, type LoadOptions } from './load';
import { READY } from './progress';
import { BATCH_SIZE } from './profiles';

/** Pools `[batch, seq, dim]` hidden states into unit vectors (CLS row or masked mean). */
export function poolAndNormalize(hidden: Tensor, mask: Tensor, pooling: Pooling): Float32Array[] {
  const h = hidden.type === 'float32' ? hidden : hidden.to('float32');
  const [batch, seq, dim] = h.dims as [number, number, number];
  const data = h.data as Float32Array;
  const m = mask.data as BigInt64Array | Int32Array | Float32Array;
  const out: Float32Array[] = [];
  for (let b = 0; b < batch; b++) {
    const v = new Float32Array(dim);
    if (pooling === 'cls') {
      v.set(data.subarray(b * seq * dim, b * seq * dim + dim));
    } else {
      let count = 0;
      for (let t = 0; t < seq; t++) {
        if (Number(m[b * seq + t]) === 0) continue;
        count++;
        const off = (b * seq + t) * dim;
        for (let d = 0; d < dim; d++) v[d]! += data[off + d]!;
      }
      if (count > 0) for (let d = 0; d < dim; d++) v[d]! /= count;
    }
    let norm = 0;
    for (let d = 0; d < dim; d++) norm += v[d]! * v[d]!;
    norm = Math.sqrt(norm) || 1;
    for (let d = 0; d < dim; d++) v[d]! /= norm;
    out.push(v);
  }
  return out;
}

export class TransformersEmbedder implements Embedder {
  #loading: Promise<FeatureExtractionPipeline> | null = null;
  #dim: number | null;

  constructor(private readonly options: LoadOptions) {
    this.#dim = options.spec.dim;
  }

  get model(): ModelRef {
    return refOf(this.options, this.#dim);
  }

  get batchSize(): number {
    return Math.max(1, this.options.batchSize ?? BATCH_SIZE[this.options.device].embedder);
  }

  /** Loads (downloading only if the network gate allows this model) and warms up. Idempotent. */
  async load(stage: 'load' | 'download' = 'load'): Promise<ModelRef> {
    await (this.#loading ??= this.#load(stage));
    return this.model;
  }

  #load(stage: 'load' | 'download'): Promise<FeatureExtractionPipeline> {
    const promise = guardedLoad(this.options, stage, async (progress_callback) => {
      const extractor: FeatureExtractionPipeline = await pipeline('feature-extraction', this.options.spec.id, pretrainedOptions(this.options, progress_callback));
      if (this.options.warmup !== false) {
        const [v] = await this.#run(extractor, ['warm up']);
        this.#dim = v!.length;
      }
      progress_callback({ status: READY });
      return extractor;
    });
    promise.catch(() => {
      this.#loading = null; // a later call may retry (e.g. after a download)
    });
    return promise;
  }

  async #run(extractor: FeatureExtractionPipeline, texts: readonly string[]): Promise<Float32Array[]> {
    const { prefix, maxTokens, pooling } = this.options.spec;
    const inputs = extractor.tokenizer(
      texts.map((t) => prefix + t),
      { padding: true, truncation: true, max_length: maxTokens },
    );
    const outputs = (await extractor.model(inputs)) as Record<string, Tensor | undefined>;
    const hidden = outputs['last_hidden_state'] ?? outputs['token_embeddings'] ?? outputs['logits'];
    if (!hidden) throw new Error(`embedder: ${this.options.spec.id} returned no hidden states (outputs: ${Object.keys(outputs).join(', ')})`);
    return poolAndNormalize(hidden, inputs.attention_mask, pooling);
  }

  async embed(texts: readonly string[], options: JobOptions = {}): Promise<Float32Array[]> {
    const { signal } = options;
    throwIfAborted(signal, 'embedding');
    if (texts.length === 0) return [];
    await this.load();
    const extractor = await this.#loading!;
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += this.batchSize) {
      if (i > 0) await yieldToEventLoop();
      throwIfAborted(signal, 'embedding');
      try {
        out.push(...(await this.#run(extractor, texts.slice(i, i + this.batchSize))));
      } catch (error) {
        throw toModelError(error, { modelId: this.options.spec.id, device: this.options.device, dtype: this.options.dtype, stage: 'run' });
      }
    }
    return out;
  }

  async dispose(): Promise<void> {
    const loading = this.#loading;
    this.#loading = null;
    const extractor = await loading?.catch(() => null);
    await extractor?.dispose();
  }
}
