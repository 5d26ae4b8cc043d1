/**
 * The index worker: owns the search indexes of the open workspace. A thin shell: the API is
 * createIndexApi (src/search-index/api.ts, tested over a MessageChannel); the page side is
 * IndexClient (src/app/workers/index-client.ts).
 */
import { expose } from 'comlink';
import { installCspProbe } from '../src/rpc/csp-probe';
import { registerRpcErrors } from '../src/rpc/errors';
import { createIndexApi } from '../src/search-index/api';

installCspProbe();
registerRpcErrors();

const api = createIndexApi({ warmUp: true });

expose(api);

export type IndexWorkerApi = typeof api;
