/**
 * Optional models for the evaluation: none (BM25 only), or model folders under a local directory
 * (`--models DIR --embedder ID --reranker ID`, each `<DIR>/<ID>/` laid out like the Hub: config.json,
 * tokenizer files, onnx/model*.onnx). The same in-process implementations as the app's workers,
 * on onnxruntime-node; nothing is fetched.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Dtype, Embedder, Reranker } from '../core/ports';
import { catalogSpec, CATALOG, type ModelRole, type ModelSpec } from '../models/catalog';
import { TransformersEmbedder } from '../models/embedder';
import { DEFAULT_SOURCE } from '../models/hub';
import { TransformersReranker } from '../models/reranker';
import { configureRuntime } from '../models/runtime';

export interface EvalModels {
  readonly embedder: Embedder | null;
  readonly reranker: Reranker | null;
  readonly description: string;
}

/** The catalog entry for a known Hub id, or one read from the folder's config.json. */
async function specFor(dir: string, id: string, role: ModelRole): Promise<{ spec: ModelSpec; dtype: Dtype }> {
  const folder = join(dir, id);
  if (!existsSync(join(folder, 'config.json'))) throw new Error(`eval: no model folder ${folder} (config.json missing)`);
  const config = JSON.parse(await readFile(join(folder, 'config.json'), 'utf8')) as { hidden_size?: number };
  const dtype: Dtype = existsSync(join(folder, 'onnx/model_quantized.onnx')) ? 'q8' : 'fp32';
  const known = CATALOG.find((s) => s.id === id) ?? catalogSpec(id);
  const spec: ModelSpec = known ?? {
    key: id,
    role,
    id,
    label: id,
    languages: '',
    dim: role === 'embedder' && typeof config.hidden_size === 'number' ? config.hidden_size : null,
    pooling: 'cls',
    prefix: '',
    maxTokens: 512,
    dtypes: { [dtype]: { bytes: 0, externalData: 0 } },
    custom: true,
  };
  return { spec, dtype };
}

export async function loadEvalModels(options: { dir?: string | undefined; embedder?: string | undefined; reranker?: string | undefined }): Promise<EvalModels> {
  if (!options.dir) return { embedder: null, reranker: null, description: 'none (BM25 + structure + fusion only)' };
  if (!options.embedder && !options.reranker) throw new Error('eval: --models needs --embedder ID and/or --reranker ID');
  const dir = resolve(options.dir);
  configureRuntime({ source: DEFAULT_SOURCE, localModelPath: dir.endsWith('/') ? dir : `${dir}/`, cache: null, gate: null });
  let embedder: TransformersEmbedder | null = null;
  let reranker: TransformersReranker | null = null;
  if (options.embedder) {
    const { spec, dtype } = await specFor(dir, options.embedder, 'embedder');
    embedder = new TransformersEmbedder({ spec, device: 'cpu', dtype, warmup: true });
    await embedder.load();
  }
  if (options.reranker) {
    const { spec, dtype } = await specFor(dir, options.reranker, 'reranker');
    reranker = new TransformersReranker({ spec, device: 'cpu', dtype, warmup: true });
    await reranker.load();
  }
  const describe = (m: Embedder | Reranker | null) => (m ? `${m.model.id} (${m.model.dtype}, ${m.model.device})` : 'none');
  return { embedder, reranker, description: `embedder ${describe(embedder)}, reranker ${describe(reranker)}` };
}
