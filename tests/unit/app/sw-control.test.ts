/**
 * serviceWorkerInControl: the local-server worker starts only once the service worker serves its
 * script (with the policy admitting the saved server). A first install that takes longer than
 * the short wait (about 60 MB precached on a busy machine) is waited for; a page with no
 * registration is not kept waiting; a false answer is not remembered.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serviceWorkerInControl } from '../../../src/app/browser/sw-control';

class FakeContainer extends EventTarget {
  controller: object | null = null;
  registration: { installing?: object | null; waiting?: object | null; active?: { state: string } | null } | undefined;
  getRegistration() {
    return Promise.resolve(this.registration);
  }
  claim() {
    this.controller = {};
    this.dispatchEvent(new Event('controllerchange'));
  }
}

describe('serviceWorkerInControl', () => {
  let sw: FakeContainer;
  beforeEach(() => {
    vi.useFakeTimers();
    sw = new FakeContainer();
    vi.stubGlobal('navigator', { serviceWorker: sw });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits past the short wait while the first install is still precaching, until it claims the page', async () => {
    sw.registration = { installing: {}, active: null };
    let answer: boolean | undefined;
    void serviceWorkerInControl(10_000, 120_000).then((v) => (answer = v));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(answer).toBeUndefined();
    sw.registration = { installing: null, active: { state: 'activated' } };
    sw.claim();
    await vi.advanceTimersByTimeAsync(0);
    expect(answer).toBe(true);
  });

  it('answers false after the short wait when nothing is registered, and looks again next time', async () => {
    sw.registration = undefined;
    const first = serviceWorkerInControl(10_000, 120_000);
    await vi.advanceTimersByTimeAsync(10_500);
    expect(await first).toBe(false);
    sw.controller = {};
    expect(await serviceWorkerInControl()).toBe(true);
  });

  it('does not wait for an update waiting behind an active worker (it never claims a hard-reloaded page)', async () => {
    sw.registration = { installing: null, waiting: {}, active: { state: 'activated' } };
    const answer = serviceWorkerInControl(10_000, 120_000);
    await vi.advanceTimersByTimeAsync(10_500);
    expect(await answer).toBe(false);
  });

  it('gives up on an install that never finishes', async () => {
    sw.registration = { installing: {}, active: null };
    const answer = serviceWorkerInControl(10_000, 120_000);
    await vi.advanceTimersByTimeAsync(121_000);
    expect(await answer).toBe(false);
  });
});
