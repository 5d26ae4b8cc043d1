/**
 * The end-to-end check that every worker of the built app runs under the Content Security
 * Policy (issue 14): in the test build only (`vite build --mode test`), each worker answers a
 * probe message by trying `eval`, `new Function` and `fetch` to the addresses it is given, and
 * reports what the policy let through and the violations it saw. The page side is
 * src/app/workers/csp-probe.ts. In the app users run the probe does not exist (the mode check is
 * replaced at build time and the code dropped).
 *
 * The listener is installed before the worker's own (comlink, web-llm) and stops the probe
 * message there, so the worker's protocol never sees it.
 */

/** What a worker reports. */
export interface CspProbeResult {
  readonly eval: 'blocked' | 'allowed';
  readonly newFunction: 'blocked' | 'allowed';
  /** Per URL: the request was refused (CSP or network) or answered. */
  readonly fetches: Readonly<Record<string, 'blocked' | 'allowed'>>;
  /** `securitypolicyviolation` events seen while probing ("connect-src http://…"). */
  readonly violations: readonly string[];
}

export interface CspProbeRequest {
  readonly casefileCspProbe: true;
  readonly urls: readonly string[];
}

interface ProbeScope {
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
}

function isCspProbe(data: unknown): data is CspProbeRequest {
  return typeof data === 'object' && data !== null && (data as { casefileCspProbe?: unknown }).casefileCspProbe === true;
}

/** Installs the probe in this worker (test build only). Call it before the worker exposes its API. */
export function installCspProbe(): void {
  if (import.meta.env.MODE !== 'test') return;
  const scope = globalThis as unknown as ProbeScope;
  scope.addEventListener('message', (event) => {
    const { data, ports } = event as MessageEvent<unknown>;
    if (!isCspProbe(data) || !ports[0]) return;
    event.stopImmediatePropagation();
    const port = ports[0];
    void runProbe(scope, data.urls).then((result) => port.postMessage(result));
  });
}

function attempt(run: () => unknown): 'blocked' | 'allowed' {
  try {
    run();
    return 'allowed';
  } catch {
    return 'blocked';
  }
}

async function runProbe(scope: ProbeScope, urls: readonly string[]): Promise<CspProbeResult> {
  const violations: string[] = [];
  const onViolation = (e: Event) => {
    const v = e as SecurityPolicyViolationEvent;
    violations.push(`${v.effectiveDirective} ${v.blockedURI}`);
  };
  scope.addEventListener('securitypolicyviolation', onViolation);
  try {
    const indirectEval = (globalThis as unknown as { eval: (code: string) => unknown }).eval;
    const result = {
      eval: attempt(() => indirectEval('1 + 1')),
      // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the probe checks that the CSP forbids exactly this
      newFunction: attempt(() => new Function('return 1')),
      fetches: {} as Record<string, 'blocked' | 'allowed'>,
    };
    for (const url of urls) {
      try {
        await fetch(url, { cache: 'no-store' });
        result.fetches[url] = 'allowed';
      } catch {
        result.fetches[url] = 'blocked';
      }
    }
    // Violation events are queued as tasks: let them arrive.
    await new Promise((r) => setTimeout(r, 50));
    return { ...result, violations };
  } finally {
    scope.removeEventListener('securitypolicyviolation', onViolation);
  }
}
