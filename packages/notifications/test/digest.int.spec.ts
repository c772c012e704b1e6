import { REFERENCE_TIME } from '@tickler/core/testing';
import { UpdateRecipientProfile } from '../src';
import { createNotificationsTestApp, send } from '../src/testing';

const at = (ms: number): string => new Date(Date.parse(REFERENCE_TIME) + ms).toISOString();

describe('digests on the real database (SQLite, or PostgreSQL via test-postgres)', () => {
  it('sends what falls due in one tick as one inbox row, each item sent and linked to it', async () => {
    const { app, clock, db } = await createNotificationsTestApp();
    await clock.advance(0);
    await app.dispatch(
      Object.assign(new UpdateRecipientProfile(), {
        recipientId: 'alice',
        digest: { mode: 'tick' },
      }),
    );
    const a = await send(app, { title: 'Bins', message: 'out tonight', scheduledAt: at(1000) });
    const b = await send(app, { title: 'Plants', message: 'water', scheduledAt: at(1000) });
    await clock.advance(1000);
    const inbox = await db.selectFrom('notification_inbox').selectAll().execute();
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({
      title: '2 reminders',
      message: '• Bins — out tonight\n• Plants — water',
    });
    const digestId = inbox[0]!.notification_id;
    const items = await db
      .selectFrom('notification_deliveries')
      .select(['id', 'status', 'digest_id', 'inbox_id', 'sent_at'])
      .where('id', 'in', [a.delivery.id, b.delivery.id])
      .orderBy('id')
      .execute();
    expect(items).toEqual(
      [a.delivery.id, b.delivery.id].map((id) => ({
        id,
        status: 'sent',
        digest_id: digestId,
        inbox_id: inbox[0]!.id,
        sent_at: at(1000),
      })),
    );
    const digest = await db
      .selectFrom('notification_deliveries as d')
      .innerJoin('notification_bodies as b', 'b.id', 'd.id')
      .select(['d.status', 'b.title'])
      .where('d.id', '=', digestId)
      .executeTakeFirstOrThrow();
    expect(digest).toEqual({ status: 'sent', title: '2 reminders' });
    await app.stop();
  });
});
