import { type DomainEvent } from '../domain';
import { type Transaction } from '../database/unit-of-work';

/**
 * A durable subscriber (projector). It receives committed events through the queue:
 * at-least-once, retried with backoff, never lost to a crash after commit. `handle` runs
 * inside the transaction that takes the event's row (`EventRows.take`), so its writes take
 * effect exactly once.
 */
export interface EventSubscriber {
  handle(event: DomainEvent, tx: Transaction): Promise<void>;
  /**
   * Optional set-based form: all the not-yet-processed events of one queue row at once, in
   * their order, in the same transaction that takes their rows (so still exactly once). When
   * present it is called instead of `handle`; a projector writing one row per event can then
   * write them in one multi-row statement. A throw rolls the whole row back, as with `handle`.
   */
  handleMany?(events: readonly DomainEvent[], tx: Transaction): Promise<void>;
  /**
   * Optional filter, run in the WRITING transaction before its events are queued for this
   * subscriber: returns those it would act on (a subset, in order). Events it leaves out are
   * never written for it — no event rows, no queue row, no transaction of its own — so a
   * projector that cares about few of many events (the calendar's, about reminders of people
   * with calendars) costs a sending batch one read instead of a row per event. It must not
   * write; a throw rolls the writing transaction back.
   */
  select?(events: readonly DomainEvent[], tx: Transaction): Promise<readonly DomainEvent[]>;
}

/** A subscriber class: a stable name (ledger key) and the event types it wants. */
export interface EventSubscriberClass {
  new (...args: never[]): EventSubscriber;
  /** Stable name, e.g. `notifications.delivery-log`; changing it replays nothing. */
  readonly subscriberName: string;
  /** Event types (e.g. `notifications.sent`). */
  readonly subscribesTo: readonly string[];
}
