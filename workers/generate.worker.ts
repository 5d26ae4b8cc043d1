/**
 * The CPU-model worker: a small transformers.js instruct model (WASM, or WebGPU where present)
 * streaming tokens through the chat host's comlink API (src/models/chat/chat-host.ts). The page
 * side is ChatWorker (src/app/workers/chat-worker.ts). ONNX Runtime's wasm and its JS factory are
 * served from our own origin; model files come from the model cache (downloads only when the
 * user asked, through the network gate).
 */
import { expose } from 'comlink';
import ortMjs from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import ortWasm from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import { installCspProbe } from '../src/rpc/csp-probe';
import { registerRpcErrors } from '../src/rpc/errors';
import { createChatHost } from '../src/models/chat/chat-host';
import { createGeneratorLoader } from '../src/models/chat/generator-host';
import { CacheApiStore } from '../src/models/stores';

installCspProbe();
registerRpcErrors();

const api = createChatHost('generate worker', createGeneratorLoader({ store: new CacheApiStore(), wasmPaths: { wasm: ortWasm, mjs: ortMjs } }));

expose(api);

export type GenerateWorkerApi = typeof api;
