import { type CommandValidationError } from '@tickler/core';
import { REFERENCE_TIME } from '@tickler/core/testing';
import { SnoozeInboxItem } from '../src';
import { createNotificationsTestApp, send } from '../src/testing';

const at = (ms: number): string => new Date(Date.parse(REFERENCE_TIME) + ms).toISOString();

function snooze(fields: Partial<SnoozeInboxItem>): SnoozeInboxItem {
  return Object.assign(new SnoozeInboxItem(), { recipientId: 'alice', ...fields });
}

describe('snooze on the real database (SQLite, or PostgreSQL via test-postgres)', () => {
  it('delivers the same content again at the snooze instant, linked to the item', async () => {
    const { app, clock, db } = await createNotificationsTestApp();
    await clock.advance(0);
    const first = await send(app, { title: 'Water the plants', message: 'the fern too' });
    const again = await app.dispatch(snooze({ inboxId: first.delivery.inboxId!, for: '10m' }));
    expect(again).toMatchObject({ status: 'scheduled', scheduledAt: at(600_000) });
    await clock.advance(599_999);
    expect(await db.selectFrom('notification_inbox').select('id').execute()).toHaveLength(1);
    await clock.advance(1);
    const inbox = await db
      .selectFrom('notification_inbox')
      .selectAll()
      .orderBy('created_at')
      .execute();
    expect(inbox.map((i) => [i.notification_id, i.title, i.message, i.created_at])).toEqual([
      [first.delivery.id, 'Water the plants', 'the fern too', REFERENCE_TIME],
      [again.id, 'Water the plants', 'the fern too', at(600_000)],
    ]);
    expect(inbox[0]?.read_at).toBe(REFERENCE_TIME);
    const row = await db
      .selectFrom('notification_deliveries as d')
      .innerJoin('notification_bodies as b', 'b.id', 'd.id')
      .select(['d.status', 'b.snoozed_from'])
      .where('d.id', '=', again.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'sent', snoozed_from: first.delivery.inboxId });
    await app.stop();
  });

  it("refuses both or neither of for and until, and another person's item", async () => {
    const { app, db } = await createNotificationsTestApp({ start: false });
    const first = await send(app, {});
    const inboxId = first.delivery.inboxId!;
    await expect(app.dispatch(snooze({ inboxId }))).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      field: 'for',
    });
    const bad = await app
      .dispatch(snooze({ inboxId, for: '5' }))
      .catch((e: unknown) => e as CommandValidationError);
    expect((bad as CommandValidationError).fields.map((f) => f.path)).toEqual(['for']);
    await expect(
      app.dispatch(snooze({ inboxId, recipientId: 'bob', for: '10m' })),
    ).rejects.toMatchObject({ code: 'NOTIFICATIONS.INBOX_ITEM_NOT_FOUND' });
    expect(await db.selectFrom('notification_deliveries').select('id').execute()).toHaveLength(1);
    await app.stop();
  });
});
