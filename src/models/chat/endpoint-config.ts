/**
 * The user's OpenAI-compatible endpoint (Ollama, llama.cpp server, LM Studio, vLLM on their own
 * machine or network): its settings as data, validation, and the URLs derived from the base URL.
 * Pure: used by the provider, by the settings reader and by the CSP builder (src/security/csp.ts),
 * which admits exactly `endpointOrigin(config)` in `connect-src`.
 */
import { InputError } from '../../core/errors';

export interface EndpointConfig {
  /** e.g. "http://localhost:11434" (Ollama), "http://localhost:8080" (llama.cpp), ".../v1". */
  readonly baseUrl: string;
  /** The server's model name, e.g. "qwen2.5:7b-instruct". */
  readonly model: string;
  /** Sent as `Authorization: Bearer <key>` when set (vLLM --api-key, proxies). */
  readonly apiKey?: string | null | undefined;
}

export interface EndpointUrls {
  readonly origin: string;
  readonly chat: string;
  readonly models: string;
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

const isLoopback = (hostname: string): boolean => LOOPBACK.test(hostname) || hostname.endsWith('.localhost');

/** The problem with `baseUrl`, or null. `appOrigin` (the page's) catches mixed content. */
export function endpointProblem(baseUrl: string, appOrigin: string | null = null): string | null {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return `endpoint: "${baseUrl}" is not a URL (expected e.g. http://localhost:11434)`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `endpoint: "${baseUrl}" must start with http:// or https://`;
  if (url.username || url.password) return `endpoint: "${baseUrl}" must not contain a user name or password (set the API key instead)`;
  if (url.search || url.hash) return `endpoint: "${baseUrl}" must not contain a query or fragment`;
  if (appOrigin?.startsWith('https:') && url.protocol === 'http:' && !isLoopback(url.hostname)) {
    return `endpoint: the browser blocks http:// requests from an https:// page ("${baseUrl}" is mixed content); serve the endpoint over https or use localhost`;
  }
  return null;
}

/** Chat and model-list URLs; a base ending in /v1 is used as is, anything else gets /v1. */
export function endpointUrls(baseUrl: string): EndpointUrls {
  const problem = endpointProblem(baseUrl);
  if (problem) throw new InputError(problem, { baseUrl });
  const url = new URL(baseUrl);
  const path = url.pathname.replace(/\/+$/, '');
  const v1 = /\/v1$/.test(path) ? path : `${path}/v1`;
  return { origin: url.origin, chat: `${url.origin}${v1}/chat/completions`, models: `${url.origin}${v1}/models` };
}

export const endpointOrigin = (config: Pick<EndpointConfig, 'baseUrl'>): string | null => (endpointProblem(config.baseUrl) === null ? new URL(config.baseUrl).origin : null);

/** Validated copy of a stored or typed-in endpoint configuration (InputError naming the bad field). */
export function readEndpointConfig(value: unknown): EndpointConfig {
  const v = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const baseUrl = typeof v['baseUrl'] === 'string' ? v['baseUrl'].trim() : '';
  const model = typeof v['model'] === 'string' ? v['model'].trim() : '';
  const apiKey = typeof v['apiKey'] === 'string' && v['apiKey'].trim() ? v['apiKey'].trim() : null;
  if (!baseUrl) throw new InputError('endpoint: no base URL (e.g. http://localhost:11434 for Ollama)');
  const problem = endpointProblem(baseUrl);
  if (problem) throw new InputError(problem, { baseUrl });
  if (!model) throw new InputError(`endpoint: no model name for ${baseUrl} (e.g. "qwen2.5:7b-instruct")`);
  return { baseUrl, model, apiKey };
}
