import { startSeriesApp } from '../../testing';
import { type RepeatView } from './series.view';

// Reference time: Thursday 2026-09-10 08:30 UTC (10:30 in Berlin, CEST).
const DAILY_9_BERLIN = { rule: 'FREQ=DAILY', timeZone: 'Europe/Berlin' };

function started(first = '2026-09-11T09:00:00+02:00', repeat = DAILY_9_BERLIN) {
  return startSeriesApp(first, repeat);
}

describe('a recurring series, through the dispatcher', () => {
  it('keeps ONE row scheduled: settling occurrence N schedules N+1 in the same transaction', async () => {
    const { app, run, delivery, rows, ledger } = await started();
    expect((delivery as { repeat?: RepeatView }).repeat).toMatchObject({
      seriesId: delivery.id,
      rule: 'FREQ=DAILY',
      timeZone: 'Europe/Berlin',
      status: 'active',
    });
    expect((delivery as { repeat?: RepeatView }).repeat?.description).toBe('every day at 09:00');
    expect(await rows()).toEqual([
      expect.objectContaining({
        id: delivery.id,
        status: 'scheduled',
        scheduled_at: '2026-09-11T07:00:00.000Z',
      }),
    ]);
    await run('2026-09-11T07:00:00.000Z');
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
    const { app, run, rows, series } = await started(undefined, {
      rule: 'FREQ=DAILY;COUNT=2',
      timeZone: 'Europe/Berlin',
    });
    await run('2026-09-11T07:00:00.000Z');
    await run('2026-09-12T07:00:00.000Z');
    await run('2026-09-20T07:00:00.000Z');
    expect((await rows()).map((r) => r.status)).toEqual(['sent', 'sent']);
    const s = await series.selectFrom('notification_series').selectAll().executeTakeFirstOrThrow();
    expect(s).toMatchObject({ status: 'ended', current_delivery_id: null, current_number: 2 });
    await app.stop();
  });

  it('after downtime past the grace window: recorded missed, the next FUTURE one scheduled, no burst', async () => {
    const { app, run, rows, ledger } = await startSeriesApp(
      '2026-09-11T09:00:00+02:00',
      DAILY_9_BERLIN,
      { graceMs: '1h' },
    );
    await run('2026-09-14T12:00:00.000Z'); // down from before the first until the fourth day
    expect((await rows()).map((r) => [r.status, r.scheduled_at, r.missed_reason])).toEqual([
      ['missed', '2026-09-11T07:00:00.000Z', 'too-late'],
      ['scheduled', '2026-09-15T07:00:00.000Z', null],
    ]);
    expect((await ledger()).map((o) => [o.number, o.outcome, o.reason])).toEqual([
      [1, 'missed', 'too-late'],
      [2, 'missed', 'too-late'],
      [3, 'missed', 'too-late'],
      [4, 'missed', 'too-late'],
      [5, 'scheduled', null],
    ]);
    await app.stop();
  });

  it('within the grace window the latest passed occurrence still goes out, once', async () => {
    const { app, run, rows, ledger } = await startSeriesApp(
      '2026-09-11T09:00:00+02:00',
      DAILY_9_BERLIN,
      { graceMs: '12h' },
    );
    await run('2026-09-13T12:00:00.000Z');
    await run('2026-09-13T12:00:00.000Z'); // the wake-up the new row asked for
    expect((await rows()).map((r) => [r.status, r.scheduled_at])).toEqual([
      ['missed', '2026-09-11T07:00:00.000Z'],
      ['sent', '2026-09-13T07:00:00.000Z'],
      ['scheduled', '2026-09-14T07:00:00.000Z'],
    ]);
    expect((await ledger()).map((o) => [o.number, o.outcome, o.reason])).toEqual([
      [1, 'missed', 'too-late'],
      [2, 'missed', 'too-late'],
      [3, 'sent', null],
      [4, 'scheduled', null],
    ]);
    await app.stop();
  });

  it('every occurrence inherits the priority, escalation and fallback of the first, not just its text', async () => {
    const { app, run, rows, db } = await startSeriesApp(
      '2026-09-11T09:00:00+02:00',
      DAILY_9_BERLIN,
      {},
      {
        priority: 'high',
        escalate: { after: '90m', channel: 'webhook' },
        fallback: { channel: 'webhook' },
      },
    );
    await run('2026-09-11T07:00:00.000Z');
    await run('2026-09-12T07:00:00.000Z');
    const ids = (await rows()).map((r) => r.id);
    expect(ids).toHaveLength(3);
    const bodies = await db
      .selectFrom('notification_bodies')
      .select(['id', 'priority', 'escalate_after_ms', 'escalate_channel', 'fallback_channel'])
      .where('id', 'in', ids)
      .execute();
    expect(bodies).toHaveLength(3);
    for (const body of bodies) {
      expect(body).toMatchObject({
        priority: 'high',
        escalate_after_ms: 5_400_000,
        escalate_channel: 'webhook',
        fallback_channel: 'webhook',
      });
    }
    await app.stop();
  });
});
