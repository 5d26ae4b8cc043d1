/**
 * What the language-model check page (tests/e2e/llm-page) is asked to run and answers, shared by
 * the page, its worker and the Node drivers (src/cli/smoke-llm.ts, src/cli/bench-llm.ts).
 */
import type { Device, Dtype } from '../../../src/core/ports';
import type { GenerationFigures, SmokeReport } from '../../../src/models/chat/measure';

export interface LlmRun {
  readonly provider: 'webllm' | 'transformers' | 'endpoint';
  /** Hub id, catalog key, WebLLM model_id or the endpoint's model name. */
  readonly model: string;
  readonly endpoint?: string;
  readonly apiKey?: string;
  readonly device?: Device;
  readonly dtype?: Dtype;
  /** transformers: load from the page's /models/ folder (the fixtures) instead of the Hub. */
  readonly localModels?: boolean;
  /** 'smoke': load, plan JSON, streamed answer. 'bench': warm up, then `tokens` tokens timed `runs` times. */
  readonly mode: 'smoke' | 'bench';
  readonly tokens?: number;
  readonly runs?: number;
  /** webllm: try even where the device check says it cannot run (to see web-llm's own failure). */
  readonly force?: boolean;
}

export type LlmResult =
  | { readonly ok: true; readonly smoke?: SmokeReport; readonly bench?: { readonly loadMs: number; readonly runs: GenerationFigures[]; readonly device: string } }
  | { readonly ok: false; readonly error: string; readonly code?: string };

export type WorkerMessage = { readonly type: 'text'; readonly text: string } | { readonly type: 'result'; readonly result: LlmResult };
