import { type Application, type DomainEvent } from '@tickler/core';

/** Every committed domain event an application publishes, by type and by aggregate. */
export class EventRecorder {
  readonly events: DomainEvent[] = [];
  private readonly unsubscribe: () => void;

  constructor(app: Application) {
    this.unsubscribe = app.events.subscribe('*', (event) => this.events.push(event));
  }

  /** Events of one type (e.g. `notifications.sent`). */
  ofType(type: string): DomainEvent[] {
    return this.events.filter((e) => e.type === type);
  }

  /** How many events of `type` each aggregate got. */
  countByAggregate(type: string): Map<string, number> {
    const counts = new Map<string, number>();
    for (const e of this.ofType(type)) {
      counts.set(e.aggregateId, (counts.get(e.aggregateId) ?? 0) + 1);
    }
    return counts;
  }

  /** Event types seen, with counts (for "nothing else fired"). */
  typeCounts(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const e of this.events) {
      counts[e.type] = (counts[e.type] ?? 0) + 1;
    }
    return counts;
  }

  stop(): void {
    this.unsubscribe();
  }
}
