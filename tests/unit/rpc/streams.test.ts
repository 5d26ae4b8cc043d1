/**
 * Remote async iterables over a MessageChannel: pulled one item per message, transferables
 * moved, `break` closes the producer (its finally runs), an AbortSignal cancels it, a crash
 * rejects the consumer with the crash error.
 */
import type { Remote } from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { AbortedError, AppError } from '../../../src/core/errors';
import { WorkerLifetime } from '../../../src/rpc/lifetime';
import { remoteIterable } from '../../../src/rpc/remote-iterable';
import { createStreamHost, type StreamApi, type StreamRef } from '../../../src/rpc/streams';
import { channelWorker } from '../../helpers/channel-worker';

interface Chunk {
  readonly n: number;
  readonly bytes: ArrayBuffer;
}

/** A worker exposing a counting stream of chunks (each with a buffer), recording what it did. */
function makeWorker() {
  const host = createStreamHost('test worker', 'count');
  const record = { produced: 0, finished: false, aborted: false, buffers: [] as ArrayBuffer[] };
  const api = {
    ...host.api,
    /** Items after the first `fastItems` take `slowMs` each (a busy producer; Infinity: stuck). */
    count(limit: number, fastItems = Infinity, slowMs = 0): StreamRef<Chunk> {
      return host.exposeIterable(
        async function* (signal) {
          try {
            for (let n = 1; n <= limit; n++) {
              await new Promise((r) => (n > fastItems && slowMs === Infinity ? undefined : setTimeout(r, n > fastItems ? slowMs : 1)));
              if (signal.aborted) {
                record.aborted = true;
                throw new AbortedError('counting');
              }
              record.produced++;
              const bytes = new Uint8Array(8).fill(n).buffer;
              record.buffers.push(bytes);
              yield { n, bytes };
            }
          } finally {
            record.finished = true;
          }
        },
        { transfer: (chunk) => [chunk.bytes] },
      );
    },
  };
  return { api, record };
}
type Api = ReturnType<typeof makeWorker>['api'];

const lifetimes: WorkerLifetime<Api>[] = [];
afterEach(() => {
  for (const l of lifetimes.splice(0)) l.terminate();
});

function setup() {
  const made: ReturnType<typeof makeWorker>[] = [];
  const ports: MessagePort[] = [];
  const terminated: number[] = [];
  const lifetime = new WorkerLifetime<Api>({
    name: 'test worker',
    spawn: () => {
      const w = makeWorker();
      made.push(w);
      const index = made.length - 1;
      const port = channelWorker(w.api, () => terminated.push(index));
      ports.push(port);
      return port;
    },
    crashError: (m) => new AppError('internal', `test worker crashed: ${m}`),
  });
  lifetimes.push(lifetime);
  const count = (limit: number, signal?: AbortSignal) => remoteIterable(lifetime, (api: Remote<Api>) => api.count(limit), { what: 'counting', signal });
  /** Items past the second take `slowMs`; an abort gives the worker `graceMs` to finish the item. */
  const busy = (signal: AbortSignal, slowMs: number, graceMs: number) => remoteIterable(lifetime, (api: Remote<Api>) => api.count(100, 2, slowMs), { what: 'counting', signal, stopGraceMs: graceMs });
  return { lifetime, made, ports, terminated, count, busy, worker: () => made[0]! };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('remote async iterables', () => {
  it('pulls every item, one at a time, moving its buffer; the stream closes itself at the end', async () => {
    const t = setup();
    const seen: number[] = [];
    for await (const chunk of t.count(4)) {
      expect(t.worker().record.produced).toBe(chunk.n); // never runs ahead of the consumer
      expect(new Uint8Array(chunk.bytes)[0]).toBe(chunk.n);
      seen.push(chunk.n);
    }
    expect(seen).toEqual([1, 2, 3, 4]);
    expect(t.worker().record.buffers.every((b) => b.byteLength === 0)).toBe(true); // transferred, not cloned
    expect(t.worker().api.openStreams()).toBe(0);
    expect(t.worker().record.finished).toBe(true);
  });

  it('breaking out of the loop closes the producer, whose finally runs', async () => {
    const t = setup();
    for await (const chunk of t.count(100)) if (chunk.n === 2) break;
    await sleep(20);
    expect(t.worker().record).toMatchObject({ produced: 2, finished: true });
    expect(t.worker().api.openStreams()).toBe(0);
  });

  it('an AbortSignal rejects the consumer at once and cancels the producer', async () => {
    const t = setup();
    const controller = new AbortController();
    const run = async () => {
      for await (const chunk of t.count(100, controller.signal)) if (chunk.n === 3) controller.abort();
    };
    await expect(run()).rejects.toBeInstanceOf(AbortedError);
    await sleep(20);
    expect(t.worker().record.produced).toBe(3);
    expect(t.worker().record.finished).toBe(true);
    expect(t.worker().api.openStreams()).toBe(0);
  });

  it('a crash rejects the consumer with the crash error; the next stream runs in a fresh worker', async () => {
    const t = setup();
    const run = async () => {
      for await (const chunk of t.count(100)) if (chunk.n === 2) t.ports[0]!.dispatchEvent(Object.assign(new Event('error'), { message: 'boom' }));
    };
    await expect(run()).rejects.toMatchObject({ code: 'internal', message: 'test worker crashed: boom' });
    const again: number[] = [];
    for await (const chunk of t.count(2)) again.push(chunk.n);
    expect(again).toEqual([1, 2]);
    expect(t.lifetime.spawned).toBe(2);
  });

  it('cancelling a producer stuck on an item terminates its worker after the grace period; the next stream never waits for it', async () => {
    const t = setup();
    const controller = new AbortController();
    const run = async () => {
      for await (const chunk of t.busy(controller.signal, Infinity, 60)) if (chunk.n === 2) setTimeout(() => controller.abort(), 10);
    };
    await expect(run()).rejects.toBeInstanceOf(AbortedError);
    // At once: a fresh worker takes the next stream, while the stuck one still lives out its grace.
    const again: number[] = [];
    for await (const chunk of t.count(2)) again.push(chunk.n);
    expect(again).toEqual([1, 2]);
    expect(t.lifetime.spawned).toBe(2);
    expect(t.terminated).toEqual([]);
    // After the grace period the stuck worker is terminated; the fresh one goes on.
    await sleep(120);
    expect(t.terminated).toEqual([0]);
    expect(t.lifetime.running).toBe(true);
    expect(await t.lifetime.call('check', undefined, (api) => api.openStreams())).toBe(0);
    expect(t.lifetime.spawned).toBe(2);
  });

  it('a producer that finishes its item within the grace period keeps its worker', async () => {
    const t = setup();
    const controller = new AbortController();
    const run = async () => {
      for await (const chunk of t.busy(controller.signal, 30, 500)) if (chunk.n === 2) setTimeout(() => controller.abort(), 5);
    };
    await expect(run()).rejects.toBeInstanceOf(AbortedError);
    await sleep(100);
    const again: number[] = [];
    for await (const chunk of t.count(2)) again.push(chunk.n);
    expect(again).toEqual([1, 2]);
    expect(t.lifetime.spawned).toBe(1);
    expect(t.terminated).toEqual([]);
  });

  it('refuses an unknown stream with a typed error', async () => {
    const api: StreamApi = createStreamHost('test worker').api;
    await expect(api.next('stream-9')).rejects.toThrow('test worker: unknown or closed stream "stream-9"');
    await api.close('stream-9'); // idempotent
  });
});
