// Over 300 lines: one pass through every use case on a real database, each case a few lines.
import { CommandValidationError } from '@tickler/core';
import { REFERENCE_TIME } from '@tickler/core/testing';
import {
  CancelNotification,
  DeliverDueNotifications,
  GetNotification,
  ListInbox,
  ListNotifications,
  MarkInboxRead,
  NotificationSourceKeyTakenError,
  RescheduleNotification,
  SendNotificationNow,
} from '../src';
import { createNotificationsTestApp, send } from '../src/testing';

const at = (ms: number): string => new Date(Date.parse(REFERENCE_TIME) + ms).toISOString();
const HOUR = 3_600_000;

function cmd<T extends object>(ctor: new () => T, fields: Partial<T>): T {
  return Object.assign(new ctor(), fields);
}

describe('notifications use cases on SQLite', () => {
  it('sends an immediate inbox notification in one call, with its inbox row, exactly once per idempotency key', async () => {
    const { app, db } = await createNotificationsTestApp({ start: false });
    const first = await send(app, { idempotencyKey: 'k1' });
    expect(first.created).toBe(true);
    expect(first.delivery).toMatchObject({
      status: 'sent',
      sentAt: REFERENCE_TIME,
      inboxId: first.delivery.id,
      attempts: 1,
    });
    const replay = await send(app, { idempotencyKey: 'k1' });
    expect(replay).toEqual({ delivery: first.delivery, created: false });
    await expect(send(app, { idempotencyKey: 'k1', title: 'different' })).rejects.toMatchObject({
      code: 'IDEMPOTENCY.KEY_REUSED',
    });
    const other = await send(app, { idempotencyKey: 'k1', recipientId: 'bob' });
    expect(other.created).toBe(true);
    expect(await db.selectFrom('notification_inbox').select('id').execute()).toHaveLength(2);
    await app.stop();
  });

  it('refuses a second delivery with the same producer source key (typed conflict, nothing written)', async () => {
    const { app, db } = await createNotificationsTestApp({ start: false });
    const source = { app: 'events', key: 'event:1:day-before' };
    const first = await send(app, { scheduledAt: at(HOUR), source });
    const error = await send(app, { scheduledAt: at(2 * HOUR), source }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotificationSourceKeyTakenError);
    expect(error).toMatchObject({
      code: 'NOTIFICATIONS.SOURCE_KEY_TAKEN',
      existingId: first.delivery.id,
    });
    expect(await db.selectFrom('notification_deliveries').select('id').execute()).toHaveLength(1);
    // Another recipient, or another lead rule for the same key, is a different delivery.
    await send(app, { scheduledAt: at(HOUR), source, recipientId: 'bob' });
    await send(app, { eventAt: at(3 * HOUR), rule: 'lead:600', source });
    expect(await db.selectFrom('notification_deliveries').select('id').execute()).toHaveLength(3);
    await app.stop();
  });

  it('rejects a source that is not an object (an empty array once slipped through ValidateNested)', async () => {
    const { app, db } = await createNotificationsTestApp({ start: false });
    for (const source of [[], [{ app: 'a', key: 'k' }]]) {
      const error = await app.bus
        .dispatchPlain('notifications.send', { recipientId: 'u', title: 't', message: 'm', source })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CommandValidationError);
      expect((error as CommandValidationError).fields.map((f) => f.path)).toContain('source');
    }
    expect(await db.selectFrom('notification_deliveries').select('id').execute()).toHaveLength(0);
    await app.stop();
  });

  it('rejects invalid input naming each bad field', async () => {
    const { app } = await createNotificationsTestApp({ start: false });
    const error = await send(app, { recipientId: 'a b', scheduledAt: 'tomorrow' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CommandValidationError);
    expect((error as CommandValidationError).fields.map((f) => f.path).sort()).toEqual([
      'recipientId',
      'scheduledAt',
    ]);
    await app.stop();
  });

  it('settles stale and out-of-window deliveries as missed with the right reason, and dry-run as missed', async () => {
    const { app, clock } = await createNotificationsTestApp({ start: false });
    const tooLate = await send(app, { scheduledAt: at(HOUR) });
    const started = await send(app, { scheduledAt: at(HOUR), eventAt: at(2 * HOUR) });
    const expired = await send(app, {
      scheduledAt: at(HOUR),
      eventAt: at(2 * HOUR),
      expiresAt: at(3 * HOUR),
    });
    const leadZero = await send(app, { scheduledAt: at(2 * HOUR), eventAt: at(2 * HOUR) });
    clock.set(at(2 * HOUR + 1));
    const onTime = await send(app, { scheduledAt: at(2 * HOUR + 2) });
    clock.set(at(14 * HOUR + 1)); // 12 h + 1 ms after leadZero's instant, 1 ms inside onTime's grace
    const result = await app.dispatch(new DeliverDueNotifications());
    expect(result).toEqual({ sent: 1, missed: 4, failed: 0, dispatched: 0 });
    const get = (id: string) => app.dispatch(cmd(GetNotification, { recipientId: 'alice', id }));
    expect((await get(tooLate.delivery.id)).missedReason).toBe('too-late');
    expect((await get(started.delivery.id)).missedReason).toBe('event-started');
    expect((await get(expired.delivery.id)).missedReason).toBe('expired');
    expect((await get(leadZero.delivery.id)).missedReason).toBe('too-late');
    expect((await get(onTime.delivery.id)).status).toBe('sent');
    await app.stop();

    const dry = await createNotificationsTestApp({ start: false, delivery: 'dry-run' });
    const d = await send(dry.app, { scheduledAt: at(1000) });
    dry.clock.set(at(1000));
    expect(await dry.app.dispatch(new DeliverDueNotifications())).toEqual({
      sent: 0,
      missed: 1,
      failed: 0,
      dispatched: 0,
    });
    const view = await dry.app.dispatch(
      cmd(GetNotification, { recipientId: 'alice', id: d.delivery.id }),
    );
    expect(view).toMatchObject({ status: 'missed', missedReason: 'dry-run', sentAt: null });
    expect(await dry.db.selectFrom('notification_inbox').select('id').execute()).toEqual([]);
    await dry.app.stop();
  });

  it('sends a lead:0 reminder whose instant is the event start when the dispatcher wakes a moment after it', async () => {
    const { app, clock } = await createNotificationsTestApp({ start: false });
    const d = await send(app, { scheduledAt: at(HOUR), eventAt: at(HOUR) });
    clock.set(at(HOUR + 5));
    expect((await app.dispatch(new DeliverDueNotifications())).sent).toBe(1);
    expect(
      (await app.dispatch(cmd(GetNotification, { recipientId: 'alice', id: d.delivery.id })))
        .status,
    ).toBe('sent');
    await app.stop();
  });

  it('cancels a scheduled delivery as a tombstone, idempotently, and refuses once sent', async () => {
    const { app, clock } = await createNotificationsTestApp();
    await clock.advance(0);
    const d = await send(app, { scheduledAt: at(60_000) });
    const canceled = await app.dispatch(
      cmd(CancelNotification, { recipientId: 'alice', id: d.delivery.id }),
    );
    expect(canceled.status).toBe('canceled');
    const again = await app.dispatch(
      cmd(CancelNotification, { recipientId: 'alice', id: d.delivery.id }),
    );
    expect(again).toEqual(canceled);
    await clock.advance(120_000);
    expect(
      (await app.dispatch(cmd(GetNotification, { recipientId: 'alice', id: d.delivery.id })))
        .status,
    ).toBe('canceled');

    // Cancelling what was already sent is a no-op answered with the row as it is (seed 001 §3.1).
    const sent = await send(app, {});
    await expect(
      app.dispatch(cmd(CancelNotification, { recipientId: 'alice', id: sent.delivery.id })),
    ).resolves.toMatchObject({ id: sent.delivery.id, status: 'sent' });
    await expect(
      app.dispatch(cmd(CancelNotification, { recipientId: 'bob', id: d.delivery.id })),
    ).rejects.toMatchObject({
      code: 'NOTIFICATIONS.NOT_FOUND',
    });
    await app.stop();
  });

  it('reschedules only while scheduled; an earlier instant moves the wake-up and it is sent then', async () => {
    const { app, clock } = await createNotificationsTestApp();
    await clock.advance(0);
    const d = await send(app, { scheduledAt: at(HOUR) });
    const moved = await app.dispatch(
      cmd(RescheduleNotification, {
        recipientId: 'alice',
        id: d.delivery.id,
        scheduledAt: at(5_000),
        title: 'Earlier',
      }),
    );
    expect(moved).toMatchObject({ status: 'scheduled', scheduledAt: at(5_000), title: 'Earlier' });
    await clock.advance(4_999);
    expect(
      (await app.dispatch(cmd(GetNotification, { recipientId: 'alice', id: d.delivery.id })))
        .status,
    ).toBe('scheduled');
    await clock.advance(1);
    const sent = await app.dispatch(
      cmd(GetNotification, { recipientId: 'alice', id: d.delivery.id }),
    );
    expect(sent).toMatchObject({ status: 'sent', sentAt: at(5_000), title: 'Earlier' });
    await expect(
      app.dispatch(
        cmd(RescheduleNotification, { recipientId: 'alice', id: d.delivery.id, title: 'x' }),
      ),
    ).rejects.toMatchObject({ code: 'NOTIFICATIONS.ALREADY_SENT' });
    const canceled = await send(app, { scheduledAt: at(HOUR) });
    await app.dispatch(cmd(CancelNotification, { recipientId: 'alice', id: canceled.delivery.id }));
    await expect(
      app.dispatch(
        cmd(RescheduleNotification, { recipientId: 'alice', id: canceled.delivery.id, title: 'x' }),
      ),
    ).rejects.toMatchObject({ code: 'NOTIFICATIONS.NOT_SCHEDULED' });
    await app.stop();
  });

  it('send-now delivers a scheduled inbox row once; the dispatcher never sends it again', async () => {
    const { app, clock, db } = await createNotificationsTestApp();
    await clock.advance(0);
    const d = await send(app, { scheduledAt: at(60_000) });
    const now = await app.dispatch(
      cmd(SendNotificationNow, { recipientId: 'alice', id: d.delivery.id }),
    );
    expect(now).toMatchObject({ status: 'sent', sentAt: REFERENCE_TIME, scheduledAt: at(60_000) });
    await clock.advance(120_000);
    await expect(
      app.dispatch(cmd(SendNotificationNow, { recipientId: 'alice', id: d.delivery.id })),
    ).rejects.toMatchObject({
      code: 'NOTIFICATIONS.ALREADY_SENT',
    });
    expect(await db.selectFrom('notification_inbox').select('id').execute()).toHaveLength(1);
    await app.stop();
  });

  it('lists a recipient’s deliveries by send instant with a status filter and an opaque cursor', async () => {
    const { app, clock } = await createNotificationsTestApp({ start: false });
    const ids: string[] = [];
    for (const offset of [5, 1, 3, 2, 4]) {
      ids[offset] = (await send(app, { scheduledAt: at(offset * 60_000) })).delivery.id;
    }
    const immediate = (await send(app, {})).delivery.id; // sorts by creation instant: first
    await send(app, { recipientId: 'bob', scheduledAt: at(60_000) });
    clock.set(at(2 * 60_000));
    await app.dispatch(new DeliverDueNotifications());
    const page1 = await app.dispatch(cmd(ListNotifications, { recipientId: 'alice', limit: 4 }));
    expect(page1.items.map((i) => i.id)).toEqual([immediate, ids[1], ids[2], ids[3]]);
    expect(page1.nextCursor).not.toBeNull();
    const page2 = await app.dispatch(
      cmd(ListNotifications, {
        recipientId: 'alice',
        limit: 4,
        cursor: page1.nextCursor as string,
      }),
    );
    expect(page2).toEqual({
      items: [expect.objectContaining({ id: ids[4] }), expect.objectContaining({ id: ids[5] })],
      nextCursor: null,
    });
    const scheduled = await app.dispatch(
      cmd(ListNotifications, { recipientId: 'alice', status: 'scheduled' }),
    );
    expect(scheduled.items.map((i) => i.id)).toEqual([ids[3], ids[4], ids[5]]);
    await expect(
      app.dispatch(cmd(ListNotifications, { recipientId: 'alice', cursor: 'nope' })),
    ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(
      app.dispatch(cmd(ListNotifications, { recipientId: 'alice', limit: 201 })),
    ).rejects.toBeInstanceOf(CommandValidationError);
    await app.stop();
  });

  it('lists the inbox newest first, filters unread, and marks read idempotently', async () => {
    const { app, clock } = await createNotificationsTestApp({ start: false });
    const a = (await send(app, { title: 'a' })).delivery;
    clock.set(at(1000));
    const b = (await send(app, { title: 'b' })).delivery;
    clock.set(at(2000));
    const c = (await send(app, { title: 'c' })).delivery;
    const page = await app.dispatch(cmd(ListInbox, { recipientId: 'alice', limit: 2 }));
    expect(page.items.map((i) => i.title)).toEqual(['c', 'b']);
    const rest = await app.dispatch(
      cmd(ListInbox, { recipientId: 'alice', limit: 2, cursor: page.nextCursor as string }),
    );
    expect(rest).toEqual({
      items: [expect.objectContaining({ id: a.inboxId, notificationId: a.id })],
      nextCursor: null,
    });
    clock.set(at(3000));
    const read = await app.dispatch(
      cmd(MarkInboxRead, { recipientId: 'alice', inboxId: b.inboxId as string }),
    );
    expect(read.readAt).toBe(at(3000));
    clock.set(at(4000));
    expect(
      (
        await app.dispatch(
          cmd(MarkInboxRead, { recipientId: 'alice', inboxId: b.inboxId as string }),
        )
      ).readAt,
    ).toBe(at(3000));
    const unread = await app.dispatch(cmd(ListInbox, { recipientId: 'alice', unreadOnly: true }));
    expect(unread.items.map((i) => i.id)).toEqual([c.inboxId, a.inboxId]);
    await expect(
      app.dispatch(cmd(MarkInboxRead, { recipientId: 'bob', inboxId: c.inboxId as string })),
    ).rejects.toMatchObject({
      code: 'NOTIFICATIONS.INBOX_ITEM_NOT_FOUND',
    });
    await app.stop();
  });
});
