/**
 * What runs the items of an approved flow in the app (the core scheduler's FlowExecutors):
 *
 * - question flows: each item is the core map step (askItem: ask() inside the item's document,
 *   in the index worker) with the workspace's pipeline settings read when the item starts, and
 *   the reduce step with the workspace's language model when one is set up and the mode uses
 *   one (none, or one that cannot load: the extractive composer, and the result says why);
 * - scan flows: each item scans its document against the playbook chosen on the approval card
 *   (`meta.playbookId`) through the workspace's ScanService, so the scan is stored and shows in
 *   the Review view like any other; the row is the document's flags, the most severe first;
 * - import flows (a folder import asked for in the chat): the folder the user chose on the
 *   approval card's Run (FolderChoices: a picker needs the click, and a directory handle or
 *   picked files cannot wait in the store) is opened as the workspace's synced folder, or its
 *   files copied in, exactly as the Documents panel's Open folder does; a flow resumed after a
 *   reload has no choice left and fails saying so.
 */
import { checkAnswer } from '../../core/answer/citations';
import type { Asker } from '../../core/ask/types';
import { describeError, InputError } from '../../core/errors';
import type { ChatModel, JobOptions } from '../../core/ports';
import type { PipelineSettings } from '../../core/search-types';
import type { ScanRecord } from '../../core/scan/types';
import type { FlowRow } from '../../core/workspace/flows';
import { askItem } from '../../core/workspace/map';
import { composeFlowExtractive, reduceFlow } from '../../core/workspace/reduce';
import type { FlowExecutor } from '../../core/workspace/scheduler';
import type { RescanSummary } from '../imports/folder-sync';
import type { ScanBatchResult, ScanStartRequest } from '../review/scan-service';

export interface QuestionExecutorDeps {
  /** ask() bound where it is made (in the app: in the index worker), and the workspace's documents. */
  readonly asker: Asker;
  readonly settings: () => Promise<PipelineSettings>;
  /** The workspace's language model (null: none set up). */
  readonly model: (options: JobOptions) => Promise<ChatModel | null>;
}

export function questionExecutor(deps: QuestionExecutorDeps): FlowExecutor {
  return {
    run: async (item, flow, options) => askItem(item, flow, { asker: deps.asker, settings: await deps.settings() }, options),
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
function scanRow(scan: ScanRecord, label: string): Omit<FlowRow, 'itemId' | 'ms'> {
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

/** The folder chosen on an import card: a directory handle (File System Access) or the files of `<input webkitdirectory>`. */
export type FolderChoice = { readonly kind: 'handle'; readonly handle: FileSystemDirectoryHandle } | { readonly kind: 'files'; readonly name: string; readonly files: readonly File[] };

/** The folders chosen for approved import flows, until their flow runs (in memory only). */
export class FolderChoices {
  readonly #choices = new Map<string, FolderChoice>();

  hold(flowId: string, choice: FolderChoice): void {
    this.#choices.set(flowId, choice);
  }

  take(flowId: string): FolderChoice | null {
    const choice = this.#choices.get(flowId) ?? null;
    this.#choices.delete(flowId);
    return choice;
  }
}

export interface ImportExecutorDeps {
  readonly choices: FolderChoices;
  /** The Documents panel's folder sync: keep the folder and scan it. */
  readonly openFolder: (handle: FileSystemDirectoryHandle) => Promise<RescanSummary>;
  /** The Documents panel's folder input: copy the files in. */
  readonly addFolderFiles: (files: readonly File[]) => Promise<{ jobId: string | null; skipped: number }>;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function importRow(folder: string, finding: string, found: boolean): Omit<FlowRow, 'itemId' | 'ms'> {
  return { documentId: null, document: folder, title: null, status: found ? 'found' : 'not_found', finding, evidence: '', chunkId: null, pageStart: null, pageEnd: null, section: [], language: null, score: null, reason: found ? null : `no document to import in ${folder}` };
}

export function importExecutor(deps: ImportExecutorDeps): FlowExecutor {
  return {
    run: async (item, flow) => {
      const choice = deps.choices.take(flow.id);
      if (!choice) throw new InputError(`flows: the folder for import ${flow.id} was not chosen in this session; open it from the Documents panel`);
      if (choice.kind === 'handle') {
        const s = await deps.openFolder(choice.handle);
        const finding = [plural(s.added, 'new document', 'new documents'), `${s.reindexed} changed`, `${s.removed} removed`, `${s.unchanged} unchanged`].join(', ') + (s.unreadable.length > 0 ? `; ${plural(s.unreadable.length, 'file', 'files')} unreadable` : '');
        return importRow(choice.handle.name, finding, s.added + s.reindexed > 0);
      }
      const { skipped } = await deps.addFolderFiles(choice.files);
      const added = choice.files.length - skipped;
      const finding = `${plural(added, 'file', 'files')} sent for import` + (skipped > 0 ? `; ${plural(skipped, 'file', 'files')} of other types skipped` : '');
      return importRow(choice.name || item.label, finding, added > 0);
    },
  };
}
