/**
 * Which Content Security Policy each response of the app gets as an HTTP header (the service
 * worker, workers/sw.ts, sets it; a `<meta>` policy never reaches worker scripts, a header does).
 *
 * Every response gets the app's strict policy (buildCsp()), except the local-server worker's
 * script (`endpoint.worker-<hash>.js` in the build output, workers/endpoint.worker.ts): its policy also admits, in connect-src,
 * the origins the user saved for a local model server. Those are written by the provider
 * settings into the registry database's kv table under LLM_ORIGINS_KEY (a string[] of origins)
 * and read by the service worker for each request of that script (the app restarts the worker
 * after a change), so no other worker and never the page can reach such a server.
 *
 * Pure, except readLlmOrigins, which takes the IndexedDB factory it reads.
 */
import { buildCsp, cspOrigin } from './csp';

/** The registry database's kv key holding the admitted origins (string[]). */
export const LLM_ORIGINS_KEY = 'security/llm-origins';
/** The registry database (src/store/db.ts REGISTRY_DB_NAME; kept apart so the service worker does not bundle Dexie). */
export const REGISTRY_DATABASE = 'casefile-registry';
/** The local-server worker's source name (workers/endpoint.worker.ts); Vite names its script `endpoint.worker-<hash>.js`. */
const LLM_WORKER_NAME = 'endpoint.worker';

/** True for the built local-server worker script (`…/endpoint.worker-<hash>.js`, or `endpoint.worker.js`). */
export function isLlmWorkerScript(url: string): boolean {
  let path: string;
  try {
    path = new URL(url, 'http://x.invalid/').pathname;
  } catch {
    return false;
  }
  const file = path.slice(path.lastIndexOf('/') + 1);
  return file.startsWith(`${LLM_WORKER_NAME}-`) || file.startsWith(`${LLM_WORKER_NAME}.`) ? /\.m?js$/.test(file) : false;
}

/** The saved value as origins: only http(s) origins survive (anything else is dropped). */
export function admittedOrigins(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const out = new Set<string>();
  for (const v of value) {
    const origin = typeof v === 'string' ? cspOrigin(v) : null;
    if (origin) out.add(origin);
  }
  return [...out];
}

/** The policy for the response to `url`: strict, or for the local-server worker's script the admitted origins too. */
export function policyFor(url: string, llmOrigins: readonly string[]): string {
  return isLlmWorkerScript(url) && llmOrigins.length > 0 ? buildCsp({ endpoints: llmOrigins }) : buildCsp();
}

/**
 * The admitted origins from the registry database (an empty list when it does not exist yet or
 * cannot be read). Never creates the database: an open that would create it is aborted.
 */
export function readLlmOrigins(idb: IDBFactory): Promise<string[]> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = idb.open(REGISTRY_DATABASE);
    } catch {
      resolve([]);
      return;
    }
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve([]);
    request.onblocked = () => resolve([]);
    request.onsuccess = () => {
      const db = request.result;
      const done = (value: string[]) => {
        db.close();
        resolve(value);
      };
      try {
        if (!db.objectStoreNames.contains('kv')) return done([]);
        const get = db.transaction('kv', 'readonly').objectStore('kv').get(LLM_ORIGINS_KEY);
        get.onsuccess = () => done(admittedOrigins((get.result as { value?: unknown } | undefined)?.value));
        get.onerror = () => done([]);
      } catch {
        done([]);
      }
    };
  });
}
