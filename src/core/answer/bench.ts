/**
 * The latency the answer layer adds around retrieval and generation: planning (the two phases:
 * prompts, alias map, schema validation, handle mapping — the model's own time measured apart),
 * the context build (numbered sources within the budget), the extractive composer and the
 * verification of citations and quotes. `npm run bench` calls it with real ask results; with a
 * real model the plan figures include its time as `planModelMs`.
 *
 * Without a model, a planner that answers a fixed valid plan at once stands in, so the figures
 * are this code's overhead alone.
 */
import type { AskResult } from '../ask/types';
import type { ChatDelta, ChatModel, ChatRequest, JobOptions, JsonSchema } from '../ports';
import type { NamedDocument } from '../search-types';
import { checkAnswer } from './citations';
import { composeExtractive } from './extractive';
import { DEFAULT_TIMEOUTS } from './model-calls';
import { planWithModel } from './plan';
import { buildSources, fromPassage } from './sources';

interface Stat {
  readonly n: number;
  readonly medianMs: number;
  readonly p95Ms: number;
}

export interface AnswerBench {
  /** Planning time not spent in the model. */
  readonly planMs: Stat;
  /** Time spent in the model's JSON calls while planning. */
  readonly planModelMs: Stat;
  readonly sourcesMs: Stat;
  readonly extractiveMs: Stat;
  readonly verifyMs: Stat;
}

export interface AnswerBenchInput {
  readonly asks: readonly AskResult[];
  readonly documents: readonly NamedDocument[];
  readonly model?: ChatModel | null;
  /** Passes over the ask results (default 3). */
  readonly runs?: number;
}

function stat(samples: readonly number[]): Stat {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { n: sorted.length, medianMs: at(0.5), p95Ms: at(0.95) };
}

/** Answers Phase A with a single-document retrieval plan and Phase B with the first listed document. */
function fixedPlanModel(): ChatModel {
  return {
    model: { id: 'bench/fixed-plan', dtype: 'fp32', device: 'cpu' },
    async json<T>(_request: ChatRequest, schema: JsonSchema): Promise<T> {
      const properties = schema['properties'] as Record<string, { items?: { enum?: string[] } }>;
      if ('family' in properties) return { family: 'single_doc_retrieval', reply_language: 'en', evidence_regime: 'grounded', follow_up: false } as T;
      return { document_ids: (properties['document_ids']?.items?.enum ?? []).slice(0, 1), section_ordinal: null, answer_shape: 'short', fact_kind: null } as T;
    },
    chat(): AsyncIterable<ChatDelta> {
      throw new Error('bench: the fixed planner does not write answers');
    },
  };
}

/** Wraps a model to add up the time spent in its JSON calls. */
function timed(model: ChatModel): { model: ChatModel; spent: () => number } {
  let spent = 0;
  return {
    spent: () => spent,
    model: {
      model: model.model,
      chat: (request: ChatRequest, options?: JobOptions) => model.chat(request, options),
      async json<T>(request: ChatRequest, schema: JsonSchema, options?: JobOptions): Promise<T> {
        const t = performance.now();
        try {
          return await model.json<T>(request, schema, options);
        } finally {
          spent += performance.now() - t;
        }
      },
    },
  };
}

export async function benchAnswerOverhead(input: AnswerBenchInput): Promise<AnswerBench> {
  const plan: number[] = [];
  const planModel: number[] = [];
  const sources: number[] = [];
  const extractive: number[] = [];
  const verify: number[] = [];
  const wrapped = timed(input.model ?? fixedPlanModel());
  for (let run = 0; run < (input.runs ?? 3); run++) {
    for (const ask of input.asks) {
      const before = wrapped.spent();
      let t = performance.now();
      await planWithModel({ question: ask.question, history: [], documents: input.documents, previousDocumentIds: [] }, wrapped.model, DEFAULT_TIMEOUTS);
      const inModel = wrapped.spent() - before;
      plan.push(performance.now() - t - inModel);
      planModel.push(inModel);

      t = performance.now();
      const numbered = buildSources(ask.question, ask.passages.map(fromPassage));
      sources.push(performance.now() - t);
      t = performance.now();
      const text = composeExtractive(ask.question, numbered, ask.language);
      extractive.push(performance.now() - t);
      t = performance.now();
      checkAnswer(text, numbered);
      verify.push(performance.now() - t);
    }
  }
  return { planMs: stat(plan), planModelMs: stat(planModel), sourcesMs: stat(sources), extractiveMs: stat(extractive), verifyMs: stat(verify) };
}
