/**
 * Local models in the app: the tiny fixture models are imported through Settings → Models,
 * documents are embedded as they are added, and a question whose words are not in the passage
 * finds it through the dense path — the same results on WASM and on WebGPU (SwiftShader), and
 * no request leaves localhost.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, latestTurn, launch, openApp, results, screenshot, waitForStatus, type Session } from './support';

const FIXTURES = join(process.cwd(), 'tests/fixtures/models/casefile');
const SAMPLES = ['master-services-agreement.pdf', 'mutual-nda.txt', 'data-retention-policy.md'];
/** No sample contains "rescission" or "rescind": keyword search alone finds nothing. */
const QUESTION = 'rescission';
const topResults: Record<string, { file: string; page: string; section: string }[]> = {};

async function openModels(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Models' }).click();
  await page.getByTestId('model-manager').waitFor();
}

async function closeSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Close settings' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).waitFor({ state: 'hidden' });
}

const row = (page: Page, rowId: string) => page.locator(`[data-testid=model-row][data-row="${rowId}"]`);

function localOnly(s: Session): string[] {
  return s.requests.filter((u) => !/^(https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?\/|blob:|data:)/.test(u));
}

describe.each([
  ['wasm', false],
  ['webgpu', true],
] as const)('dense retrieval on %s', (mode, webgpu) => {
  let s: Session;
  beforeAll(async () => {
    s = await launch({ webgpu });
    await openApp(s.page);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('imports the model folders through the UI and shows sizes, status and storage', async () => {
    await openModels(s.page);
    for (const folder of ['tiny-bge-m3', 'tiny-bge-reranker']) {
      await s.page.getByTestId('model-folder-input').setInputFiles(join(FIXTURES, folder));
      await row(s.page, `local/${folder}@q8`).and(s.page.locator('[data-status=imported]')).waitFor({ timeout: 30_000 });
    }
    const dtype = webgpu ? 'fp32' : 'q8';
    if (webgpu) await s.page.getByLabel('Profile').selectOption('gpu-lite');
    await s.page.getByLabel('Embedder model').selectOption(`local/tiny-bge-m3|${dtype}`);
    await s.page.getByLabel('Reranker model').selectOption(`local/tiny-bge-reranker|${dtype}`);
    const embedRow = row(s.page, `local/tiny-bge-m3@${dtype}`);
    await embedRow.and(s.page.locator('[data-status=imported]')).waitFor();
    expect(await embedRow.getByTestId('model-size').textContent()).toMatch(/^\d+ KB$/);
    // The plan is applied asynchronously after the choice: wait for the row to show its device.
    await expect.poll(() => embedRow.textContent(), { timeout: 15_000 }).toContain(webgpu ? 'WebGPU' : 'WASM');
    await expect.poll(() => s.page.getByTestId('model-storage').textContent()).toMatch(/Models use [\d.]+ MB/);
    await expect.poll(() => s.page.getByTestId('embedding-status').textContent()).toContain('local/tiny-bge-m3');
    await screenshot(s.page, `20-models-${mode}`);
    await closeSettings(s.page);
  });

  it('embeds documents as they are added and stores their vectors', async () => {
    await s.page.getByRole('button', { name: 'Try sample documents' }).click();
    for (const name of SAMPLES) await waitForStatus(s.page, name, 'Ready', 90_000);
    const stats = await s.page.evaluate(async () => {
      const app = (window as never as { casefile: { session: { db: { vectors: { toArray(): Promise<{ modelId: string; dim: number; seqs: Uint32Array }[]> } } } } }).casefile;
      return (await app.session.db.vectors.toArray()).map((v) => ({ modelId: v.modelId, dim: v.dim, rows: v.seqs.length }));
    });
    expect(stats).toHaveLength(3);
    for (const v of stats) expect(v).toMatchObject({ modelId: 'local/tiny-bge-m3', dim: 64 });
    await openModels(s.page);
    await expect.poll(() => s.page.getByTestId('embedding-status').textContent()).toContain('Every document is embedded');
    await closeSettings(s.page);
  });

  it('finds a passage whose words differ from the question through the dense path', async () => {
    await ask(s.page, QUESTION);
    const top = await results(s.page);
    expect(top.length).toBeGreaterThan(0);
    expect(top[0]?.section).toMatch(/TERMINATION/i);
    await latestTurn(s.page).getByText('How this was found').click();
    const explanation = latestTurn(s.page).getByTestId('explanation');
    expect(await explanation.textContent()).toMatch(/found by meaning/);
    expect(await explanation.textContent()).not.toMatch(/found by keywords/);
    expect(await latestTurn(s.page).getByTestId('explain-rerank').textContent()).toBe('on');
    topResults[mode] = top;
    if (topResults['wasm'] && topResults['webgpu']) expect(topResults['webgpu'].slice(0, 3)).toEqual(topResults['wasm'].slice(0, 3));
    await screenshot(s.page, `21-dense-${mode}`);
  });

  it('made no request outside localhost', () => {
    expect(localOnly(s)).toEqual([]);
  });
});
