/**
 * A "worker" for proxy tests: the API is exposed with comlink on one end of a Node
 * MessageChannel, and the other end is handed to the proxy as its worker endpoint. `terminate`
 * closes both ports (and calls `onTerminate`), like Worker.terminate().
 */
import { expose } from 'comlink';
import type { WorkerEndpoint } from '../../src/rpc/handle';

export function channelWorker(api: object, onTerminate: () => void = () => undefined): MessagePort & WorkerEndpoint {
  const { port1, port2 } = new MessageChannel();
  expose(api, port1);
  return Object.assign(port2, {
    terminate: () => {
      onTerminate();
      port1.close();
      port2.close();
    },
  });
}
