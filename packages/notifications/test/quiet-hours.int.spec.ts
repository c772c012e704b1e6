import { REFERENCE_TIME } from '@tickler/core/testing';
import { UpdateRecipientProfile } from '../src';
import { createNotificationsTestApp, send } from '../src/testing';

const at = (ms: number): string => new Date(Date.parse(REFERENCE_TIME) + ms).toISOString();
// REFERENCE_TIME is 08:30 UTC = 10:30 in Berlin (CEST) on 10 September 2026.
const WINDOW_END = '2026-09-10T09:00:00.000Z'; // 11:00 CEST

describe('quiet hours on the real database (SQLite, or PostgreSQL via test-postgres)', () => {
  it('holds a due reminder to the end of the window with its original instant, then sends it; high priority passes', async () => {
    const { app, clock, db } = await createNotificationsTestApp();
    await clock.advance(0);
    await app.dispatch(
      Object.assign(new UpdateRecipientProfile(), {
        recipientId: 'alice',
        timeZone: 'Europe/Berlin',
        quietHours: { start: '10:00', end: '11:00' },
      }),
    );
    const quiet = await send(app, { title: 'later please', scheduledAt: at(1000) });
    const urgent = await send(app, { title: 'now', scheduledAt: at(1000), priority: 'high' });
    await clock.advance(1000);
    const rows = await db
      .selectFrom('notification_deliveries as d')
      .innerJoin('notification_bodies as b', 'b.id', 'd.id')
      .select(['d.id', 'd.status', 'd.scheduled_at', 'd.due_at', 'd.deferred_from', 'b.priority'])
      .orderBy('d.id')
      .execute();
    expect(rows).toEqual([
      {
        id: quiet.delivery.id,
        status: 'scheduled',
        scheduled_at: WINDOW_END,
        due_at: WINDOW_END,
        deferred_from: at(1000),
        priority: 'normal',
      },
      {
        id: urgent.delivery.id,
        status: 'sent',
        scheduled_at: at(1000),
        due_at: null,
        deferred_from: null,
        priority: 'high',
      },
    ]);
    await clock.advance(Date.parse(WINDOW_END) - Date.parse(at(1000)));
    const inbox = await db
      .selectFrom('notification_inbox')
      .select(['notification_id', 'created_at'])
      .orderBy('created_at')
      .execute();
    expect(inbox).toEqual([
      { notification_id: urgent.delivery.id, created_at: at(1000) },
      { notification_id: quiet.delivery.id, created_at: WINDOW_END },
    ]);
    await app.stop();
  });
});
