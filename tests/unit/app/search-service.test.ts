/**
 * SearchService: a newer question supersedes the running search (aborted, never shown), import
 * activity re-runs the latest question at most once per window, errors and the "direct" mode
 * notice reach the view, and dispose stops everything.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { EventBus } from '../../../src/app/event-bus';
import { DIRECT_MODE_NOTICE, retrievalRunner, SearchService, type SearchOutcome, type SearchView } from '../../../src/app/search-service';
import { AbortedError, StoreError } from '../../../src/core/errors';
import type { JobOptions, Retriever, SearchRequest } from '../../../src/core/ports';
import { DEFAULT_PIPELINE, type PipelineResponse } from '../../../src/core/search/pipeline';

interface Call {
  readonly question: string;
  readonly signal: AbortSignal;
  resolve(outcome?: Partial<SearchOutcome>): void;
  reject(error: unknown): void;
}

/** A runner whose searches the test finishes by hand (and which rejects when aborted). */
function scriptedRunner() {
  const calls: Call[] = [];
  const run = (question: string, { signal }: { signal: AbortSignal }) =>
    new Promise<SearchOutcome>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new AbortedError('search')), { once: true });
      calls.push({
        question,
        signal,
        resolve: (o = {}) => resolve({ question, mode: 'retrieval_only', response: { query: question } as PipelineResponse, notice: null, ...o }),
        reject,
      });
    });
  return { calls, run };
}

const services: SearchService[] = [];
afterEach(() => {
  for (const s of services.splice(0)) s.dispose();
});

function setup(coalesceMs = 50) {
  const events = new EventBus();
  const runner = scriptedRunner();
  const service = new SearchService({ run: runner.run, events, coalesceMs });
  services.push(service);
  const views: SearchView[] = [];
  service.subscribe(() => views.push(service.view));
  return { events, runner, service, views };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fileDone = (events: EventBus, n: number) => events.publish({ type: 'file_done', jobId: 'j', at: Date.now(), documentId: `d${n}`, name: `f${n}.pdf`, status: 'ready' });

describe('SearchService', () => {
  it('a newer question supersedes the running one: aborted, never shown, not counted', async () => {
    const { runner, service, views } = setup();
    const first = service.ask('termination');
    const second = service.ask('liability cap');
    expect(runner.calls.map((c) => c.question)).toEqual(['termination', 'liability cap']);
    expect(runner.calls[0]!.signal.aborted).toBe(true);
    runner.calls[1]!.resolve();
    await Promise.all([first, second]);
    // Even an answer that arrives after it was superseded is dropped.
    runner.calls[0]!.resolve();
    await sleep(5);
    expect(service.view).toMatchObject({ busy: false, error: null, completed: 1, outcome: { question: 'liability cap' } });
    expect(views.some((v) => v.outcome?.question === 'termination')).toBe(false);
    expect(views.some((v) => v.error !== null)).toBe(false);
  });

  it('re-runs the latest question once per window of import activity', async () => {
    const { events, runner, service } = setup(50);
    fileDone(events, 0); // nothing shown yet: nothing to re-run
    await sleep(70);
    expect(runner.calls).toHaveLength(0);
    const asked = service.ask('payment terms');
    runner.calls[0]!.resolve();
    await asked;
    for (let i = 1; i <= 200; i++) fileDone(events, i); // a 200-file import finishing at once
    await sleep(70);
    expect(service.reruns).toBe(1);
    expect(runner.calls.map((c) => c.question)).toEqual(['payment terms', 'payment terms']);
    runner.calls[1]!.resolve();
    await sleep(5);
    expect(service.view).toMatchObject({ completed: 2, outcome: { question: 'payment terms' } });
    fileDone(events, 201);
    await sleep(70);
    expect(service.reruns).toBe(2);
  });

  it('shows an error, keeping the last passages; the direct mode notice replaces them', async () => {
    const { runner, service } = setup();
    const ok = service.ask('fees');
    runner.calls[0]!.resolve();
    await ok;
    const failing = service.ask('fees again');
    runner.calls[1]!.reject(new StoreError('store/not-found', 'index worker: no workspace is open'));
    await failing;
    expect(service.view).toMatchObject({ error: 'index worker: no workspace is open', outcome: { question: 'fees' }, completed: 2 });
    const direct = service.ask('fees');
    runner.calls[2]!.resolve({ response: null, notice: DIRECT_MODE_NOTICE, mode: 'direct' });
    await direct;
    expect(service.view).toMatchObject({ error: DIRECT_MODE_NOTICE, outcome: null });
  });

  it('ignores blank questions; dispose aborts the running search and stops re-runs', async () => {
    const { events, runner, service } = setup(20);
    await service.ask('   ');
    expect(runner.calls).toHaveLength(0);
    const first = service.ask('notice');
    runner.calls[0]!.resolve();
    await first;
    const pending = service.ask('governing law');
    fileDone(events, 1);
    service.dispose();
    await pending;
    expect(runner.calls[1]!.signal.aborted).toBe(true);
    await sleep(40);
    expect(runner.calls).toHaveLength(2);
    expect(service.view.busy).toBe(true); // left as it was: the view belongs to a closed workspace
  });
});

describe('retrievalRunner', () => {
  it('searches with the workspace settings and the signal; direct mode retrieves nothing', async () => {
    const requests: { request: SearchRequest; options: JobOptions }[] = [];
    const retriever: Retriever = {
      search: async (request, options = {}) => {
        requests.push({ request, options });
        return { query: request.text } as PipelineResponse;
      },
    };
    let settings = { ...DEFAULT_PIPELINE, mode: 'retrieval_only' as const };
    const run = retrievalRunner(retriever, async () => settings);
    const signal = new AbortController().signal;
    expect(await run('cap', { signal })).toMatchObject({ question: 'cap', mode: 'retrieval_only', response: { query: 'cap' }, notice: null });
    expect(requests[0]).toEqual({ request: { text: 'cap', settings }, options: { signal } });
    settings = { ...settings, mode: 'direct' as never };
    expect(await run('cap', { signal })).toMatchObject({ mode: 'direct', response: null, notice: DIRECT_MODE_NOTICE });
    expect(requests).toHaveLength(1);
  });
});
