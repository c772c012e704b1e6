import { dispatcherFakes, sendCommand, subscriptionOf } from '../../../testing';

// 23:30 CET on Wednesday 14 January 2026 in Berlin.
const NIGHT = '2026-01-14T22:30:00.000Z';
const MORNING = '2026-01-15T06:00:00.000Z';

const setup = () => dispatcherFakes('2026-01-14T22:00:00.000Z');

describe('quiet hours in the dispatcher (manual clock)', () => {
  it('holds a delivery inside quiet hours to the end of the window, then sends it', async () => {
    const t = setup();
    await t.profiles.set('alice', {
      timeZone: 'Europe/Berlin',
      quietHours: { start: '22:00', end: '07:00' },
    });
    const made = await t.send.execute(sendCommand({ scheduledAt: NIGHT }));
    t.clock.set(NIGHT);
    expect(await t.run()).toEqual({ sent: 0, missed: 0, failed: 0, dispatched: 0 });
    expect(t.deliveries.rows.get(made.delivery.id)).toMatchObject({
      status: 'scheduled',
      deferredFrom: NIGHT,
      scheduledAt: MORNING,
      dueAt: MORNING,
    });
    expect(t.inbox.items).toEqual([]);
    expect(t.wakeUp.calls.at(-1)).toBe(MORNING);
    expect(t.uow.published.map((e) => e.type)).toContain('notifications.deferred');
    t.clock.set('2026-01-15T05:59:59.999Z');
    expect((await t.run()).sent).toBe(0);
    t.clock.set(MORNING);
    expect((await t.run()).sent).toBe(1);
    expect(t.inbox.items.map((i) => [i.notificationId, i.createdAt])).toEqual([
      [made.delivery.id, MORNING],
    ]);
    expect(t.deliveries.rows.get(made.delivery.id)?.deferredFrom).toBe(NIGHT);
  });

  it('lets a high-priority delivery through quiet hours', async () => {
    const t = setup();
    await t.profiles.set('alice', { quietHours: { start: '22:00', end: '07:00' } });
    await t.send.execute(
      sendCommand({ scheduledAt: '2026-01-14T23:00:00.000Z', priority: 'high' }),
    );
    t.clock.set('2026-01-14T23:00:00.000Z');
    expect((await t.run()).sent).toBe(1);
    expect(t.profiles.reads).toBe(0);
  });

  it('with inbox on time writes the inbox row now and holds the push until the window ends', async () => {
    const t = setup();
    await t.profiles.set('alice', {
      timeZone: 'Europe/Berlin',
      quietHours: { start: '22:00', end: '07:00' },
      inboxOnTime: true,
    });
    await t.channels.subscriptions.insert(null, subscriptionOf({ isDefault: true }));
    const made = await t.send.execute(sendCommand({ scheduledAt: NIGHT }));
    t.clock.set(NIGHT);
    expect((await t.run()).sent).toBe(1);
    expect(t.inbox.items.map((i) => [i.notificationId, i.createdAt])).toEqual([
      [made.delivery.id, NIGHT],
    ]);
    const sends = [...t.channels.sends.rows.values()];
    expect(sends.map((s) => [s.deliveryId, s.status, s.dueAt])).toEqual([
      [made.delivery.id, 'pending', MORNING],
    ]);
    expect(t.channels.sendsWakeUp.calls.at(-1)).toBe(MORNING);
  });

  it('holds a delivery due in the night the clocks spring forward to 07:00 CEST', async () => {
    const t = setup();
    await t.profiles.set('alice', {
      timeZone: 'Europe/Berlin',
      quietHours: { start: '22:00', end: '07:00' },
    });
    t.clock.set('2026-03-28T20:00:00.000Z');
    const made = await t.send.execute(sendCommand({ scheduledAt: '2026-03-29T00:30:00Z' }));
    t.clock.set('2026-03-29T00:30:00.000Z'); // 01:30 CET, before the jump at 02:00
    await t.run();
    expect(t.deliveries.rows.get(made.delivery.id)).toMatchObject({
      status: 'scheduled',
      scheduledAt: '2026-03-29T05:00:00.000Z', // 07:00 CEST
      deferredFrom: '2026-03-29T00:30:00.000Z',
    });
  });

  it('sends as before for a person without quiet hours (and outside them)', async () => {
    const t = setup();
    await t.profiles.set('alice', {
      timeZone: 'Europe/Berlin',
      quietHours: { start: '12:00', end: '13:00' },
    });
    await t.send.execute(sendCommand({ scheduledAt: NIGHT }));
    await t.send.execute(sendCommand({ scheduledAt: NIGHT, recipientId: 'bob' }));
    t.clock.set(NIGHT);
    expect((await t.run()).sent).toBe(2);
  });
});
