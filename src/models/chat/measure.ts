/**
 * Figures of one generation through any ChatModel — time to first token, decode speed, token
 * counts — and the end-to-end check `npm run smoke:llm` and `npm run bench` run with them (in
 * Node, in Chromium through tests/e2e/llm-page, and in the built app, src/cli/llm-app.ts): the
 * same functions and defaults wherever a model runs, so the figures compare.
 */
import { TASK_FAMILIES } from '../../core/answer-types';
import { describeError } from '../../core/errors';
import type { ChatDelta, ChatModel, ChatRequest, JobOptions, JsonSchema } from '../../core/ports';

export interface GenerationFigures {
  /** From the call to the first non-empty delta (prompt prefill included). */
  readonly firstTokenMs: number | null;
  readonly totalMs: number;
  readonly promptTokens: number | null;
  readonly completionTokens: number;
  /** Decode speed after the first token: (tokens − 1) / (total − first token). */
  readonly tokensPerSecond: number | null;
  readonly finishReason: 'stop' | 'length' | null;
  readonly text: string;
}

/** One streamed delta and when it arrived (performance.now()). */
export interface TimedDelta {
  readonly at: number;
  readonly delta: ChatDelta;
}

export async function measureGeneration(model: ChatModel, request: ChatRequest, options: JobOptions & { onText?: (text: string) => void } = {}): Promise<GenerationFigures> {
  const start = performance.now();
  const timed: TimedDelta[] = [];
  for await (const delta of model.chat(request, options)) {
    timed.push({ at: performance.now(), delta });
    if (delta.text) options.onText?.(delta.text);
  }
  return generationFigures(start, timed, performance.now());
}

/** The figures of a generation from its deltas and their times (also for deltas timed in a browser). */
export function generationFigures(start: number, timed: readonly TimedDelta[], end: number): GenerationFigures {
  let first: number | null = null;
  let text = '';
  let completionTokens = 0;
  let promptTokens: number | null = null;
  let finishReason: GenerationFigures['finishReason'] = null;
  let deltas = 0;
  for (const { at, delta } of timed) {
    if (delta.text) {
      first ??= at - start;
      deltas++;
      text += delta.text;
    }
    if (delta.usage) {
      completionTokens = delta.usage.completionTokens ?? completionTokens;
      promptTokens = delta.usage.promptTokens ?? promptTokens;
    }
    if (delta.finishReason) finishReason = delta.finishReason;
  }
  const totalMs = end - start;
  completionTokens ||= deltas;
  const decodeMs = first === null ? 0 : totalMs - first;
  return {
    firstTokenMs: first,
    totalMs,
    promptTokens,
    completionTokens,
    tokensPerSecond: completionTokens > 1 && decodeMs > 0 ? ((completionTokens - 1) / decodeMs) * 1000 : null,
    finishReason,
    text,
  };
}

/** The smoke check's plan: the shape of the answer layer's phase-A plan, small. */
export const SMOKE_PLAN_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    family: { type: 'string', enum: [...TASK_FAMILIES] },
    language: { type: 'string', description: 'ISO 639-1 code of the reply language' },
  },
  required: ['family', 'language'],
  additionalProperties: false,
};

export const SMOKE_PLAN_REQUEST: ChatRequest = {
  messages: [
    { role: 'system', content: 'You route questions about a lawyer’s documents. Classify the question into a task family and give the reply language.' },
    { role: 'user', content: 'What is the notice period for terminating the services agreement?' },
  ],
  temperature: 0,
  maxTokens: 96,
};

export const SMOKE_ANSWER_REQUEST: ChatRequest = {
  messages: [
    {
      role: 'system',
      content: 'Answer only from the numbered sources and cite them like [1]. If they do not answer the question, say so.',
    },
    {
      role: 'user',
      content:
        'Sources:\n[1] services-agreement.pdf, p. 5, 14.2 Termination for convenience: "Either party may terminate this Agreement for convenience upon thirty (30) days\' prior written notice to the other party."\n\nQuestion: What is the notice period for terminating the services agreement for convenience?',
    },
  ],
  temperature: 0,
  maxTokens: 128,
};

export interface SmokeReport {
  readonly model: string;
  readonly provider: string | undefined;
  readonly loadMs: number | null;
  readonly plan: { readonly ok: true; readonly value: unknown; readonly ms: number } | { readonly ok: false; readonly error: string; readonly ms: number };
  readonly answer: GenerationFigures | { readonly error: string };
}

/** Loads the model (timed), asks for a plan as JSON, then streams an answer — each failure reported, not thrown. */
export async function smokeChatModel(load: () => Promise<ChatModel>, options: { onText?: (text: string) => void } = {}): Promise<SmokeReport> {
  const t0 = performance.now();
  const model = await load();
  const loadMs = performance.now() - t0;
  const t1 = performance.now();
  let plan: SmokeReport['plan'];
  try {
    plan = { ok: true, value: await model.json(SMOKE_PLAN_REQUEST, SMOKE_PLAN_SCHEMA), ms: performance.now() - t1 };
  } catch (error) {
    plan = { ok: false, error: describeError(error), ms: performance.now() - t1 };
  }
  let answer: SmokeReport['answer'];
  try {
    answer = await measureGeneration(model, SMOKE_ANSWER_REQUEST, options);
  } catch (error) {
    answer = { error: describeError(error) };
  }
  return { model: model.model.id, provider: model.model.provider, loadMs, plan, answer };
}

export function formatSmokeReport(r: SmokeReport): string {
  const lines = [`model: ${r.model} (${r.provider ?? '?'})`, `load: ${r.loadMs === null ? '—' : `${(r.loadMs / 1000).toFixed(2)} s`}`];
  lines.push(r.plan.ok ? `plan JSON (${Math.round(r.plan.ms)} ms): ${JSON.stringify(r.plan.value)}` : `plan JSON failed (${Math.round(r.plan.ms)} ms): ${r.plan.error}`);
  if ('error' in r.answer) lines.push(`answer failed: ${r.answer.error}`);
  else {
    const a = r.answer;
    lines.push(
      `answer: ${a.completionTokens} tokens (${a.finishReason ?? '?'}), time to first token ${a.firstTokenMs === null ? '—' : `${Math.round(a.firstTokenMs)} ms`}, ${a.tokensPerSecond === null ? '—' : `${a.tokensPerSecond.toFixed(1)} tokens/s`}, prompt ${a.promptTokens ?? '?'} tokens`,
      `text: ${JSON.stringify(a.text.length > 300 ? `${a.text.slice(0, 300)}…` : a.text)}`,
    );
  }
  return lines.join('\n');
}
