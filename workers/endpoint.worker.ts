/**
 * The local-server worker: the only script that talks to the user's OpenAI-compatible server
 * (Ollama, llama.cpp, LM Studio, vLLM). The page's own policy never admits that server; this
 * worker's policy (its response header, built by src/security/csp.ts from the origins the app
 * stores under 'security/llm-origins') admits exactly the one the user saved, and the app
 * restarts this worker when that changes. Streams tokens through the chat host's comlink API
 * (src/models/chat/chat-host.ts); the page side is ChatWorker (src/app/workers/chat-worker.ts).
 */
import { expose } from 'comlink';
import { installCspProbe } from '../src/rpc/csp-probe';
import { registerRpcErrors } from '../src/rpc/errors';
import { createChatHost } from '../src/models/chat/chat-host';
import { endpointLoader } from '../src/models/chat/endpoint-chat';

installCspProbe();
registerRpcErrors();

const api = createChatHost('endpoint worker', endpointLoader);

expose(api);

export type EndpointWorkerApi = typeof api;
