import { ManualClock } from '@tickler/core';
import { REFERENCE_TIME } from '@tickler/core/testing';
import {
  type NotificationsOptions,
  resolveNotificationsOptions,
} from '../application/notifications.options';
import {
  NotificationDelivery,
  type NewNotificationDelivery,
} from '../domain/notification-delivery.entity';
import { FakeUnitOfWork, RecordingWakeUp, SequentialIds } from './fakes';
import { InMemoryDeliveryRepository } from './in-memory-delivery.repository';
import { InMemoryIdempotencyRepository } from './in-memory-idempotency';
import { InMemoryInboxRepository } from './in-memory-inbox.repository';

/** What read handlers get as their database in unit tests: the in-memory fakes ignore it. */
export const NO_DATABASE = { kysely: null as never };

/** An hour after the reference time: the default send instant of {@link storeDelivery}. */
export const IN_AN_HOUR = new Date(Date.parse(REFERENCE_TIME) + 3_600_000).toISOString();

/**
 * Creates a delivery the way `SendNotification` would (created at `now`, live policy) and
 * stores it: by default alice's inbox reminder, scheduled an hour after the reference time.
 */
export async function storeDelivery(
  deliveries: InMemoryDeliveryRepository,
  props: Partial<NewNotificationDelivery> = {},
  { id = `d-${deliveries.rows.size + 1}`, now = REFERENCE_TIME } = {},
): Promise<NotificationDelivery> {
  const delivery = NotificationDelivery.create(
    {
      recipientId: 'alice',
      channel: 'inbox',
      title: 'Bins out',
      message: 'Trash and recycling.',
      scheduledAt: IN_AN_HOUR,
      ...props,
    },
    now,
    id,
    { graceMs: 12 * 3_600_000, dryRun: false },
  );
  delivery.pullEvents();
  await deliveries.insert(null, delivery);
  return delivery;
}

/**
 * Fakes for the handlers that create deliveries (`SendNotificationHandler`,
 * `SendNotificationsHandler`): by name for assertions, and as `args` in their constructors' order.
 */
export function sendHandlerFakes(options: NotificationsOptions = {}, now = REFERENCE_TIME) {
  const uow = new FakeUnitOfWork();
  const clock = new ManualClock(now);
  const ids = new SequentialIds();
  const deliveries = new InMemoryDeliveryRepository();
  const inbox = new InMemoryInboxRepository();
  const wakeUp = new RecordingWakeUp();
  const resolved = resolveNotificationsOptions(options);
  const idempotency = new InMemoryIdempotencyRepository();
  const args = [uow, clock, ids, deliveries, inbox, wakeUp, resolved, idempotency] as const;
  return { uow, clock, ids, deliveries, inbox, wakeUp, idempotency, options: resolved, args };
}
