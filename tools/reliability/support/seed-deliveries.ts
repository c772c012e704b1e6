import { Application } from '@tickler/core';
import { notificationsContext } from '@tickler/notifications/context';
import { RegisterSubscription, SendNotification } from '@tickler/notifications';
import { openScenarioDatabase } from './scenario-database';

/** What was seeded: every delivery id by channel. */
export interface Seeded {
  readonly inbox: string[];
  readonly webhook: string[];
}

/**
 * Writes `count` scheduled deliveries into a daemon's database (its file, or the PostgreSQL
 * schema standing for it: `openScenarioDatabase`) before the daemon starts
 * (in-process, the real use case, real clock): every `webhookEvery`-th goes to the webhook of
 * user `hooked` (registered at `webhookUrl`), the rest to inboxes; instants spread evenly over
 * `[firstAt, firstAt + spreadMs)`.
 */
export async function seedDeliveries(
  file: string,
  options: {
    count: number;
    webhookEvery: number;
    webhookUrl: string;
    firstAt: number;
    spreadMs: number;
  },
): Promise<Seeded> {
  const app = await Application.create({
    database: await openScenarioDatabase(file),
    contexts: [notificationsContext({ allowPrivateTargets: true })],
  });
  const seeded: Seeded = { inbox: [], webhook: [] };
  try {
    await app.dispatch(
      Object.assign(new RegisterSubscription(), { recipientId: 'hooked', url: options.webhookUrl }),
    );
    await app.uow.run(async () => {
      for (let i = 0; i < options.count; i++) {
        const webhook = options.webhookEvery > 0 && i % options.webhookEvery === 0;
        const { delivery } = await app.dispatch(
          Object.assign(new SendNotification(), {
            recipientId: webhook ? 'hooked' : `user${i % 97}`,
            channel: webhook ? 'webhook' : 'inbox',
            title: `n${i}`,
            message: 'm',
            scheduledAt: new Date(
              options.firstAt + Math.floor((i * options.spreadMs) / options.count),
            ).toISOString(),
          }),
        );
        (webhook ? seeded.webhook : seeded.inbox).push(delivery.id);
      }
    });
  } finally {
    await app.stop();
  }
  return seeded;
}
