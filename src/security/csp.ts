/**
 * The app's Content Security Policy, built in one place for every place that sends it: the
 * `<meta>` tag of the built index.html (vite.config.ts), HTTP headers (the preview server, and the
 * service worker on the responses it serves, issue 14), and the per-configuration policy of the
 * language-model worker, whose `connect-src` admits exactly the endpoint the user configured.
 *
 * Scripts only from our origin (+ WebAssembly compilation); no eval or Function; no inline
 * scripts or styles; network only to our origin, the model hosts the user downloads from (the
 * Hugging Face Hub or their mirror; WebLLM's kernel library host) and, for the LLM worker only,
 * their OpenAI-compatible endpoint. Pure: no DOM, no Node.
 */

/** The Hugging Face Hub and the hosts its downloads redirect to (LFS/Xet storage). */
const HUB_ORIGINS: readonly string[] = ['https://huggingface.co', 'https://*.huggingface.co', 'https://*.hf.co'];

export interface CspOptions {
  /** Origins model files come from: the Hub (default) or the user's mirror, WebLLM's library host. */
  readonly modelOrigins?: readonly string[];
  /** The user's OpenAI-compatible endpoint (`EndpointConfig.baseUrl`), admitted in connect-src. */
  readonly endpoint?: string | null;
  /** More endpoints admitted in connect-src (the LLM worker's saved origins, src/security/worker-policy.ts). */
  readonly endpoints?: readonly string[];
}

/** The scheme + host + port of an http(s) URL, as CSP source expressions want it; null otherwise. */
export function cspOrigin(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  // A source expression is a plain host[:port]: refuse anything that could smuggle a directive.
  if (!/^[a-z0-9.[\]:-]+$/i.test(parsed.host)) return null;
  return parsed.origin;
}

export function buildCsp(options: CspOptions = {}): string {
  const connect = new Set<string>(["'self'"]);
  for (const origin of options.modelOrigins ?? HUB_ORIGINS) {
    if (/^https:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(origin) || cspOrigin(origin) === origin) connect.add(origin);
  }
  for (const url of [options.endpoint, ...(options.endpoints ?? [])]) {
    const endpoint = url ? cspOrigin(url) : null;
    if (endpoint) connect.add(endpoint);
  }
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "worker-src 'self' blob:",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${[...connect].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
  ].join('; ');
}

/** The same response with `policy` as its Content-Security-Policy header (for the service worker). */
export function withCsp(response: Response, policy: string): Response {
  const headers = new Headers(response.headers);
  headers.set('Content-Security-Policy', policy);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
