/**
 * The loader of workers/llm.worker.ts: web-llm's `MLCEngine` runs inside that worker (the model,
 * its GPU buffers and compiled kernels live there; terminating the worker frees them) and is
 * served through the same chat host as the other providers. Loading only reads the browser
 * cache; the network is used when the user pressed Download (stage 'download'). Progress comes
 * from web-llm's reports, folded into bytes that never go backwards.
 */
import type { ChatLoader } from './chat-host';
import { chatError } from './failures';
import { WEBLLM_MODELS, webLlmAppConfig, type WebLlmRecord, type WebLlmSource } from './webllm-catalog';
import { mapWebLlmError, WebLlmChatModel, WebLlmProgressTracker, type WebLlmEngineLike } from './webllm-chat';

export interface WebLlmLoadRequest {
  /** web-llm's model_id. */
  readonly modelId: string;
  readonly source: WebLlmSource | null;
  readonly stage: 'load' | 'download';
}

type AppConfig = ReturnType<typeof webLlmAppConfig>;

interface EngineLike extends WebLlmEngineLike {
  reload(modelId: string): Promise<void>;
  unload(): Promise<void>;
}

/** The slice of `@mlc-ai/web-llm` the loader uses (tests pass a scripted one). */
export interface WebLlmLibrary {
  readonly prebuiltAppConfig: { readonly model_list: readonly WebLlmRecord[] };
  readonly MLCEngine: new (config: { appConfig: AppConfig; initProgressCallback: (report: { progress: number; text: string }) => void }) => EngineLike;
  hasModelInCache(modelId: string, appConfig: AppConfig): Promise<boolean>;
}

export function createWebLlmLoader(library: () => Promise<WebLlmLibrary>): ChatLoader<WebLlmLoadRequest> {
  return async ({ modelId, source, stage }, onProgress) => {
    const lib = await library();
    const entry = WEBLLM_MODELS.find((m) => m.id === modelId);
    const label = entry ? `${entry.label} (${entry.quant})` : modelId;
    const ctx = { provider: 'webllm' as const, modelId };
    let appConfig: AppConfig;
    try {
      appConfig = webLlmAppConfig(lib.prebuiltAppConfig.model_list, source ?? undefined, [modelId]);
    } catch (error) {
      throw chatError('model-missing', `webllm: "${modelId}" is not a model Casefile offers`, ctx, { cause: error });
    }
    if (stage === 'load' && !(await lib.hasModelInCache(modelId, appConfig))) {
      throw chatError('not-downloaded', `webllm: ${label} is not downloaded (Settings → Models → Language model)`, ctx);
    }
    const tracker = new WebLlmProgressTracker(modelId, (entry?.vramMB ?? 0) * 1e6);
    const engine = new lib.MLCEngine({ appConfig, initProgressCallback: (report) => onProgress(tracker.update(report)) });
    try {
      await engine.reload(modelId);
    } catch (error) {
      await engine.unload().catch(() => undefined);
      throw mapWebLlmError(error, modelId, 'load');
    }
    return { model: new WebLlmChatModel(engine, modelId), dispose: () => engine.unload() };
  };
}
