/**
 * Builds and serves the language-model check page (tests/e2e/llm-page) the way the app is built
 * and served: production Vite build, workers as ES modules (web-llm only in the WebLLM worker),
 * ONNX Runtime's wasm as an asset, the app's CSP from src/security/csp.ts with the configured
 * endpoint admitted (as a <meta> tag and as a header, which is what reaches the workers), COOP/COEP. The tiny decoder fixture is served under /models/.
 */
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview, type PreviewServer } from 'vite';
import { buildCsp } from '../../../src/security/csp';

const ROOT = fileURLToPath(new URL('.', import.meta.url));
const FIXTURES = fileURLToPath(new URL('../../fixtures/models/casefile/', import.meta.url));
export const LLM_PAGE_OUT = fileURLToPath(new URL('../artifacts/llm-page/', import.meta.url));

const HEADERS = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp', 'Cross-Origin-Resource-Policy': 'same-origin' };

export async function buildLlmPage(options: { endpoint?: string | null; outDir?: string } = {}): Promise<string> {
  const outDir = options.outDir ?? LLM_PAGE_OUT;
  const policy = buildCsp({ modelOrigins: ['https://huggingface.co', 'https://*.huggingface.co', 'https://*.hf.co', 'https://raw.githubusercontent.com'], endpoint: options.endpoint ?? null });
  await build({
    configFile: false,
    root: ROOT,
    base: '/',
    logLevel: 'warn',
    plugins: [{ name: 'casefile-csp', transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: policy }, injectTo: 'head-prepend' }] }],
    worker: { format: 'es' },
    build: { outDir, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 8192 },
  });
  const dest = join(outDir, 'models', 'casefile', 'tiny-qwen2-chat');
  mkdirSync(dest, { recursive: true });
  cpSync(join(FIXTURES, 'tiny-qwen2-chat'), dest, { recursive: true });
  return policy;
}

/** Serves the built page; `policy` is also sent as a header, so it governs the workers too (a <meta> CSP does not reach them). */
export async function serveLlmPage(outDir = LLM_PAGE_OUT, policy: string | null = null): Promise<{ url: string; close: () => Promise<void> }> {
  const server: PreviewServer = await preview({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    build: { outDir },
    preview: { port: 0, strictPort: false, host: '127.0.0.1', headers: policy ? { ...HEADERS, 'Content-Security-Policy': policy } : HEADERS },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('llm page: the preview server did not report a URL');
  return { url: url.replace('127.0.0.1', 'localhost'), close: () => server.close() };
}
