/**
 * Test page for tests/e2e/models.e2e.ts (.tsx so the tests project, which has no JSX, skips it): the real ModelManager and ModelService (real workers,
 * Cache API, IndexedDB), mounted alone until the app's settings screen mounts them. Exposes
 * `window.modelsTest` so the test can embed and score texts in the page.
 */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { spawnEmbedWorker, spawnRerankWorker } from '../../../src/app/workers/model-proxies';
import { ModelService } from '../../../src/app/models/model-service';
import { detectCapabilities } from '../../../src/models/capabilities';
import { ModelSettingsRepository } from '../../../src/models/settings';
import { CacheApiStore } from '../../../src/models/stores';
import { RegistryDb } from '../../../src/store/db';
import { ModelManager } from '../../../src/ui/settings/ModelManager';
import '../../../src/ui/styles.css';

const cosine = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

const service = new ModelService({
  settings: new ModelSettingsRepository(new RegistryDb()),
  store: new CacheApiStore(),
  spawn: { embedder: spawnEmbedWorker, reranker: spawnRerankWorker },
  storage: navigator.storage,
  // `?pretend-f16`: report shader-f16 the adapter lacks, so a plan chooses fp16 on WebGPU and the
  // worker's failure exercises the real fallback to WASM.
  capabilities: async () => {
    const caps = await detectCapabilities();
    return new URLSearchParams(location.search).has('pretend-f16') && caps.webgpu ? { ...caps, webgpu: { ...caps.webgpu, shaderF16: true } } : caps;
  },
});

const api = {
  service,
  /** Ranks `texts` by cosine similarity to `query`; returns indices best first and the model used. */
  async rank(query: string, texts: string[]) {
    const embedder = service.embedder;
    if (!embedder) throw new Error('no embedder planned');
    const [q, ...vectors] = await embedder.embed([query, ...texts]);
    const scores = vectors.map((v) => cosine(q!, v));
    return { model: embedder.model, order: scores.map((s, i) => [s, i] as const).sort((a, b) => b[0] - a[0]).map(([, i]) => i), scores };
  },
  async score(query: string, passages: string[]) {
    const reranker = service.reranker;
    if (!reranker) throw new Error('no reranker planned');
    return { model: reranker.model, scores: await reranker.score(query, passages) };
  },
};
(window as unknown as { modelsTest: typeof api }).modelsTest = api;

await service.start();
createRoot(document.getElementById('root')!).render(createElement(ModelManager, { service }));
