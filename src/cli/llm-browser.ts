/**
 * Drives tests/e2e/llm-page in Chromium (playwright-core; Debian's /usr/bin/chromium or
 * CHROMIUM_PATH): builds the page with the endpoint admitted by its CSP, serves it, runs each
 * LlmRun and returns the results. `webgpu` adds --enable-unsafe-webgpu (on a machine without a GPU
 * that is SwiftShader, a software adapter); `headed` shows the window (a real GPU is used only by
 * a headed or properly configured browser).
 */
import type { LlmResult, LlmRun } from '../../tests/e2e/llm-page/protocol';

export interface BrowserOptions {
  readonly endpoint?: string | null;
  readonly webgpu?: boolean;
  readonly headed?: boolean;
  readonly onText?: (text: string) => void;
  readonly timeoutMs?: number;
}

export async function runInChromium(runs: readonly LlmRun[], options: BrowserOptions = {}): Promise<{ results: LlmResult[]; policy: string; cspViolations: string[] }> {
  const { chromium } = await import('playwright-core');
  const { buildLlmPage, serveLlmPage } = await import('../../tests/e2e/llm-page/build');
  const policy = await buildLlmPage({ endpoint: options.endpoint ?? null });
  const server = await serveLlmPage(undefined, policy);
  const args = [...(options.headed ? [] : ['--headless=new']), '--no-sandbox', ...(options.webgpu ? ['--enable-unsafe-webgpu', '--enable-features=Vulkan'] : [])];
  const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args, headless: !options.headed });
  const cspViolations: string[] = [];
  try {
    const page = await browser.newPage();
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
    });
    await page.exposeFunction('casefileText', (t: string) => options.onText?.(t));
    await page.goto(server.url);
    await page.locator('body[data-ready=true]').waitFor({ timeout: 60_000 });
    // Stream what the page shows to the terminal.
    await page.evaluate(() => {
      const out = document.getElementById('out')!;
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) (window as unknown as { casefileText: (t: string) => void }).casefileText(n.textContent ?? '');
      }).observe(out, { childList: true });
    });
    const results: LlmResult[] = [];
    for (const run of runs) {
      results.push(
        await page.evaluate(
          (r) => (window as unknown as { llmCheck: { run(x: LlmRun): Promise<LlmResult> } }).llmCheck.run(r),
          run,
        ),
      );
    }
    return { results, policy, cspViolations };
  } finally {
    await browser.close();
    await server.close();
  }
}
