import { type Application, type ManualClock, tablesOf } from '@tickler/core';
import { DeliverDueNotifications } from '../deliver-due-notifications/deliver-due-notifications.command';
import { createNotificationsTestApp, send } from '../../testing';
import { type SeriesTables } from '../../infrastructure/series.tables';
import { type RepeatView } from './series.view';

/**
 * Sets the manual clock to `iso` and runs the dispatcher there, as its wake-up would (the queue
 * is not started: a day of the minutely safety net would be 1,440 runs per simulated day).
 */
async function to(clock: ManualClock, iso: string, app: Application): Promise<void> {
  clock.set(iso);
  await app.dispatch(new DeliverDueNotifications());
}

// Reference time: Thursday 2026-09-10 08:30 UTC (10:30 in Berlin, CEST).
const DAILY_9_BERLIN = { rule: 'FREQ=DAILY', timeZone: 'Europe/Berlin' };

async function started(first = '2026-09-11T09:00:00+02:00', repeat = DAILY_9_BERLIN) {
  const t = await createNotificationsTestApp({ start: false });
  const { delivery } = await send(t.app, { scheduledAt: first, repeat });
  const series = tablesOf<SeriesTables>(t.app.database.kysely);
  const rows = () =>
    t.db
      .selectFrom('notification_deliveries')
      .select(['id', 'status', 'scheduled_at'])
      .orderBy('scheduled_at')
      .execute();
  const ledger = () =>
    series
      .selectFrom('notification_series_occurrences')
      .select(['number', 'instant', 'outcome', 'reason', 'delivery_id'])
      .orderBy('instant')
      .orderBy('id')
      .execute();
  return { ...t, delivery, rows, ledger, series };
}

describe('a recurring series, through the dispatcher', () => {
  it('keeps ONE row scheduled: settling occurrence N schedules N+1 in the same transaction', async () => {
    const { app, clock, delivery, rows, ledger } = await started();
    expect((delivery as { repeat?: RepeatView }).repeat).toMatchObject({
      seriesId: delivery.id,
      rule: 'FREQ=DAILY',
      timeZone: 'Europe/Berlin',
      status: 'active',
    });
    expect((delivery as { repeat?: RepeatView }).repeat?.description).toBe('every day at 09:00');
    expect(await rows()).toEqual([
      { id: delivery.id, status: 'scheduled', scheduled_at: '2026-09-11T07:00:00.000Z' },
    ]);
    await to(clock, '2026-09-11T07:00:00.000Z', app);
    const after = await rows();
    expect(after.map((r) => [r.status, r.scheduled_at])).toEqual([
      ['sent', '2026-09-11T07:00:00.000Z'],
      ['scheduled', '2026-09-12T07:00:00.000Z'],
    ]);
    expect(await ledger()).toEqual([
      expect.objectContaining({ number: 1, outcome: 'sent', delivery_id: delivery.id }),
      expect.objectContaining({
        number: 2,
        instant: '2026-09-12T07:00:00.000Z',
        outcome: 'scheduled',
        delivery_id: after[1]?.id,
      }),
    ]);
    await app.stop();
  });

  it('ends after COUNT: the last occurrence settles and nothing more is scheduled', async () => {
    const { app, clock, rows, series } = await started(undefined, {
      rule: 'FREQ=DAILY;COUNT=2',
      timeZone: 'Europe/Berlin',
    });
    await to(clock, '2026-09-11T07:00:00.000Z', app);
    await to(clock, '2026-09-12T07:00:00.000Z', app);
    await to(clock, '2026-09-20T07:00:00.000Z', app);
    expect((await rows()).map((r) => r.status)).toEqual(['sent', 'sent']);
    const s = await series.selectFrom('notification_series').selectAll().executeTakeFirstOrThrow();
    expect(s).toMatchObject({ status: 'ended', current_delivery_id: null, current_number: 2 });
    await app.stop();
  });
});
