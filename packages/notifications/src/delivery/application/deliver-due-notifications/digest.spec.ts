import { dispatcherFakes, sendCommand } from '../../../testing';

// 23:30 CET on Wednesday 14 January 2026 in Berlin.
const NIGHT = '2026-01-14T22:30:00.000Z';

const setup = () => dispatcherFakes('2026-01-14T22:00:00.000Z');

describe('digests in the dispatcher (manual clock)', () => {
  it('gathers what falls due in one tick into one digest; each item sent and linked', async () => {
    const t = setup();
    await t.profiles.set('alice', { digest: { mode: 'tick' } });
    const a = await t.send.execute(
      sendCommand({ title: 'one', message: 'first', scheduledAt: NIGHT }),
    );
    const b = await t.send.execute(
      sendCommand({ title: 'two', message: 'second', scheduledAt: NIGHT }),
    );
    const bob = await t.send.execute(sendCommand({ recipientId: 'bob', scheduledAt: NIGHT }));
    t.clock.set(NIGHT);
    expect(await t.run()).toEqual({ sent: 3, missed: 0, failed: 0, dispatched: 0 });
    const alice = t.inbox.items.filter((i) => i.recipientId === 'alice');
    expect(alice).toHaveLength(1);
    const row = alice[0]!;
    expect(row.title).toBe('2 reminders');
    expect(row.message).toBe('• one — first\n• two — second');
    for (const id of [a.delivery.id, b.delivery.id]) {
      expect(t.deliveries.rows.get(id)).toMatchObject({
        status: 'sent',
        digestId: row.notificationId,
        inboxId: row.id,
        sentAt: NIGHT,
      });
    }
    expect(t.deliveries.rows.get(row.notificationId)).toMatchObject({
      status: 'sent',
      title: '2 reminders',
      digestId: null,
    });
    // bob has no digest: his reminder is its own message.
    expect(t.inbox.items.find((i) => i.recipientId === 'bob')?.notificationId).toBe(
      bob.delivery.id,
    );
  });

  it('sends a digest of one as an ordinary message', async () => {
    const t = setup();
    await t.profiles.set('alice', { digest: { mode: 'tick' } });
    const a = await t.send.execute(sendCommand({ title: 'alone', scheduledAt: NIGHT }));
    t.clock.set(NIGHT);
    await t.run();
    expect(t.inbox.items.map((i) => [i.notificationId, i.title])).toEqual([
      [a.delivery.id, 'alone'],
    ]);
    expect(t.deliveries.rows.get(a.delivery.id)?.digestId).toBeNull();
  });

  it('keeps a high-priority reminder out of the digest', async () => {
    const t = setup();
    await t.profiles.set('alice', { digest: { mode: 'tick' } });
    await t.send.execute(sendCommand({ title: 'a', scheduledAt: NIGHT }));
    await t.send.execute(sendCommand({ title: 'b', scheduledAt: NIGHT }));
    const urgent = await t.send.execute(
      sendCommand({ title: 'c', scheduledAt: NIGHT, priority: 'high' }),
    );
    t.clock.set(NIGHT);
    await t.run();
    expect(t.inbox.items.map((i) => i.title).sort()).toEqual(['2 reminders', 'c']);
    expect(t.deliveries.rows.get(urgent.delivery.id)?.digestId).toBeNull();
  });

  it('holds everything to the daily window (08:00 Berlin), then sends one digest there', async () => {
    const t = setup();
    await t.profiles.set('alice', {
      timeZone: 'Europe/Berlin',
      digest: { mode: 'daily', at: '08:00' },
    });
    const a = await t.send.execute(sendCommand({ title: 'one', message: '', scheduledAt: NIGHT }));
    const b = await t.send.execute(
      sendCommand({ title: 'two', message: '', scheduledAt: '2026-01-15T05:00:00Z' }),
    );
    t.clock.set(NIGHT);
    await t.run();
    t.clock.set('2026-01-15T05:00:00.000Z');
    await t.run();
    expect(t.inbox.items).toEqual([]);
    for (const [id, from] of [
      [a.delivery.id, NIGHT],
      [b.delivery.id, '2026-01-15T05:00:00.000Z'],
    ] as const) {
      expect(t.deliveries.rows.get(id)).toMatchObject({
        status: 'scheduled',
        scheduledAt: '2026-01-15T07:00:00.000Z',
        deferredFrom: from,
      });
    }
    t.clock.set('2026-01-15T07:00:00.000Z');
    expect((await t.run()).sent).toBe(2);
    expect(t.inbox.items.map((i) => [i.title, i.message])).toEqual([
      ['2 reminders', '• one\n• two'],
    ]);
  });

  it('holds to 08:00 CEST across the spring-forward night', async () => {
    const t = setup();
    await t.profiles.set('alice', {
      timeZone: 'Europe/Berlin',
      digest: { mode: 'daily', at: '08:00' },
    });
    t.clock.set('2026-03-28T20:00:00.000Z');
    const a = await t.send.execute(sendCommand({ scheduledAt: '2026-03-28T22:00:00Z' }));
    t.clock.set('2026-03-28T22:00:00.000Z');
    await t.run();
    expect(t.deliveries.rows.get(a.delivery.id)?.scheduledAt).toBe('2026-03-29T06:00:00.000Z');
  });
});
