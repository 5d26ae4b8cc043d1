/**
 * Language models in the app, in Chromium, through Settings → Models → Language model and the
 * app's own service (`casefile.session.chat`, which the answer UI calls):
 *
 * (a) a local server: a streaming chat-completions server started here on 127.0.0.1 is
 *     configured in Settings; real HTTP streaming arrives token by token from the endpoint
 *     worker (the page's own policy cannot reach the server), Stop aborts it (the server sees the
 *     connection close), and a server that does not allow the app's origin shows the CORS advice
 *     naming that origin and OLLAMA_ORIGINS;
 * (b) the CPU model on the tiny Qwen2 decoder fixture, imported as a folder, on WASM and on
 *     WebGPU (SwiftShader): streamed tokens, stop, and a model that fails to load leaves the
 *     workspace on extractive answers with a clear status;
 * (c) WebLLM: without WebGPU (plain headless) it is unavailable with the reason; on a software
 *     adapter without shader-f16 only q4f32 builds are offered, with the "only a software
 *     adapter" warning; with no model downloaded it does not answer; a download with no network
 *     fails with a message that says what to do (retry, a mirror, import a folder).
 *
 * Nothing requests a host other than localhost unless the user started a download.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatServer, type ChatServer } from '../fixtures/chat-server';
import { launch, openApp, screenshot, type Session } from './support';

const FIXTURE = join(process.cwd(), 'tests/fixtures/models/casefile/tiny-qwen2-chat');
const LOCAL = /^(https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?\/|blob:|data:)/;

const foreign = (s: Session, from = 0) => s.requests.slice(from).filter((u) => !LOCAL.test(u));

async function openLanguageModels(page: Page): Promise<void> {
  if (!(await page.getByRole('dialog', { name: 'Settings' }).isVisible())) await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Models' }).click();
  await page.getByTestId('llm-settings').waitFor();
}

/**
 * Two pictures of Settings → Models: what the viewport shows with the language-model section at
 * the top, and the whole dialog (the viewport stretched to its height, then restored).
 */
async function settingsShots(page: Page, name: string): Promise<void> {
  const size = page.viewportSize()!;
  const body = page.locator('.settings-body');
  await body.evaluate((el) => el.scrollTo(0, 0));
  await screenshot(page, name);
  const height = await body.evaluate((el) => el.scrollHeight);
  await page.setViewportSize({ width: size.width, height: Math.min(6000, Math.ceil((height + 160) / 0.9)) });
  await screenshot(page, `${name}-full`);
  await page.setViewportSize(size);
}

async function closeSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Close settings' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).waitFor({ state: 'hidden' });
}

const provider = (page: Page, name: RegExp) => page.getByTestId('llm-settings').getByRole('radio', { name });

/** Clicks a radio whose checked state follows the service (it settles a moment later). */
async function choose(radio: ReturnType<Page['locator']>): Promise<void> {
  await radio.click();
  await expect.poll(() => radio.isChecked()).toBe(true);
}

async function openPanel(page: Page, testId: string): Promise<void> {
  const panel = page.getByTestId(testId);
  if ((await panel.getAttribute('open')) === null) await panel.locator(':scope > summary').click();
}

interface Streamed {
  readonly provider?: string;
  readonly device?: string;
  readonly deltas: { text: string; at: number }[];
  readonly error?: { name: string; code?: string; message: string };
  readonly model?: string | null;
}

/** In the page: `casefile.session.chat.model()`, then `chat()` streamed; `stopAfter` aborts after that many deltas. */
function stream(page: Page, options: { maxTokens?: number; stopAfter?: number } = {}): Promise<Streamed> {
  return page.evaluate(async ({ maxTokens, stopAfter }) => {
    type Delta = { text: string };
    type Model = { model: { id: string; provider?: string; device: string }; chat(r: unknown, o?: { signal?: AbortSignal }): AsyncIterable<Delta> };
    const app = (window as unknown as { casefile: { session: { chat: { model(): Promise<Model | null>; state: { message: string | null } } } } }).casefile;
    const model = await app.session.chat.model();
    if (!model) return { deltas: [], model: null, error: { name: 'none', message: app.session.chat.state.message ?? '' } };
    const controller = new AbortController();
    const deltas: { text: string; at: number }[] = [];
    try {
      for await (const d of model.chat({ messages: [{ role: 'user', content: 'What is the notice period?' }], temperature: 0, maxTokens }, { signal: controller.signal })) {
        deltas.push({ text: d.text, at: performance.now() });
        if (stopAfter !== undefined && deltas.length === stopAfter) controller.abort();
      }
      return { provider: model.model.provider, device: model.model.device, deltas, model: model.model.id };
    } catch (e) {
      const error = e as { name: string; code?: string; message: string };
      return { provider: model.model.provider, device: model.model.device, deltas, model: model.model.id, error: { name: error.name, code: error.code, message: error.message } };
    }
  }, options);
}

describe('(a) the local server provider', () => {
  let s: Session;
  let server: ChatServer;
  let closed: ChatServer;
  beforeAll(async () => {
    server = await startChatServer({ reply: 'The notice period is thirty days [1].', models: ['tiny-chat', 'endless'], wordDelayMs: 40 });
    closed = await startChatServer({ corsOrigin: null, models: ['tiny-chat'] });
    s = await launch();
    await openApp(s.page);
  });
  afterAll(async () => {
    await s?.close();
    await server?.close();
    await closed?.close();
  });

  const configure = async (url: string, model: string) => {
    await openLanguageModels(s.page);
    await openPanel(s.page, 'endpoint-panel');
    const form = s.page.getByRole('form', { name: 'Local server' });
    await form.getByLabel('Server address').fill(url);
    await form.getByLabel('Model', { exact: true }).fill(model);
    await form.getByRole('button', { name: 'Save and test' }).click();
    // The first check waits for the service worker's first install to claim the page (sw-control.ts): tens of seconds on a busy machine.
    await s.page.locator(`[data-testid=endpoint-check][data-target="${url} ${model}"]:not([data-ok=checking])`).waitFor({ timeout: 120_000 });
  };

  it('configured in Settings, it streams real HTTP tokens one by one from the endpoint worker', async () => {
    await openLanguageModels(s.page);
    await choose(provider(s.page, /^Local server/));
    await configure(server.url, 'tiny-chat');
    await expect.poll(() => s.page.getByTestId('endpoint-check').textContent()).toMatch(/Connected: tiny-chat is available/);
    await expect.poll(() => s.page.getByTestId('llm-state').getAttribute('data-status')).toBe('ready');
    await settingsShots(s.page, 'llm-settings-endpoint-1280');
    await closeSettings(s.page);
    const result = await stream(s.page);
    expect(result.error).toBeUndefined();
    expect(result.provider).toBe('endpoint');
    expect(result.deltas.map((d) => d.text).join('')).toBe('The notice period is thirty days [1].');
    expect(result.deltas.length).toBe(8);
    // Token by token: 40 ms apart at the server, so the first and the seventh are well apart.
    expect(result.deltas[6]!.at - result.deltas[0]!.at).toBeGreaterThan(150);
    expect(server.requests.some((r) => r.path === '/v1/chat/completions')).toBe(true);
    // The page's own policy does not admit the server: only the worker can reach it.
    const fromPage = await s.page.evaluate((url) => fetch(`${url}/v1/models`).then(() => 'reached', (e: Error) => e.name), server.url);
    expect(fromPage).toBe('TypeError');
  });

  it('Stop aborts the stream and the server sees the connection close', async () => {
    await configure(server.url, 'endless');
    await closeSettings(s.page);
    const result = await stream(s.page, { stopAfter: 5 });
    expect(result.error).toMatchObject({ name: 'AbortedError', code: 'job/aborted' });
    expect(result.deltas).toHaveLength(5);
    await expect.poll(() => server.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)?.closedEarly).toBe(true);
  });

  it("a server that does not allow the app's origin: the CORS advice naming the origin, and extractive answers", async () => {
    await configure(closed.url, 'tiny-chat');
    const origin = new URL(s.page.url()).origin;
    const message = await s.page.getByTestId('endpoint-check').textContent();
    expect(message).toContain(`Allow ${origin} on the server`);
    expect(message).toContain(`OLLAMA_ORIGINS=${origin}`);
    expect(await s.page.getByTestId('endpoint-check').getAttribute('data-ok')).toBe('false');
    await expect.poll(() => s.page.getByTestId('llm-state').getAttribute('data-status')).toBe('unavailable');
    expect(await s.page.getByTestId('llm-state').textContent()).toMatch(/The local server cannot answer/);
    await settingsShots(s.page, 'llm-settings-cors-1280');
    await closeSettings(s.page);
    const result = await stream(s.page);
    expect(result.model).toBeNull();
    expect(foreign(s)).toEqual([]);
  });
});

describe.each([
  ['wasm', false],
  ['webgpu', true],
] as const)('(b) the CPU model on %s', (mode, webgpu) => {
  let s: Session;
  let broken: string;
  beforeAll(async () => {
    s = await launch({ webgpu });
    await openApp(s.page);
    // A folder that looks like a model but whose graph is garbage: it fails to load.
    broken = join(mkdtempSync(join(tmpdir(), 'casefile-llm-')), 'broken-chat');
    cpSync(FIXTURE, broken, { recursive: true });
    writeFileSync(join(broken, 'onnx', 'model.onnx'), 'not an onnx graph');
    writeFileSync(join(broken, 'onnx', 'model_quantized.onnx'), 'not an onnx graph');
  });
  afterAll(async () => {
    await s?.close();
    rmSync(join(broken, '..'), { recursive: true, force: true });
  });

  it(`imported as a folder, it streams tokens from its worker on ${mode}, and Stop ends them`, async () => {
    await openLanguageModels(s.page);
    await choose(provider(s.page, /^CPU model/));
    await openPanel(s.page, 'cpu-panel');
    await s.page.getByTestId('cpu-folder-input').setInputFiles(FIXTURE);
    const row = s.page.locator('[data-testid=cpu-model][data-model="local/tiny-qwen2-chat"]');
    await row.and(s.page.locator('[data-cached=true]')).waitFor({ timeout: 30_000 });
    await expect.poll(() => row.getByRole('radio').isChecked()).toBe(true);
    if (webgpu) await s.page.getByLabel('CPU model runs on').selectOption('webgpu');
    await expect.poll(() => s.page.getByTestId('llm-state').getAttribute('data-status')).toBe('ready');
    if (webgpu) await settingsShots(s.page, 'llm-settings-cpu-1280');
    await closeSettings(s.page);
    const result = await stream(s.page, { maxTokens: 16 });
    expect(result.error).toBeUndefined();
    expect(result).toMatchObject({ provider: 'transformers', device: mode, model: 'local/tiny-qwen2-chat' });
    expect(result.deltas.length).toBeGreaterThan(4);
    const stopped = await stream(s.page, { maxTokens: 400, stopAfter: 3 });
    expect(stopped.error).toMatchObject({ name: 'AbortedError' });
    expect(stopped.deltas).toHaveLength(3);
    const again = await stream(s.page, { maxTokens: 4 });
    expect(again.error).toBeUndefined();
    expect(foreign(s)).toEqual([]);
  });

  it('a model that fails to load: extractive answers, and the status says why', async () => {
    await openLanguageModels(s.page);
    await openPanel(s.page, 'cpu-panel');
    await s.page.getByTestId('cpu-folder-input').setInputFiles(broken);
    const brokenRow = s.page.locator('[data-testid=cpu-model][data-model="local/broken-chat"]');
    await brokenRow.and(s.page.locator('[data-cached=true]')).waitFor({ timeout: 30_000 });
    // The import is chosen once its files are stored: ask only after the choice is saved.
    await expect.poll(() => brokenRow.getByRole('radio').isChecked()).toBe(true);
    await closeSettings(s.page);
    const result = await stream(s.page);
    expect(result.model).toBeNull();
    expect(result.error?.message).toMatch(/^The CPU model cannot answer: .*broken-chat/);
    await openLanguageModels(s.page);
    expect(await s.page.getByTestId('llm-state').getAttribute('data-status')).toBe('unavailable');
    expect(await s.page.locator('.llm-option[data-provider=transformers]').textContent()).toMatch(/Problem.*broken-chat/);
    await closeSettings(s.page);
  });
});

describe('(c) WebLLM without WebGPU', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
    await openApp(s.page);
  });
  afterAll(async () => s?.close());

  it('is unavailable with the reason, offers no download, and does not answer', async () => {
    await openLanguageModels(s.page);
    await openPanel(s.page, 'webllm-panel');
    expect(await s.page.getByTestId('webllm-unavailable').textContent()).toMatch(/WebLLM needs WebGPU/);
    expect(await s.page.getByTestId('webllm-panel').getByRole('button', { name: /Download/ }).count()).toBe(0);
    expect(await s.page.locator('.llm-option[data-provider=webllm]').textContent()).toMatch(/Not available on this device/);
    await choose(provider(s.page, /^WebLLM/));
    await expect.poll(() => s.page.getByTestId('llm-state').textContent()).toMatch(/WebLLM cannot answer: WebLLM needs WebGPU/);
    await closeSettings(s.page);
    expect((await stream(s.page)).model).toBeNull();
    expect(foreign(s)).toEqual([]);
  });
});

describe('(c) WebLLM on a software adapter (SwiftShader, no shader-f16)', () => {
  let s: Session;
  const SMALL = 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC';
  beforeAll(async () => {
    s = await launch({ webgpu: true });
    // No network here, and none in the test: whatever leaves localhost fails at once.
    await s.context.route((url) => !LOCAL.test(url.href), (route) => route.abort('internetdisconnected'));
    await openApp(s.page);
  });
  afterAll(async () => s?.close());

  const model = (id: string) => s.page.locator(`[data-testid=webllm-model][data-model="${id}"]`);

  it('offers q4f32 builds only, with the "only a software adapter" warning and nothing recommended', async () => {
    await openLanguageModels(s.page);
    await openPanel(s.page, 'webllm-panel');
    expect(await s.page.getByTestId('webllm-warning').textContent()).toMatch(/^Only a software adapter: /);
    const rows = await s.page.getByTestId('webllm-model').evaluateAll((els) => els.map((e) => ({ id: e.getAttribute('data-model')!, fits: e.getAttribute('data-fits') === 'true', text: e.textContent ?? '' })));
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((r) => r.id.includes('q4f16')).every((r) => !r.fits && /shader-f16/.test(r.text))).toBe(true);
    expect(rows.filter((r) => r.fits).length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.fits).every((r) => r.id.includes('q4f32'))).toBe(true);
    expect(rows.some((r) => /Recommended/.test(r.text))).toBe(false);
    expect(await model('Qwen2.5-7B-Instruct-q4f16_1-MLC').getByRole('radio').isDisabled()).toBe(true);
    expect(await model('Qwen2.5-7B-Instruct-q4f16_1-MLC').getByRole('button', { name: 'Download' }).count()).toBe(0);
    await settingsShots(s.page, 'llm-settings-webllm-software-1280');
  });

  it('with no model downloaded it does not answer, and says so', async () => {
    await choose(provider(s.page, /^WebLLM/));
    await choose(model(SMALL).getByRole('radio'));
    await expect.poll(() => s.page.getByTestId('llm-state').textContent()).toMatch(/WebLLM cannot answer: Qwen2\.5 0\.5B Instruct \(q4f32\) is not downloaded/);
    await closeSettings(s.page);
    expect((await stream(s.page)).model).toBeNull();
    expect(foreign(s)).toEqual([]);
  });

  it('a download with no network fails with what to do: retry, a mirror, or import a folder', async () => {
    await openLanguageModels(s.page);
    await openPanel(s.page, 'webllm-panel');
    const before = s.requests.length;
    await model(SMALL).getByRole('button', { name: 'Download' }).click();
    const failure = model(SMALL).locator('.llm-failure');
    await failure.waitFor({ timeout: 60_000 });
    expect(await failure.textContent()).toMatch(/^Downloading Qwen2\.5 0\.5B Instruct failed: .*press Retry, set a mirror under "Download source", or use "Import folder…"/);
    expect(await model(SMALL).getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
    expect(await model(SMALL).getByRole('button', { name: 'Import folder…' }).isVisible()).toBe(true);
    // Only the download the user started left localhost, to the Hub or web-llm's library host.
    const away = foreign(s, before);
    expect(away.every((u) => /^https:\/\/(huggingface\.co|raw\.githubusercontent\.com)\//.test(u))).toBe(true);
    expect(foreign(s).length).toBe(away.length);
    // A mirror on this machine that lacks the files: the download goes there, and fails the same clear way.
    const mirror = `${new URL(s.page.url()).origin}/no-such-mirror/`;
    await s.page.getByTestId('webllm-panel').locator('summary', { hasText: 'Download source' }).click();
    await s.page.getByLabel('WebLLM model mirror').fill(mirror);
    await s.page.getByRole('button', { name: 'Use mirror' }).click();
    const mark = s.requests.length;
    await model(SMALL).getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => s.requests.slice(mark).some((u) => u.startsWith(`${mirror}mlc-ai/${SMALL}/`)), { timeout: 60_000 }).toBe(true);
    await failure.waitFor({ timeout: 60_000 });
    expect(await failure.textContent()).toMatch(/^Downloading Qwen2\.5 0\.5B Instruct failed/);
    await settingsShots(s.page, 'llm-settings-webllm-failed-1280');
  });
});

describe('Settings → Models on a phone', () => {
  it('reads at 390×844', async () => {
    const s = await launch({ viewport: { width: 390, height: 844 } });
    try {
      await openApp(s.page);
      await openLanguageModels(s.page);
      await openPanel(s.page, 'endpoint-panel');
      await settingsShots(s.page, 'llm-settings-390');
      const overflow = await s.page.getByTestId('llm-settings').evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow).toBeLessThanOrEqual(1);
    } finally {
      await s.close();
    }
  });
});
