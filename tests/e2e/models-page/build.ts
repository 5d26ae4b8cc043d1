/**
 * Builds and serves the models test page (tests/e2e/models-page) the way the app is built and
 * served: production Vite build, workers as ES modules, ONNX Runtime's wasm as a bundled asset,
 * the app's Content Security Policy, COOP/COEP. A fake Hub mirror with the tiny fixture's files
 * is served from the same origin under /hub/ so downloads can be exercised with no internet.
 */
import react from '@vitejs/plugin-react';
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview, type PreviewServer } from 'vite';
import { CONTENT_SECURITY_POLICY } from '../../../vite.config';

const ROOT = fileURLToPath(new URL('.', import.meta.url));
const FIXTURES = fileURLToPath(new URL('../../fixtures/models/casefile/', import.meta.url));
const PAGE_OUT = fileURLToPath(new URL('../artifacts/models-page/', import.meta.url));

const HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** Ids the fake mirror serves, and the fixture folder standing in for each. */
const MIRRORED: Readonly<Record<string, string>> = {
  'Xenova/multilingual-e5-small': 'tiny-bge-m3',
  'Xenova/bge-m3': 'tiny-bge-m3',
  'onnx-community/bge-reranker-v2-m3-ONNX': 'tiny-bge-reranker',
};

export async function buildModelsPage(outDir = PAGE_OUT): Promise<void> {
  await build({
    configFile: false,
    root: ROOT,
    base: '/',
    logLevel: 'warn',
    plugins: [
      react(),
      {
        name: 'casefile-csp',
        transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY }, injectTo: 'head-prepend' }],
      },
    ],
    worker: { format: 'es' },
    build: { outDir, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 4096 },
  });
  for (const [id, folder] of Object.entries(MIRRORED)) {
    const dest = join(outDir, 'hub', id, 'resolve', 'main');
    mkdirSync(dest, { recursive: true });
    cpSync(join(FIXTURES, folder), dest, { recursive: true });
  }
}

export async function serveModelsPage(outDir = PAGE_OUT): Promise<{ url: string; close: () => Promise<void> }> {
  const server: PreviewServer = await preview({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    build: { outDir },
    preview: { port: 0, strictPort: false, host: '127.0.0.1', headers: HEADERS },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('models page: the preview server did not report a URL');
  return { url: url.replace('127.0.0.1', 'localhost'), close: () => server.close() };
}
