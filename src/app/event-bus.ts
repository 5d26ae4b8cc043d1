/** The app-wide event stream: producers publish CasefileEvents, the UI subscribes. */
import type { EventSink } from '../core/events';

export class EventBus {
  private readonly listeners = new Set<EventSink>();

  publish: EventSink = (event) => {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        console.error('EventBus: a listener failed', error);
      }
    }
  };

  /** Returns the unsubscribe function. */
  subscribe(listener: EventSink): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
