/**
 * The embedding worker: a thin comlink adapter around TransformersEmbedder (src/models). The
 * page side is WorkerEmbedder (src/app/workers/model-proxies.ts). ONNX Runtime's wasm and its JS
 * factory are bundled assets served from our own origin (never a CDN).
 */
import { expose } from 'comlink';
import ortMjs from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import ortWasm from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import { installCspProbe } from '../src/rpc/csp-probe';
import { registerRpcErrors } from '../src/rpc/errors';
import { CacheApiStore } from '../src/models/stores';
import { createModelWorkerApi } from '../src/models/worker-host';

installCspProbe();
registerRpcErrors();

const api = createModelWorkerApi('embedder', { store: new CacheApiStore(), wasmPaths: { wasm: ortWasm, mjs: ortMjs } });

expose(api);

export type EmbedWorkerApi = typeof api;
