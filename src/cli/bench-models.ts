/**
 * Embedding and rerank throughput (texts/second) of the tiny fixture models, in Node
 * (onnxruntime-node) and in headless Chromium on WASM and on WebGPU (SwiftShader with
 * --enable-unsafe-webgpu), through the same code the app runs (workers, comlink, the model
 * manager's import). The fixtures are tiny: the figures measure the pipeline's overhead
 * (tokenizing, batching, worker round trips, ORT dispatch), not a real model's speed.
 *
 *   npx tsx src/cli/bench-models.ts [--texts 256] [--no-browser]
 */
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ModelSpec } from '../models/catalog';
import { TransformersEmbedder } from '../models/embedder';
import { DEFAULT_SOURCE } from '../models/hub';
import { TransformersReranker } from '../models/reranker';
import { configureRuntime } from '../models/runtime';

export interface Throughput {
  readonly where: string;
  readonly device: string;
  readonly dtype: string;
  readonly batch: number;
  readonly embedPerSecond: number | null;
  readonly rerankPerSecond: number | null;
  readonly note?: string;
}

const MODELS_DIR = fileURLToPath(new URL('../../tests/fixtures/models/', import.meta.url));
const FIXTURES = join(MODELS_DIR, 'casefile');

const WORDS = 'either party may terminate this agreement upon thirty days written notice the supplier shall indemnify the customer against all claims fees are payable within days of the invoice date confidential information limitation of liability governing law le contrat peut être résilié Kündigung des Vertrags'.split(' ');

/** Deterministic chunk-like texts of ~`words` words. */
export function benchTexts(n: number, words = 120): string[] {
  return Array.from({ length: n }, (_, i) => Array.from({ length: words }, (_, j) => WORDS[(i * 7 + j * 13) % WORDS.length]).join(' '));
}

const spec = (folder: string, role: 'embedder' | 'reranker'): ModelSpec => ({
  key: folder,
  role,
  id: `casefile/${folder}`,
  label: folder,
  languages: '',
  dim: role === 'embedder' ? 64 : null,
  pooling: 'cls',
  prefix: '',
  maxTokens: 512,
  dtypes: { q8: { bytes: 0, externalData: 0 }, fp32: { bytes: 0, externalData: 0 } },
});

/** The tiny fixture embedder in Node (onnxruntime-node), as the scan benchmark uses it. */
export function fixtureEmbedder(): TransformersEmbedder {
  configureRuntime({ source: DEFAULT_SOURCE, localModelPath: MODELS_DIR, cache: null, gate: null });
  return new TransformersEmbedder({ spec: spec('tiny-bge-m3', 'embedder'), device: 'cpu', dtype: 'q8' });
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

export async function benchNode(n: number): Promise<Throughput> {
  configureRuntime({ source: DEFAULT_SOURCE, localModelPath: MODELS_DIR, cache: null, gate: null });
  const texts = benchTexts(n);
  const embedder = new TransformersEmbedder({ spec: spec('tiny-bge-m3', 'embedder'), device: 'cpu', dtype: 'q8' });
  const reranker = new TransformersReranker({ spec: spec('tiny-bge-reranker', 'reranker'), device: 'cpu', dtype: 'q8' });
  await embedder.embed(texts.slice(0, 8));
  await reranker.score('terminate', texts.slice(0, 8));
  const e = await timed(() => embedder.embed(texts));
  const r = await timed(() => reranker.score('When can the agreement be terminated?', texts));
  return { where: 'Node (onnxruntime-node)', device: 'cpu', dtype: 'q8', batch: embedder.batchSize, embedPerSecond: (n / e) * 1000, rerankPerSecond: (n / r) * 1000 };
}

/** Runs the models test page in Chromium; `webgpu` uses the SwiftShader adapter in gpu-lite (fp32). */
export async function benchChromium(n: number, webgpu: boolean): Promise<Throughput> {
  const { chromium } = await import('playwright-core');
  const { buildModelsPage, serveModelsPage } = await import('../../tests/e2e/models-page/build');
  await buildModelsPage();
  const server = await serveModelsPage();
  const args = ['--headless=new', '--no-sandbox', ...(webgpu ? ['--enable-unsafe-webgpu'] : [])];
  const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args });
  try {
    const page = await browser.newPage();
    await page.goto(server.url);
    await page.getByRole('heading', { name: 'Models' }).waitFor();
    for (const folder of ['tiny-bge-m3', 'tiny-bge-reranker']) {
      await page.getByTestId('model-folder-input').setInputFiles(join(FIXTURES, folder));
      await page.locator(`[data-row="local/${folder}@q8"][data-status=imported]`).waitFor();
    }
    const dtype = webgpu ? 'fp32' : 'q8';
    if (webgpu) await page.getByLabel('Profile').selectOption('gpu-lite');
    await page.getByLabel('Embedder model').selectOption(`local/tiny-bge-m3|${dtype}`);
    await page.getByLabel('Reranker model').selectOption(`local/tiny-bge-reranker|${dtype}`);
    const result = await page.evaluate(
      async ([texts, want]) => {
        type Svc = { embedder: { plan: { spec: { id: string } }; model: { device: string }; embed(t: string[]): Promise<unknown> } | null; reranker: { plan: { spec: { id: string } }; score(q: string, p: string[]): Promise<unknown> } | null };
        const service = (window as unknown as { modelsTest: { service: Svc } }).modelsTest.service;
        for (let i = 0; i < 200 && (service.embedder?.plan.spec.id !== want || service.reranker?.plan.spec.id !== 'local/tiny-bge-reranker'); i++) await new Promise((r) => setTimeout(r, 50));
        const e = service.embedder!;
        const r = service.reranker!;
        await e.embed(texts.slice(0, 8));
        await r.score('terminate', texts.slice(0, 8));
        let t = performance.now();
        await e.embed(texts);
        const embedMs = performance.now() - t;
        t = performance.now();
        await r.score('When can the agreement be terminated?', texts);
        return { embedMs, rerankMs: performance.now() - t, device: e.model.device };
      },
      [benchTexts(n), 'local/tiny-bge-m3'] as const,
    );
    return {
      where: `Chromium ${webgpu ? 'WebGPU (SwiftShader)' : 'WASM'}`,
      device: result.device,
      dtype,
      batch: webgpu ? 32 : 8,
      embedPerSecond: (n / result.embedMs) * 1000,
      rerankPerSecond: (n / result.rerankMs) * 1000,
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

export async function benchModels(options: { texts?: number; browser?: boolean } = {}): Promise<Throughput[]> {
  const n = options.texts ?? 256;
  const out = [await benchNode(n)];
  if (options.browser !== false) {
    out.push(await benchChromium(n, false));
    out.push(await benchChromium(n, true));
  }
  return out;
}

export function formatTable(rows: readonly Throughput[]): string {
  const f = (x: number | null) => (x === null ? '—' : x.toFixed(0));
  const lines = ['| where | device | dtype | batch | embed texts/s | rerank pairs/s |', '|---|---|---|---|---|---|'];
  for (const r of rows) lines.push(`| ${r.where} | ${r.device} | ${r.dtype} | ${r.batch} | ${f(r.embedPerSecond)} | ${f(r.rerankPerSecond)} |`);
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--texts');
  const texts = at >= 0 ? Number(args[at + 1]) : 256;
  benchModels({ texts, browser: !args.includes('--no-browser') }).then(
    (rows) => console.log(`${texts} texts of ~120 words, tiny fixture models (pipeline overhead, not real-model speed)\n\n${formatTable(rows)}`),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
