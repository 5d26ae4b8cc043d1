/**
 * Waits until the service worker controls this page, so a worker started next is served by it
 * with the policy it puts on each response (the local-server worker's script admits the origins
 * the user saved; the server's own header is the strict policy, which admits none). Resolves
 * false without a service worker (unsupported, or none active within the wait): the worker then
 * runs under the strict policy and its connection error says the server cannot be reached.
 */
let settled: Promise<boolean> | null = null;

export function serviceWorkerInControl(timeoutMs = 10_000): Promise<boolean> {
  const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  if (!sw) return Promise.resolve(false);
  if (sw.controller) return Promise.resolve(true);
  settled ??= new Promise<boolean>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      sw.removeEventListener('controllerchange', done);
      resolve(sw.controller !== null);
    };
    const timer = setTimeout(done, timeoutMs);
    // The first install claims the open pages (workers/sw.ts): controllerchange follows activation.
    sw.addEventListener('controllerchange', done);
  });
  return settled;
}
