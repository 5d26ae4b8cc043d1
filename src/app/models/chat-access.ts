/**
 * The language model of the open workspace, as the answer service sees it: which provider
 * answers, its status, and the ChatModel itself, loaded on demand. `null` means no model: the
 * answer layer composes extractive answers (the "None" provider). The app's implementation is
 * ChatService (chat-service.ts: the WebLLM / CPU model / local server workers and the
 * per-workspace choice in Settings → Models), `WorkspaceSession.chat`; `noChatModel()` is the
 * stand-in where no providers exist (tests of the answer layer).
 */
import type { ChatModel, JobOptions } from '../../core/ports';
import type { ProviderId } from '../../models/chat/providers';

export interface ChatState {
  /** The provider that answers now ('none' = extractive answers). */
  readonly provider: ProviderId;
  /** The model id it runs, when any. */
  readonly model: string | null;
  /** ready: answers come from `model`; unavailable: it cannot answer now (see `message`). */
  readonly status: 'ready' | 'loading' | 'unavailable';
  /** For people: why the model cannot answer, or what it is doing ("Loading Qwen2.5 1.5B… 40%"). */
  readonly message: string | null;
}

export interface ChatAccess {
  readonly state: ChatState;
  subscribe(listener: () => void): () => void;
  /** The model that answers now, loaded when needed; null when none can (extractive answers). */
  model(options?: JobOptions): Promise<ChatModel | null>;
  dispose(): void;
}

/** No language model: every answer is extractive. */
export function noChatModel(): ChatAccess {
  const state: ChatState = { provider: 'none', model: null, status: 'unavailable', message: 'No language model is set up: answers quote the passages that answer the question.' };
  return {
    state,
    subscribe: () => () => undefined,
    model: async () => null,
    dispose: () => undefined,
  };
}
