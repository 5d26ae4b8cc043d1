/**
 * The page side of a worker's model callbacks: the index and scan workers have no models of
 * their own, so they call back with a job id and the page answers with that job's Embedder,
 * Reranker or ChatModel under the job's AbortSignal (cancelling a search or a scan cancels its
 * model calls too). Vectors go back transferred, not copied. Used by index-client.ts and
 * scan-proxy.ts, each with its own errors for an unknown job or a missing model.
 */
import { transfer } from 'comlink';
import type { ChatModel, ChatRequest, Embedder, JsonSchema, Reranker } from '../../core/ports';

/** The models one running job may use, and its signal. */
export interface RelayJob {
  readonly embedder?: Embedder | null;
  readonly reranker?: Reranker | null;
  readonly chatModel?: ChatModel | null;
  readonly signal: AbortSignal | undefined;
}

type RelayedModel = 'embedder' | 'reranker' | 'language model';

export interface ModelRelayOptions {
  /** The error for a call naming no running job. */
  readonly unknownJob: (jobId: string) => Error;
  /** The error for a job without the model called. */
  readonly noModel: (jobId: string, model: RelayedModel) => Error;
  /**
   * Embeddings asked for by a job that is not running go to any running job with an embedder
   * (the scan worker embeds a classifier's examples once, for whichever scan first needed them).
   */
  readonly embedForAnyJob?: boolean;
}

export class ModelRelay {
  readonly #jobs = new Map<string, RelayJob>();

  constructor(readonly options: ModelRelayOptions) {}

  has(jobId: string): boolean {
    return this.#jobs.has(jobId);
  }

  add(jobId: string, job: RelayJob): void {
    this.#jobs.set(jobId, job);
  }

  delete(jobId: string): void {
    this.#jobs.delete(jobId);
  }

  readonly embed = async (jobId: string, texts: string[]): Promise<Float32Array[]> => {
    const job = this.options.embedForAnyJob ? (this.#jobs.get(jobId) ?? [...this.#jobs.values()].find((j) => j.embedder)) : this.#job(jobId);
    if (!job?.embedder) throw this.options.noModel(jobId, 'embedder');
    const vectors = await job.embedder.embed(texts, { signal: job.signal });
    return transfer(vectors, [...new Set(vectors.map((v) => v.buffer as ArrayBuffer))]);
  };

  readonly score = async (jobId: string, query: string, passages: string[]): Promise<number[]> => {
    const job = this.#job(jobId);
    if (!job.reranker) throw this.options.noModel(jobId, 'reranker');
    return job.reranker.score(query, passages, { signal: job.signal });
  };

  readonly chatJson = async (jobId: string, request: ChatRequest, schema: JsonSchema): Promise<unknown> => {
    const job = this.#job(jobId);
    if (!job.chatModel) throw this.options.noModel(jobId, 'language model');
    return job.chatModel.json(request, schema, { signal: job.signal });
  };

  #job(jobId: string): RelayJob {
    const job = this.#jobs.get(jobId);
    if (!job) throw this.options.unknownJob(jobId);
    return job;
  }
}
