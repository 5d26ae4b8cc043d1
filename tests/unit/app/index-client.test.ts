/**
 * IndexClient against the index worker's API (createIndexApi) over a Node MessageChannel, with
 * Dexie on fake-indexeddb: the same code path as the app's index worker, minus the Worker.
 * Questions (ask(), the app's one retrieval path) are answered from the index, vectors are
 * transferred, an abort stops a question and leaves the index as it was, a crashed worker fails
 * its pending question at once and the next question reopens the workspace in a fresh worker.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IndexClient, type IndexModels } from '../../../src/app/workers/index-client';
import type { AskResult } from '../../../src/core/ask/types';
import { AbortedError, IndexError, StoreError } from '../../../src/core/errors';
import type { DocumentVectors, Embedder, JobOptions, Reranker } from '../../../src/core/ports';
import { DEFAULT_PIPELINE } from '../../../src/core/search/pipeline';
import { registerRpcErrors } from '../../../src/rpc/errors';
import { createIndexApi, type IndexApi } from '../../../src/search-index/api';
import { WorkspaceDb, type IdbDeps } from '../../../src/store/db';
import { DocumentRepository } from '../../../src/store/documents';
import { channelWorker } from '../../helpers/channel-worker';
import { freshIdb } from '../../helpers/idb';
import { chunkRecord, docRecord, pageRecord } from '../../helpers/records';

registerRpcErrors();

const WS = 'ws-index';
const MODEL = { modelId: 'test/one-hot', dim: 4 };
const WORDS = ['terminate', 'payment', 'liability', 'confidential'];

/** A bag-of-keywords embedder: one dimension per word of WORDS (enough to rank by meaning). */
function vectorOf(text: string): Float32Array {
  const v = new Float32Array(WORDS.map((w) => (text.toLowerCase().includes(w) ? 1 : 0)));
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

const CONTRACTS: Record<string, string[]> = {
  msa: [
    'Either party may terminate this Agreement for convenience on sixty days written notice.',
    'Fees are payable within thirty days of the invoice; late payment bears interest.',
    'The liability of each party is capped at the fees paid in the twelve months before the claim.',
  ],
  nda: ['The receiving party shall keep the Confidential Information confidential for three years.', 'This Agreement is governed by the laws of England.'],
};

interface Harness {
  readonly idb: IdbDeps;
  readonly db: WorkspaceDb;
  readonly apis: IndexApi[];
  readonly ports: MessagePort[];
  /** Messages the page posted to each worker. */
  readonly sent: number[];
  terminated: number;
  client: IndexClient;
  models: IndexModels;
}

let h: Harness;

async function seed(db: WorkspaceDb): Promise<void> {
  const repo = new DocumentRepository(db);
  for (const [id, texts] of Object.entries(CONTRACTS)) {
    const chunks = texts.map((t, i) => chunkRecord(id, i, t));
    const vectors: DocumentVectors = { documentId: id, modelId: MODEL.modelId, dim: MODEL.dim, seqs: Uint32Array.from(chunks.map((c) => c.seq)), data: Float32Array.from(texts.flatMap((t) => [...vectorOf(t)])) };
    await repo.commitDocument(docRecord(id, { name: `${id}.pdf`, chunkCount: chunks.length }), [pageRecord(id, 1, texts.join('\n'))], chunks, vectors);
  }
}

function makeClient(harness: Harness): IndexClient {
  return new IndexClient({
    workspaceId: WS,
    models: () => harness.models,
    spawn: () => {
      const api = createIndexApi({ idb: harness.idb, saveDelayMs: 0, log: () => undefined });
      harness.apis.push(api);
      const n = harness.sent.push(0) - 1;
      const port = channelWorker(api, () => harness.terminated++);
      const post = port.postMessage.bind(port) as (message: unknown, transfer?: Transferable[]) => void;
      port.postMessage = ((message: unknown, transfer?: Transferable[]) => {
        harness.sent[n]!++;
        post(message, transfer);
      }) as typeof port.postMessage;
      harness.ports.push(port);
      return port;
    },
  });
}

beforeEach(async () => {
  const idb = freshIdb();
  const db = new WorkspaceDb(WS, idb);
  await seed(db);
  h = { idb, db, apis: [], ports: [], sent: [], terminated: 0, models: { embedder: null, reranker: null }, client: null as unknown as IndexClient };
  h.client = makeClient(h);
});

afterEach(async () => {
  await h.client.close(false).catch(() => undefined);
  h.db.close();
});

/** An embedder the test controls: `hold` makes the next calls wait until released or aborted. */
class TestEmbedder implements Embedder {
  readonly model = { id: MODEL.modelId, dtype: 'fp32' as const, device: 'cpu' as const, dim: MODEL.dim };
  calls = 0;
  signals: (AbortSignal | undefined)[] = [];
  hold = false;
  #waiting: (() => void)[] = [];
  async embed(texts: readonly string[], options: JobOptions = {}): Promise<Float32Array[]> {
    this.calls++;
    this.signals.push(options.signal);
    if (this.hold) {
      await new Promise<void>((resolve, reject) => {
        this.#waiting.push(resolve);
        options.signal?.addEventListener('abort', () => reject(new AbortedError('embedding')), { once: true });
      });
    }
    return texts.map(vectorOf);
  }
  release(): void {
    for (const r of this.#waiting.splice(0)) r();
  }
}

class TestReranker implements Reranker {
  readonly model = { id: 'test/overlap', dtype: 'fp32' as const, device: 'cpu' as const };
  calls = 0;
  async score(query: string, passages: readonly string[]): Promise<number[]> {
    this.calls++;
    const q = new Set(query.toLowerCase().split(/\W+/));
    return passages.map((p) => p.toLowerCase().split(/\W+/).filter((w) => q.has(w)).length);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ids = (r: AskResult) => r.passages.map((p) => p.chunkId);

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await sleep(5);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('IndexClient over the index worker API', () => {
  it('opens the workspace and answers a question from its index (the same result as the in-process ask(): ask-worker.test.ts)', async () => {
    await h.client.open();
    expect(await h.client.stats()).toMatchObject({ documents: 2, chunks: 5 });
    const result = await h.client.ask({ question: 'When can the agreement be terminated?' });
    expect(result.passages[0]).toMatchObject({ chunkId: 'msa:0', document: { name: 'msa.pdf' } });
    expect(ids(result)).toEqual(result.response!.passages.slice(0, result.passages.length).map((p) => p.chunkId));
  }, 30_000); // the first question loads the ask path's clause classifier

  it('costs one message per keyword-only question, and one callback per model used', async () => {
    await h.client.open();
    const before = h.sent[0]!;
    await h.client.ask({ question: 'payment of fees' });
    expect(h.sent[0]! - before).toBe(1);

    const embedder = new TestEmbedder();
    const reranker = new TestReranker();
    h.models = { embedder, reranker };
    await h.client.useEmbeddingModel(MODEL);
    const start = h.sent[0]!;
    const r = await h.client.ask({ question: 'liability cap' });
    expect(h.sent[0]! - start).toBe(1);
    expect([embedder.calls, reranker.calls]).toEqual([1, 1]);
    expect(r.response!.explanation).toMatchObject({ dense: 'on', rerank: 'on' });
    expect(r.passages[0]?.chunkId).toBe('msa:2');
  });

  it('uses the workspace settings unless the request brings its own, capped by the device rerank limit', async () => {
    const reranker = new TestReranker();
    const text = 'party agreement fees liability information';
    h.models = { embedder: null, reranker, rerankMaxPairs: 2 };
    expect((await h.client.ask({ question: text })).response!.explanation.candidates['reranked']).toBe(2);
    h.models = { embedder: null, reranker };
    expect((await h.client.ask({ question: text })).response!.explanation.candidates['reranked']).toBeGreaterThan(2);
    const off = await h.client.ask({ question: text, settings: { ...DEFAULT_PIPELINE, rerank: false } });
    expect(off.response!.explanation.rerank).toBe('off');
  });

  it('adds and removes documents, transferring the vectors', async () => {
    h.models = { embedder: new TestEmbedder(), reranker: null };
    await h.client.useEmbeddingModel(MODEL);
    const chunks = [chunkRecord('lease', 0, 'The tenant may terminate the lease on ninety days notice.')];
    const vectors: DocumentVectors = { documentId: 'lease', modelId: MODEL.modelId, dim: MODEL.dim, seqs: Uint32Array.of(0), data: vectorOf(chunks[0]!.text) };
    await new DocumentRepository(h.db).commitDocument(docRecord('lease', { name: 'lease.pdf', chunkCount: 1 }), [], chunks, vectors);
    await h.client.addDocument({ id: 'lease', name: 'lease.pdf', language: 'en' }, chunks, vectors);
    expect(vectors.data.byteLength).toBe(0); // detached: moved to the worker
    expect(await h.client.stats()).toMatchObject({ documents: 3, vectorDocuments: 3 });
    expect(ids(await h.client.ask({ question: 'tenant lease' }))).toContain('lease:0');
    await h.client.removeDocument('lease');
    expect(ids(await h.client.ask({ question: 'tenant lease' }))).not.toContain('lease:0');
  });

  it('an aborted question rejects at once, stops in the worker and leaves the index as it was', async () => {
    const embedder = new TestEmbedder();
    h.models = { embedder, reranker: null };
    await h.client.useEmbeddingModel(MODEL);
    const before = await h.client.ask({ question: 'payment of fees' });
    const stats = await h.client.stats();

    embedder.hold = true;
    const controller = new AbortController();
    const pending = h.client.ask({ question: 'payment of fees' }, { signal: controller.signal });
    await until(() => embedder.calls === 2, 'the query embedding');
    expect(embedder.signals[1]).toBe(controller.signal); // the model call carries the question's signal
    const t0 = performance.now();
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(AbortedError);
    expect(performance.now() - t0).toBeLessThan(100);
    await until(() => h.apis[0]!.activeJobs() === 0, 'the worker to drop the job');

    embedder.hold = false;
    expect(await h.client.stats()).toEqual(stats);
    const after = await h.client.ask({ question: 'payment of fees' });
    expect(ids(after)).toEqual(ids(before));
    expect(h.client.spawned).toBe(1);
  });

  it('a crash rejects the pending question with a typed error within a second; the next question reopens the workspace', async () => {
    const embedder = new TestEmbedder();
    h.models = { embedder, reranker: null };
    await h.client.useEmbeddingModel(MODEL);
    const before = await h.client.ask({ question: 'liability cap' });

    embedder.hold = true;
    const pending = h.client.ask({ question: 'liability cap' });
    await until(() => embedder.calls === 2, 'the question to reach the worker');
    const t0 = performance.now();
    h.ports[0]!.dispatchEvent(Object.assign(new Event('error'), { message: 'RangeError: Maximum call stack size exceeded' }));
    const error = await pending.catch((e: unknown) => e);
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(error).toBeInstanceOf(IndexError);
    expect(error).toMatchObject({ code: 'internal', message: 'index worker crashed: RangeError: Maximum call stack size exceeded' });
    expect(h.terminated).toBe(1);
    expect(h.client.running).toBe(false);

    embedder.hold = false;
    const after = await h.client.ask({ question: 'liability cap' });
    expect(h.client.spawned).toBe(2);
    expect(ids(after)).toEqual(ids(before));
    // The fresh worker reopened the workspace with the same embedding model active.
    expect(await h.client.stats()).toMatchObject({ documents: 2, vectorModel: MODEL.modelId, vectors: 5 });
    expect(after.response!.explanation.dense).toBe('on');
  });

  it('close() saves the snapshot and ends the worker; later calls are refused', async () => {
    await h.client.addDocument({ id: 'memo', name: 'memo.txt', language: 'en' }, [chunkRecord('memo', 0, 'A memo about payment.')]);
    await h.client.close();
    expect(h.terminated).toBe(1);
    expect(await h.db.meta.get('index/lexical-manifest')).toBeDefined();
    expect(await h.db.lexicalSegments.count()).toBeGreaterThan(0);
    await expect(h.client.ask({ question: 'payment' })).rejects.toBeInstanceOf(AbortedError);
    await expect(h.client.addDocument({ id: 'x', name: 'x', language: null }, [])).rejects.toBeInstanceOf(AbortedError);
  });
});

describe('createIndexApi', () => {
  it('refuses work before a workspace is open, with a typed error', async () => {
    const api = createIndexApi({ idb: h.idb, log: () => undefined });
    const error = await api.ask('s-1', { question: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect(error).toMatchObject({ code: 'store/not-found', message: 'index worker: no workspace is open' });
    expect(api.activeJobs()).toBe(0);
  });

  it('refuses a job id that is already running', async () => {
    const api = createIndexApi({ idb: h.idb, log: () => undefined });
    await api.open(WS);
    const first = api.ask('s-1', { question: 'payment' });
    await expect(api.ask('s-1', { question: 'payment' })).rejects.toThrow('index worker: job "s-1" is already running');
    await first;
    await api.close();
  });
});

describe('IndexClient: stored pages for the viewer', () => {
  it('sends a small page whole, with its blocks and OCR word boxes', async () => {
    const layout = { width: 100, height: 200, words: [{ text: 'Either', x0: 1, y0: 2, x1: 30, y1: 12, line: 0 }] };
    await new DocumentRepository(h.db).commitDocument(docRecord('scan'), [{ ...pageRecord('scan', 1, 'Either party may terminate.'), ocr: true, confidence: 91, layout }], [chunkRecord('scan', 0, 'Either party may terminate.')]);
    const view = await h.client.pageView('scan', 1);
    expect(view).toMatchObject({ page: 1, length: 27, ocr: true, confidence: 91, layout, text: 'Either party may terminate.' });
    expect([...view!.blockEnds]).toEqual([27]);
    expect(await h.client.pageView('scan', 2)).toBeNull();
  });

  it('sends a large page as blocks, read from the database once, and forgets it when the document changes', async () => {
    const line = 'The Supplier shall indemnify the Customer against all losses arising from third-party claims.\n';
    const text = line.repeat(12_000); // ~1.1 M characters: over the whole-text limit
    await new DocumentRepository(h.db).commitDocument(docRecord('big'), [pageRecord('big', 1, text)], [chunkRecord('big', 0, line)]);
    const view = (await h.client.pageView('big', 1))!;
    expect(view.text).toBeNull();
    expect(view.length).toBe(text.length);
    expect(view.blockEnds.at(-1)).toBe(text.length);
    expect(view.blockEnds.length).toBeGreaterThan(200);
    const start = view.blockEnds[99]!;
    expect(await h.client.pageText('big', 1, start, view.blockEnds[100]!)).toBe(text.slice(start, view.blockEnds[100]));
    // The next reads come from the worker's copy, not the database.
    await h.db.pages.put(pageRecord('big', 1, 'changed behind its back'));
    expect(await h.client.pageText('big', 1, 0, 10)).toBe(text.slice(0, 10));
    await h.client.removeDocument('big');
    expect(await h.client.pageText('big', 1, 0, 10)).toBe('changed be');
    await expect(h.client.pageText('none', 1, 0, 1)).rejects.toBeInstanceOf(StoreError);
  });
});
