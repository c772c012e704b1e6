import { Application, type Database } from '@tickler/core';
import { RegisterSubscription, SendNotification, SendNotifications } from '@tickler/notifications';
import { notificationsContext } from '@tickler/notifications/context';
import { type Seeded } from './seed-deliveries';

/** What to seed: inbox reminders over one window, webhook deliveries over another. */
export interface DueBatch {
  readonly inbox: number;
  readonly webhooks: number;
  /** Epoch ms the first delivery falls due. */
  readonly firstAt: number;
  /** The inbox reminders fall due evenly over `[firstAt, firstAt + windowMs)`. */
  readonly windowMs: number;
  /** The webhook deliveries fall due evenly over `[firstAt, firstAt + webhookWindowMs)`. */
  readonly webhookWindowMs: number;
  /** Receiver the webhook deliveries go to (registered for user `hooked`). */
  readonly webhookUrl: string;
}

/**
 * Seeds deliveries in-process through the real use case (one `SendNotifications` call), on any
 * back end: a SQLite file before its daemon starts, or a PostgreSQL schema whose daemons are
 * running (they hear of it by NOTIFY). Closes `database` afterwards.
 */
export async function seedDueBatch(database: Database, batch: DueBatch): Promise<Seeded> {
  const app = await Application.create({
    database,
    contexts: [notificationsContext({ allowPrivateTargets: true })],
  });
  try {
    if (batch.webhooks > 0) {
      await app.dispatch(
        Object.assign(new RegisterSubscription(), { recipientId: 'hooked', url: batch.webhookUrl }),
      );
    }
    const items: SendNotification[] = [];
    for (let i = 0; i < batch.webhooks; i++) {
      items.push(
        Object.assign(new SendNotification(), {
          recipientId: 'hooked',
          channel: 'webhook',
          title: `w${i}`,
          message: 'm',
          scheduledAt: new Date(
            batch.firstAt + Math.floor((i * batch.webhookWindowMs) / batch.webhooks),
          ).toISOString(),
        }),
      );
    }
    for (let i = 0; i < batch.inbox; i++) {
      items.push(
        Object.assign(new SendNotification(), {
          recipientId: `user${i % 97}`,
          title: `n${i}`,
          message: 'm',
          scheduledAt: new Date(
            batch.firstAt + Math.floor((i * batch.windowMs) / batch.inbox),
          ).toISOString(),
        }),
      );
    }
    const { results } = await app.dispatch(Object.assign(new SendNotifications(), { items }));
    return {
      webhook: results.slice(0, batch.webhooks).map((r) => r.delivery.id),
      inbox: results.slice(batch.webhooks).map((r) => r.delivery.id),
    };
  } finally {
    await app.stop();
  }
}
