/// <reference types="vitest/config" />
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, normalize, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { RUNTIME_ASSET_GLOBS } from './src/security/runtime-assets.ts';
import { TESSERACT_ASSET_DIR, TESSERACT_ASSETS } from './src/ocr/assets.ts';
import { buildCsp } from './src/security/csp.ts';

/**
 * Content Security Policy of the built app (src/security/csp.ts builds it for every place that
 * sends it). No remote code: scripts only from our origin (plus WebAssembly compilation for
 * pdf.js, ONNX Runtime and tesseract). Network requests only to our origin and, when the user
 * asks for a model download, to the Hugging Face Hub.
 */
export const CONTENT_SECURITY_POLICY = buildCsp();

/** Cross-origin isolation (SharedArrayBuffer, WASM threads) for the preview server. */
const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/** Adds the CSP meta tag to the built index.html (the dev server needs inline scripts for HMR). */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'casefile-csp',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY }, injectTo: 'head-prepend' }],
  };
}

/** pdf.js CMaps, standard fonts, wasm decoders and ICC profiles, served from our origin at <base>pdfjs/. */
function pdfjsAssets(): Plugin {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const dirs = ['cmaps', 'standard_fonts', 'wasm', 'iccs'];
  return {
    name: 'casefile-pdfjs-assets',
    configureServer(server) {
      server.middlewares.use('/pdfjs', (req, res, next) => {
        const rel = normalize(decodeURIComponent((req.url ?? '').split('?')[0] ?? '')).replace(/^[/\\]+/, '');
        const file = join(root, rel);
        if (!dirs.includes(rel.split(/[/\\]/)[0] ?? '') || !file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) return next();
        res.setHeader('Content-Type', file.endsWith('.wasm') ? 'application/wasm' : file.endsWith('.js') ? 'text/javascript' : 'application/octet-stream');
        createReadStream(file).pipe(res);
      });
    },
    generateBundle() {
      for (const dir of dirs) {
        for (const name of readdirSync(join(root, dir))) {
          this.emitFile({ type: 'asset', fileName: `pdfjs/${dir}/${name}`, source: readFileSync(join(root, dir, name)) });
        }
      }
    },
  };
}

/**
 * Large data modules built as `JSON.parse('…')` instead of object literals: V8 reads a JSON string
 * several times faster than the same data written as code, and these are evaluated at every
 * start of the workers that hold them (eld's language n-grams, 0.95 MB: most of the index
 * worker, whose start the first answer waits for). The data is the same, value for value.
 */
const JSON_DATA_MODULES = /[\\/]node_modules[\\/]eld[\\/]src[\\/]ngrams[\\/][a-z]+\.js$/;

function dataAsJson(): Plugin {
  const literal = (json: string) => `'${json.replace(/[\\']/g, (c) => `\\${c}`).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`)}'`;
  return {
    name: 'casefile-data-as-json',
    apply: 'build',
    async transform(_code, id) {
      if (!JSON_DATA_MODULES.test(id)) return null;
      const data = (await import(pathToFileURL(id).href)) as Record<string, unknown>;
      const code = Object.entries(data).map(([name, value]) => `export const ${name} = /* @__PURE__ */ JSON.parse(${literal(JSON.stringify(value))});`);
      return { code: code.join('\n'), map: { mappings: '' } };
    },
  };
}

/** tesseract.js worker script, WASM cores and language data at <base>tesseract/ (src/ocr/assets.ts). */
function tesseractAssets(): Plugin {
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

export default defineConfig({
  plugins: [
    react(),
    dataAsJson(),
    contentSecurityPolicy(),
    pdfjsAssets(),
    tesseractAssets(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['icons/icon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'Casefile — private legal document assistant',
        short_name: 'Casefile',
        description: 'Ask questions about your contracts and legal documents, with cited passages. Everything runs on your device.',
        theme_color: '#1f4e8c',
        background_color: '#f5f6f8',
        display: 'standalone',
        start_url: '.',
        scope: '.',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: 'icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      // Our own service worker (workers/sw.ts): the precache below, and the CSP as a header
      // on every response it serves (workers take their policy from their script's response).
      strategies: 'injectManifest',
      srcDir: 'workers',
      filename: 'sw.ts',
      injectManifest: {
        // The app shell: app code and workers, styles, fonts, pdf.js and tesseract (OCR works
        // offline after one visit) and the sample documents. Model weights are never precached
        // (they go to the Cache API on demand), nor the model runtimes (ONNX Runtime's wasm,
        // web-llm's worker): the service worker caches those on first use (src/security/runtime-assets.ts).
        // `npm run precache` prints what a first visit downloads.
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,ico,wasm,json,pdf,txt,md,bcmap,pfb,ttf,icc}', 'tesseract/lang/*.traineddata.gz'],
        globIgnores: [
          '**/models/**',
          'sw.js',
          'pdfjs/wasm/openjpeg_nowasm_fallback.js',
          ...RUNTIME_ASSET_GLOBS,
          ...TESSERACT_ASSETS.filter((a) => !a.precache).map((a) => `${TESSERACT_ASSET_DIR}/${a.to}`),
        ],
        // The largest shell file is tesseract's SIMD core (3.7 MB); a bigger one is left out (with a warning).
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
  ],
  worker: {
    format: 'es',
    plugins: () => [dataAsJson()],
  },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
  preview: {
    // `npm start` serves the policy as a header too, so workers run under it before the
    // service worker controls the page (and where there is none).
    headers: { ...ISOLATION_HEADERS, 'Content-Security-Policy': CONTENT_SECURITY_POLICY },
  },
  server: {
    headers: ISOLATION_HEADERS,
  },
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // The UI answers in its own time (a workspace opens, a model loads): expect.poll waits as long as a Playwright locator would.
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
