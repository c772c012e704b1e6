import { type Application, type ManualClock, tablesOf } from '@tickler/core';
import { DeliverDueNotifications } from '../delivery/application/deliver-due-notifications/deliver-due-notifications.command';
import { type RepeatInput } from '../shared/application/repeat.input';
import { type NotificationsContextOptions } from '../notifications.context';
import { type SeriesTables } from '../series/infrastructure/series.tables';
import { type SendNotification } from '../delivery/application/send-notification/send-notification.command';
import { createNotificationsTestApp, send } from './test-app';

/**
 * Sets the manual clock to `iso` and runs the dispatcher there, as its wake-up would. The
 * queue is not started: the minutely safety net would run 1,440 times per simulated day.
 */
export async function dispatchAt(clock: ManualClock, iso: string, app: Application): Promise<void> {
  clock.set(iso);
  await app.dispatch(new DeliverDueNotifications());
}

/**
 * A notifications app (queue not started, manual clock at `at`) with one series created:
 * `first` is occurrence 1, sent with `fields` besides. `rows()` lists alice's delivery rows, `ledger()` the occurrences.
 */
export async function startSeriesApp(
  first: string | undefined,
  repeat: RepeatInput,
  options: NotificationsContextOptions & { at?: string } = {},
  fields: Partial<SendNotification> = {},
) {
  const t = await createNotificationsTestApp({ ...options, start: false });
  const { delivery } = await send(t.app, {
    ...fields,
    ...(first === undefined ? {} : { scheduledAt: first }),
    repeat,
  });
  const series = tablesOf<SeriesTables>(t.app.database.kysely);
  const rows = () =>
    t.db
      .selectFrom('notification_deliveries')
      .select(['id', 'status', 'scheduled_at', 'sent_at', 'missed_reason'])
      .orderBy('scheduled_at')
      .execute();
  const ledger = () =>
    series
      .selectFrom('notification_series_occurrences')
      .select(['number', 'instant', 'outcome', 'reason', 'delivery_id'])
      .orderBy('instant')
      .orderBy('id')
      .execute();
  const run = (iso: string) => dispatchAt(t.clock, iso, t.app);
  return { ...t, delivery, rows, ledger, series, run };
}
