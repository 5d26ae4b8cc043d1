import { describe, expect, it } from 'vitest';
import { AbortedError, InputError } from '../../../../src/core/errors';
import { TERMINAL_EVENTS, type CasefileEvent } from '../../../../src/core/events';
import type { JobOptions } from '../../../../src/core/ports';
import { DurationModel } from '../../../../src/core/workspace/durations';
import { MemoryFlowStore, rowsInOrder, type FlowKind, type FlowRecord, type FlowRow, type WorkItem } from '../../../../src/core/workspace/flows';
import { FlowScheduler, type FlowDraft, type FlowExecutor } from '../../../../src/core/workspace/scheduler';

/** A clock tests move by hand; executors advance it by each item's cost. */
class Clock {
  t = 1_000_000;
  readonly now = () => this.t;
}

interface Gate {
  readonly item: WorkItem;
  release(): void;
  fail(error: Error): void;
}

/**
 * An executor whose items finish when the test says so (or at once with `auto`), advancing the
 * clock by `costMs` per item, recording every call.
 */
class TestExecutor implements FlowExecutor {
  readonly ran: string[] = [];
  readonly gates: Gate[] = [];
  finished = 0;
  constructor(
    private readonly clock: Clock,
    private readonly costMs = 1000,
    private readonly auto = true,
  ) {}

  run(item: WorkItem, _flow: FlowRecord, options: JobOptions): Promise<Omit<FlowRow, 'itemId' | 'ms'>> {
    this.ran.push(item.id);
    const row = { documentId: item.documentId, document: item.label, title: null, status: 'found' as const, finding: `found in ${item.label}`, evidence: `found in ${item.label}.`, chunkId: `${item.documentId}:1`, pageStart: 1, pageEnd: 1, section: [], language: 'en', score: 0.9, reason: null };
    if (this.auto) {
      this.clock.t += this.costMs;
      return Promise.resolve(row);
    }
    return new Promise((resolve, reject) => {
      options.signal?.addEventListener('abort', () => reject(new AbortedError('test item')));
      this.gates.push({ item, release: () => ((this.clock.t += this.costMs), resolve(row)), fail: reject });
    });
  }

  async finish(flow: FlowRecord) {
    this.finished++;
    const text = `${flow.rows.length} rows`;
    return { answer: { text, citations: [], quotes: [], verification: { citations: 0, unresolvedCitations: 0, quotes: 0, unverifiedQuotes: 0, uncitedSentences: 0, sentences: 0, ok: true } }, sources: [], writer: 'extractive' as const, fallback: null };
  }
}

function draft(n: number, kind: FlowKind = 'question'): FlowDraft {
  return {
    kind,
    question: 'which contracts have a non-compete clause?',
    language: 'en',
    items: Array.from({ length: n }, (_, i) => ({ kind: 'ask', documentId: `doc${i}`, label: `Contract ${i}`, query: 'non-compete', subjects: ['non_compete'], fields: ['non-compete'], evidenceBudget: 3, neighbourDepth: 1, operation: 'fact' as const })),
  };
}

/** Durations as a device that measured 2 s a document and a 1 s reduce step would have them. */
function measured(): DurationModel {
  return new DurationModel({ version: 2, kinds: { ask: { meanMs: 2000, samples: 5, weight: 3 }, 'reduce:question': { meanMs: 1000, samples: 1, weight: 1 } } });
}

function setup(options: { auto?: boolean; costMs?: number; store?: MemoryFlowStore; durations?: DurationModel } = {}) {
  const clock = new Clock();
  const events: CasefileEvent[] = [];
  const executor = new TestExecutor(clock, options.costMs ?? 1000, options.auto ?? true);
  const store = options.store ?? new MemoryFlowStore();
  let n = 0;
  const scheduler = new FlowScheduler({ store, executors: { question: executor, scan: executor }, emit: (e) => events.push(e), now: clock.now, newId: () => `f${++n}`, ...(options.durations ? { durations: options.durations } : {}) });
  return { clock, events, executor, store, scheduler };
}

const settle = () => new Promise((r) => setTimeout(r, 0));
const of = (events: readonly CasefileEvent[], flowId: string) => events.filter((e) => e.jobId === flowId);

describe('approval', () => {
  it('nothing runs before approve(flowId); approving runs every item, then the reduce step', async () => {
    const { scheduler, executor, events, store } = setup();
    const flow = await scheduler.propose(draft(6));
    expect(flow).toMatchObject({ status: 'proposed', decision: null });
    expect(flow.items.map((i) => i.id)).toEqual(['f1:0', 'f1:1', 'f1:2', 'f1:3', 'f1:4', 'f1:5']);
    // Nothing measured on this device: no estimate yet ("estimating…").
    expect(flow.estimateMs).toBeNull();
    await settle();
    expect(executor.ran).toEqual([]);
    expect(executor.finished).toBe(0);
    expect(events.map((e) => e.type)).toEqual(['flow_proposed']);
    expect((await store.get('f1'))!.status).toBe('proposed');

    await scheduler.approve('f1');
    await scheduler.whenIdle();
    const done = (await store.get('f1'))!;
    expect(done).toMatchObject({ status: 'done', decision: { approved: true, reason: null } });
    expect(rowsInOrder(done).map((r) => r.finding)).toEqual([0, 1, 2, 3, 4, 5].map((i) => `found in Contract ${i}`));
    expect(done.result?.answer.text).toBe('6 rows');
    expect(executor.finished).toBe(1);
  });

  it('a denial is recorded and nothing ever runs', async () => {
    const { scheduler, executor, events, store } = setup();
    await scheduler.propose(draft(3));
    const denied = await scheduler.deny('f1', 'too long');
    expect(denied).toMatchObject({ status: 'denied', decision: { approved: false, reason: 'too long' } });
    expect((await store.get('f1'))!.decision).toMatchObject({ approved: false, reason: 'too long' });
    await scheduler.whenIdle();
    expect(executor.ran).toEqual([]);
    expect(events.map((e) => e.type)).toEqual(['flow_proposed', 'flow_decided', 'job_cancelled']);
    await expect(scheduler.approve('f1')).rejects.toThrow(InputError);
  });

  it('rejects an empty flow and a kind without an executor', async () => {
    const { scheduler } = setup();
    await expect(scheduler.propose(draft(0))).rejects.toThrow(/at least one item/);
    await expect(scheduler.propose(draft(1, 'import'))).rejects.toThrow(/no executor for import/);
  });
});

describe('the queue', () => {
  it('runs one flow at a time; the next waits with its position and an ETA that counts what runs before it', async () => {
    const { scheduler, executor, events, clock } = setup({ auto: false, costMs: 2000, durations: measured() });
    await scheduler.propose(draft(3));
    await scheduler.propose(draft(2));
    await scheduler.propose(draft(1));
    await scheduler.approve('f1');
    await scheduler.approve('f2');
    await scheduler.approve('f3');
    await settle();
    expect(executor.ran).toEqual(['f1:0']);
    const q = scheduler.queue();
    const perItem = 2000 * 1.15;
    const reduce = 1000 * 1.15;
    expect(q.map((e) => [e.flowId, e.status, e.position])).toEqual([['f1', 'running', 0], ['f2', 'queued', 1], ['f3', 'queued', 2]]);
    expect(q[1]!.startsInMs).toBe(Math.round(3 * perItem + reduce));
    expect(q[1]!.etaMs).toBe(q[1]!.startsInMs! + Math.round(2 * perItem + reduce));
    expect(q[2]!.startsInMs).toBe(q[1]!.etaMs);
    const queued = of(events, 'f3').filter((e) => e.type === 'flow_queued');
    expect(queued[queued.length - 1]).toMatchObject({ position: 2 });

    // Time passes on the running item: the waiting flows' ETAs come closer.
    clock.t += 1500;
    expect(scheduler.queue()[1]!.startsInMs).toBe(q[1]!.startsInMs! - 1500);

    for (let i = 0; i < 6; i++) {
      executor.gates[i]!.release();
      await settle();
      await settle();
    }
    await scheduler.whenIdle();
    expect(executor.ran).toEqual(['f1:0', 'f1:1', 'f1:2', 'f2:0', 'f2:1', 'f3:0']);
    // f3 moved up to position 1 once f1 finished.
    expect(of(events, 'f3').filter((e) => e.type === 'flow_queued').map((e) => (e as { position: number }).position)).toContain(1);
  });

  it('events per flow: progress never goes backwards and exactly one terminal event ends it', async () => {
    const { scheduler, events } = setup();
    await scheduler.propose(draft(4));
    await scheduler.approve('f1');
    await scheduler.whenIdle();
    const mine = of(events, 'f1');
    expect(mine.map((e) => e.type)).toEqual(['flow_proposed', 'flow_decided', 'flow_started', 'progress', 'flow_item', 'progress', 'flow_item', 'progress', 'flow_item', 'progress', 'flow_item', 'progress', 'job_done']);
    const done = mine.filter((e) => e.type === 'progress').map((e) => (e as { done: number }).done);
    expect(done).toEqual([0, 1, 2, 3, 4]);
    expect(mine.filter((e) => TERMINAL_EVENTS.has(e.type))).toHaveLength(1);
    expect(mine[mine.length - 1]).toMatchObject({ type: 'job_done', summary: { items: 4, found: 4, not_found: 0, failed: 0 } });
  });

  it('a failing item fails alone: its row says why, the others run', async () => {
    const { scheduler, executor, store } = setup({ auto: false });
    await scheduler.propose(draft(3));
    await scheduler.approve('f1');
    await settle();
    executor.gates[0]!.release();
    await settle();
    await settle();
    executor.gates[1]!.fail(new Error('workspace: doc1 is not in the index'));
    await settle();
    await settle();
    executor.gates[2]!.release();
    await scheduler.whenIdle();
    const flow = (await store.get('f1'))!;
    expect(flow.status).toBe('done');
    expect(rowsInOrder(flow).map((r) => r.status)).toEqual(['found', 'failed', 'found']);
    expect(rowsInOrder(flow)[1]!.reason).toBe('workspace: doc1 is not in the index');
  });
});

describe('cancel', () => {
  it('cancels the running flow at once, keeping what it finished; the next flow then runs', async () => {
    const { scheduler, executor, store, events } = setup({ auto: false });
    await scheduler.propose(draft(4));
    await scheduler.propose(draft(1));
    await scheduler.approve('f1');
    await scheduler.approve('f2');
    await settle();
    executor.gates[0]!.release();
    await settle();
    await settle();
    expect(executor.ran).toEqual(['f1:0', 'f1:1']);
    const cancelled = await scheduler.cancel('f1');
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.rows).toHaveLength(1);
    expect(executor.finished).toBe(0);
    expect(of(events, 'f1').filter((e) => TERMINAL_EVENTS.has(e.type)).map((e) => e.type)).toEqual(['job_cancelled']);
    await settle();
    expect(executor.ran).toEqual(['f1:0', 'f1:1', 'f2:0']);
    executor.gates[2]!.release();
    await scheduler.whenIdle();
    expect((await store.get('f2'))!.status).toBe('done');
  });

  it('cancels a queued flow without running it, and cancelAll stops everything', async () => {
    const { scheduler, executor, store } = setup({ auto: false });
    for (let i = 0; i < 3; i++) await scheduler.propose(draft(2));
    for (const id of ['f1', 'f2', 'f3']) await scheduler.approve(id);
    await settle();
    expect((await scheduler.cancel('f2')).status).toBe('cancelled');
    expect(scheduler.queue().map((e) => e.flowId)).toEqual(['f1', 'f3']);
    await scheduler.cancelAll();
    await scheduler.whenIdle();
    expect(executor.ran).toEqual(['f1:0']);
    expect((await store.list()).map((f) => f.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(scheduler.queue()).toEqual([]);
  });
});

describe('after a reload', () => {
  async function interrupted() {
    const store = new MemoryFlowStore();
    const first = setup({ auto: false, store });
    await first.scheduler.propose(draft(4));
    await first.scheduler.propose(draft(2));
    await first.scheduler.approve('f1');
    await first.scheduler.approve('f2');
    await settle();
    first.executor.gates[0]!.release();
    await settle();
    first.executor.gates[1]!.release();
    await settle();
    await settle();
    // The tab closes here: f1 has two rows saved, f2 waits; the old scheduler is gone.
    return store;
  }

  it('resumes an interrupted flow from its saved items, then the flows that waited', async () => {
    const store = await interrupted();
    expect((await store.get('f1'))!.rows).toHaveLength(2);
    const second = setup({ store });
    const resumed = await second.scheduler.recover('resume');
    expect(resumed.map((f) => f.id)).toEqual(['f1', 'f2']);
    await second.scheduler.whenIdle();
    expect(second.executor.ran).toEqual(['f1:2', 'f1:3', 'f2:0', 'f2:1']);
    const f1 = (await store.get('f1'))!;
    expect(f1.status).toBe('done');
    expect(rowsInOrder(f1).map((r) => r.itemId)).toEqual(['f1:0', 'f1:1', 'f1:2', 'f1:3']);
  });

  it('or reports what it finished', async () => {
    const store = await interrupted();
    const second = setup({ store });
    const reported = await second.scheduler.recover('report');
    expect(reported.map((f) => [f.id, f.status, f.rows.length])).toEqual([['f1', 'interrupted', 2], ['f2', 'interrupted', 0]]);
    await second.scheduler.whenIdle();
    expect(second.executor.ran).toEqual([]);
  });
});

describe('closing the workspace', () => {
  it('stops the running flow and the line without changing their stored status, so the next session resumes them', async () => {
    const store = new MemoryFlowStore();
    const first = setup({ auto: false, store });
    await first.scheduler.propose(draft(3));
    await first.scheduler.propose(draft(2));
    await first.scheduler.approve('f1');
    await first.scheduler.approve('f2');
    await settle();
    first.executor.gates[0]!.release();
    await settle();
    await first.scheduler.close();
    expect((await store.list()).map((f) => [f.id, f.status, f.rows.length])).toEqual([['f1', 'running', 1], ['f2', 'queued', 0]]);
    expect(first.events.filter((e) => e.type === 'job_cancelled')).toEqual([]);
    await expect(first.scheduler.approve('f2')).rejects.toThrow(InputError);
    const second = setup({ store });
    await second.scheduler.recover('resume');
    await second.scheduler.whenIdle();
    expect(second.executor.ran).toEqual(['f1:1', 'f1:2', 'f2:0', 'f2:1']);
    expect((await store.list()).map((f) => f.status)).toEqual(['done', 'done']);
  });
});

describe('approving with a choice', () => {
  it('keeps what the user chose on the approval card (a scan\'s playbook) in the flow, for its executor', async () => {
    const { scheduler, executor, store } = setup();
    await scheduler.propose({ ...draft(1, 'scan'), meta: { subject: 'x' } });
    await scheduler.approve('f1', { playbookId: 'nda' });
    await scheduler.whenIdle();
    expect((await store.get('f1'))!.meta).toEqual({ subject: 'x', playbookId: 'nda' });
    expect(executor.ran).toEqual(['f1:0']);
  });
});

describe('ETA refinement', () => {
  it('a waiting flow behind one with no basis yet has no start time either', async () => {
    const { scheduler } = setup({ auto: false });
    await scheduler.propose(draft(3));
    await scheduler.propose(draft(2));
    await scheduler.approve('f1');
    await scheduler.approve('f2');
    await settle();
    expect(scheduler.queue().map((e) => [e.flowId, e.startsInMs, e.etaMs])).toEqual([['f1', 0, null], ['f2', null, null]]);
  });

  it('learns the seconds per document on this device and persists them for the next session', async () => {
    const store = new MemoryFlowStore();
    const first = setup({ store, costMs: 400 });
    await first.scheduler.propose(draft(5));
    await first.scheduler.approve('f1');
    await first.scheduler.whenIdle();
    expect(first.scheduler.durations.perItemMs('ask')).toBeCloseTo(400, 6);
    const saved = await store.loadDurations();
    expect(saved?.kinds['ask']).toMatchObject({ meanMs: 400, samples: 4 });
    expect(first.events.find((e) => e.type === 'flow_proposed')).toMatchObject({ estimateMs: null });
    // ETA: none before the third document was read (the first carries the warm-up, one more is no basis), then from the two.
    const progress = first.events.filter((e) => e.type === 'progress').map((e) => (e.type === 'progress' ? e.etaMs : -1));
    expect(progress.slice(0, 3)).toEqual([null, null, null]);
    expect(progress[3]).toBe(Math.round(2 * 400 * 1.15));
    const next = await FlowScheduler.open({ store, executors: { question: first.executor } });
    const flow = await next.propose(draft(10));
    // 10 items at the learnt 0.4 s and the learnt reduce step (0 ms on the test clock), buffered.
    expect(flow.estimateMs).toBe(Math.round(10 * 400 * 1.15));
  });
});
