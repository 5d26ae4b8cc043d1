/**
 * The WebLLM worker: web-llm's own engine handler (its message protocol, not comlink). The page
 * talks to it through `WebWorkerMLCEngine` (src/models/chat/webllm-engine.ts); the model, its
 * GPU buffers and the compiled kernels live here, and terminating the worker frees them.
 */
import { WebWorkerMLCEngineHandler } from '@mlc-ai/web-llm';
import { installCspProbe } from '../src/rpc/csp-probe';

installCspProbe();

const handler = new WebWorkerMLCEngineHandler();
self.onmessage = (event: MessageEvent) => handler.onmessage(event);
