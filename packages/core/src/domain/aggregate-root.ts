import { type DomainEvent } from './domain-event';

/**
 * Base for aggregates: records events while its verbs run; the application layer pulls them
 * after saving and hands them to the unit of work, which publishes them only after commit.
 */
export abstract class AggregateRoot<TEvent extends DomainEvent = DomainEvent> {
  private recorded: TEvent[] = [];

  protected record(event: TEvent): void {
    this.recorded.push(Object.freeze(event));
  }

  /** Returns the events recorded since the last call and forgets them. */
  pullEvents(): TEvent[] {
    const events = this.recorded;
    this.recorded = [];
    return events;
  }
}
