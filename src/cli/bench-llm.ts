/**
 * Generation benchmark: time to first token and decode tokens/s of the transformers.js generation
 * path on the tiny random-weight Qwen2 decoder (tests/fixtures/models/casefile/tiny-qwen2-chat), in
 * Node (onnxruntime-node) and in Chromium on WASM and WebGPU (SwiftShader here), with the same
 * measuring function as `npm run smoke:llm` (src/models/chat/measure.ts). The fixture is tiny (2
 * layers, 64 wide): the figures are the pipeline's per-token overhead (ORT dispatch, KV-cache
 * handling, sampling, streaming), a floor under what a real model costs, not its speed.
 *
 *   npx tsx src/cli/bench-llm.ts [--tokens 128] [--runs 3] [--no-browser]
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Dtype } from '../core/ports';
import { FIXTURE_GENERATOR } from '../models/chat/generators';
import { measureGeneration, SMOKE_ANSWER_REQUEST, type GenerationFigures } from '../models/chat/measure';
import { TransformersChatModel } from '../models/chat/transformers-chat';
import { DEFAULT_SOURCE } from '../models/hub';
import { configureRuntime } from '../models/runtime';
import { runInChromium } from './llm-browser';

export interface GenerationRow {
  readonly where: string;
  readonly device: string;
  readonly dtype: Dtype;
  readonly promptTokens: number | null;
  readonly tokens: number;
  readonly firstTokenMs: number;
  readonly tokensPerSecond: number;
}

const MODELS_DIR = fileURLToPath(new URL('../../tests/fixtures/models/', import.meta.url));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

function row(where: string, device: string, dtype: Dtype, runs: readonly GenerationFigures[]): GenerationRow {
  return {
    where,
    device,
    dtype,
    promptTokens: runs[0]?.promptTokens ?? null,
    tokens: runs[0]?.completionTokens ?? 0,
    firstTokenMs: median(runs.map((r) => r.firstTokenMs ?? NaN)),
    tokensPerSecond: median(runs.map((r) => r.tokensPerSecond ?? NaN)),
  };
}

export async function benchGenerationNode(dtype: Dtype, tokens: number, runs: number): Promise<GenerationRow> {
  configureRuntime({ source: DEFAULT_SOURCE, localModelPath: MODELS_DIR, cache: null, gate: null });
  const model = new TransformersChatModel({ spec: FIXTURE_GENERATOR, device: 'cpu', dtype });
  await model.load();
  const request = { ...SMOKE_ANSWER_REQUEST, maxTokens: tokens };
  await measureGeneration(model, { ...request, maxTokens: 4 });
  const out: GenerationFigures[] = [];
  for (let i = 0; i < runs; i++) out.push(await measureGeneration(model, request));
  await model.dispose();
  return row('Node (onnxruntime-node)', 'cpu', dtype, out);
}

export async function benchGenerationChromium(webgpu: boolean, tokens: number, runs: number): Promise<GenerationRow> {
  const dtype: Dtype = webgpu ? 'fp32' : 'q8';
  const { results } = await runInChromium([{ provider: 'transformers', model: FIXTURE_GENERATOR.id, localModels: true, device: webgpu ? 'webgpu' : 'wasm', dtype, mode: 'bench', tokens, runs }], { webgpu });
  const result = results[0];
  if (!result?.ok || !result.bench) throw new Error(`bench-llm: Chromium ${webgpu ? 'WebGPU' : 'WASM'} failed: ${result && !result.ok ? result.error : 'no result'}`);
  return row(`Chromium ${webgpu ? 'WebGPU (SwiftShader)' : 'WASM'}`, result.bench.device, dtype, result.bench.runs);
}

export async function benchLlm(options: { tokens?: number; runs?: number; browser?: boolean } = {}): Promise<GenerationRow[]> {
  const tokens = options.tokens ?? 128;
  const runs = options.runs ?? 3;
  const rows = [await benchGenerationNode('q8', tokens, runs), await benchGenerationNode('fp32', tokens, runs)];
  if (options.browser !== false) {
    rows.push(await benchGenerationChromium(false, tokens, runs));
    rows.push(await benchGenerationChromium(true, tokens, runs));
  }
  return rows;
}

export function formatGenerationTable(rows: readonly GenerationRow[]): string {
  const lines = ['| where | device | dtype | prompt tokens | generated | time to first token | tokens/s |', '|---|---|---|---|---|---|---|'];
  for (const r of rows) lines.push(`| ${r.where} | ${r.device} | ${r.dtype} | ${r.promptTokens ?? '?'} | ${r.tokens} | ${r.firstTokenMs.toFixed(0)} ms | ${r.tokensPerSecond.toFixed(1)} |`);
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const num = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
  const tokens = num('--tokens', 128);
  const runs = num('--runs', 3);
  benchLlm({ tokens, runs, browser: !args.includes('--no-browser') }).then(
    (rows) => console.log(`tiny Qwen2 decoder fixture, ${tokens} new tokens, median of ${runs} runs (pipeline overhead, not a real model's speed)\n\n${formatGenerationTable(rows)}`),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
