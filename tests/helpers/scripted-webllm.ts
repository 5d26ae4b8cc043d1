/**
 * A scripted `@mlc-ai/web-llm` for Node tests of the WebLLM worker: its engine "loads" the
 * catalog model (or fails the way web-llm does, as a "Name: message" string) and streams "w "
 * tokens until interruptGenerate() is called.
 */
import { WEBLLM_MODELS } from '../../src/models/chat/webllm-catalog';
import type { WebLlmLibrary } from '../../src/models/chat/webllm-host';

export interface WebLlmLog {
  readonly reloads: string[];
  interrupts: number;
}

export function scriptedWebLlm(options: { failReload?: string | undefined; cached?: Set<string> } = {}, log: WebLlmLog = { reloads: [], interrupts: 0 }): WebLlmLibrary {
  const cached = options.cached ?? new Set<string>();
  class Engine {
    #interrupted = false;
    constructor(private readonly config: { initProgressCallback: (r: { progress: number; text: string }) => void }) {}
    async reload(id: string): Promise<void> {
      log.reloads.push(id);
      if (options.failReload) throw new Error(options.failReload);
      this.config.initProgressCallback({ progress: 0.5, text: 'Fetching param cache[1/2]: 300MB fetched. 50% completed' });
      this.config.initProgressCallback({ progress: 1, text: 'Finish loading on WebGPU' });
      cached.add(id);
    }
    async unload(): Promise<void> {}
    interruptGenerate(): void {
      log.interrupts++;
      this.#interrupted = true;
    }
    readonly chat = {
      completions: {
        create: async () => {
          this.#interrupted = false;
          const interrupted = () => this.#interrupted;
          return (async function* () {
            for (let i = 0; i < 1000; i++) {
              await new Promise((r) => setTimeout(r, 2));
              if (interrupted()) {
                yield { choices: [{ delta: {}, finish_reason: 'abort' }] };
                return;
              }
              yield { choices: [{ delta: { content: 'w ' }, finish_reason: i === 5 ? 'stop' : null }] };
              if (i === 5) return;
            }
          })();
        },
      },
    };
  }
  return {
    prebuiltAppConfig: {
      model_list: WEBLLM_MODELS.map(({ id }) => ({
        model: `https://huggingface.co/mlc-ai/${id}`,
        model_id: id,
        model_lib: `https://raw.githubusercontent.com/mlc-ai/binary-mlc-llm-libs/main/web-llm-models/${id}.wasm`,
      })),
    },
    MLCEngine: Engine,
    hasModelInCache: async (id) => cached.has(id),
  };
}
