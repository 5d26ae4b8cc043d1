/**
 * What the app's tabs tell each other (one BroadcastChannel): a workspace is about to be
 * deleted (close it), the list of workspaces changed, a job was paused or cancelled, and the
 * import events of a workspace (so every tab shows the progress, and its index and search catch
 * up with documents another tab added or removed). Messages are plain data; a tab never
 * receives its own.
 */
import type { CasefileEvent } from '../../core/events';

export type TabMessage =
  | { readonly kind: 'closing'; readonly workspaceId: string }
  | { readonly kind: 'workspaces' }
  | { readonly kind: 'jobs'; readonly workspaceId: string; readonly jobId: string }
  | { readonly kind: 'documents'; readonly workspaceId: string }
  | { readonly kind: 'event'; readonly workspaceId: string; readonly event: CasefileEvent };

const TAB_CHANNEL_NAME = 'casefile-tabs';

type Listener = (message: TabMessage) => void;

export class TabChannel {
  readonly #channel: BroadcastChannel | null;
  readonly #listeners = new Set<Listener>();

  constructor(name = TAB_CHANNEL_NAME) {
    this.#channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : null;
    // Node keeps the process alive for an open channel; tests close it, the browser does not care.
    (this.#channel as { unref?: () => void } | null)?.unref?.();
    if (this.#channel) this.#channel.onmessage = (e: MessageEvent<TabMessage>) => this.#deliver(e.data);
  }

  post(message: TabMessage): void {
    try {
      this.#channel?.postMessage(message);
    } catch (error) {
      console.warn('Casefile: could not tell the other tabs', error);
    }
  }

  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  close(): void {
    this.#channel?.close();
    this.#listeners.clear();
  }

  #deliver(message: TabMessage): void {
    for (const listener of this.#listeners) {
      try {
        listener(message);
      } catch (error) {
        console.error('TabChannel: a listener failed', error);
      }
    }
  }
}
