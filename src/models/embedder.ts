/**
 * The in-process embedder: transformers.js `pipeline('feature-extraction')`, CLS (or mean)
 * pooling, L2-normalised, batched, inputs capped at the model's maxTokens. Runs unchanged in
 * Node (tests, eval CLI; onnxruntime-node) and inside workers/embed.worker.ts (onnxruntime-web).
 * Loading, batching and cancellation are TransformersModel's (load.ts).
 */
import { pipeline, type FeatureExtractionPipeline, type Tensor } from '@huggingface/transformers';
import { ModelError } from '../core/errors';
import type { Embedder, JobOptions } from '../core/ports';
import type { Pooling } from './catalog';
import { pretrainedOptions, TransformersModel, type LoadOptions } from './load';
import type { ProgressInfoLike } from './progress';
import { BATCH_SIZE } from './profiles';

/** Pools `[batch, seq, dim]` hidden states into unit vectors (CLS row or masked mean). */
function poolAndNormalize(hidden: Tensor, mask: Tensor, pooling: Pooling): Float32Array[] {
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

export class TransformersEmbedder extends TransformersModel<FeatureExtractionPipeline> implements Embedder {
  constructor(options: LoadOptions) {
    super(options);
    this.dim = options.spec.dim;
  }

  get batchSize(): number {
    return Math.max(1, this.options.batchSize ?? BATCH_SIZE[this.options.device].embedder);
  }

  protected create(progress_callback: (info: ProgressInfoLike) => void): Promise<FeatureExtractionPipeline> {
    return pipeline('feature-extraction', this.options.spec.id, pretrainedOptions(this.options, progress_callback));
  }

  protected async warmup(extractor: FeatureExtractionPipeline): Promise<void> {
    const [v] = await this.#run(extractor, ['warm up']);
    this.dim = v!.length;
  }

  protected async release(extractor: FeatureExtractionPipeline): Promise<void> {
    await extractor.dispose();
  }

  async #run(extractor: FeatureExtractionPipeline, texts: readonly string[]): Promise<Float32Array[]> {
    const { prefix, maxTokens, pooling } = this.options.spec;
    const inputs = extractor.tokenizer(
      texts.map((t) => prefix + t),
      { padding: true, truncation: true, max_length: maxTokens },
    );
    const outputs = (await extractor.model(inputs)) as Record<string, Tensor | undefined>;
    const hidden = outputs['last_hidden_state'] ?? outputs['token_embeddings'] ?? outputs['logits'];
    if (!hidden) throw new ModelError('model/load-failed', `embedder: ${this.options.spec.id} returned no hidden states (outputs: ${Object.keys(outputs).join(', ')})`);
    return poolAndNormalize(hidden, inputs.attention_mask, pooling);
  }

  embed(texts: readonly string[], options: JobOptions = {}): Promise<Float32Array[]> {
    return this.batched('embedding', texts, options.signal, (extractor, batch) => this.#run(extractor, batch));
  }
}
