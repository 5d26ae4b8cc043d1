/**
 * The scan worker: contract review off the page. A thin shell: the API is createScanApi
 * (src/scanner/api.ts, tested over a MessageChannel); the page side is WorkerScanner
 * (src/app/workers/scan-proxy.ts).
 */
import { expose } from 'comlink';
import { installCspProbe } from '../src/rpc/csp-probe';
import { registerRpcErrors } from '../src/rpc/errors';
import { createScanApi } from '../src/scanner/api';

installCspProbe();
registerRpcErrors();

const api = createScanApi();

expose(api);

export type ScanWorkerApi = typeof api;
