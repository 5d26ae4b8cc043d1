/**
 * The service worker's header selection: the strict policy on every response except the built
 * language-model worker's script, which also admits the origins saved under
 * 'security/llm-origins' in the registry database; reading them never creates the database.
 */
import { describe, expect, it } from 'vitest';
import { buildCsp } from '../../../src/security/csp';
import { admittedOrigins, isLlmWorkerScript, LLM_ORIGINS_KEY, policyFor, readLlmOrigins, REGISTRY_DATABASE } from '../../../src/security/worker-policy';
import { REGISTRY_DB_NAME } from '../../../src/store/db';
import { WorkspaceRegistry } from '../../../src/store/workspaces';
import { freshIdb } from '../../helpers/idb';

const connect = (policy: string) => policy.split('; ').find((d) => d.startsWith('connect-src '))!;

describe('worker policy', () => {
  it('finds the language-model worker script by name in the build output, and only it', () => {
    for (const url of ['https://app.example/assets/endpoint.worker-DUeLT_s4.js', '/casefile/assets/endpoint.worker-x1.js?v=2', 'endpoint.worker.js', '/assets/endpoint.worker-AB.mjs']) expect(isLlmWorkerScript(url), url).toBe(true);
    for (const url of ['/assets/parse.worker-DzJ98WiI.js', '/assets/index.worker-1.js', '/assets/endpoint.worker-DUeLT_s4.js.map', '/assets/endpoint.workers-1.js', '/endpoint.worker/x.js', '/index.html', '/assets/xendpoint.worker-1.js', 'http://[bad']) {
      expect(isLlmWorkerScript(url), url).toBe(false);
    }
  });

  it('every other response keeps the strict policy, whatever origins are admitted', () => {
    const admitted = ['http://127.0.0.1:11434'];
    for (const url of ['/index.html', '/assets/parse.worker-a.js', '/assets/embed.worker-b.js', '/assets/index-c.js', '/tesseract/worker.min.js', '/sw.js']) expect(policyFor(url, admitted)).toBe(buildCsp());
    expect(connect(buildCsp())).not.toContain('127.0.0.1');
  });

  it('the LLM worker script admits exactly the saved origins in connect-src', () => {
    const policy = policyFor('/assets/endpoint.worker-z.js', ['http://127.0.0.1:11434', 'https://gpu.lan:8443']);
    expect(connect(policy)).toBe(`${connect(buildCsp())} http://127.0.0.1:11434 https://gpu.lan:8443`);
    // Everything but connect-src is the strict policy.
    expect(policy.split('; ').filter((d) => !d.startsWith('connect-src'))).toEqual(buildCsp().split('; ').filter((d) => !d.startsWith('connect-src')));
    expect(policyFor('/assets/endpoint.worker-z.js', [])).toBe(buildCsp());
  });

  it('keeps only http(s) origins from the saved value', () => {
    expect(admittedOrigins(['http://localhost:11434/v1', 'http://localhost:11434', 'javascript:alert(1)', "http://a.example 'unsafe-eval'", 42, 'https://x.example/path'])).toEqual(['http://localhost:11434', 'https://x.example']);
    expect(admittedOrigins('http://localhost:1')).toEqual([]);
    expect(admittedOrigins(null)).toEqual([]);
  });

  it('reads the origins the provider settings saved in the registry database', async () => {
    const idb = freshIdb();
    const factory = idb.indexedDB as IDBFactory;
    expect(REGISTRY_DATABASE).toBe(REGISTRY_DB_NAME);
    // No registry yet: nothing admitted, and the read does not create the database.
    expect(await readLlmOrigins(factory)).toEqual([]);
    const names = (await factory.databases()).map((d) => d.name);
    expect(names).not.toContain(REGISTRY_DB_NAME);
    const registry = new WorkspaceRegistry(idb);
    await registry.db.open();
    expect(await readLlmOrigins(factory)).toEqual([]);
    await registry.db.kv.put({ key: LLM_ORIGINS_KEY, value: ['http://127.0.0.1:8080/', 'ftp://nope'] });
    expect(await readLlmOrigins(factory)).toEqual(['http://127.0.0.1:8080']);
    registry.db.close();
  });
});
