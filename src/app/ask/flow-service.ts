/**
 * Workspace answers in one open workspace: the core's CatalogWorkspaceAnswers over the documents
 * table (inventory counts, document tables with pagination, a document's facts, broad questions
 * proposed as flows) handed to the conversation as its `workspace`, and the FlowScheduler that
 * runs approved flows — one at a time in this workspace (a tab opens one workspace at a time;
 * two tabs do not coordinate) — with the executors of flows-executors.ts.
 *
 * - Opened with the session: the durations this device learnt are loaded, and flows a reload or
 *   crash stopped resume from their finished items (recover('resume')).
 * - Flow events stay here (the cards show them; the app's event bus would announce a cancelled flow
 *   as a cancelled import).
 * - The view: every flow a card has asked for, live — its record (proposal, decision, rows,
 *   result), its place in line and ETA while it waits, the item being read while it runs.
 *   Records are read from the store on first sight, so a reloaded conversation shows its flows.
 * - Nothing runs before approve(); deny() is kept in the flow (and shown on its card).
 * - close() stops the running flow without changing its stored status (the next session resumes
 *   it), before the database closes.
 */
import type { WorkspaceAnswers } from '../../core/answer-types';
import { describeError } from '../../core/errors';
import type { ClauseClassifier, JobOptions } from '../../core/ports';
import { CatalogWorkspaceAnswers } from '../../core/workspace/answers';
import type { DocumentCatalog } from '../../core/workspace/catalog';
import { pendingItems, type FlowKind, type FlowRecord, type WorkItem } from '../../core/workspace/flows';
import type { WorkspaceAnswer } from '../../core/answer-types';
import { FlowScheduler, type FlowExecutor, type QueueEntry } from '../../core/workspace/scheduler';
import type { ExportLang } from '../../export/export-strings';
import { flowFileName, flowToCsv, flowToXlsx } from '../../export/flow-table';
import type { DexieFlowStore } from '../../store/flows';
import type { DownloadFile } from '../browser/downloads';
import type { FolderChoice, FolderChoices } from './flow-executors';

export interface FlowServiceDeps {
  readonly store: DexieFlowStore;
  readonly catalog: DocumentCatalog;
  readonly executors: Readonly<Partial<Record<FlowKind, FlowExecutor>>>;
  /** Where an import card leaves the folder chosen for its flow's executor. */
  readonly folderChoices?: FolderChoices;
  /** Tells the clause types a broad question asks about (loaded on first use); null: none. */
  readonly classifier?: () => Promise<ClauseClassifier | null>;
  readonly now?: () => number;
  readonly newId?: () => string;
}

export interface FlowView {
  readonly flow: FlowRecord;
  /** Running or waiting: its place (0 running, 1… in line) and ETAs; null otherwise. */
  readonly queue: QueueEntry | null;
  /** Running: the item being read now. */
  readonly current: WorkItem | null;
}

export interface FlowsView {
  readonly flows: Readonly<Record<string, FlowView>>;
  /** Flows running or waiting in this workspace. */
  readonly active: number;
}

const EMPTY: FlowsView = { flows: {}, active: 0 };

export class FlowService {
  readonly #deps: FlowServiceDeps;
  readonly #listeners = new Set<() => void>();
  #view: FlowsView = EMPTY;
  #opening: Promise<{ scheduler: FlowScheduler; answers: CatalogWorkspaceAnswers }> | null = null;
  #scheduler: FlowScheduler | null = null;
  #closed = false;

  /** The conversation's workspace answers (they wait for the scheduler to open). */
  readonly answers: WorkspaceAnswers = {
    route: async (question) => (await this.#open()).answers.route(question),
    answer: async (question, options) => (await this.#open()).answers.answer(question, options),
    propose: async (request, options) => {
      const proposal = await (await this.#open()).answers.propose(request, options);
      if (proposal) await this.load(proposal.flowId);
      return proposal;
    },
  };

  constructor(deps: FlowServiceDeps) {
    this.#deps = deps;
  }

  get view(): FlowsView {
    return this.#view;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Opens the scheduler and resumes the flows a reload stopped. */
  async start(): Promise<void> {
    const { scheduler } = await this.#open();
    const resumed = await scheduler.recover('resume');
    for (const flow of resumed) this.#put(flow);
    this.#refreshQueue();
  }

  /** Reads a flow into the view (a card of a reloaded conversation). */
  async load(flowId: string): Promise<FlowView | null> {
    const known = this.#view.flows[flowId];
    if (known) return known;
    const flow = (await this.#scheduler?.get(flowId)) ?? (await this.#deps.store.get(flowId));
    if (!flow) return null;
    this.#put(flow);
    return this.#view.flows[flowId] ?? null;
  }

  /** Runs a proposed flow (after any running one); `meta` is what the card asked for (a scan's playbook). */
  async approve(flowId: string, meta: Readonly<Record<string, unknown>> = {}): Promise<void> {
    const { scheduler } = await this.#open();
    this.#put(await scheduler.approve(flowId, meta));
    this.#refreshQueue();
  }

  /** Runs a proposed folder import with the folder the user just chose on its card. */
  async approveImport(flowId: string, choice: FolderChoice): Promise<void> {
    if (!this.#deps.folderChoices) throw new Error('flows: folder imports are not set up in this workspace');
    this.#deps.folderChoices.hold(flowId, choice);
    await this.approve(flowId, { chosen: choice.kind === 'handle' ? choice.handle.name : choice.name });
  }

  /** Declines a proposal: nothing runs, and the card says so. */
  async deny(flowId: string): Promise<void> {
    const { scheduler } = await this.#open();
    this.#put(await scheduler.deny(flowId, 'declined'));
  }

  async cancel(flowId: string): Promise<void> {
    const { scheduler } = await this.#open();
    this.#put(await scheduler.cancel(flowId));
    this.#refreshQueue();
  }

  /** Cancels every waiting flow, then the running one. */
  async cancelAll(): Promise<void> {
    const { scheduler } = await this.#open();
    await scheduler.cancelAll();
    for (const id of Object.keys(this.#view.flows)) {
      const flow = await scheduler.get(id);
      if (flow) this.#put(flow);
    }
    this.#refreshQueue();
  }

  /** The next page of a document table (its continuation token). */
  async page(token: string, language: string | null, options: JobOptions = {}): Promise<WorkspaceAnswer> {
    return (await this.#open()).answers.page(token, language, options);
  }

  /** A flow's table as CSV or an Excel workbook, as the other exports are downloaded. */
  async exportTable(flowId: string, format: 'csv' | 'xlsx', language: ExportLang = 'en'): Promise<DownloadFile> {
    const flow = (await this.load(flowId))?.flow;
    if (!flow) throw new Error(`flows: no flow ${flowId} to export`);
    if (format === 'csv') return { name: flowFileName(flow, 'csv', language), type: 'text/csv;charset=utf-8', data: `\ufeff${flowToCsv(flow, language)}` };
    return { name: flowFileName(flow, 'xlsx', language), type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data: await flowToXlsx(flow, language) };
  }

  /** The workspace closes: the running flow stops where it is and resumes when it reopens. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#listeners.clear();
    const opened = this.#opening ? await this.#opening.catch(() => null) : null;
    await opened?.scheduler.close();
  }

  #open(): Promise<{ scheduler: FlowScheduler; answers: CatalogWorkspaceAnswers }> {
    this.#opening ??= (async () => {
      const scheduler = await FlowScheduler.open({
        store: this.#deps.store,
        executors: this.#deps.executors,
        emit: (event) => {
          if (event.jobId) this.#changed(event.jobId);
        },
        ...(this.#deps.now ? { now: this.#deps.now } : {}),
        ...(this.#deps.newId ? { newId: this.#deps.newId } : {}),
      });
      this.#scheduler = scheduler;
      const classifier = this.#deps.classifier ? await this.#deps.classifier().catch((error: unknown) => (console.warn(`Casefile: flows: no clause classifier: ${describeError(error)}`), null)) : null;
      const answers = new CatalogWorkspaceAnswers({ catalog: this.#deps.catalog, flows: scheduler, classifier, ...(this.#deps.now ? { now: this.#deps.now } : {}) });
      return { scheduler, answers };
    })();
    return this.#opening;
  }

  /** A flow event: its record and the line are read again. */
  #changed(flowId: string): void {
    const scheduler = this.#scheduler;
    if (!scheduler || this.#closed) return;
    void scheduler.get(flowId).then((flow) => {
      if (flow && !this.#closed) {
        this.#put(flow);
        this.#refreshQueue();
      }
    });
  }

  #put(flow: FlowRecord): void {
    const previous = this.#view.flows[flow.id];
    const queue = previous?.queue ?? null;
    this.#set({ ...this.#view.flows, [flow.id]: { flow, queue, current: queue?.status === 'running' ? (pendingItems(flow)[0] ?? null) : null } });
  }

  /** Places in line, ETAs and current items of every flow shown. */
  #refreshQueue(): void {
    const scheduler = this.#scheduler;
    if (!scheduler) return;
    const entries = new Map(scheduler.queue().map((e) => [e.flowId, e]));
    const flows: Record<string, FlowView> = {};
    for (const [id, v] of Object.entries(this.#view.flows)) {
      const queue = entries.get(id) ?? null;
      flows[id] = { flow: v.flow, queue, current: queue?.status === 'running' ? (pendingItems(v.flow)[0] ?? null) : null };
    }
    this.#set(flows, entries.size);
  }

  #set(flows: Record<string, FlowView>, active = this.#view.active): void {
    this.#view = { flows, active };
    for (const listener of this.#listeners) listener();
  }
}
