/**
 * The page side of the worker CSP check (src/rpc/csp-probe.ts), for the test build: starts each
 * of the app's workers exactly as the app does (the same spawn functions, so the same built
 * scripts served with the same headers), asks it to try `eval`, `new Function` and the given
 * fetches, and terminates it. main.tsx exposes it to the end-to-end tests in test mode only.
 */
import { AppError } from '../../core/errors';
import type { CspProbeRequest, CspProbeResult } from '../../rpc/csp-probe';
import type { WorkerEndpoint } from '../../rpc/handle';
import { spawnEndpointWorker, spawnGenerateWorker, spawnLlmWorker } from './chat-worker';
import { spawnIndexWorker } from './index-client';
import { spawnEmbedWorker, spawnRerankWorker } from './model-proxies';
import { spawnOcrWorker } from './ocr-proxy';
import { spawnParseWorker } from './parser-proxy';
import { spawnScanWorker } from './scan-proxy';

const PROBED_WORKERS: Readonly<Record<string, () => WorkerEndpoint>> = {
  parse: spawnParseWorker,
  ocr: spawnOcrWorker,
  embed: spawnEmbedWorker,
  rerank: spawnRerankWorker,
  index: spawnIndexWorker,
  scan: spawnScanWorker,
  llm: spawnLlmWorker,
  generate: spawnGenerateWorker,
  endpoint: spawnEndpointWorker,
};

/** Probes one worker; rejects after `timeoutMs` if it never answers. */
export async function probeWorker(name: string, urls: readonly string[], timeoutMs = 20_000): Promise<CspProbeResult> {
  const spawn = PROBED_WORKERS[name];
  if (!spawn) throw new AppError('internal', `csp probe: no worker named ${name}`);
  const worker = spawn() as Worker;
  const channel = new MessageChannel();
  try {
    return await new Promise<CspProbeResult>((resolve, reject) => {
      const timer = setTimeout(() => reject(new AppError('job/timeout', `csp probe: the ${name} worker did not answer in ${timeoutMs} ms`)), timeoutMs);
      worker.addEventListener('error', (e) => {
        clearTimeout(timer);
        reject(new AppError('internal', `csp probe: the ${name} worker failed to start (${e.message})`));
      });
      channel.port1.onmessage = (e: MessageEvent<CspProbeResult>) => {
        clearTimeout(timer);
        resolve(e.data);
      };
      const request: CspProbeRequest = { casefileCspProbe: true, urls };
      worker.postMessage(request, [channel.port2]);
    });
  } finally {
    channel.port1.close();
    worker.terminate();
  }
}
