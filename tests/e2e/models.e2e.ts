/**
 * Local models in the browser, end to end (Chromium, no network): the model manager imports the
 * tiny fixture folders, shows sizes, status and storage; embedding and reranking run in the
 * workers on WASM and on WebGPU (SwiftShader with --enable-unsafe-webgpu) with the same top
 * results; a download from a same-origin mirror shows progress, survives a reload offline; and
 * no request ever leaves localhost.
 *
 * Runs against tests/e2e/models-page (ModelManager + ModelService mounted alone) until the app
 * mounts the manager in its settings screen.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildModelsPage, serveModelsPage } from './models-page/build';
import { launch, screenshot, type Session } from './support';

const FIXTURES = join(process.cwd(), 'tests/fixtures/models/casefile');
let server: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  await buildModelsPage();
  server = await serveModelsPage();
}, 180_000);
afterAll(async () => server?.close());

const QUERY = 'When can the agreement be terminated?';
const TEXTS = [
  'All fees are payable within 30 days of the invoice date.',
  'Either party may terminate this Agreement upon thirty days written notice.',
  'The weather in Paris is lovely in spring.',
  'Le contrat peut être résilié par chaque partie avec un préavis de trente jours.',
  'The Supplier shall keep all confidential information secret.',
];

interface Ranked {
  model: { id: string; device: string; dtype: string; dim?: number };
  order: number[];
}

async function open(page: Page): Promise<void> {
  await page.goto(server.url);
  await page.getByRole('heading', { name: 'Models' }).waitFor();
}

const row = (page: Page, rowId: string) => page.locator(`[data-testid=model-row][data-row="${rowId}"]`);

async function importFixture(page: Page, folder: string): Promise<void> {
  await page.getByTestId('model-folder-input').setInputFiles(join(FIXTURES, folder));
  await row(page, `local/${folder}@q8`).and(page.locator('[data-status=imported]')).waitFor({ timeout: 30_000 });
}

function assertLocalOnly(s: Session): void {
  const remote = s.requests.filter((u) => !/^(https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?\/|blob:|data:)/.test(u));
  expect(remote).toEqual([]);
}

const results: Record<string, Ranked> = {};

/** Waits until the service has applied a model choice (the select's change is asynchronous). */
async function planned(page: Page, role: 'embedder' | 'reranker', id: string, dtype: string): Promise<void> {
  await expect
    .poll(() => page.evaluate((r) => {
      const m = (window as never as { modelsTest: { service: Record<string, { plan: { spec: { id: string }; attempts: { dtype: string }[] } } | null> } }).modelsTest.service[r];
      return m ? `${m.plan.spec.id}@${m.plan.attempts[0]!.dtype}` : null;
    }, role))
    .toBe(`${id}@${dtype}`);
}

describe.each([
  ['wasm', false],
  ['webgpu', true],
] as const)('models on %s', (mode, webgpu) => {
  let s: Session;
  beforeAll(async () => {
    s = await launch({ webgpu });
    s.page.on('worker', (w) => w.on('console', (m) => { if (process.env['MODELS_E2E_DEBUG']) console.log(`[worker] ${m.text()}`); }));
    s.page.on('console', (m) => { if (process.env['MODELS_E2E_DEBUG']) console.log(`[page] ${m.text()}`); });
  });
  afterAll(async () => {
    if (s.consoleErrors.length) console.warn(`models e2e (${mode}) console errors:\n${s.consoleErrors.join('\n')}`);
    await screenshot(s.page, `models-${mode}`).catch(() => undefined);
    await s.close();
  });

  it('shows the device, the planned models with sizes, and nothing downloaded', async () => {
    await open(s.page);
    const manager = s.page.getByTestId('model-manager');
    await expect.poll(() => manager.textContent()).toMatch(webgpu ? /WebGPU: .*software adapter.*no shader-f16/ : /No WebGPU/);
    // SwiftShader is a software adapter: the automatic profile is CPU either way.
    const e5 = row(s.page, 'Xenova/multilingual-e5-small@q8');
    await e5.waitFor();
    expect(await e5.getAttribute('data-status')).toBe('not-downloaded');
    expect(await e5.getByTestId('model-size').textContent()).toMatch(/≈ \d+ MB/);
    expect(await e5.textContent()).toContain('WASM (CPU)');
  });

  it('imports the fixture model folders (nothing fetched) and lists their real sizes', async () => {
    await importFixture(s.page, 'tiny-bge-m3');
    await importFixture(s.page, 'tiny-bge-reranker');
    const q8 = await row(s.page, 'local/tiny-bge-m3@q8').getByTestId('model-size').textContent();
    expect(q8).toMatch(/^\d+ KB$/); // config + tokenizer + model_quantized.onnx ≈ 205 KB
    await expect.poll(() => s.page.getByTestId('model-storage').textContent()).toMatch(/Models use [\d.]+ MB/);
    assertLocalOnly(s);
  });

  it(`embeds in the page on ${mode} and ranks the termination clauses first`, async () => {
    if (webgpu) await s.page.getByLabel('Profile').selectOption('gpu-lite');
    await s.page.getByLabel('Embedder model').selectOption(webgpu ? 'local/tiny-bge-m3|fp32' : 'local/tiny-bge-m3|q8');
    await planned(s.page, 'embedder', 'local/tiny-bge-m3', webgpu ? 'fp32' : 'q8');
    const ranked = await s.page.evaluate(([q, t]) => (window as never as { modelsTest: { rank(q: string, t: string[]): Promise<Ranked> } }).modelsTest.rank(q, t), [QUERY, TEXTS] as const);
    expect(ranked.model).toMatchObject({ id: 'local/tiny-bge-m3', device: mode, dim: 64 });
    expect(ranked.order.slice(0, 2).sort()).toEqual([1, 3]);
    results[mode] = ranked;
    if (results['wasm'] && results['webgpu']) expect(results['webgpu'].order.slice(0, 3)).toEqual(results['wasm'].order.slice(0, 3));
    assertLocalOnly(s);
  });

  it(`reranks on ${mode}: raw logits, relevant passages above irrelevant ones`, async () => {
    await s.page.getByLabel('Reranker model').selectOption(webgpu ? 'local/tiny-bge-reranker|fp32' : 'local/tiny-bge-reranker|q8');
    await planned(s.page, 'reranker', 'local/tiny-bge-reranker', webgpu ? 'fp32' : 'q8');
    const { model, scores } = await s.page.evaluate(
      ([q, t]) => (window as never as { modelsTest: { score(q: string, t: string[]): Promise<{ model: { device: string }; scores: number[] }> } }).modelsTest.score(q, t),
      [QUERY, TEXTS] as const,
    );
    expect(model.device).toBe(mode);
    expect(scores[1]).toBeGreaterThan(0);
    expect(scores[2]).toBeLessThan(0);
    expect(scores[1]).toBeGreaterThan(scores[0]!);
    await s.page.getByRole('button', { name: 'Free memory' }).click();
    assertLocalOnly(s);
  });

  it.runIf(webgpu)('falls back from WebGPU fp16 to WASM with a visible notice', async () => {
    // The plan never chooses fp16 on an adapter without shader-f16; the test page can pretend it has it.
    await s.page.goto(`${server.url}?pretend-f16`);
    await s.page.getByRole('heading', { name: 'Models' }).waitFor();
    await s.page.getByLabel('Embedder model').selectOption('local/tiny-bge-m3|fp16');
    await planned(s.page, 'embedder', 'local/tiny-bge-m3', 'fp16');
    const ranked = await s.page.evaluate(([q, t]) => (window as never as { modelsTest: { rank(q: string, t: string[]): Promise<Ranked> } }).modelsTest.rank(q, t), [QUERY, TEXTS] as const);
    expect(ranked.model).toMatchObject({ device: 'wasm', dtype: 'q8' });
    await expect.poll(() => s.page.getByRole('status', { name: 'Model notices' }).textContent()).toMatch(/WebGPU failed.*fp16.*switching to WASM/);
  });

  it('downloads from a mirror with byte progress, then works offline after a reload', async () => {
    const page = s.page;
    await page.getByLabel('Profile').selectOption('cpu');
    await planned(page, 'embedder', 'Xenova/multilingual-e5-small', 'q8');
    await page.getByText('Download source').click();
    await page.getByLabel('Mirror URL').fill(`${server.url}hub/`);
    await page.getByRole('button', { name: 'Use mirror' }).click();
    const e5 = row(page, 'Xenova/multilingual-e5-small@q8');
    await e5.getByRole('button', { name: 'Download' }).click();
    await e5.and(page.locator('[data-status=cached]')).waitFor({ timeout: 60_000 });
    expect(s.requests.some((u) => u.endsWith('/hub/Xenova/multilingual-e5-small/resolve/main/onnx/model_quantized.onnx'))).toBe(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Models' }).waitFor();
    const before = s.requests.length;
    const ranked = await page.evaluate(([q, t]) => (window as never as { modelsTest: { rank(q: string, t: string[]): Promise<Ranked> } }).modelsTest.rank(q, t), [QUERY, TEXTS] as const);
    expect(ranked.model).toMatchObject({ id: 'Xenova/multilingual-e5-small', device: 'wasm', dtype: 'q8' });
    expect(s.requests.slice(before).filter((u) => u.includes('/hub/'))).toEqual([]);
    await row(page, 'Xenova/multilingual-e5-small@q8').getByRole('button', { name: /Delete/ }).click();
    await row(page, 'Xenova/multilingual-e5-small@q8').and(page.locator('[data-status=not-downloaded]')).waitFor();
    assertLocalOnly(s);
  });
});
