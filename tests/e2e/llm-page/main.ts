/**
 * The language-model check page: `window.llmCheck.run(run)` runs the smoke check or the generation
 * benchmark of one provider and resolves with its figures. WebLLM runs in the app's own
 * workers/llm.worker.ts through the app's ChatWorker (after checking that this device has a WebGPU
 * adapter that can run the model); transformers.js and the endpoint run in the page's worker. Streamed text is shown as it
 * arrives.
 */
import { describeError } from '../../../src/core/errors';
import { detectCapabilities } from '../../../src/models/capabilities';
import { planWebLlm } from '../../../src/models/chat/webllm-catalog';
import { ChatWorker, spawnLlmWorker } from '../../../src/app/workers/chat-worker';
import type { WebLlmLoadRequest } from '../../../src/models/chat/webllm-host';
import type { LlmResult, LlmRun, WorkerMessage } from './protocol';
import { runWith } from './run';

const out = document.getElementById('out')!;
const show = (text: string) => out.append(text);

async function webllm(run: LlmRun): Promise<LlmResult> {
  const caps = await detectCapabilities();
  const plan = planWebLlm({ gpu: caps.webgpu, gpuError: caps.webgpuError, memoryGb: caps.memoryGb });
  if (plan.unavailable && !run.force) return { ok: false, error: plan.unavailable, code: 'model/no-webgpu' };
  const choice = plan.choices.find((c) => c.model.id === run.model);
  if (choice && !choice.fits) show(`warning: ${run.model} ${choice.reason ?? ''}\n`);
  const worker = new ChatWorker<WebLlmLoadRequest>({ provider: 'webllm', name: 'WebLLM worker', spawn: spawnLlmWorker });
  try {
    // 'download': fetched once into the browser cache, then loaded from it.
    const load = () => worker.load({ modelId: run.model, source: null, stage: 'download' }, { onProgress: (p) => (document.title = `${Math.floor(p.percent)}% ${p.phase}`) });
    return await runWith(run, load, show);
  } finally {
    worker.free();
  }
}

function inWorker(run: LlmRun): Promise<LlmResult> {
  const worker = new Worker(new URL('./llm-check.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<LlmResult>((resolve) => {
    worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
      if (event.data.type === 'text') show(event.data.text);
      else resolve(event.data.result);
    };
    worker.onerror = (event) => resolve({ ok: false, error: `worker failed: ${event.message}` });
    worker.postMessage(run);
  }).finally(() => worker.terminate());
}

const api = {
  async run(run: LlmRun): Promise<LlmResult> {
    try {
      return run.provider === 'webllm' ? await webllm(run) : await inWorker(run);
    } catch (error) {
      return { ok: false, error: describeError(error) };
    }
  },
};
(window as unknown as { llmCheck: typeof api }).llmCheck = api;
document.body.dataset['ready'] = 'true';
