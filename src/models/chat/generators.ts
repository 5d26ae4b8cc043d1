/**
 * The catalog of transformers.js text-generation models (small ONNX instruct models for machines
 * without WebGPU, or with one), as data beside the embedder/reranker catalog (../catalog.ts).
 * They share its file layout (`onnx/model<suffix>.onnx`, external-data chunks), Hub/mirror URLs,
 * cache, byte progress and folder import; a decoder adds `generation_config.json`.
 * Sizes are the Hub's (onnx-community exports of Xenova), rounded, plus ~11 MB of tokenizer files.
 */
import { InputError } from '../../core/errors';
import type { Device, Dtype } from '../../core/ports';
import type { DtypeFiles } from '../catalog';
import { CONFIG_FILES, modelFiles } from '../hub';
import { collectDtypes, localModelId, readModelFolder, type PickedFile } from '../import-folder';

export interface GeneratorSpec {
  /** Stable key used in settings ("qwen2.5-0.5b-instruct"). */
  readonly key: string;
  /** Hub id, also the cache namespace. */
  readonly id: string;
  readonly label: string;
  readonly languages: string;
  /** Context window the provider keeps prompts within (tokens). */
  readonly contextTokens: number;
  readonly dtypes: Readonly<Partial<Record<Dtype, DtypeFiles>>>;
  readonly custom?: boolean;
}

const MB = 1_000_000;
const TOKENIZER = 11 * MB;

export const GENERATORS: readonly GeneratorSpec[] = [
  {
    key: 'qwen2.5-0.5b-instruct',
    id: 'onnx-community/Qwen2.5-0.5B-Instruct',
    label: 'Qwen2.5 0.5B Instruct',
    languages: '29 languages incl. English, French, German, Spanish',
    contextTokens: 8192,
    dtypes: {
      q4f16: { bytes: 483 * MB + TOKENIZER, externalData: 0 },
      q8: { bytes: 512 * MB + TOKENIZER, externalData: 0 },
      q4: { bytes: 786 * MB + TOKENIZER, externalData: 0 },
      fp16: { bytes: 997 * MB + TOKENIZER, externalData: 0 },
    },
  },
  {
    key: 'qwen2.5-1.5b-instruct',
    id: 'onnx-community/Qwen2.5-1.5B-Instruct',
    label: 'Qwen2.5 1.5B Instruct',
    languages: '29 languages incl. English, French, German, Spanish',
    contextTokens: 8192,
    dtypes: {
      q4f16: { bytes: 1_220 * MB + TOKENIZER, externalData: 0 },
      q8: { bytes: 1_580 * MB + TOKENIZER, externalData: 0 },
      q4: { bytes: 1_790 * MB + TOKENIZER, externalData: 0 },
    },
  },
];

/** The tiny random-weight decoder in tests/fixtures/models (Node tests, bench, smoke): not a model. */
export const FIXTURE_GENERATOR: GeneratorSpec = {
  key: 'tiny-qwen2-chat',
  id: 'casefile/tiny-qwen2-chat',
  label: 'Tiny Qwen2 test fixture (random weights, noise output)',
  languages: '',
  contextTokens: 4096,
  dtypes: { fp32: { bytes: 530_000, externalData: 0 }, q8: { bytes: 250_000, externalData: 0 } },
};

export function generatorSpec(key: string, extra: readonly GeneratorSpec[] = []): GeneratorSpec | undefined {
  return [...GENERATORS, ...extra].find((g) => g.key === key || g.id === key);
}

/** Every file transformers.js requests to load a generator with `dtype`. */
export function generatorFiles(spec: Pick<GeneratorSpec, 'dtypes'>, dtype: Dtype): string[] {
  const [config, ...rest] = modelFiles(spec, dtype);
  return [config!, 'generation_config.json', ...rest];
}

/**
 * The dtype to run: q4f16 on WebGPU with shader-f16 (MatMulNBits, fp16 activations), q4 on WebGPU
 * without it, q8 on WASM (integer matmuls run well on CPU); the first listed one otherwise.
 */
export function pickGeneratorDtype(spec: GeneratorSpec, device: Device, shaderF16: boolean): Dtype {
  const have = (Object.keys(spec.dtypes) as Dtype[]).filter((d) => spec.dtypes[d]);
  const order: Dtype[] = device === 'webgpu' ? (shaderF16 ? ['q4f16', 'fp16', 'q4', 'fp32'] : ['q4', 'fp32', 'q8']) : ['q8', 'q4', 'fp32'];
  const pick = order.find((d) => have.includes(d)) ?? have[0];
  if (!pick) throw new Error(`models: ${spec.id} lists no dtype`);
  return pick;
}

/** `<id>@<dtype>` of every generator whose files for that dtype are all cached (for providerRows). */
export function cachedGenerators(cached: ReadonlyMap<string, ReadonlyMap<string, unknown>>, specs: readonly GeneratorSpec[] = GENERATORS): Set<string> {
  const out = new Set<string>();
  for (const spec of specs) {
    const have = cached.get(spec.id);
    if (!have) continue;
    for (const dtype of Object.keys(spec.dtypes) as Dtype[]) if (generatorFiles(spec, dtype).every((f) => have.has(f))) out.add(`${spec.id}@${dtype}`);
  }
  return out;
}

/**
 * "Import model folder" for a text-generation model: the files of a transformers.js decoder folder
 * (config.json with a …ForCausalLM architecture, tokenizer files, generation_config.json when
 * present, onnx/model<suffix>.onnx per dtype with external data) under the cache keys
 * `<id>/<file>` the loader asks for. `target`: a catalog model's air-gapped copy; otherwise the
 * folder becomes `local/<name>`. Write the files with import-folder.ts's `writeImport(store, spec.id, {files})`.
 */
export async function analyzeGeneratorFolder(picked: readonly PickedFile[], folderName = 'model', target?: GeneratorSpec): Promise<{ spec: GeneratorSpec; files: ReadonlyMap<string, Blob> }> {
  const { name, files, architectures } = await readModelFolder(picked, folderName);
  if (!architectures.some((a) => a.endsWith('ForCausalLM'))) throw new InputError(`models: "${name}" is a ${architectures.join(', ') || 'model of unknown architecture'}, not a text-generation model (…ForCausalLM)`);
  const keep = new Map<string, Blob>();
  for (const f of [...CONFIG_FILES, 'generation_config.json']) if (files.has(f)) keep.set(f, files.get(f)!);
  const dtypes = collectDtypes(files, keep);
  if (Object.keys(dtypes).length === 0) throw new InputError(`models: "${name}" has no onnx/model*.onnx file (expected e.g. onnx/model_q4f16.onnx)`);
  const id = target?.id ?? localModelId(name);
  const spec: GeneratorSpec = target ?? { key: id, id, label: `${name} (imported)`, languages: '', contextTokens: 4096, dtypes, custom: true };
  return { spec, files: keep };
}
