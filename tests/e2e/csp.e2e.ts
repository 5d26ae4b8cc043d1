/**
 * Every worker of the built app runs under the Content Security Policy (issue 14): `eval` and
 * `new Function` are refused inside each of them (parse, OCR, embed, rerank, index, scan, and the three language-model workers), both
 * when the server sends the header (`npm start`) and when the service worker serves the
 * scripts (offline); the local-server worker (endpoint) reaches exactly the local model servers the
 * user admitted (registry kv 'security/llm-origins'), and no other worker or the page does.
 * The model runtimes (the WebLLM worker, ONNX Runtime's wasm) are not precached: the service
 * worker keeps them the first time they load (never a missing file) and serves them offline
 * under the same policy.
 */
import { readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CspProbeResult } from '../../src/rpc/csp-probe';
import { LLM_ORIGINS_KEY } from '../../src/security/worker-policy';
import { launch, openApp, waitForServiceWorker, type Session } from './support';

const WORKERS = ['parse', 'ocr', 'embed', 'rerank', 'index', 'scan', 'llm', 'generate', 'endpoint'];

/** A tiny model-server stand-in on localhost that any origin may call (CORS open), so only the CSP can refuse it. */
async function startServer(): Promise<{ server: Server; origin: string; hits: () => number }> {
  let hits = 0;
  const server = createServer((_req, res) => {
    hits++;
    res.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'application/json' });
    res.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits: () => hits };
}

describe('CSP in every worker of the built app', () => {
  let s: Session;
  let admitted: Awaited<ReturnType<typeof startServer>>;
  let other: Awaited<ReturnType<typeof startServer>>;
  const probe = async (name: string, urls: string[]) => {
    await s.page.waitForFunction(() => 'casefileProbeWorker' in window);
    return s.page.evaluate(([n, u]) => (window as unknown as { casefileProbeWorker(name: string, urls: string[]): Promise<CspProbeResult> }).casefileProbeWorker(n, u), [name, urls] as const);
  };

  beforeAll(async () => {
    [admitted, other] = await Promise.all([startServer(), startServer()]);
    s = await launch();
    await openApp(s.page);
  });
  afterAll(async () => {
    await s?.close();
    admitted?.server.close();
    other?.server.close();
  });

  it('the server sends the policy as a header: eval, new Function and outside fetches are refused in each worker', async () => {
    expect(await s.page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    for (const name of WORKERS) {
      const r = await probe(name, [`${other.origin}/x`]);
      expect({ name, eval: r.eval, newFunction: r.newFunction, fetch: r.fetches[`${other.origin}/x`] }).toEqual({ name, eval: 'blocked', newFunction: 'blocked', fetch: 'blocked' });
      expect(r.violations.some((v) => v.startsWith('connect-src'))).toBe(true);
    }
    expect(other.hits()).toBe(0);
  });

  it('the service worker puts the policy on what it serves, offline included', async () => {
    await waitForServiceWorker(s.page);
    await s.page.reload();
    await s.page.getByRole('heading', { name: 'Documents' }).waitFor();
    await s.page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // The runtimes load once online (the WebLLM worker starts, ONNX Runtime's wasm is fetched);
    // a runtime URL that does not exist is not kept.
    const ortWasm = `/assets/${readdirSync('dist/assets').find((f) => /^ort-wasm-.*\.wasm$/.test(f))!}`;
    const missing = '/assets/ort-wasm-missing.wasm';
    const precached = await s.page.evaluate(async () => (await Promise.all((await caches.keys()).filter((n) => n.includes('precache')).map(async (n) => (await (await caches.open(n)).keys()).map((r) => new URL(r.url).pathname)))).flat());
    expect(precached.filter((p) => /\/assets\/(ort-wasm-|llm\.worker-)/.test(p))).toEqual([]);
    await probe('llm', []);
    // (the preview server answers a missing file with its index.html: a page, never kept as a runtime)
    expect(await s.page.evaluate(async ([u, m]) => [(await fetch(u)).status, (await fetch(m)).headers.get('content-type')], [ortWasm, missing] as const)).toEqual([200, expect.not.stringContaining('wasm')]);
    // (the service worker stores a file after handing it over: wait for the 25 MB wasm to land)
    const runtimesKept = () => s.page.evaluate(async () => (await (await caches.open('casefile-runtimes')).keys()).map((r) => new URL(r.url).pathname));
    await expect.poll(runtimesKept, { timeout: 30_000 }).toContain(ortWasm);
    const kept = await runtimesKept();
    expect(kept.filter((p) => /\/assets\/llm\.worker-[^/]+\.js$/.test(p))).toHaveLength(1);
    expect(kept).not.toContain(missing);
    const llmScript = kept.find((p) => p.includes('llm.worker-'))!;
    await s.context.setOffline(true);
    try {
      const runtimes = await s.page.evaluate(
        async (urls) =>
          Promise.all(
            urls.map(async (u) => {
              const r = await fetch(u);
              return { status: r.status, csp: r.headers.get('content-security-policy'), bytes: (await r.arrayBuffer()).byteLength };
            }),
          ),
        [llmScript, ortWasm],
      );
      for (const r of runtimes) expect(r).toMatchObject({ status: 200, csp: expect.stringMatching(/script-src 'self' 'wasm-unsafe-eval'/) as unknown });
      expect(runtimes[1]!.bytes).toBeGreaterThan(1e6);
      const headers = await s.page.evaluate(async () => {
        const scripts = performance.getEntriesByType('resource').map((e) => e.name).filter((u) => /\/assets\/index-[^/]+\.js$/.test(u));
        const page = await fetch(location.href);
        const script = await fetch(scripts[0]!);
        return [page.headers.get('content-security-policy'), script.headers.get('content-security-policy')];
      });
      for (const h of headers) expect(h).toMatch(/script-src 'self' 'wasm-unsafe-eval'/);
      for (const name of WORKERS) {
        const r = await probe(name, []);
        expect({ name, eval: r.eval, newFunction: r.newFunction }).toEqual({ name, eval: 'blocked', newFunction: 'blocked' });
      }
    } finally {
      await s.context.setOffline(false);
    }
  });

  it('the local-server worker reaches the admitted server and no other; other workers and the page reach neither', async () => {
    await s.page.evaluate(
      ([key, origin]) => (window as unknown as { casefile: { registry: { db: { kv: { put(r: unknown): Promise<unknown> } } } } }).casefile.registry.db.kv.put({ key, value: [origin] }),
      [LLM_ORIGINS_KEY, admitted.origin] as const,
    );
    const urls = [`${admitted.origin}/v1/models`, `${other.origin}/v1/models`];
    const endpoint = await probe('endpoint', urls);
    expect(endpoint.fetches).toEqual({ [urls[0]!]: 'allowed', [urls[1]!]: 'blocked' });
    expect(endpoint.eval).toBe('blocked');
    expect(admitted.hits()).toBe(1);
    for (const name of ['parse', 'index', 'llm', 'generate']) expect((await probe(name, urls)).fetches, name).toEqual({ [urls[0]!]: 'blocked', [urls[1]!]: 'blocked' });
    const fromPage = await s.page.evaluate((u) => fetch(u).then(() => 'allowed', () => 'blocked'), urls[0]!);
    expect(fromPage).toBe('blocked');
    expect(admitted.hits()).toBe(1);
    expect(other.hits()).toBe(0);
  });
});
