/**
 * The CSP builder: the default policy is the app's policy as before; a configured endpoint is
 * admitted by its origin only (nothing else of the URL, nothing that could add a directive); the
 * LLM worker's options come from the chat settings; the service-worker helper sets the header.
 */
import { describe, expect, it } from 'vitest';
import { buildCsp, cspOrigin, withCsp } from '../../../src/security/csp';
import { CONTENT_SECURITY_POLICY } from '../../../vite.config';

const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `))!;

describe('buildCsp', () => {
  it('by default is the strict app policy: own scripts + wasm, no inline, Hub downloads only', () => {
    const policy = buildCsp();
    expect(policy).toBe(CONTENT_SECURITY_POLICY);
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'wasm-unsafe-eval'");
    expect(directive(policy, 'style-src')).toBe("style-src 'self'");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://huggingface.co https://*.huggingface.co https://*.hf.co");
    expect(policy).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
  });

  it('admits exactly the configured endpoint origin in connect-src', () => {
    const policy = buildCsp({ endpoint: 'http://localhost:11434/v1/' });
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://huggingface.co https://*.huggingface.co https://*.hf.co http://localhost:11434");
    expect(directive(buildCsp({ endpoint: 'https://gpu.lan:8443/llm' }), 'connect-src')).toMatch(/ https:\/\/gpu\.lan:8443$/);
  });

  it('refuses endpoints that are not http(s) origins or try to inject a directive', () => {
    for (const bad of ['javascript:alert(1)', 'ftp://x', 'http://a.example; script-src *', "http://a.example 'unsafe-eval'", 'not a url', '']) {
      expect(directive(buildCsp({ endpoint: bad }), 'connect-src'), bad).toBe(directive(buildCsp(), 'connect-src'));
    }
    expect(cspOrigin('http://[::1]:8080/x')).toBe('http://[::1]:8080');
  });

  it('a mirror replaces the Hub', () => {
    expect(directive(buildCsp({ modelOrigins: ['https://hf-mirror.example'] }), 'connect-src')).toBe("connect-src 'self' https://hf-mirror.example");
  });

  it('withCsp puts the policy on a response, keeping body and headers', async () => {
    const response = withCsp(new Response('self.onmessage = null', { headers: { 'content-type': 'text/javascript' } }), buildCsp());
    expect(response.headers.get('content-security-policy')).toBe(buildCsp());
    expect(response.headers.get('content-type')).toBe('text/javascript');
    expect(await response.text()).toBe('self.onmessage = null');
  });
});
