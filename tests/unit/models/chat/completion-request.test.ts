/**
 * The chat-completions request (completion-request.ts): one body for the local-server endpoint
 * and web-llm's engine, so both ask for the same thing.
 */
import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../../../src/core/ports';
import { completionRequest } from '../../../../src/models/chat/completion-request';
import { EndpointChatModel } from '../../../../src/models/chat/endpoint-chat';
import { WebLlmChatModel, type WebLlmEngineLike } from '../../../../src/models/chat/webllm-chat';

const request: ChatRequest = { messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }], temperature: 0, maxTokens: 64, stop: ['\n\n'] };
const schema = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } as const;

describe('completionRequest', () => {
  it('streams, asks for usage and sends only the options set', () => {
    expect(completionRequest(request)).toEqual({
      messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }],
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0,
      max_tokens: 64,
      stop: ['\n\n'],
    });
    expect(completionRequest({ messages: [{ role: 'user', content: 'Hi' }], stop: [] }, { response_format: { type: 'json_object' } })).toEqual({
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
      stream_options: { include_usage: true },
      response_format: { type: 'json_object' },
    });
  });

  it('is what the endpoint posts (with its model named) and what web-llm is given', async () => {
    const bodies: Record<string, unknown>[] = [];
    const fetch = async (_url: string, init?: RequestInit) => {
      bodies.push(JSON.parse(init?.body as string) as Record<string, unknown>);
      return new Response('data: {"choices":[{"delta":{"content":"{\\"ok\\":true}"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n', { headers: { 'content-type': 'text/event-stream' } });
    };
    const endpoint = new EndpointChatModel({ baseUrl: 'http://127.0.0.1:11434', model: 'tiny-chat' }, { fetch, appOrigin: null });
    for await (const _ of endpoint.chat(request));
    const created: Record<string, unknown>[] = [];
    const engine: WebLlmEngineLike = {
      interruptGenerate: () => undefined,
      chat: {
        completions: {
          create: async (body) => {
            created.push(body);
            return (async function* () {
              yield { choices: [{ delta: { content: '{"ok":true}' }, finish_reason: 'stop' }] };
            })();
          },
        },
      },
    };
    const webllm = new WebLlmChatModel(engine, 'Tiny-q4f16_1-MLC');
    for await (const _ of webllm.chat(request));
    expect(bodies[0]).toEqual({ model: 'tiny-chat', ...completionRequest(request) });
    expect(created[0]).toEqual(completionRequest(request));
    // JSON: each adds its response_format to the same request.
    await endpoint.json(request, schema);
    await webllm.json(request, schema);
    expect(bodies[1]).toMatchObject({ model: 'tiny-chat', stream: true, max_tokens: 64, response_format: { type: 'json_schema' } });
    expect(created[1]).toMatchObject({ stream: true, max_tokens: 64, response_format: { type: 'json_object', schema: JSON.stringify(schema) } });
  });
});
