/**
 * The WebLLM worker: web-llm's MLCEngine runs here (the model, its GPU buffers and compiled
 * kernels; terminating the worker frees them), served through the chat host's comlink API
 * (src/models/chat/chat-host.ts). The page side is ChatWorker (src/app/workers/chat-worker.ts).
 * It also answers the page's questions about WebLLM's cache (which models are downloaded, delete,
 * import a folder: src/models/chat/webllm-cache.ts), so web-llm never loads in the page.
 */
import * as webllm from '@mlc-ai/web-llm';
import { expose } from 'comlink';
import { registerRpcErrors } from '../src/rpc/errors';
import { createChatHost } from '../src/models/chat/chat-host';
import { webLlmCacheApi } from '../src/models/chat/webllm-cache';
import { createWebLlmLoader, type WebLlmLibrary } from '../src/models/chat/webllm-host';
import { installCspProbe } from '../src/rpc/csp-probe';

installCspProbe();

registerRpcErrors();

const api = {
  ...createChatHost('llm worker', createWebLlmLoader(async () => webllm as unknown as WebLlmLibrary)),
  ...webLlmCacheApi(async () => webllm),
};

expose(api);

export type LlmWorkerApi = typeof api;
