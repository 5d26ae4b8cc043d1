/**
 * WorkerLifetime over MessageChannel "workers": lazy start with a shared init, idle close,
 * warm workers, crash → the crash error for every pending call and a fresh worker (with init)
 * on the next, a failed init, retire, terminate.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AbortedError, AppError, InputError } from '../../../src/core/errors';
import { WorkerLifetime, type LifetimeOptions } from '../../../src/rpc/lifetime';
import { channelWorker } from '../../helpers/channel-worker';

/** A worker API whose calls the test can hold open. */
function makeApi(n: number, log: string[]) {
  let release: () => void = () => undefined;
  let gate = Promise.resolve();
  return {
    hold() {
      gate = new Promise((r) => (release = r));
    },
    release: () => release(),
    async open(label: string) {
      log.push(`open ${n} ${label}`);
    },
    async work(x: number) {
      await gate;
      return `${n}:${x}`;
    },
    async fail() {
      throw new InputError('worker: bad input "x"', { x: 1 });
    },
  };
}
type Api = ReturnType<typeof makeApi>;

const lifetimes: WorkerLifetime<Api>[] = [];
afterEach(() => {
  for (const l of lifetimes.splice(0)) l.terminate();
});

function setup(options: Partial<LifetimeOptions<Api>> = {}) {
  const log: string[] = [];
  const apis: Api[] = [];
  const ports: MessagePort[] = [];
  let terminated = 0;
  const lifetime = new WorkerLifetime<Api>({
    name: 'test worker',
    spawn: () => {
      const api = makeApi(apis.length, log);
      apis.push(api);
      const port = channelWorker(api, () => terminated++);
      ports.push(port);
      return port;
    },
    ...options,
  });
  lifetimes.push(lifetime);
  return { lifetime, log, apis, ports, terminated: () => terminated };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const crash = (port: MessagePort, message: string) => port.dispatchEvent(Object.assign(new Event('error'), { message }));

describe('WorkerLifetime', () => {
  it('spawns on first use, runs init once for concurrent first calls, keeps a warm worker', async () => {
    const t = setup({ init: (api) => api.open('ws-1') });
    expect(t.lifetime.spawned).toBe(0);
    const results = await Promise.all([1, 2, 3].map((x) => t.lifetime.call('work', undefined, (api) => api.work(x))));
    expect(results).toEqual(['0:1', '0:2', '0:3']);
    expect(t.log).toEqual(['open 0 ws-1']);
    await sleep(30);
    expect([t.lifetime.running, t.lifetime.spawned, t.terminated()]).toEqual([true, 1, 0]);
  });

  it('closes an idle worker, never one with a call in flight', async () => {
    const t = setup({ idleMs: 20 });
    await t.lifetime.call('work', undefined, (api) => api.work(1));
    await sleep(50);
    expect([t.lifetime.running, t.terminated()]).toEqual([false, 1]);
    const lease = t.lifetime.lease();
    t.apis[1]!.hold();
    const slow = lease.race(lease.api.work(2));
    await sleep(50);
    expect(t.terminated()).toBe(1);
    t.apis[1]!.release();
    await expect(slow).resolves.toBe('1:2');
    lease.release();
    await sleep(50);
    expect(t.terminated()).toBe(2);
  });

  it('a crash fails every pending call at once with the crash error; the next call starts afresh with init', async () => {
    const t = setup({ init: (api) => api.open('ws-1'), crashError: (m) => new AppError('internal', `test worker crashed: ${m}`) });
    await t.lifetime.start();
    t.apis[0]!.hold();
    const pending = [t.lifetime.call('work', undefined, (api) => api.work(1)), t.lifetime.call('work', undefined, (api) => api.work(2))];
    await sleep(5);
    crash(t.ports[0]!, 'out of memory');
    for (const p of pending) await expect(p).rejects.toMatchObject({ code: 'internal', message: 'test worker crashed: out of memory' });
    expect([t.lifetime.running, t.terminated()]).toEqual([false, 1]);
    await expect(t.lifetime.call('work', undefined, (api) => api.work(3))).resolves.toBe('1:3');
    expect(t.log).toEqual(['open 0 ws-1', 'open 1 ws-1']);
  });

  it('keeps error classes; an AbortSignal rejects at once and calls onAbort', async () => {
    const t = setup();
    await expect(t.lifetime.call('fail', undefined, (api) => api.fail())).rejects.toBeInstanceOf(InputError);
    const controller = new AbortController();
    await t.lifetime.start();
    t.apis[0]!.hold();
    const aborted: string[] = [];
    const pending = t.lifetime.call('working', controller.signal, (api) => api.work(1), () => aborted.push('cancel sent'));
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(AbortedError);
    expect(aborted).toEqual(['cancel sent']);
    const already = new AbortController();
    already.abort();
    await expect(t.lifetime.call('working', already.signal, (api) => api.work(2))).rejects.toBeInstanceOf(AbortedError);
  });

  it('a failed init ends that worker and rejects its callers; the next call tries a fresh one', async () => {
    let attempt = 0;
    const t = setup({
      init: async (api) => {
        if (attempt++ === 0) throw new AppError('model/load-failed', 'models: no adapter');
        await api.open('second');
      },
    });
    await expect(t.lifetime.call('work', undefined, (api) => api.work(1))).rejects.toMatchObject({ code: 'model/load-failed' });
    expect([t.lifetime.running, t.terminated()]).toEqual([false, 1]);
    await expect(t.lifetime.call('work', undefined, (api) => api.work(2))).resolves.toBe('1:2');
  });

  it('retire: new calls go to a fresh worker, the old one ends with its last call', async () => {
    const t = setup();
    const lease = t.lifetime.lease();
    t.apis[0]!.hold();
    const old = lease.race(lease.api.work(1));
    lease.retire();
    await expect(t.lifetime.call('work', undefined, (api) => api.work(2))).resolves.toBe('1:2');
    expect(t.terminated()).toBe(0);
    t.apis[0]!.release();
    await expect(old).resolves.toBe('0:1');
    lease.release();
    expect(t.terminated()).toBe(1);
  });

  it('terminate() ends every worker now; calls in flight fail with the reason', async () => {
    const t = setup();
    await t.lifetime.start();
    t.apis[0]!.hold();
    const pending = t.lifetime.call('work', undefined, (api) => api.work(1));
    await sleep(5);
    t.lifetime.terminate(new AbortedError('freeing memory'));
    await expect(pending).rejects.toBeInstanceOf(AbortedError);
    expect([t.lifetime.running, t.terminated()]).toEqual([false, 1]);
  });
});
