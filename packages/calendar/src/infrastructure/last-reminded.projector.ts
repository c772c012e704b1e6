import {
  CORE_TOKENS,
  type DomainEvent,
  type DurableCommandQueue,
  type EventSubscriber,
  type Transaction,
} from '@tickler/core';
import { NotificationSentEvent, type NotificationSentPayload } from '@tickler/notifications';
import { inject, injectable } from 'inversify';
import { type CalendarRepository } from '../application/ports/calendar.repository';
import { type RemindedRepository } from '../application/ports/feed.repository';
import { ResolveReminded } from '../application/resolve-reminded/resolve-reminded.command';
import { CALENDAR_TOKENS } from '../calendar.tokens';

/**
 * The calendar context's durable projector of `notifications.sent`. It runs through the kernel
 * queue in the transaction that records the events in the subscriber ledger, so each event is
 * handled exactly once, also when the process is killed after the sending commit or after these
 * writes. The event names the delivery, not its source, and another context's read command
 * cannot run inside this transaction (it reads on the database itself), so the projector keeps
 * the sent reminders of people who have calendars (`calendar_sent`, one indexed query filters
 * everyone else out) and queues `ResolveReminded` in the same transaction, which counts each on
 * its occurrence ("last reminded"). Its `select` keeps the others from being queued at all; the
 * check in `handleMany` stays for rows queued before it (and for a calendar removed since).
 */
@injectable()
export class LastRemindedProjector implements EventSubscriber {
  static readonly subscriberName = 'calendar.last-reminded';
  static readonly subscribesTo = [NotificationSentEvent.type];

  constructor(
    @inject(CORE_TOKENS.CommandQueue) private readonly queue: DurableCommandQueue,
    @inject(CALENDAR_TOKENS.Calendars) private readonly calendars: CalendarRepository,
    @inject(CALENDAR_TOKENS.Reminded) private readonly reminded: RemindedRepository,
  ) {}

  /**
   * In the sending transaction: only the sent reminders of people who have calendars are
   * queued for this projector (one indexed read per sending batch). Everyone else's — most
   * sends, and all of a drain without calendars — cost it no event row, queue row or
   * transaction.
   */
  async select(events: readonly DomainEvent[], tx: Transaction): Promise<readonly DomainEvent[]> {
    const owners = await this.calendars.ownersAmong(
      tx,
      events.map((e) => (e.payload as unknown as NotificationSentPayload).recipientId),
    );
    return events.filter((e) =>
      owners.has((e.payload as unknown as NotificationSentPayload).recipientId),
    );
  }

  handle(event: DomainEvent, tx: Transaction): Promise<void> {
    return this.handleMany([event], tx);
  }

  async handleMany(events: readonly DomainEvent[], tx: Transaction): Promise<void> {
    const sent = events
      .filter((e) => e.type === NotificationSentEvent.type)
      .map((e) => e.payload as unknown as NotificationSentPayload);
    const owners = await this.calendars.ownersAmong(
      tx,
      sent.map((p) => p.recipientId),
    );
    const kept = sent
      .filter((p) => owners.has(p.recipientId))
      .map((p) => ({ deliveryId: p.deliveryId, recipientId: p.recipientId, sentAt: p.sentAt }));
    if (kept.length === 0) {
      return;
    }
    await this.reminded.addSent(tx, kept);
    await this.queue.enqueue(
      { type: ResolveReminded.type, payload: {} },
      { key: ResolveReminded.type, onKeyConflict: 'keep-existing' },
      tx,
    );
  }
}
