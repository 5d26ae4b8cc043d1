/**
 * Runs one LlmRun against a ChatModel loader (in the page for WebLLM, in the page's worker for
 * transformers.js and the endpoint): the smoke check or the generation benchmark, with the same
 * functions as the Node side (src/models/chat/measure.ts).
 */
import { AppError, describeError } from '../../../src/core/errors';
import type { ChatModel } from '../../../src/core/ports';
import { measureGeneration, smokeChatModel, SMOKE_ANSWER_REQUEST } from '../../../src/models/chat/measure';
import type { LlmResult, LlmRun } from './protocol';

export async function runWith(run: LlmRun, load: () => Promise<ChatModel>, onText: (text: string) => void): Promise<LlmResult> {
  try {
    if (run.mode === 'smoke') return { ok: true, smoke: await smokeChatModel(load, { onText }) };
    const t = performance.now();
    const model = await load();
    const loadMs = performance.now() - t;
    const request = { ...SMOKE_ANSWER_REQUEST, maxTokens: run.tokens ?? 64 };
    await measureGeneration(model, { ...request, maxTokens: 4 }); // warm up
    const runs = [];
    for (let i = 0; i < (run.runs ?? 3); i++) runs.push(await measureGeneration(model, request));
    return { ok: true, bench: { loadMs, runs, device: model.model.device } };
  } catch (error) {
    return { ok: false, error: describeError(error), ...(error instanceof AppError ? { code: error.code } : {}) };
  }
}
