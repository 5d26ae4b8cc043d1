/**
 * The OpenAI-compatible endpoint provider against a real local HTTP server that streams
 * chat completions as server-sent events: streaming order, usage, json with each response_format
 * mode and the fallback between them, abort (the server sees the connection close), and every
 * failure cause with its typed error: unreachable, CORS (as a browser reports it), model missing,
 * unauthorized, HTTP error, first-token and idle timeouts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AbortedError, InputError, ModelError } from '../../../../src/core/errors';
import type { ChatDelta, ChatRequest } from '../../../../src/core/ports';
import { EndpointChatModel } from '../../../../src/models/chat/endpoint-chat';
import { endpointProblem, endpointUrls, readEndpointConfig } from '../../../../src/models/chat/endpoint-config';
import { startChatServer, type ChatServer } from '../../../fixtures/chat-server';

const ask: ChatRequest = { messages: [{ role: 'user', content: 'What is the notice period?' }], temperature: 0 };

async function collect(stream: AsyncIterable<ChatDelta>): Promise<ChatDelta[]> {
  const out: ChatDelta[] = [];
  for await (const d of stream) out.push(d);
  return out;
}

async function failure(promise: Promise<unknown>): Promise<ModelError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ModelError);
  return error as ModelError;
}

/** fetch as a browser on `appOrigin` does it: a response without a matching CORS header is a TypeError; no-cors resolves opaque. */
function browserFetch(appOrigin: string) {
  return async (input: string, init?: RequestInit): Promise<Response> => {
    const response = await fetch(input, init);
    if (init?.mode === 'no-cors') return response;
    const allowed = response.headers.get('access-control-allow-origin');
    if (allowed !== '*' && allowed !== appOrigin) {
      await response.body?.cancel();
      throw new TypeError('Failed to fetch');
    }
    return response;
  };
}

describe('EndpointChatModel over a real streaming server', () => {
  let server: ChatServer;
  beforeAll(async () => {
    server = await startChatServer({ reply: 'Thirty days written notice [1].', jsonReply: { family: 'single_doc_retrieval', language: 'en' } });
  });
  afterAll(() => server.close());

  it('streams the reply in order, then one final delta with the finish reason and usage', async () => {
    const model = new EndpointChatModel({ baseUrl: server.url, model: 'tiny-chat' }, { appOrigin: null });
    const deltas = await collect(model.chat({ ...ask, maxTokens: 50, stop: ['\n\n'] }));
    const last = deltas.at(-1)!;
    expect(deltas.slice(0, -1).map((d) => d.text)).toEqual(['Thirty ', 'days ', 'written ', 'notice ', '[1].']);
    expect(last).toEqual({ text: '', finishReason: 'stop', usage: { promptTokens: 12, completionTokens: 5 } });
    const body = server.requests.at(-1)!.body!;
    expect(body).toMatchObject({ model: 'tiny-chat', stream: true, temperature: 0, max_tokens: 50, stop: ['\n\n'], messages: [{ role: 'user', content: 'What is the notice period?' }] });
    expect(server.requests.at(-1)!.path).toBe('/v1/chat/completions');
  });

  it('reports finishReason "length" when max tokens cut the reply', async () => {
    const model = new EndpointChatModel({ baseUrl: `${server.url}/v1/`, model: 'tiny-chat' }, { appOrigin: null });
    const deltas = await collect(model.chat({ ...ask, maxTokens: 2 }));
    expect(deltas.map((d) => d.text).join('')).toBe('Thirty days ');
    expect(deltas.at(-1)).toMatchObject({ finishReason: 'length', usage: { completionTokens: 2 } });
  });

  it('json asks for json_schema first and parses the reply', async () => {
    const model = new EndpointChatModel({ baseUrl: server.url, model: 'tiny-chat' }, { appOrigin: null });
    const schema = { type: 'object', properties: { family: { type: 'string' } }, required: ['family'] };
    await expect(model.json(ask, schema)).resolves.toEqual({ family: 'single_doc_retrieval', language: 'en' });
    const body = server.requests.at(-1)!.body!;
    expect(body['response_format']).toEqual({ type: 'json_schema', json_schema: { name: 'response', schema, strict: true } });
    expect(JSON.stringify(body['messages'])).toContain('JSON Schema');
  });

  it('falls back to json_object when the server rejects json_schema, and remembers it', async () => {
    const old = await startChatServer({ schemaSupport: false, jsonReply: { family: 'inventory' } });
    try {
      const model = new EndpointChatModel({ baseUrl: old.url, model: 'tiny-chat' }, { appOrigin: null });
      await expect(model.json(ask, { type: 'object' })).resolves.toEqual({ family: 'inventory' });
      expect(old.requests.map((r) => (r.body?.['response_format'] as { type: string } | undefined)?.type)).toEqual(['json_schema', 'json_object']);
      expect(model.jsonMode).toBe('json_object');
      await model.json(ask, { type: 'object' });
      expect(old.requests.length).toBe(3);
    } finally {
      await old.close();
    }
  });

  it('json rejects with InputError (not a provider failure) when the reply is not JSON', async () => {
    const prose = await startChatServer({ jsonReply: 'I think the answer is yes' });
    try {
      const model = new EndpointChatModel({ baseUrl: prose.url, model: 'tiny-chat' }, { appOrigin: null });
      const error = await model.json(ask, { type: 'object' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InputError);
      expect((error as InputError).details).toMatchObject({ reason: 'bad-output', provider: 'endpoint', output: 'I think the answer is yes' });
      expect((error as InputError).message).toMatch(/^endpoint: tiny-chat did not reply with JSON/);
    } finally {
      await prose.close();
    }
  });

  it('abort via the signal cancels the request; the server sees the connection close', async () => {
    const model = new EndpointChatModel({ baseUrl: server.url, model: 'endless' }, { appOrigin: null });
    const controller = new AbortController();
    const seen: string[] = [];
    const error = await (async () => {
      for await (const d of model.chat(ask, { signal: controller.signal })) {
        seen.push(d.text);
        if (seen.length === 3) controller.abort();
      }
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortedError);
    expect(seen).toEqual(['w0 ', 'w1 ', 'w2 ']);
    await expect.poll(() => server.requests.at(-1)!.closedEarly).toBe(true);
  });

  it('breaking out of the loop also closes the request', async () => {
    const model = new EndpointChatModel({ baseUrl: server.url, model: 'endless' }, { appOrigin: null });
    for await (const d of model.chat(ask)) if (d.text) break;
    await expect.poll(() => server.requests.at(-1)!.closedEarly).toBe(true);
  });

  it('an already aborted signal sends nothing', async () => {
    const before = server.requests.length;
    const model = new EndpointChatModel({ baseUrl: server.url, model: 'tiny-chat' }, { appOrigin: null });
    await expect(collect(model.chat(ask, { signal: AbortSignal.abort() }))).rejects.toBeInstanceOf(AbortedError);
    expect(server.requests.length).toBe(before);
  });

  it('model missing: model/not-found naming the model and how to get it', async () => {
    const model = new EndpointChatModel({ baseUrl: server.url, model: 'missing' }, { appOrigin: null });
    const error = await failure(collect(model.chat(ask)));
    expect(error.code).toBe('model/not-found');
    expect(error.details).toMatchObject({ reason: 'model-missing', provider: 'endpoint', status: 404 });
    expect(error.message).toContain('"missing"');
    expect(error.message).toContain('ollama pull missing');
  });

  it('other HTTP errors: model/http with the status and the server message', async () => {
    const model = new EndpointChatModel({ baseUrl: server.url, model: 'broken' }, { appOrigin: null });
    const error = await failure(collect(model.chat(ask)));
    expect(error.code).toBe('model/http');
    expect(error.message).toMatch(/HTTP 500 .*CUDA error: out of memory/);
  });

  it('unauthorized without the API key, fine with it (sent as a bearer token)', async () => {
    const locked = await startChatServer({ apiKey: 'sk-local' });
    try {
      const error = await failure(collect(new EndpointChatModel({ baseUrl: locked.url, model: 'tiny-chat' }, { appOrigin: null }).chat(ask)));
      expect(error.details?.['reason']).toBe('unauthorized');
      expect(error.message).toContain('Check the API key');
      const ok = await collect(new EndpointChatModel({ baseUrl: locked.url, model: 'tiny-chat', apiKey: 'sk-local' }, { appOrigin: null }).chat(ask));
      expect(ok.length).toBeGreaterThan(1);
      expect(locked.requests.at(-1)!.authorization).toBe('Bearer sk-local');
    } finally {
      await locked.close();
    }
  });

  it('unreachable: model/unreachable naming the address', async () => {
    const gone = await startChatServer();
    const url = gone.url;
    await gone.close();
    const error = await failure(collect(new EndpointChatModel({ baseUrl: url, model: 'tiny-chat' }, { appOrigin: null }).chat(ask)));
    expect(error.code).toBe('model/unreachable');
    expect(error.message).toContain(`cannot reach ${url}`);
  });

  it('CORS: a server that does not allow the app origin fails as model/cors with how to allow it', async () => {
    const strict = await startChatServer({ corsOrigin: null });
    try {
      const appOrigin = 'https://casefile.example';
      const model = new EndpointChatModel({ baseUrl: strict.url, model: 'tiny-chat' }, { appOrigin, fetch: browserFetch(appOrigin) });
      const error = await failure(collect(model.chat(ask)));
      expect(error.code).toBe('model/cors');
      expect(error.message).toContain(`OLLAMA_ORIGINS=${appOrigin}`);
      // The same server with the origin allowed works through the same browser-like fetch.
      const open = await startChatServer({ corsOrigin: appOrigin });
      try {
        const deltas = await collect(new EndpointChatModel({ baseUrl: open.url, model: 'tiny-chat' }, { appOrigin, fetch: browserFetch(appOrigin) }).chat(ask));
        expect(deltas.at(-1)?.finishReason).toBe('stop');
      } finally {
        await open.close();
      }
    } finally {
      await strict.close();
    }
  });

  it('CORS in a cross-origin-isolated context (the opaque probe is blocked too): one error naming both causes', async () => {
    const strict = await startChatServer({ corsOrigin: null });
    const g = globalThis as { crossOriginIsolated?: boolean };
    g.crossOriginIsolated = true;
    try {
      const appOrigin = 'https://casefile.example';
      const isolatedFetch = async (input: string, init?: RequestInit) => {
        if (init?.mode === 'no-cors') throw new TypeError('Failed to fetch'); // COEP require-corp blocks the opaque response
        return browserFetch(appOrigin)(input, init);
      };
      const error = await failure(collect(new EndpointChatModel({ baseUrl: strict.url, model: 'tiny-chat' }, { appOrigin, fetch: isolatedFetch }).chat(ask)));
      expect(error.code).toBe('model/unreachable');
      expect(error.details).toMatchObject({ maybeCors: true });
      expect(error.message).toContain('or it answered without allowing this app');
      expect(error.message).toContain(`OLLAMA_ORIGINS=${appOrigin}`);
    } finally {
      delete g.crossOriginIsolated;
      await strict.close();
    }
  });

  it('first-token timeout when the server answers nothing in time', async () => {
    const model = new EndpointChatModel({ baseUrl: server.url, model: 'slow' }, { appOrigin: null, firstTokenMs: 150 });
    const error = await failure(collect(model.chat(ask)));
    expect(error.code).toBe('model/timeout');
    expect(error.details?.['reason']).toBe('first-token-timeout');
    expect(error.message).toMatch(/sent nothing within/);
  });

  it('idle timeout when the stream stops in the middle, after the first words arrived', async () => {
    const model = new EndpointChatModel({ baseUrl: server.url, model: 'stall' }, { appOrigin: null, idleMs: 150 });
    const seen: string[] = [];
    const error = await failure(
      (async () => {
        for await (const d of model.chat(ask)) seen.push(d.text);
      })(),
    );
    expect(seen).toEqual(['Thirty ', 'days ']);
    expect(error.details?.['reason']).toBe('idle-timeout');
    await expect.poll(() => server.requests.at(-1)!.closedEarly).toBe(true);
  });

  it('check() lists the models and names a missing one', async () => {
    await expect(new EndpointChatModel({ baseUrl: server.url, model: 'tiny-chat' }, { appOrigin: null }).check()).resolves.toEqual(['tiny-chat']);
    const error = await failure(new EndpointChatModel({ baseUrl: server.url, model: 'llama3' }, { appOrigin: null }).check());
    expect(error.code).toBe('model/not-found');
    expect(error.message).toContain('the server has: tiny-chat');
  });
});

describe('endpoint configuration', () => {
  it('derives the chat and models URLs from the base URL', () => {
    expect(endpointUrls('http://localhost:11434')).toEqual({ origin: 'http://localhost:11434', chat: 'http://localhost:11434/v1/chat/completions', models: 'http://localhost:11434/v1/models' });
    expect(endpointUrls('https://gpu.lan/llm/v1/').chat).toBe('https://gpu.lan/llm/v1/chat/completions');
  });

  it('refuses what is not an http(s) URL, credentials in the URL and mixed content', () => {
    expect(endpointProblem('localhost:11434')).toMatch(/must start with http/);
    expect(endpointProblem('ftp://x')).toMatch(/must start with http/);
    expect(endpointProblem('http://user:pw@host')).toMatch(/user name or password/);
    expect(endpointProblem('http://192.168.1.5:8080', 'https://app.example')).toMatch(/mixed content/);
    expect(endpointProblem('http://localhost:8080', 'https://app.example')).toBeNull();
    expect(() => readEndpointConfig({ baseUrl: 'http://localhost:11434', model: ' ' })).toThrow(/no model name/);
    expect(readEndpointConfig({ baseUrl: ' http://localhost:11434 ', model: 'qwen2.5', apiKey: '' })).toEqual({ baseUrl: 'http://localhost:11434', model: 'qwen2.5', apiKey: null });
  });
});
