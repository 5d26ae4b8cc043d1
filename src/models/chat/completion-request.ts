/**
 * The OpenAI-compatible chat-completions request both providers send: to a local server
 * (endpoint-chat.ts, as the JSON body of `POST /v1/chat/completions`, with the model named) and to
 * web-llm's engine (webllm-chat.ts, `chat.completions.create`). Always streamed, with the token
 * usage in the last chunk; `extra` adds a provider's fields (response_format for JSON).
 */
import type { ChatRequest } from '../../core/ports';

export function completionRequest(request: ChatRequest, extra: Readonly<Record<string, unknown>> = {}): Record<string, unknown> {
  return {
    messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
    stream: true,
    stream_options: { include_usage: true },
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.maxTokens === undefined ? {} : { max_tokens: request.maxTokens }),
    ...(request.stop?.length ? { stop: [...request.stop] } : {}),
    ...extra,
  };
}
