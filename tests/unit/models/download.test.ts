/**
 * The download path end to end in Node, as a browser user gets it: the user's Download →
 * transformers.js fetches through the gate with progress → ModelCache → the next start loads
 * offline from the cache with no request at all. Nothing is fetched without a download.
 */
import { describe, expect, it } from 'vitest';
import { ModelError } from '../../../src/core/errors';
import { CATALOG } from '../../../src/models/catalog';
import { DEFAULT_SOURCE, modelFiles, type HubSource } from '../../../src/models/hub';
import type { DownloadProgress } from '../../../src/models/progress';
import { MemoryStore } from '../../../src/models/stores';
import { createModelWorkerApi } from '../../../src/models/worker-host';
import { fakeHub, fixtureFolder } from './fake-hub';
import { dot } from './fixture-specs';

const bge = CATALOG.find((m) => m.key === 'bge-m3')!;
const reranker = CATALOG.find((m) => m.key === 'bge-reranker-v2-m3')!;

describe('download → cache → offline reuse', () => {
  it('downloads with byte progress, then loads from the cache without any request', async () => {
    const store = new MemoryStore();
    const hub = fakeHub(DEFAULT_SOURCE, () => fixtureFolder('embedder'));
    const progress: DownloadProgress[] = [];
    const downloader = createModelWorkerApi('embedder', { store, fetch: hub.fetch });
    const ref = await downloader.load({ spec: bge, device: 'cpu', dtype: 'q8', stage: 'download' }, (p) => progress.push(p));
    expect(ref).toMatchObject({ id: 'Xenova/bge-m3', dtype: 'q8', dim: 64 });
    expect([...hub.downloads].sort()).toEqual(modelFiles(bge, 'q8').map((f) => `https://huggingface.co/Xenova/bge-m3/resolve/main/${f}`).sort());
    expect((await store.list()).map((f) => f.key).sort()).toEqual(modelFiles(bge, 'q8').map((f) => `Xenova/bge-m3/${f}`).sort());

    // Progress: bytes and percent never go backwards, and it ends at 100 % "ready".
    for (let i = 1; i < progress.length; i++) expect(progress[i]!.percent).toBeGreaterThanOrEqual(progress[i - 1]!.percent);
    const last = progress.at(-1)!;
    expect(last).toMatchObject({ phase: 'ready', percent: 100 });
    const bytes = (await store.list()).reduce((s, f) => s + f.size, 0);
    expect(progress.some((p) => p.phase === 'downloading' && p.loaded > 0 && p.loaded < bytes)).toBe(true);

    // "Next start": a fresh worker, gate closed, same storage.
    const offline = fakeHub(DEFAULT_SOURCE, () => fixtureFolder('embedder'));
    const worker = createModelWorkerApi('embedder', { store, fetch: offline.fetch });
    await worker.load({ spec: bge, device: 'cpu', dtype: 'q8', stage: 'load' });
    const [a, b] = await worker.embed('job-1', ['terminate the agreement', 'termination of this Agreement']);
    expect(dot(a!, b!)).toBeGreaterThan(0.9);
    expect(offline.requests).toEqual([]);
    expect(worker.refusedRequests()).toEqual([]);
  });

  it('refuses to touch the network for a model that was not downloaded', async () => {
    // Another id than the other tests: transformers.js memoizes "tokenizer_config.json does not
    // exist" per model id for the life of the realm (the app therefore retries in a fresh worker).
    const absent = { ...reranker, id: 'onnx-community/absent-reranker' };
    const hub = fakeHub(DEFAULT_SOURCE, () => fixtureFolder('reranker'));
    const worker = createModelWorkerApi('reranker', { store: new MemoryStore(), fetch: hub.fetch });
    const error = await worker.load({ spec: absent, device: 'cpu', dtype: 'q8', stage: 'load' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).code).toBe('model/unavailable');
    expect(hub.requests).toEqual([]);
    expect(worker.refusedRequests()[0]).toMatch(/^https:\/\/huggingface\.co\/onnx-community\/absent-reranker\/resolve\/main\//);
  });

  it('files downloaded through a mirror are found again with the Hub set (one cache key per file)', async () => {
    const mirror: HubSource = { remoteHost: 'https://mirror.example.org/', remotePathTemplate: '{model}/resolve/{revision}/' };
    const store = new MemoryStore();
    const viaMirror = fakeHub(mirror, () => fixtureFolder('reranker'));
    await createModelWorkerApi('reranker', { store, fetch: viaMirror.fetch }).load({ spec: reranker, device: 'cpu', dtype: 'q8', stage: 'download', source: mirror });
    expect(viaMirror.downloads).toHaveLength(4);
    const hub = fakeHub(DEFAULT_SOURCE, () => fixtureFolder('reranker'));
    const worker = createModelWorkerApi('reranker', { store, fetch: hub.fetch });
    await worker.load({ spec: reranker, device: 'cpu', dtype: 'q8', stage: 'load', source: DEFAULT_SOURCE });
    const [relevant, other] = await worker.score('j', 'When can the agreement be terminated?', ['Either party may terminate this Agreement.', 'Fees are due monthly.']);
    expect(relevant).toBeGreaterThan(other!);
    expect(hub.requests).toEqual([]);
  });
});
