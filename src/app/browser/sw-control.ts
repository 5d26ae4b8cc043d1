/**
 * Waits until the service worker controls this page, so a worker started next is served by it
 * with the policy it puts on each response (the local-server worker's script admits the origins
 * the user saved; the server's own header is the strict policy, which admits none). Resolves
 * false without a service worker (unsupported, or none registered within the wait): the worker
 * then runs under the strict policy and its connection error says the server cannot be reached.
 *
 * The first install precaches the app (about 60 MB, the OCR and model runtimes among it), which
 * takes tens of seconds on a slow disk or a busy machine: while a registration is installing or
 * activating, the wait lasts until it claims the page (up to `installMs`), not the short wait for
 * a registration to appear. A false answer is not remembered: the next call looks again.
 */
let pending: Promise<boolean> | null = null;

export function serviceWorkerInControl(timeoutMs = 10_000, installMs = 120_000): Promise<boolean> {
  const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  if (!sw) return Promise.resolve(false);
  if (sw.controller) return Promise.resolve(true);
  pending ??= new Promise<boolean>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      clearTimeout(timer);
      sw.removeEventListener('controllerchange', done);
      pending = null;
      resolve(sw.controller !== null);
    };
    const wait = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(check, ms);
    };
    // A registration still installing or activating will claim the page (workers/sw.ts): wait for it.
    const started = Date.now();
    const check = () => {
      if (sw.controller) return done();
      void sw.getRegistration().then(
        (registration) => {
          // Only a first install claims the page: an update waiting behind an active worker never does (a hard-reloaded page stays uncontrolled).
          const busy = Boolean(registration?.installing ?? (registration?.active && registration.active.state !== 'activated'));
          const elapsed = Date.now() - started;
          if (sw.controller || elapsed >= (busy ? installMs : timeoutMs)) done();
          else wait(Math.min(1_000, (busy ? installMs : timeoutMs) - elapsed));
        },
        () => done(),
      );
    };
    sw.addEventListener('controllerchange', done);
    check();
  });
  return pending;
}
