/**
 * "Import model folder": turns the files of a model folder the user picked (File System Access
 * or `<input webkitdirectory>`) into cache entries under `<id>/<file>`, exactly the keys
 * transformers.js will look up, so the model loads with nothing fetched. Works for a catalog
 * model (an air-gapped copy of Xenova/bge-m3) or any compatible folder (`local/<folder>`).
 */
import { InputError } from '../core/errors';
import type { Dtype } from '../core/ports';
import type { DtypeFiles, ModelRole, ModelSpec } from './catalog';
import { CONFIG_FILES, DTYPE_SUFFIX, externalDataFiles, onnxFile } from './hub';
import type { BlobStore } from './model-cache';

export interface PickedFile {
  /** Path relative to the picked folder, with or without the folder's own name first. */
  readonly path: string;
  readonly blob: Blob;
}

export interface FolderAnalysis {
  /** The folder's name (from the paths, or given). */
  readonly name: string;
  readonly role: ModelRole;
  readonly dim: number | null;
  readonly dtypes: Readonly<Partial<Record<Dtype, DtypeFiles>>>;
  /** Files to import, relative to the model folder ("onnx/model.onnx"). */
  readonly files: ReadonlyMap<string, Blob>;
}

/** The picked files by path inside the model folder (a single top folder holding them is stripped and names the model). */
function normalize(files: readonly PickedFile[], fallbackName: string): { name: string; files: Map<string, Blob> } {
  const clean = files.map((f) => ({ path: f.path.replace(/\\/g, '/').replace(/^\.?\//, ''), blob: f.blob }));
  const firsts = new Set(clean.map((f) => f.path.split('/')[0]));
  const hasTopConfig = clean.some((f) => f.path === 'config.json');
  const [only] = [...firsts];
  const strip = !hasTopConfig && firsts.size === 1 && only !== undefined && clean.every((f) => f.path.includes('/'));
  const name = strip ? only : fallbackName;
  return { name, files: new Map(clean.map((f) => [strip ? f.path.slice(only.length + 1) : f.path, f.blob])) };
}

const DTYPES = Object.keys(DTYPE_SUFFIX) as Dtype[];

export interface ModelFolder {
  /** The folder's name (from the paths, or given). */
  readonly name: string;
  /** Every picked file by its path inside the model folder. */
  readonly files: ReadonlyMap<string, Blob>;
  /** config.json, parsed. */
  readonly config: Record<string, unknown>;
  /** config.json's `architectures` ("BertModel", "Qwen2ForCausalLM"…). */
  readonly architectures: string[];
}

/**
 * The picked files of a transformers.js model folder with its config read: InputError when the
 * config or tokenizer files are missing or config.json is not JSON. Shared by the embedder and
 * reranker import (analyzeFolder) and the text-generation one (chat/generators.ts).
 */
export async function readModelFolder(picked: readonly PickedFile[], folderName = 'model'): Promise<ModelFolder> {
  const { name, files } = normalize(picked, folderName);
  const missing = CONFIG_FILES.filter((f) => !files.has(f));
  if (missing.length > 0) throw new InputError(`models: the folder "${name}" is not a model folder (missing ${missing.join(', ')})`, { missing });
  let config: Record<string, unknown>;
  try {
    config = JSON.parse(await files.get('config.json')!.text()) as Record<string, unknown>;
  } catch {
    throw new InputError(`models: "${name}/config.json" is not valid JSON`);
  }
  const architectures = Array.isArray(config['architectures']) ? (config['architectures'] as unknown[]).map(String) : [];
  return { name, files, config, architectures };
}

export async function analyzeFolder(picked: readonly PickedFile[], folderName = 'model'): Promise<FolderAnalysis> {
  const { name, files, config, architectures } = await readModelFolder(picked, folderName);
  const role: ModelRole | null = architectures.some((a) => a.endsWith('ForSequenceClassification'))
    ? 'reranker'
    : architectures.some((a) => /Model$/.test(a))
      ? 'embedder'
      : null;
  if (!role) throw new InputError(`models: "${name}" is a ${architectures.join(', ') || 'model of unknown architecture'}; Casefile imports text embedders (…Model) and rerankers (…ForSequenceClassification)`);
  const keep = new Map<string, Blob>();
  for (const f of CONFIG_FILES) keep.set(f, files.get(f)!);
  const dtypes = collectDtypes(files, keep);
  if (Object.keys(dtypes).length === 0) throw new InputError(`models: "${name}" has no onnx/model*.onnx file (expected e.g. onnx/model_quantized.onnx)`);
  const hidden = config['hidden_size'];
  return { name, role, dim: role === 'embedder' && typeof hidden === 'number' ? hidden : null, dtypes, files: keep };
}

/**
 * The ONNX weights of every dtype the folder has (onnx/model<suffix>.onnx and its external-data
 * chunks), added to `keep`; each dtype's size counts the files already in `keep` (the configs).
 */
export function collectDtypes(files: ReadonlyMap<string, Blob>, keep: Map<string, Blob>): Partial<Record<Dtype, DtypeFiles>> {
  const configBytes = [...keep.values()].reduce((s, b) => s + b.size, 0);
  const dtypes: Partial<Record<Dtype, DtypeFiles>> = {};
  for (const dtype of DTYPES) {
    const onnx = files.get(onnxFile(dtype));
    if (!onnx) continue;
    let chunks = 0;
    while (files.has(externalDataFiles(dtype, chunks + 1)[chunks]!)) chunks++;
    const data = externalDataFiles(dtype, chunks);
    keep.set(onnxFile(dtype), onnx);
    for (const d of data) keep.set(d, files.get(d)!);
    dtypes[dtype] = { bytes: configBytes + onnx.size + data.reduce((s, d) => s + files.get(d)!.size, 0), externalData: chunks };
  }
  return dtypes;
}

/** "local/<folder name>", made safe as a model id. */
export function localModelId(name: string): string {
  const slug = name.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/-{2,}/g, '-').replace(/\.{2,}/g, '.').replace(/^[-.]+|[-.]+$/g, '') || 'model';
  return `local/${slug}`;
}

/** The catalog entry for an imported folder; `target` when importing a catalog model's files. */
export function importedSpec(analysis: FolderAnalysis, target?: ModelSpec): ModelSpec {
  if (target) {
    if (target.role !== analysis.role) throw new InputError(`models: "${analysis.name}" is a ${analysis.role}, not a ${target.role} like ${target.id}`);
    return target;
  }
  const id = localModelId(analysis.name);
  return { key: id, role: analysis.role, id, label: `${analysis.name} (imported)`, languages: '', dim: analysis.dim, pooling: 'cls', prefix: '', maxTokens: 512, dtypes: analysis.dtypes, custom: true };
}

/** Writes the files into the model store; returns the bytes written. */
export async function writeImport(store: BlobStore, id: string, analysis: Pick<FolderAnalysis, 'files'>): Promise<number> {
  let bytes = 0;
  for (const [file, blob] of analysis.files) {
    await store.put(`${id}/${file}`, new Response(blob, { headers: { 'content-length': String(blob.size), 'content-type': 'application/octet-stream' } }), 'import');
    bytes += blob.size;
  }
  return bytes;
}
