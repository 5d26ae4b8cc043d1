/**
 * Builds and serves the OCR check page (tests/e2e/ocr-page) the way the app is built and served:
 * production Vite build, workers as ES modules, pdf.js and tesseract.js assets copied to our
 * origin, the service worker with the app's precache rules plus the tesseract lines proposed for
 * vite.config.ts, and the app's Content Security Policy sent as an HTTP header on every response
 * (stricter than the app's meta tag: it also binds the workers).
 */
import { cpSync, createReadStream, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview, type Plugin, type PreviewServer } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { TESSERACT_ASSET_DIR, TESSERACT_ASSETS } from '../../../src/ocr/assets';
import { CONTENT_SECURITY_POLICY } from '../../../vite.config';

const ROOT = fileURLToPath(new URL('.', import.meta.url));
export const PAGE_OUT = fileURLToPath(new URL('../artifacts/ocr-page/', import.meta.url));

export const HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
};

/** The plugin proposed for vite.config.ts (kept identical): tesseract.js files at <base>tesseract/. */
export function tesseractAssets(): Plugin {
  const require = createRequire(import.meta.url);
  const files = new Map(TESSERACT_ASSETS.map((a) => [a.to, require.resolve(a.from)]));
  return {
    name: 'casefile-tesseract-assets',
    configureServer(server) {
      server.middlewares.use(`/${TESSERACT_ASSET_DIR}`, (req, res, next) => {
        const file = files.get(decodeURIComponent((req.url ?? '').split('?')[0] ?? '').replace(/^\/+/, ''));
        if (!file) return next();
        res.setHeader('Content-Type', file.endsWith('.js') ? 'text/javascript' : 'application/octet-stream');
        createReadStream(file).pipe(res);
      });
    },
    generateBundle() {
      for (const [to, file] of files) this.emitFile({ type: 'asset', fileName: `${TESSERACT_ASSET_DIR}/${to}`, source: readFileSync(file) });
    },
  };
}

/** The precache rules proposed for vite.config.ts: the app's, plus the tesseract lines. */
export const TESSERACT_NOT_PRECACHED = TESSERACT_ASSETS.filter((a) => !a.precache).map((a) => `${TESSERACT_ASSET_DIR}/${a.to}`);

export async function buildOcrPage(outDir = PAGE_OUT): Promise<void> {
  await build({
    configFile: false,
    root: ROOT,
    base: '/',
    publicDir: false,
    logLevel: 'warn',
    plugins: [
      {
        name: 'casefile-csp',
        transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY }, injectTo: 'head-prepend' }],
      },
      {
        name: 'casefile-pdfjs-assets-copy',
        writeBundle() {
          const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
          for (const dir of ['cmaps', 'standard_fonts', 'wasm', 'iccs']) cpSync(join(root, dir), join(outDir, 'pdfjs', dir), { recursive: true });
        },
      },
      tesseractAssets(),
      VitePWA({
        registerType: 'prompt',
        injectRegister: false,
        manifest: false,
        workbox: {
          globPatterns: ['**/*.{js,mjs,css,html,svg,png,ico,wasm,json,pdf,txt,md,bcmap,pfb,ttf,icc}', `${TESSERACT_ASSET_DIR}/lang/*.traineddata.gz`],
          globIgnores: ['**/models/**', 'pdfjs/wasm/openjpeg_nowasm_fallback.js', 'fixtures/**', ...TESSERACT_NOT_PRECACHED],
          maximumFileSizeToCacheInBytes: 40 * 1024 * 1024,
          navigateFallback: 'index.html',
          cleanupOutdatedCaches: true,
          runtimeCaching: [
            {
              // A literal: workbox serializes this into sw.js, where no module variable exists.
              urlPattern: /\/tesseract\//,
              handler: 'CacheFirst',
              options: { cacheName: 'casefile-tesseract', expiration: { maxEntries: 20 } },
            },
          ],
        },
      }),
    ],
    worker: { format: 'es' },
    build: { outDir, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 4096 },
  });
  mkdirSync(join(outDir, 'fixtures'), { recursive: true });
}

export async function serveOcrPage(outDir = PAGE_OUT): Promise<{ url: string; close: () => Promise<void> }> {
  const server: PreviewServer = await preview({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    build: { outDir },
    preview: { port: 0, strictPort: false, host: '127.0.0.1', headers: HEADERS },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('ocr page: the preview server did not report a URL');
  return { url: url.replace('127.0.0.1', 'localhost'), close: () => server.close() };
}
