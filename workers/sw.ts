/**
 * The service worker (vite-plugin-pwa, injectManifest): precaches the app shell, workers,
 * pdf.js and tesseract files, fonts and samples so the app opens (and reads scans) offline, keeps
 * the model runtimes (ONNX Runtime's wasm, the WebLLM worker) the first time the app loads them
 * (src/security/runtime-assets.ts) so a model used once works offline, and puts the Content Security Policy
 * on every response it serves as an HTTP header. A `<meta>` policy covers the page only; worker
 * scripts take their policy from their own response, so this is what puts every worker (parse,
 * OCR, embed, rerank, index, scan and the language-model workers) under the CSP. The policy per response is chosen by
 * src/security/worker-policy.ts: strict everywhere, and for the local-server worker's script
 * the local model servers the user admitted (read from the registry database per request).
 *
 * A new version waits until the user agrees (UpdatePrompt posts SKIP_WAITING); the first
 * install claims the open pages so their next workers already get the header from here.
 */
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { addPlugins, cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { isRuntimeAsset, RUNTIME_CACHE } from '../src/security/runtime-assets';
import { withCsp } from '../src/security/csp';
import { isLlmWorkerScript, policyFor, readLlmOrigins } from '../src/security/worker-policy';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

/** Sets the policy header on every response a strategy hands back (precache, runtime cache, navigations). */
const cspHeader: WorkboxPlugin = {
  handlerWillRespond: async ({ request, response }) => {
    if (response.type === 'opaque' || response.type === 'opaqueredirect') return response;
    const origins = isLlmWorkerScript(request.url) ? await readLlmOrigins(indexedDB) : [];
    return withCsp(response, policyFor(request.url, origins));
  },
};

addPlugins([cspHeader]);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Any in-app address opens the shell (the app has one page).
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html')));

// The OCR engine's fallback core is fetched (from our origin) only when first needed.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.includes('/tesseract/'),
  new CacheFirst({ cacheName: 'casefile-tesseract', plugins: [new ExpirationPlugin({ maxEntries: 20 }), cspHeader] }),
);

/** Keeps only complete same-origin files (never an error, a redirect, a partial response or a fallback page). */
const okOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 && response.type === 'basic' && !(response.headers.get('content-type') ?? '').includes('text/html') ? response : null),
};

// The model runtimes are not precached: each is kept the first time a worker loads it (a model
// download loads its runtime, so it is there for the offline sessions after), and served with the
// same policy header as the precached scripts. Old builds' files go when the cache is full.
registerRoute(
  ({ url }) => url.origin === self.location.origin && isRuntimeAsset(url.pathname),
  new CacheFirst({ cacheName: RUNTIME_CACHE, plugins: [okOnly, new ExpirationPlugin({ maxEntries: 6, purgeOnQuotaError: true }), cspHeader] }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

clientsClaim();
