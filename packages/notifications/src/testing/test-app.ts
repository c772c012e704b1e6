import { type Application, type ManualClock, tablesOf } from '@tickler/core';
import { createTestApplication } from '@tickler/core/testing';
import { type Kysely } from 'kysely';
import {
  SendNotification,
  type SendNotificationResult,
} from '../application/send-notification/send-notification.command';
import { type NotificationsTables } from '../infrastructure/notifications.tables';
import { notificationsContext, type NotificationsContextOptions } from '../notifications.context';

/** An application running the notifications context for a test, with its clock and tables. */
export interface NotificationsTestApp {
  readonly app: Application;
  readonly clock: ManualClock;
  /** The context's tables, for assertions on stored rows. */
  readonly db: Kysely<NotificationsTables>;
}

/**
 * An application with only the notifications context, on a fresh `:memory:` database (or
 * `file`) with a manual clock at the reference time. The queue is started unless `start: false`.
 */
export async function createNotificationsTestApp(
  options: NotificationsContextOptions & { file?: string; start?: boolean; at?: string } = {},
): Promise<NotificationsTestApp> {
  const { file, start, at, ...contextOptions } = options;
  const { app, clock } = await createTestApplication([notificationsContext(contextOptions)], {
    ...(file !== undefined ? { file } : {}),
    ...(at !== undefined ? { start: at } : {}),
  });
  if (start !== false) {
    app.start();
  }
  return { app, clock, db: tablesOf<NotificationsTables>(app.database.kysely) };
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
