/**
 * The executor of question flows for the scheduler: each item is the map step (map.ts, the one
 * ask function inside the item's document), the finish is the reduce step (reduce.ts) with the
 * language model the workspace has at that moment (none: extractive).
 */
import type { ChatModel } from '../ports';
import { askItem, type AskItemDeps } from './map';
import { reduceFlow, type ReduceDeps } from './reduce';
import type { FlowExecutor } from './scheduler';

export interface QuestionFlowDeps extends AskItemDeps {
  /** The model that writes the reduce step's answer, asked for when the map is done; null: extractive. */
  readonly model?: () => Promise<ChatModel | null>;
  readonly timeouts?: ReduceDeps['timeouts'];
}

export function questionFlowExecutor(deps: QuestionFlowDeps): FlowExecutor {
  return {
    run: (item, flow, options) => askItem(item, flow, deps, options),
    finish: async (flow, options) => reduceFlow(flow, { model: deps.model ? await deps.model() : null, ...(deps.timeouts ? { timeouts: deps.timeouts } : {}) }, options),
  };
}
