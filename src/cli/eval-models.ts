/** Optional models for the evaluation: none (BM25 only), or a local folder of model folders. */
import type { Embedder, Reranker } from '../core/ports';

export interface EvalModels {
  readonly embedder: Embedder | null;
  readonly reranker: Reranker | null;
  readonly description: string;
}

export async function loadEvalModels(options: { dir?: string | undefined; embedder?: string | undefined; reranker?: string | undefined }): Promise<EvalModels> {
  if (!options.dir) return { embedder: null, reranker: null, description: 'none (BM25 + structure + fusion only)' };
  throw new Error('eval: --models is not wired yet');
}
