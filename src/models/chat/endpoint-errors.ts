/**
 * Why a request to the user's endpoint failed, in words that say what to do.
 *
 * A browser reports an unreachable server and a CORS refusal the same way (`TypeError: Failed to
 * fetch`). `classifyNetworkFailure` tells them apart with a second, opaque request
 * (`mode: 'no-cors'`): it resolves when the server answered (so CORS refused the first one) and
 * rejects when nothing answered. In a cross-origin-isolated page or worker (the app: COEP
 * require-corp) the opaque probe is blocked as well — measured in Chromium: both cases fail
 * identically, with no resource-timing entry — so there the message names both causes and says
 * how to allow the app's origin.
 */
import type { ModelError } from '../../core/errors';
import { chatError, type ChatFailureContext } from './failures';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

const ctxOf = (model: string): ChatFailureContext => ({ provider: 'endpoint', modelId: model });

/** How to let the app's origin read responses, per server. */
function corsAdvice(appOrigin: string | null): string {
  const origin = appOrigin ?? "this app's address";
  return (
    `Allow ${origin} on the server: Ollama — set OLLAMA_ORIGINS=${origin} in the environment of \`ollama serve\` and restart it; ` +
    `llama.cpp server — it sends CORS headers by default (check any proxy in front of it); LM Studio — turn on "Enable CORS" in the server settings; ` +
    `vLLM — start it with --allowed-origins '["${origin}"]'.`
  );
}

export async function classifyNetworkFailure(error: unknown, url: string, model: string, fetcher: FetchLike, appOrigin: string | null): Promise<ModelError> {
  const detail = error instanceof Error ? error.message : String(error);
  const reachable = await fetcher(url, { method: 'GET', mode: 'no-cors', credentials: 'omit', signal: AbortSignal.timeout(3000) }).then(
    () => true,
    () => false,
  );
  const origin = new URL(url).origin;
  if (reachable) {
    return chatError('cors', `endpoint: ${origin} answered but the browser refused to let the app read it (CORS). ${corsAdvice(appOrigin)}`, ctxOf(model), {
      cause: error,
      details: { url, appOrigin },
    });
  }
  if ((globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated) {
    // Cross-origin isolation (COEP) also blocks the opaque probe, so "nothing answered" and
    // "answered without CORS headers" look the same here: say both.
    return chatError(
      'unreachable',
      `endpoint: cannot reach ${origin}, or it answered without allowing this app's origin (the browser cannot tell which: ${detail}). Is the server running on that address and port? If it is: ${corsAdvice(appOrigin)}`,
      ctxOf(model),
      { cause: error, details: { url, appOrigin, maybeCors: true } },
    );
  }
  return chatError('unreachable', `endpoint: cannot reach ${origin} (${detail}). Is the server running and listening on that address and port?`, ctxOf(model), {
    cause: error,
    details: { url },
  });
}

/** The error message inside an OpenAI-style (`{error: {message}}`) or Ollama-style (`{error: "…"}`) body. */
function serverMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown; detail?: unknown };
    const e = parsed.error;
    if (typeof e === 'string') return e;
    if (e && typeof e === 'object' && typeof (e as { message?: unknown }).message === 'string') return (e as { message: string }).message;
    if (typeof parsed.message === 'string') return parsed.message;
    if (typeof parsed.detail === 'string') return parsed.detail;
  } catch {
    // not JSON
  }
  return body.trim().slice(0, 300);
}

const MODEL_MISSING = /model\b.*\b(not found|does not exist|not exist|unknown|not loaded|no such)|\b(unknown|no such|invalid) model|pull (it|the model)|try pulling/i;

export function httpFailure(status: number, statusText: string, body: string, url: string, model: string): ModelError {
  const message = serverMessage(body) || statusText || `HTTP ${status}`;
  const ctx = ctxOf(model);
  const details = { url, status, serverMessage: message };
  if (status === 404 || MODEL_MISSING.test(message)) {
    return chatError('model-missing', `endpoint: the model "${model}" is not available at ${new URL(url).origin} (HTTP ${status}: ${message}). Check the name, or download it on the server (Ollama: \`ollama pull ${model}\`).`, ctx, { details });
  }
  if (status === 401 || status === 403) {
    return chatError('unauthorized', `endpoint: ${new URL(url).origin} refused the request (HTTP ${status}: ${message}). Check the API key.`, ctx, { details });
  }
  return chatError('http', `endpoint: ${new URL(url).origin} answered HTTP ${status} for model "${model}": ${message}`, ctx, { details });
}

/** A server that rejects the `response_format` it was sent (so the next, plainer mode is tried). */
export function rejectsResponseFormat(error: ModelError): boolean {
  const status = error.details?.['status'];
  if (error.details?.['reason'] !== 'http' || typeof status !== 'number') return false;
  const server = error.details['serverMessage'];
  const message = typeof server === 'string' ? server : '';
  return status === 400 || status === 422 || (status >= 500 && /response_format|json_schema|json_object|schema|grammar/i.test(message));
}
