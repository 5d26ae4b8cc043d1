/**
 * The device's flow scheduler (the AIBS whole-flow admission, for one browser tab): long or
 * state-changing work is proposed, approved by the user, queued, run one flow at a time, item
 * by item, and can be cancelled or resumed.
 *
 *   - propose → status `proposed` with its estimate; NOTHING runs until approve(flowId). deny()
 *     records the decision and ends the flow.
 *   - approve → `queued`; one flow runs at a time, the others wait in approval order with their
 *     position and an ETA (the running flow's remaining items, those ahead, then their own, at
 *     the durations learnt on this device, durations.ts), re-announced whenever it changes.
 *   - running: each item gets the executor of its flow's kind with an AbortSignal; a failing item
 *     fails alone (its row says why); the flow is saved after every item and the duration learnt;
 *     after the last item the executor's finish (the reduce step) composes the result.
 *   - cancel(flowId) / cancelAll(): a queued flow leaves the line, the running one stops at once
 *     (its pending item's promise is abandoned), keeping the rows it finished.
 *   - recover(): flows a reload or crash stopped (`running`/`queued` in the store) resume from
 *     their finished items, or are marked `interrupted` with what they finished.
 *   - close(): the workspace closes; the running flow stops and nothing else starts, and their
 *     stored status stays `running`/`queued`, so the next recover() resumes them.
 * Events (jobId = flow id): flow_proposed, flow_decided, flow_queued, flow_started, flow_item,
 * progress (unit 'documents', never backwards), then exactly one job_done / job_cancelled /
 * job_failed. The clock is injected.
 */
import { AbortedError, AppError, InputError, isAbort, toSerialized } from '../errors';
import { jobEmitter, type EventInput, type EventSink } from '../events';
import type { JobOptions } from '../ports';
import { DurationModel, workUnits, type WorkPart } from './durations';
import { ACTIVE_STATUSES, pendingItems, type FlowKind, type FlowRecord, type FlowResult, type FlowRow, type FlowStore, type WorkItem } from './flows';

/** Runs the items of one kind of flow. `run` returns the item's row without timing (the scheduler measures). */
export interface FlowExecutor {
  run(item: WorkItem, flow: FlowRecord, options: JobOptions): Promise<Omit<FlowRow, 'itemId' | 'ms'>>;
  /** After the last item: the composed result (question flows: the reduce step). */
  finish?(flow: FlowRecord, options: JobOptions): Promise<FlowResult>;
}

export interface FlowDraft {
  readonly kind: FlowKind;
  readonly question: string;
  readonly language: string | null;
  readonly items: readonly Omit<WorkItem, 'id' | 'index'>[];
  readonly conversationId?: string | null;
  readonly turnId?: string | null;
  readonly meta?: Readonly<Record<string, unknown>>;
}

export interface SchedulerDeps {
  readonly store: FlowStore;
  readonly executors: Readonly<Partial<Record<FlowKind, FlowExecutor>>>;
  readonly durations?: DurationModel;
  readonly emit?: EventSink;
  readonly now?: () => number;
  readonly newId?: () => string;
}

export interface QueueEntry {
  readonly flowId: string;
  readonly status: 'running' | 'queued';
  /** 0 for the running flow, then 1, 2, … in line. */
  readonly position: number;
  /** null: no basis yet on this device ("estimating…"). */
  readonly startsInMs: number | null;
  readonly etaMs: number | null;
  readonly done: number;
  readonly total: number;
}

/** Duration kind of a flow's reduce step. */
const reduceKind = (kind: FlowKind) => `reduce:${kind}`;

function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new AbortedError('flow'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new AbortedError('flow'));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

export class FlowScheduler {
  readonly durations: DurationModel;
  private readonly now: () => number;
  private readonly newId: () => string;
  private readonly flows = new Map<string, FlowRecord>();
  private readonly line: string[] = [];
  private running: { id: string; controller: AbortController; itemStartedAt: number | null } | null = null;
  private current: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly deps: SchedulerDeps) {
    this.durations = deps.durations ?? new DurationModel();
    this.now = deps.now ?? Date.now;
    this.newId = deps.newId ?? (() => crypto.randomUUID());
  }

  /** A scheduler with the durations this device learnt before (from the store). */
  static async open(deps: Omit<SchedulerDeps, 'durations'> & { readonly durationOptions?: ConstructorParameters<typeof DurationModel>[1] }): Promise<FlowScheduler> {
    const record = await deps.store.loadDurations();
    return new FlowScheduler({ ...deps, durations: new DurationModel(record, deps.durationOptions) });
  }

  private emit(flowId: string, event: EventInput): void {
    if (this.deps.emit) jobEmitter(flowId, this.deps.emit, this.now)(event);
  }

  private async save(flow: FlowRecord): Promise<FlowRecord> {
    this.flows.set(flow.id, flow);
    await this.deps.store.put(flow);
    return flow;
  }

  private async load(id: string): Promise<FlowRecord> {
    const flow = this.flows.get(id) ?? (await this.deps.store.get(id));
    if (!flow) throw new InputError(`workspace: no flow ${id}`);
    return flow;
  }

  async get(id: string): Promise<FlowRecord | undefined> {
    return this.flows.get(id) ?? this.deps.store.get(id);
  }

  /** A flow's remaining work: its pending items (kind and units), then its reduce step if it has one. */
  private remainingWork(flow: Pick<FlowRecord, 'kind' | 'items' | 'rows' | 'result'>): WorkPart[] {
    const parts = pendingItems(flow).map((i) => ({ kind: i.kind, units: workUnits(i.size) }));
    return this.deps.executors[flow.kind]?.finish && flow.result === null ? [...parts, { kind: reduceKind(flow.kind), units: 1 }] : parts;
  }

  /** The estimate of a flow's remaining work (ms, buffer included); null while this device has no basis for it. */
  remainingMs(flow: FlowRecord, elapsedOnCurrent = 0): number | null {
    const parts = this.remainingWork(flow);
    const total = this.durations.estimateMs(parts);
    if (total === null) return null;
    const first = pendingItems(flow)[0];
    // The item running now (its warm-up too, when it is the session's first of its kind): the elapsed time is taken off it alone.
    const current = first ? ((this.durations.perItemMs(first.kind, workUnits(first.size)) ?? 0) + this.durations.warmupMs(first.kind)) * this.durations.buffer : 0;
    return Math.max(0, Math.round(total - Math.min(elapsedOnCurrent, current)));
  }

  /** Records a proposal; nothing runs. */
  async propose(draft: FlowDraft): Promise<FlowRecord> {
    if (draft.items.length === 0) throw new InputError(`workspace: a ${draft.kind} flow needs at least one item`);
    if (!this.deps.executors[draft.kind]) throw new InputError(`workspace: no executor for ${draft.kind} flows`);
    const id = this.newId();
    const items = draft.items.map((item, index) => ({ ...item, id: `${id}:${index}`, index }));
    const flow: FlowRecord = {
      id,
      kind: draft.kind,
      question: draft.question,
      language: draft.language,
      conversationId: draft.conversationId ?? null,
      turnId: draft.turnId ?? null,
      createdAt: this.now(),
      status: 'proposed',
      items,
      rows: [],
      estimateMs: this.durations.estimateMs(this.remainingWork({ kind: draft.kind, items, rows: [], result: null })),
      decision: null,
      queuedAt: null,
      startedAt: null,
      finishedAt: null,
      result: null,
      error: null,
      meta: draft.meta ?? {},
    };
    await this.save(flow);
    this.emit(id, { type: 'flow_proposed', kind: flow.kind, items: items.length, estimateMs: flow.estimateMs });
    return flow;
  }

  /** Approves a proposal; `meta` adds what the user chose on approving it (a scan's playbook). */
  async approve(flowId: string, meta: Readonly<Record<string, unknown>> = {}): Promise<FlowRecord> {
    if (this.closed) throw new InputError(`workspace: flow ${flowId} cannot start, the workspace is closing`);
    const flow = await this.load(flowId);
    if (flow.status !== 'proposed') throw new InputError(`workspace: flow ${flowId} is ${flow.status}, not waiting for approval`);
    const at = this.now();
    const queued = await this.save({ ...flow, status: 'queued', decision: { approved: true, at, reason: null }, queuedAt: at, meta: { ...flow.meta, ...meta } });
    this.emit(flowId, { type: 'flow_decided', approved: true, reason: null });
    this.line.push(flowId);
    this.pump();
    this.announce();
    return queued;
  }

  async deny(flowId: string, reason: string | null = null): Promise<FlowRecord> {
    const flow = await this.load(flowId);
    if (flow.status !== 'proposed') throw new InputError(`workspace: flow ${flowId} is ${flow.status}, not waiting for approval`);
    const at = this.now();
    const denied = await this.save({ ...flow, status: 'denied', decision: { approved: false, at, reason }, finishedAt: at });
    this.emit(flowId, { type: 'flow_decided', approved: false, reason });
    this.emit(flowId, { type: 'job_cancelled' });
    return denied;
  }

  /** Cancels a queued or running flow (a proposed one is denied). */
  async cancel(flowId: string): Promise<FlowRecord> {
    const flow = await this.load(flowId);
    if (flow.status === 'proposed') return this.deny(flowId, 'cancelled');
    if (this.running?.id === flowId) {
      this.running.controller.abort();
      await this.current;
      return this.load(flowId);
    }
    const at = this.line.indexOf(flowId);
    if (at < 0) return flow;
    this.line.splice(at, 1);
    const cancelled = await this.save({ ...flow, status: 'cancelled', finishedAt: this.now() });
    this.emit(flowId, { type: 'job_cancelled' });
    this.announce();
    return cancelled;
  }

  /** Cancels every queued flow, then the running one. */
  async cancelAll(): Promise<void> {
    for (const id of [...this.line].reverse()) await this.cancel(id);
    if (this.running) await this.cancel(this.running.id);
  }

  /** The running flow and the line, with positions and ETAs (ms from now). */
  queue(): QueueEntry[] {
    const out: QueueEntry[] = [];
    let startsIn: number | null = 0;
    if (this.running) {
      const flow = this.flows.get(this.running.id)!;
      const elapsed = this.running.itemStartedAt === null ? 0 : this.now() - this.running.itemStartedAt;
      startsIn = this.remainingMs(flow, elapsed);
      out.push({ flowId: flow.id, status: 'running', position: 0, startsInMs: 0, etaMs: startsIn, done: flow.rows.length, total: flow.items.length });
    }
    this.line.forEach((id, i) => {
      const flow = this.flows.get(id)!;
      const own = this.remainingMs(flow);
      const eta = startsIn === null || own === null ? null : startsIn + own;
      out.push({ flowId: id, status: 'queued', position: i + 1, startsInMs: startsIn, etaMs: eta, done: flow.rows.length, total: flow.items.length });
      startsIn = eta;
    });
    return out;
  }

  /** Resolves when no flow runs or waits. */
  async whenIdle(): Promise<void> {
    while (this.current) await this.current;
  }

  /**
   * Flows a reload or crash stopped: `resume` queues them again (finished items are kept, the
   * rest run); `report` marks them interrupted with the rows they have.
   */
  async recover(mode: 'resume' | 'report'): Promise<FlowRecord[]> {
    const stopped = (await this.deps.store.list()).filter((f) => ACTIVE_STATUSES.has(f.status) && !this.flows.has(f.id));
    stopped.sort((a, b) => (a.queuedAt ?? a.createdAt) - (b.queuedAt ?? b.createdAt));
    const out: FlowRecord[] = [];
    for (const flow of stopped) {
      if (mode === 'report') {
        out.push(await this.save({ ...flow, status: 'interrupted', finishedAt: this.now() }));
        continue;
      }
      out.push(await this.save({ ...flow, status: 'queued' }));
      this.line.push(flow.id);
    }
    this.pump();
    this.announce();
    return out;
  }

  /**
   * Stops for good (the workspace closes): the line is dropped and the running flow stops after
   * its current item is abandoned, all without changing their stored status — they stay
   * `queued`/`running` for the next session's recover() to resume.
   */
  async close(): Promise<void> {
    this.closed = true;
    this.line.length = 0;
    this.running?.controller.abort();
    await this.current;
  }

  /** Tells every waiting flow its place in line and ETA. */
  private announce(): void {
    for (const e of this.queue()) if (e.status === 'queued') this.emit(e.flowId, { type: 'flow_queued', position: e.position, startsInMs: e.startsInMs, etaMs: e.etaMs });
  }

  private pump(): void {
    if (this.closed || this.running || this.line.length === 0) return;
    const id = this.line.shift()!;
    const controller = new AbortController();
    this.running = { id, controller, itemStartedAt: null };
    const run = this.runFlow(id, controller.signal).finally(() => {
      this.running = null;
      this.current = null;
      this.pump();
      this.announce();
    });
    this.current = run;
  }

  private progress(flow: FlowRecord): void {
    this.emit(flow.id, { type: 'progress', unit: 'documents', done: flow.rows.length, total: flow.items.length, etaMs: this.remainingMs(flow) });
  }

  private async runFlow(id: string, signal: AbortSignal): Promise<void> {
    let flow = await this.load(id);
    const executor = this.deps.executors[flow.kind];
    try {
      if (!executor) throw new InputError(`workspace: no executor for ${flow.kind} flows`);
      flow = await this.save({ ...flow, status: 'running', startedAt: flow.startedAt ?? this.now() });
      this.emit(id, { type: 'flow_started', items: flow.items.length, done: flow.rows.length, etaMs: this.remainingMs(flow) });
      this.progress(flow);
      for (const item of pendingItems(flow)) {
        if (signal.aborted) break;
        const started = this.now();
        this.running!.itemStartedAt = started;
        let row: FlowRow;
        try {
          const found = await abortable(executor.run(item, flow, { signal }), signal);
          row = { ...found, itemId: item.id, ms: this.now() - started };
          this.durations.observe(item.kind, row.ms, workUnits(item.size));
        } catch (error) {
          if (isAbort(error) || signal.aborted) break;
          row = failedRow(item, error, this.now() - started);
        }
        flow = await this.save({ ...flow, rows: [...flow.rows, row] });
        await this.deps.store.saveDurations(this.durations.toRecord());
        this.emit(id, { type: 'flow_item', itemId: item.id, documentId: item.documentId, label: item.label, status: row.status, done: flow.rows.length, total: flow.items.length, ms: row.ms });
        this.progress(flow);
        this.announce();
      }
      if (signal.aborted) {
        if (this.closed) return;
        await this.save({ ...flow, status: 'cancelled', finishedAt: this.now() });
        this.emit(id, { type: 'job_cancelled' });
        return;
      }
      let result = flow.result;
      if (executor.finish && !result) {
        const started = this.now();
        result = await abortable(executor.finish(flow, { signal }), signal);
        this.durations.observe(reduceKind(flow.kind), this.now() - started);
        await this.deps.store.saveDurations(this.durations.toRecord());
      }
      flow = await this.save({ ...flow, status: 'done', result, finishedAt: this.now() });
      this.emit(id, { type: 'job_done', summary: summary(flow) });
    } catch (error) {
      if (isAbort(error) || signal.aborted) {
        if (this.closed) return;
        await this.save({ ...flow, status: 'cancelled', finishedAt: this.now() });
        this.emit(id, { type: 'job_cancelled' });
        return;
      }
      const serialized = toSerialized(error);
      await this.save({ ...flow, status: 'failed', error: serialized, finishedAt: this.now() });
      this.emit(id, { type: 'job_failed', error: serialized });
    }
  }
}

function failedRow(item: WorkItem, error: unknown, ms: number): FlowRow {
  const message = error instanceof AppError || error instanceof Error ? error.message : String(error);
  return {
    itemId: item.id,
    documentId: item.documentId,
    document: item.label,
    title: null,
    status: 'failed',
    finding: '',
    evidence: '',
    chunkId: null,
    pageStart: null,
    pageEnd: null,
    section: [],
    language: null,
    score: null,
    reason: message,
    ms,
  };
}

function summary(flow: FlowRecord): Record<string, number> {
  const count = (s: FlowRow['status']) => flow.rows.filter((r) => r.status === s).length;
  return { items: flow.items.length, found: count('found'), not_found: count('not_found'), failed: count('failed') };
}
