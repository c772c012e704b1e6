import { type Application, type ManualClock, tablesOf } from '@tickler/core';
import { createTestApplication } from '@tickler/core/testing';
import { type Kysely } from 'kysely';
import {
  SendNotification,
  type SendNotificationResult,
} from '../delivery/application/send-notification/send-notification.command';
import { ChannelSendPool } from '../channels/application/deliver-channel-sends/channel-send-pool';
import { DeliverChannelSends } from '../channels/application/deliver-channel-sends/deliver-channel-sends.command';
import { SendLoopKick } from '../channels/application/deliver-channel-sends/send-loop-kick';
import { type NotificationsTables } from '../shared/infrastructure/notifications.tables';
import { notificationsContext, type NotificationsContextOptions } from '../notifications.context';

/** An application running the notifications context for a test, with its clock and tables. */
export interface NotificationsTestApp {
  readonly app: Application;
  readonly clock: ManualClock;
  /** The context's tables, for assertions on stored rows. */
  readonly db: Kysely<NotificationsTables>;
  /**
   * Lets the queue run what is due now and the sender pool finish every send in flight (real
   * sockets), until neither has anything left: what a test awaits instead of sleeping.
   */
  sendsSettled(): Promise<void>;
}

/**
 * An application with only the notifications context, on a fresh `:memory:` database (or
 * `file`) with a manual clock at the reference time. The queue is started unless `start: false`.
 * Private targets are allowed unless the test says otherwise (its receivers listen on
 * 127.0.0.1); the refusal has its own tests with `allowPrivateTargets: false`. Throttling is
 * off unless the test sets `throttle` (many tests send dozens of sends to one person at once).
 */
export async function createNotificationsTestApp(
  options: NotificationsContextOptions & { file?: string; start?: boolean; at?: string } = {},
): Promise<NotificationsTestApp> {
  const { file, start, at, ...contextOptions } = options;
  const { app, clock } = await createTestApplication(
    [notificationsContext({ allowPrivateTargets: true, throttle: 'off', ...contextOptions })],
    {
      ...(file !== undefined ? { file } : {}),
      ...(at !== undefined ? { start: at } : {}),
    },
  );
  if (start !== false) {
    app.start();
  }
  return {
    app,
    clock,
    db: tablesOf<NotificationsTables>(app.database.kysely),
    sendsSettled: () => sendsSettled(app, clock),
  };
}

/** See {@link NotificationsTestApp.sendsSettled}. */
export async function sendsSettled(app: Application, clock: ManualClock): Promise<void> {
  const pool = app.get(ChannelSendPool);
  const kick = app.get(SendLoopKick);
  for (let round = 0; round < 1_000; round++) {
    await clock.advance(0);
    // Also when the queue is not started (a test driving the loop itself): a no-op otherwise.
    await app.dispatch(new DeliverChannelSends());
    // A kicked run (a freed slot, a commit that made sends due) may be claiming beside this
    // dispatch: on PostgreSQL its locked rows are skipped, so this claim found nothing while
    // the kick's sends were not yet in the pool. Settled only when neither is at work.
    await kick.idle();
    if (pool.inFlight === 0 && !kick.busy) {
      return;
    }
    await pool.idle();
  }
  throw new Error('channel sends did not settle after 1,000 rounds');
}

/** Builds a `SendNotification` with sensible defaults. */
export function sendCommand(
  fields: Partial<SendNotification> & { recipientId?: string } = {},
): SendNotification {
  return Object.assign(new SendNotification(), {
    recipientId: 'alice',
    title: 'Bins out',
    message: 'Trash and recycling.',
    ...fields,
  });
}

/** Dispatches a `SendNotification` built by {@link sendCommand}. */
export function send(
  app: Application,
  fields: Partial<SendNotification> = {},
): Promise<SendNotificationResult> {
  return app.dispatch(sendCommand(fields));
}
