/**
 * The tiny model fixtures (tests/fixtures/models/) load through transformers.js exactly as the real
 * bge-m3 embedder and bge-reranker-v2-m3 will: local model path, no remote access, same classes,
 * same file names per dtype. Also pins what the fixtures promise to other tests (shape, unit norm,
 * determinism, padding invariance, synonyms, relevance) and keeps them reproducible and web-safe.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AutoModelForSequenceClassification,
  AutoTokenizer,
  env,
  pipeline,
  type FeatureExtractionPipeline,
  type PreTrainedModel,
  type PreTrainedTokenizer,
  type Tensor,
} from '@huggingface/transformers';
import { beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../fixtures/models/generate';
import { summarizeOnnx } from './onnx-reader';

const MODELS_DIR = fileURLToPath(new URL('../../fixtures/models/', import.meta.url));
const EMBEDDER = 'casefile/tiny-bge-m3';
const RERANKER = 'casefile/tiny-bge-reranker';
const DIM = 64;

// Exactly the offline settings the app uses.
env.allowRemoteModels = false;
env.allowLocalModels = true;
env.localModelPath = MODELS_DIR;

type Dtype = 'fp32' | 'fp16' | 'q8';

const dot = (a: number[], b: number[]): number => a.reduce((s, x, i) => s + x * b[i]!, 0);
const maxAbsDiff = (a: number[], b: number[]): number => Math.max(...a.map((x, i) => Math.abs(x - b[i]!)));

/** Loads the embedder as the app does and records which files transformers.js asked for. */
async function loadEmbedder(dtype: Dtype): Promise<{ embed: (texts: string[]) => Promise<number[][]>; files: string[] }> {
  const files: string[] = [];
  const extractor: FeatureExtractionPipeline = await pipeline('feature-extraction', EMBEDDER, {
    dtype,
    progress_callback: (p) => {
      if (p.status === 'initiate') files.push(p.file);
    },
  });
  const embed = async (texts: string[]): Promise<number[][]> => {
    const out: Tensor = await extractor(texts, { pooling: 'cls', normalize: true });
    expect(out.dims).toEqual([texts.length, DIM]);
    return out.tolist() as number[][];
  };
  return { embed, files };
}

describe('tiny-bge-m3 (embedder fixture)', () => {
  const embedders = new Map<Dtype, Awaited<ReturnType<typeof loadEmbedder>>>();
  beforeAll(async () => {
    for (const dtype of ['q8', 'fp32', 'fp16'] as const) embedders.set(dtype, await loadEmbedder(dtype));
  });
  const get = (dtype: Dtype) => embedders.get(dtype)!;

  it('requests the same files as a real model folder, one ONNX file per dtype', () => {
    const common = ['config.json', 'tokenizer.json', 'tokenizer_config.json'];
    expect(get('q8').files.sort()).toEqual([...common, 'onnx/model_quantized.onnx'].sort());
    expect(get('fp32').files.sort()).toEqual([...common, 'onnx/model.onnx'].sort());
    expect(get('fp16').files.sort()).toEqual([...common, 'onnx/model_fp16.onnx'].sort());
  });

  describe.each(['q8', 'fp32'] as const)('dtype %s', (dtype) => {
    it('returns unit-norm vectors of the configured size', async () => {
      const vectors = await get(dtype).embed(['terminate the agreement', 'payment of fees', '']);
      for (const v of vectors) {
        expect(v).toHaveLength(DIM);
        expect(Math.abs(Math.sqrt(dot(v, v)) - 1)).toBeLessThan(1e-5);
      }
    });

    it('is deterministic across calls and independent of batch composition and padding', async () => {
      const text = 'Either party may terminate this Agreement for convenience.';
      const [alone] = await get(dtype).embed([text]);
      const [again] = await get(dtype).embed([text]);
      const batch = await get(dtype).embed([
        'The Supplier shall indemnify the Customer against all claims arising from a breach of its obligations under clause 12.',
        text,
        'Fees',
      ]);
      expect(again).toEqual(alone);
      expect(maxAbsDiff(batch[1]!, alone!)).toBeLessThan(1e-5);
    });

    it('ranks shared word pieces and synonyms above unrelated text', async () => {
      const [query, sameStem, unrelated, french, german, weather] = await get(dtype).embed([
        'terminate the agreement',
        'termination of this Agreement',
        'payment of fees',
        'résiliation du contrat',
        'Kündigung des Vertrags',
        'The weather is nice today',
      ]);
      expect(dot(query!, sameStem!)).toBeGreaterThan(dot(query!, unrelated!));
      expect(dot(query!, sameStem!)).toBeGreaterThan(0.9);
      expect(dot(query!, french!)).toBeGreaterThan(0.8);
      expect(dot(query!, german!)).toBeGreaterThan(0.8);
      expect(Math.abs(dot(query!, unrelated!))).toBeLessThan(0.35);
      expect(Math.abs(dot(query!, weather!))).toBeLessThan(0.35);
    });

    it('maps the documented synonym groups close together across languages', async () => {
      const groups = [
        ['limitation of liability', 'limitation de responsabilité', 'Haftungsbegrenzung'],
        ['confidential information', 'informations confidentielles', 'vertrauliche Informationen'],
        ['governing law', 'applicable law', 'droit applicable', 'anwendbares Recht'],
        ['termination', 'rescission', 'résiliation', 'Kündigung'],
      ];
      const flat = groups.flat();
      const vectors = await get(dtype).embed(flat);
      const at = (text: string) => vectors[flat.indexOf(text)]!;
      for (const group of groups) for (const other of group.slice(1)) expect(dot(at(group[0]!), at(other))).toBeGreaterThan(0.75);
      for (const [a, b] of [[groups[0]![0]!, groups[1]![0]!], [groups[1]![0]!, groups[2]![0]!], [groups[2]![0]!, groups[3]![0]!]] as const) {
        expect(Math.abs(dot(at(a), at(b)))).toBeLessThan(0.35);
      }
    });
  });

  it('q8 and fp16 files give nearly, but not exactly, the fp32 vectors (store the dtype with the vectors)', async () => {
    const texts = ['terminate the agreement', 'Le prestataire est responsable des dommages.'];
    const [f32, q8, f16] = await Promise.all([get('fp32').embed(texts), get('q8').embed(texts), get('fp16').embed(texts)]);
    for (let i = 0; i < texts.length; i++) {
      expect(dot(f32[i]!, q8[i]!)).toBeGreaterThan(0.999);
      expect(dot(f32[i]!, f16[i]!)).toBeGreaterThan(0.999);
    }
    expect(q8[0]).not.toEqual(f32[0]);
  });
});

describe('tiny-bge-reranker (reranker fixture)', () => {
  let tokenizer: PreTrainedTokenizer;
  const models = new Map<Dtype, PreTrainedModel>();
  beforeAll(async () => {
    tokenizer = await AutoTokenizer.from_pretrained(RERANKER);
    for (const dtype of ['q8', 'fp32'] as const) models.set(dtype, await AutoModelForSequenceClassification.from_pretrained(RERANKER, { dtype }));
  });

  /** Scores query/passage pairs as the app's reranker adapter will. */
  async function score(dtype: Dtype, queries: string[], passages: string[]): Promise<number[]> {
    const inputs = tokenizer(queries, { text_pair: passages, padding: true, truncation: true });
    const { logits } = (await models.get(dtype)!(inputs)) as { logits: Tensor };
    expect(logits.dims).toEqual([queries.length, 1]);
    return (logits.tolist() as number[][]).map((row) => row[0]!);
  }

  const query = 'When can the agreement be terminated?';
  const passages = [
    'Either party may terminate this Agreement upon thirty days written notice.',
    'All fees are payable within 30 days of the invoice date.',
    'Le contrat peut être résilié par chaque partie avec un préavis de trente jours.',
    'The weather in Paris is lovely in spring.',
  ];

  it('encodes pairs as <s> A </s></s> B </s> with <pad> = 1 and no token_type_ids', () => {
    const enc = tokenizer.encode('terminate', { text_pair: 'agreement' });
    expect(enc[0]).toBe(0);
    expect(enc.filter((id) => id === 2)).toHaveLength(3);
    const batch = tokenizer(['a', 'a much longer text'], { padding: true });
    expect(batch.token_type_ids).toBeUndefined();
    expect(batch.input_ids.tolist()[0]).toContain(1n);
  });

  describe.each(['q8', 'fp32'] as const)('dtype %s', (dtype) => {
    it('scores relevant passages (also across languages) above irrelevant ones', async () => {
      const [relevant, fees, french, weather] = await score(dtype, passages.map(() => query), passages);
      expect(relevant).toBeGreaterThan(fees!);
      expect(relevant).toBeGreaterThan(weather!);
      expect(french).toBeGreaterThan(fees!);
      expect(french).toBeGreaterThan(weather!);
      expect(relevant).toBeGreaterThan(0);
      expect(weather).toBeLessThan(0);
    });

    it('is deterministic and independent of padding and batch composition', async () => {
      const [alone] = await score(dtype, [query], [passages[0]!]);
      const [again] = await score(dtype, [query], [passages[0]!]);
      const batch = await score(dtype, [query, 'fees?', query], [passages[0]!, passages[1]!.repeat(5), passages[3]!]);
      expect(again).toBe(alone);
      expect(Math.abs(batch[0]! - alone!)).toBeLessThan(1e-5);
    });
  });
});

describe('fixture files', () => {
  // Operators both onnxruntime-web execution providers implement (wasm CPU kernels and the WebGPU EP);
  // checked in Chromium with tests/fixtures/models/check-browser.mjs (only Cast(attention_mask) and the
  // Shape/Squeeze/Cast of the sequence length run on the CPU under WebGPU, as in real models).
  const WEB_SAFE_OPS = new Set([
    'Add', 'Cast', 'Clip', 'Concat', 'DequantizeLinear', 'Div', 'Gather', 'Greater', 'Less', 'MatMul', 'Mul',
    'Range', 'ReduceMax', 'ReduceMin', 'ReduceSum', 'Shape', 'Slice', 'Squeeze', 'Sub', 'Transpose', 'Unsqueeze',
  ]);
  const onnxFiles = ['tiny-bge-m3', 'tiny-bge-reranker'].flatMap((m) =>
    ['model.onnx', 'model_quantized.onnx', 'model_fp16.onnx'].map((f) => join(MODELS_DIR, 'casefile', m, 'onnx', f)),
  );

  it.each(onnxFiles.map((f) => [relative(MODELS_DIR, f), f]))('%s uses opset 17 and web-safe operators only', (_name, file) => {
    const summary = summarizeOnnx(readFileSync(file));
    expect(summary.opsets).toEqual({ '': 17 });
    expect(summary.inputs).toEqual(['input_ids', 'attention_mask']);
    expect(summary.outputs).toEqual([file.includes('reranker') ? 'logits' : 'last_hidden_state']);
    expect(summary.ops.filter((op) => !WEB_SAFE_OPS.has(op))).toEqual([]);
  });

  it('are exactly what the generator produces (regenerate after changing it)', () => {
    const out = mkdtempSync(join(tmpdir(), 'casefile-fixtures-'));
    try {
      generate(out);
      const list = (root: string, dir = ''): string[] =>
        readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? list(root, join(dir, e.name)) : [join(dir, e.name)],
        );
      const committed = list(join(MODELS_DIR, 'casefile')).sort();
      expect(list(join(out, 'casefile')).sort()).toEqual(committed);
      for (const f of committed) {
        expect(readFileSync(join(out, 'casefile', f)).equals(readFileSync(join(MODELS_DIR, 'casefile', f))), f).toBe(true);
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
