import {
  type CommandBus,
  CORE_TOKENS,
  type DomainEvent,
  type EventSubscriber,
  type Transaction,
} from '@tickler/core';
import {
  GetNotification,
  NotificationNotFoundError,
  NotificationSentEvent,
  type NotificationSentPayload,
} from '@tickler/notifications';
import { inject, injectable } from 'inversify';
import { CALENDAR_SOURCE_APP } from '../application/calendar-source-app';
import { type CalendarRepository } from '../application/ports/calendar.repository';
import { type RemindedRepository } from '../application/ports/feed.repository';
import { CALENDAR_TOKENS } from '../calendar.tokens';

/**
 * The calendar context's durable projector of `notifications.sent`: when a reminder of a
 * calendar went out, the occurrence it was for gets "last reminded" (and its count). It runs
 * through the kernel queue in the transaction that records the event in the subscriber ledger,
 * so each sent reminder is counted exactly once, also when the process is killed after the
 * sending commit or after these writes.
 *
 * The event names the delivery, not its source: the delivery is read through the notifications
 * context's own `GetNotification` (in the same transaction), and only for people who have a
 * calendar at all — one indexed query for the whole batch filters everyone else out.
 */
@injectable()
export class LastRemindedProjector implements EventSubscriber {
  static readonly subscriberName = 'calendar.last-reminded';
  static readonly subscribesTo = [NotificationSentEvent.type];

  constructor(
    @inject(CORE_TOKENS.CommandBus) private readonly bus: CommandBus,
    @inject(CALENDAR_TOKENS.Calendars) private readonly calendars: CalendarRepository,
    @inject(CALENDAR_TOKENS.Reminded) private readonly reminded: RemindedRepository,
  ) {}

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
    for (const payload of sent) {
      if (owners.has(payload.recipientId)) {
        await this.project(payload, tx);
      }
    }
  }

  private async project(payload: NotificationSentPayload, tx: Transaction): Promise<void> {
    let source;
    try {
      const delivery = await this.bus.dispatch(
        Object.assign(new GetNotification(), {
          recipientId: payload.recipientId,
          id: payload.deliveryId,
        }),
      );
      source = delivery.source;
    } catch (error) {
      if (error instanceof NotificationNotFoundError) {
        return; // deleted since it was sent: nothing to say about it
      }
      throw error;
    }
    if (source?.app !== CALENDAR_SOURCE_APP || source.collection === null || source.id === null) {
      return;
    }
    if ((await this.calendars.find(tx, payload.recipientId, source.collection)) === undefined) {
      return; // the calendar was removed since
    }
    await this.reminded.record(tx, {
      calendarId: source.collection,
      instanceKey: source.id,
      recipientId: payload.recipientId,
      sentAt: payload.sentAt,
      deliveryId: payload.deliveryId,
    });
  }
}
