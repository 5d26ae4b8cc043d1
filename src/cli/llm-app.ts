/**
 * `npm run smoke:llm -- … --app`: the smoke check against the built app itself (test build,
 * served like `npm start`), through its real services — the provider is set up the way Settings
 * does it (`casefile.llm` downloads, a model folder imported through the Settings screen,
 * `casefile.session.chat` settings), and the model comes from `session.chat.model()`, the call
 * the answer UI makes, so the workers, their policies and the ChatService are the ones a user
 * gets. The page returns the raw timed deltas; the figures are computed here with the same
 * function as everywhere else (measure.ts).
 */
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import type { ChatDelta, Device, Dtype } from '../core/ports';
import { generationFigures, SMOKE_ANSWER_REQUEST, SMOKE_PLAN_REQUEST, SMOKE_PLAN_SCHEMA, type SmokeReport, type TimedDelta } from '../models/chat/measure';
import { generatorSpec } from '../models/chat/generators';

export interface AppRun {
  readonly provider: 'webllm' | 'transformers' | 'endpoint';
  readonly model: string;
  readonly endpoint?: string | null;
  readonly apiKey?: string | null;
  readonly device?: Device;
  readonly dtype?: Dtype;
  /** transformers: a folder of model folders; the model's folder is imported through Settings. */
  readonly models?: string | null;
}

interface PageSmoke {
  readonly model: string;
  readonly provider: string | undefined;
  readonly loadMs: number;
  readonly plan: SmokeReport['plan'];
  readonly answer: { readonly start: number; readonly timed: TimedDelta[]; readonly end: number } | { readonly error: string };
}

type Window = { casefile: AppHandle };
/** The slice of the test build's `window.casefile` used here. */
interface AppHandle {
  readonly llm: {
    downloadWebLlm(id: string): Promise<void>;
    downloadGenerator(key: string, dtype: string, device: string): Promise<void>;
    readonly state: { readonly failures: Record<string, string> };
  };
  readonly session: {
    readonly chat: {
      setProvider(p: string): Promise<void>;
      setWebLlmModel(id: string): Promise<void>;
      setGenerator(patch: Record<string, unknown>): Promise<void>;
      saveEndpoint(input: Record<string, unknown>): Promise<void>;
      model(): Promise<{ model: { id: string; provider?: string }; json(r: unknown, s: unknown): Promise<unknown>; chat(r: unknown): AsyncIterable<ChatDelta> } | null>;
      readonly state: { readonly message: string | null };
      readonly view: { readonly endpoint: { readonly check: { ok: boolean; message: string } | null } };
    };
  };
}

/** Sets the provider up in the app as a user would, or throws with the app's own message. */
async function setUp(page: Page, run: AppRun): Promise<void> {
  if (run.provider === 'transformers' && run.models) {
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: 'Models' }).click();
    const folder = join(resolve(run.models), run.model);
    await page.getByTestId('cpu-folder-input').setInputFiles(folder);
    const name = run.model.split('/').at(-1)!.toLowerCase();
    await page.locator(`[data-testid=cpu-model][data-model="local/${name}"][data-cached=true]`).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Close settings' }).click();
  }
  const spec = run.provider === 'transformers' && !run.models ? generatorSpec(run.model) : null;
  const failure = await page.evaluate(
    async ({ run, key }) => {
      const app = (window as unknown as Window).casefile;
      const { chat } = app.session;
      if (run.provider === 'endpoint') {
        await chat.saveEndpoint({ baseUrl: run.endpoint, model: run.model, apiKey: run.apiKey ?? null });
        const check = chat.view.endpoint.check;
        if (!check?.ok) return check?.message ?? 'the connection was not checked';
      } else if (run.provider === 'webllm') {
        await app.llm.downloadWebLlm(run.model);
        const failed = app.llm.state.failures[`webllm:${run.model}`];
        if (failed) return failed;
        await chat.setWebLlmModel(run.model);
      } else if (key) {
        await app.llm.downloadGenerator(key, run.dtype ?? 'q8', run.device ?? 'wasm');
        const failed = Object.values(app.llm.state.failures)[0];
        if (failed) return failed;
        await chat.setGenerator({ model: key, device: run.device ?? null, dtype: run.dtype ?? null });
      } else {
        await chat.setGenerator({ model: `local/${run.model.split('/').at(-1)!.toLowerCase()}`, device: run.device ?? null, dtype: run.dtype ?? null });
      }
      await chat.setProvider(run.provider);
      return null;
    },
    { run, key: spec?.key ?? null },
  );
  if (failure) throw new Error(`smoke:llm (app): ${failure}`);
}

/** In the page: `session.chat.model()` (timed), a plan as JSON, a streamed answer with each delta's time. */
function smokeInPage(page: Page): Promise<PageSmoke | { error: string }> {
  return page.evaluate(
    async ({ planRequest, schema, answerRequest }) => {
      // No named helpers in here: the function's source is sent to the page as it is.
      const { chat } = (window as unknown as Window).casefile.session;
      const t0 = performance.now();
      const model = await chat.model();
      if (!model) return { error: chat.state.message ?? 'no language model' };
      const loadMs = performance.now() - t0;
      const t1 = performance.now();
      let plan: PageSmoke['plan'];
      try {
        plan = { ok: true, value: await model.json(planRequest, schema), ms: performance.now() - t1 };
      } catch (e) {
        plan = { ok: false, error: e instanceof Error ? e.message : String(e), ms: performance.now() - t1 };
      }
      const start = performance.now();
      const timed: TimedDelta[] = [];
      let answer: PageSmoke['answer'];
      try {
        for await (const delta of model.chat(answerRequest)) timed.push({ at: performance.now(), delta });
        answer = { start, timed, end: performance.now() };
      } catch (e) {
        answer = { error: e instanceof Error ? e.message : String(e) };
      }
      return { model: model.model.id, provider: model.model.provider, loadMs, plan, answer };
    },
    { planRequest: SMOKE_PLAN_REQUEST, schema: SMOKE_PLAN_SCHEMA, answerRequest: SMOKE_ANSWER_REQUEST },
  );
}

/** Builds the app (test build), serves it, sets the provider up in Chromium and runs the smoke check there. */
export async function smokeInApp(run: AppRun, options: { webgpu?: boolean; headed?: boolean } = {}): Promise<{ report: SmokeReport; url: string }> {
  const { build, preview } = await import('vite');
  const { chromium } = await import('playwright-core');
  await build({ mode: 'test', logLevel: 'warn' });
  const server = await preview({ preview: { port: 0, strictPort: false, host: '127.0.0.1' }, logLevel: 'warn' });
  const url = server.resolvedUrls?.local[0]?.replace('127.0.0.1', 'localhost');
  if (!url) throw new Error('smoke:llm (app): the preview server did not report a URL');
  const args = [...(options.headed ? [] : ['--headless=new']), '--no-sandbox', ...(options.webgpu ? ['--enable-unsafe-webgpu', '--enable-features=Vulkan'] : [])];
  const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args, headless: !options.headed });
  try {
    const page = await browser.newPage();
    page.setDefaultTimeout(600_000);
    await page.goto(url);
    await page.getByRole('heading', { name: 'Documents' }).waitFor({ timeout: 60_000 });
    await setUp(page, run);
    const result = await smokeInPage(page);
    if ('error' in result && !('answer' in result)) throw new Error(`smoke:llm (app): no model answered: ${result.error}`);
    const r = result as PageSmoke;
    const answer = 'error' in r.answer ? r.answer : generationFigures(r.answer.start, r.answer.timed, r.answer.end);
    return { report: { model: r.model, provider: r.provider, loadMs: r.loadMs, plan: r.plan, answer }, url };
  } finally {
    await browser.close();
    await server.close();
  }
}
