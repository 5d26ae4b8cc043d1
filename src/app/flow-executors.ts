/**
 * What runs the items of an approved flow in the app (the core scheduler's FlowExecutors):
 *
 * - question flows: each item is the core map step (askItem: ask() inside the item's document,
 *   in the index worker) with the workspace's pipeline settings read when the item starts, and
 *   the reduce step with the workspace's language model when one is set up and the mode uses
 *   one (none, or one that cannot load: the extractive composer, and the result says why);
 * - scan flows: each item scans its document against the playbook chosen on the approval card
 *   (`meta.playbookId`) through the workspace's ScanService, so the scan is stored and shows in
 *   the Review view like any other; the row is the document's flags, the most severe first.
 */
import { checkAnswer } from '../core/answer/citations';
import type { AskDeps, AskFunction } from '../core/ask/types';
import { describeError, InputError } from '../core/errors';
import type { ChatModel, JobOptions } from '../core/ports';
import type { PipelineSettings } from '../core/search/pipeline';
import type { ScanRecord } from '../core/scan/types';
import type { FlowRow } from '../core/workspace/flows';
import { askItem } from '../core/workspace/map';
import { composeFlowExtractive, reduceFlow } from '../core/workspace/reduce';
import type { FlowExecutor } from '../core/workspace/scheduler';
import type { ScanBatchResult, ScanStartRequest } from './scan-service';

export interface QuestionExecutorDeps {
  readonly ask: AskFunction;
  readonly askDeps: AskDeps;
  readonly settings: () => Promise<PipelineSettings>;
  /** The workspace's language model (null: none set up). */
  readonly model: (options: JobOptions) => Promise<ChatModel | null>;
}

export function questionExecutor(deps: QuestionExecutorDeps): FlowExecutor {
  return {
    run: async (item, flow, options) => askItem(item, flow, { ask: deps.ask, askDeps: deps.askDeps, settings: await deps.settings() }, options),
    finish: async (flow, options) => {
      const settings = await deps.settings();
      if (settings.mode === 'retrieval_only') return reduceFlow(flow, {}, options);
      let model: ChatModel | null;
      try {
        model = await deps.model(options);
      } catch (error) {
        options.signal?.throwIfAborted();
        const { text, sources } = composeFlowExtractive(flow);
        return { answer: checkAnswer(text, sources), sources, writer: 'extractive', fallback: `the language model could not be loaded (${describeError(error)})` };
      }
      return reduceFlow(flow, { model }, options);
    },
  };
}

export interface ScanExecutorDeps {
  readonly start: (request: ScanStartRequest) => Promise<ScanBatchResult>;
}

const SEVERITY_ORDER = ['critical', 'high', 'medium', 'low', 'info'];

/** A scanned document's row: how many flags, their rules (most severe first), the first flag's passage. */
export function scanRow(scan: ScanRecord, label: string): Omit<FlowRow, 'itemId' | 'ms'> {
  const flags = [...scan.flags].sort((a, b) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity));
  const first = flags.find((f) => f.evidence) ?? null;
  const evidence = first?.evidence ?? null;
  return {
    documentId: scan.documentId,
    document: scan.documentName,
    title: label === scan.documentName ? null : label,
    status: flags.length > 0 ? 'found' : 'not_found',
    finding: flags.length > 0 ? `${flags.length} ${flags.length === 1 ? 'flag' : 'flags'} (${scan.playbookName}): ${flags.map((f) => `${f.ruleTitle} — ${f.severity}`).join('; ')}` : '',
    evidence: evidence?.text ?? '',
    chunkId: evidence?.chunkId ?? null,
    pageStart: evidence?.page ?? null,
    pageEnd: evidence?.pageEnd ?? null,
    section: evidence?.sectionPath ?? [],
    language: null,
    score: null,
    reason: flags.length > 0 ? null : `no flag raised by ${scan.playbookName}`,
  };
}

export function scanExecutor(deps: ScanExecutorDeps): FlowExecutor {
  return {
    run: async (item, flow) => {
      const playbookId = flow.meta['playbookId'];
      if (typeof playbookId !== 'string' || !playbookId) throw new InputError(`flows: the scan ${flow.id} was approved without a playbook`);
      if (!item.documentId) throw new InputError(`flows: scan item ${item.id} has no document`);
      const result = await deps.start({ documentIds: [item.documentId], playbookId });
      const failure = result.failures[0];
      if (failure) throw new InputError(`scan: ${failure.name}: ${failure.message}`);
      const scan = result.scans[0];
      if (!scan) throw new InputError(`scan: ${item.label} was not scanned (${result.status})`);
      return scanRow(scan, item.label);
    },
  };
}
