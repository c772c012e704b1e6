import { type DomainEvent } from '../domain';
import { type Logger, silentLogger } from '../logger';

/** An in-memory listener: live streams, metrics. Best effort — may miss events on a crash. */
export type EventListener = (event: DomainEvent) => void;

/**
 * Publishes committed events to in-memory listeners. The unit of work calls it only after
 * commit, so listeners never see rolled-back work. A throwing listener is logged and skipped;
 * it cannot fail the command that produced the event.
 */
export class EventBus {
  private readonly listeners = new Map<string, Set<EventListener>>();

  constructor(private readonly logger: Logger = silentLogger) {}

  /** Subscribes to one event type, or `*` for all. Returns an unsubscribe function. */
  subscribe(type: string, listener: EventListener): () => void {
    let set = this.listeners.get(type);
    if (!set) {
      set = new Set();
      this.listeners.set(type, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  publish(events: readonly DomainEvent[]): void {
    for (const event of events) {
      for (const listener of [
        ...(this.listeners.get(event.type) ?? []),
        ...(this.listeners.get('*') ?? []),
      ]) {
        try {
          listener(event);
        } catch (error) {
          this.logger.error({ err: error, event: event.type }, 'event listener failed');
        }
      }
    }
  }
}
