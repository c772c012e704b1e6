import { RecurrenceTooCostlyError } from '@tickler/time';
import { startSeriesApp } from '../../testing';
import { ListOccurrences } from './list-occurrences/list-occurrences.command';

const range = (from: number, to: number): string =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i).join(',');

/** A rule the cost limits refuse today, as an earlier release could have stored it. */
const EVERY_MINUTE = `FREQ=YEARLY;BYMONTH=${range(1, 12)};BYMONTHDAY=${range(1, 31)};BYHOUR=${range(0, 23)};BYMINUTE=${range(0, 59)}`;
/** Every 7 days from a Friday is never a Monday: today refused when created, its walk runs out of steps. */
const NEVER_AGAIN = 'FREQ=DAILY;INTERVAL=7;BYDAY=MO';

describe('a stored series whose rule the cost limits would refuse today', () => {
  it('fires, reads and previews within the budget: the next minute, found lazily', async () => {
    const { app, run, rows, series, delivery } = await startSeriesApp('2026-09-11T09:00:00+02:00', {
      rule: 'FREQ=DAILY',
      timeZone: 'Europe/Berlin',
    });
    await series
      .updateTable('notification_series')
      .set({ rule: EVERY_MINUTE })
      .where('id', '=', delivery.id)
      .execute();
    await run('2026-09-11T07:00:00.000Z');
    expect((await rows()).map((r) => [r.status, r.scheduled_at])).toEqual([
      ['sent', '2026-09-11T07:00:00.000Z'],
      ['scheduled', '2026-09-11T07:01:00.000Z'],
    ]);
    const view = await app.dispatch(
      Object.assign(new ListOccurrences(), { recipientId: 'alice', id: delivery.id, count: 3 }),
    );
    expect(view.upcoming.map((o) => o.instant)).toEqual([
      '2026-09-11T07:01:00.000Z',
      '2026-09-11T07:02:00.000Z',
      '2026-09-11T07:03:00.000Z',
    ]);
    await app.stop();
  });

  it('a walk past the step bound ends the series at firing instead of failing the batch; a preview is 422 naming repeat.rule', async () => {
    const { app, run, rows, series, delivery } = await startSeriesApp('2026-09-11T09:00:00Z', {
      rule: 'FREQ=DAILY',
      timeZone: 'UTC',
    });
    await series
      .updateTable('notification_series')
      .set({ rule: NEVER_AGAIN })
      .where('id', '=', delivery.id)
      .execute();
    const preview = app.dispatch(
      Object.assign(new ListOccurrences(), { recipientId: 'alice', id: delivery.id, count: 50 }),
    );
    await expect(preview).rejects.toBeInstanceOf(RecurrenceTooCostlyError);
    await expect(preview).rejects.toMatchObject({ details: { field: 'repeat.rule' } });
    await run('2026-09-11T09:00:00.000Z');
    expect((await rows()).map((r) => r.status)).toEqual(['sent']);
    const row = await series
      .selectFrom('notification_series')
      .select(['status', 'current_delivery_id'])
      .executeTakeFirstOrThrow();
    // 400 years of 7-day periods (20,871) to look at: past the budget of 5,000 steps.
    expect(row).toEqual({ status: 'ended', current_delivery_id: null });
    await app.stop();
  });
});
