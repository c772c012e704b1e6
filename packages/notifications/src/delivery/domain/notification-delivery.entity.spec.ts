import { NotificationDelivery, type NewNotificationDelivery } from './notification-delivery.entity';
import { type DuePolicy } from './delivery-policy';

const NOW = '2026-09-10T08:30:00.000Z';
const at = (ms: number): string => new Date(Date.parse(NOW) + ms).toISOString();
const LIVE: DuePolicy = { graceMs: 12 * 3_600_000, dryRun: false };
const INBOX = { inbox: true, external: 0 };

function create(
  props: Partial<NewNotificationDelivery> = {},
  policy: DuePolicy = LIVE,
): NotificationDelivery {
  return NotificationDelivery.create(
    { recipientId: 'alice', title: 't', message: 'm', ...props },
    NOW,
    'd1',
    policy,
  );
}

function codeOf(act: () => unknown): string | undefined {
  try {
    act();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
}

function scheduled(props: Partial<NewNotificationDelivery> = {}): NotificationDelivery {
  const d = create({ scheduledAt: at(60_000), ...props });
  d.pullEvents();
  return d;
}

describe('NotificationDelivery.create', () => {
  it('queues a future delivery as scheduled with NotificationScheduled and no sent event', () => {
    const d = create({ scheduledAt: at(1) });
    expect(d.snapshot()).toMatchObject({
      status: 'scheduled',
      dueAt: at(1),
      scheduledAt: at(1),
      attempts: 0,
    });
    expect(d.pullEvents().map((e) => e.type)).toEqual(['notifications.scheduled']);
  });

  it('leaves an immediate delivery scheduled and due now, with no event, for its caller to fire', () => {
    const d = create();
    expect(d.snapshot()).toMatchObject({ status: 'scheduled', dueAt: NOW, scheduledAt: null });
    expect(d.isDue(NOW)).toBe(true);
    expect(d.pullEvents()).toEqual([]);
  });

  it('sends a fired inbox delivery at once with inbox id = delivery id', () => {
    const d = create();
    d.fire(NOW, INBOX);
    expect(d.snapshot()).toMatchObject({
      status: 'sent',
      sentAt: NOW,
      inboxId: 'd1',
      dueAt: null,
      attempts: 1,
    });
    const [event] = d.pullEvents();
    expect(event).toMatchObject({
      type: 'notifications.sent',
      eventId: 'd1:sent',
      payload: { deliveryId: 'd1', inboxId: 'd1', channel: 'inbox' },
    });
  });

  it('settles a fired delivery whose every channel the preferences turned off as missed (preferences), and one with no target at all as failed', () => {
    const muted = create();
    muted.fire(NOW, { inbox: false, external: 0, turnedOff: 2 });
    expect(muted.snapshot()).toMatchObject({
      status: 'missed',
      missedReason: 'preferences',
      sentAt: null,
      inboxId: null,
      dueAt: null,
      lastError: null,
    });
    const events = muted.pullEvents();
    expect(events.map((e) => e.type)).toEqual(['notifications.missed']);
    expect(events[0]?.payload).toMatchObject({ reason: 'preferences' });
    const nowhere = create();
    nowhere.fire(NOW, { inbox: false, external: 0, turnedOff: 0 });
    expect(nowhere.snapshot()).toMatchObject({ status: 'failed', lastError: 'no-target' });
  });

  it('treats a send instant of exactly now, or a past one, as immediate', () => {
    expect(create({ scheduledAt: NOW }).isDue(NOW)).toBe(true);
    // An explicit request is not a late dispatcher: no grace window on the immediate path.
    expect(create({ scheduledAt: at(-13 * 3_600_000) }).snapshot()).toMatchObject({
      status: 'scheduled',
      dueAt: NOW,
    });
  });

  it('keeps a fired delivery with only external targets sending, with no event yet', () => {
    const d = create({ channels: ['webhook'] });
    d.fire(NOW, { inbox: false, external: 2 });
    expect(d.snapshot()).toMatchObject({ status: 'sending', dueAt: null, inboxId: null });
    expect(d.pullEvents()).toEqual([]);
  });

  it('still honours the event window and dry-run on the immediate path', () => {
    expect(create({ eventAt: at(-1000), scheduledAt: at(-2000) }).snapshot()).toMatchObject({
      status: 'missed',
      missedReason: 'event-started',
    });
    expect(create({}, { graceMs: 1000, dryRun: true }).snapshot()).toMatchObject({
      status: 'missed',
      missedReason: 'dry-run',
    });
  });
});

describe('NotificationDelivery verbs', () => {
  it('decides due rows by their send instant and event window, never by bookkeeping', () => {
    const d = scheduled({ eventAt: at(120_000), expiresAt: at(180_000) });
    expect(d.decideDue(at(60_000), LIVE)).toEqual({ kind: 'deliver' });
    expect(d.decideDue(at(120_001), LIVE)).toEqual({ kind: 'skip', reason: 'event-started' });
    expect(d.decideDue(at(180_001), LIVE)).toEqual({ kind: 'skip', reason: 'expired' });
    expect(scheduled().decideDue(at(60_000 + 12 * 3_600_000), LIVE)).toEqual({ kind: 'deliver' });
    expect(scheduled().decideDue(at(60_001 + 12 * 3_600_000), LIVE)).toEqual({
      kind: 'skip',
      reason: 'too-late',
    });
  });

  it('cancels once (idempotent) and refuses to cancel or edit a sent row', () => {
    const d = scheduled();
    expect(d.cancel(at(1))).toBe(true);
    expect(d.cancel(at(2))).toBe(false);
    expect(d.pullEvents().map((e) => e.type)).toEqual(['notifications.canceled']);
    expect(codeOf(() => d.reschedule({ title: 'x' }, at(3)))).toBe('NOTIFICATIONS.NOT_SCHEDULED');
    const sent = create();
    sent.fire(NOW, INBOX);
    expect(codeOf(() => sent.cancel(at(1)))).toBe('NOTIFICATIONS.ALREADY_SENT');
    expect(codeOf(() => sent.fire(at(1), INBOX))).toBe('NOTIFICATIONS.ALREADY_SENT');
  });

  it('reschedules content, channels and instant, moving dueAt', () => {
    const d = scheduled();
    d.reschedule({ title: 'new', scheduledAt: at(5_000), channels: ['webhook'] }, at(1));
    expect(d.snapshot()).toMatchObject({
      title: 'new',
      channels: ['webhook'],
      scheduledAt: at(5_000),
      dueAt: at(5_000),
      status: 'scheduled',
    });
    expect(d.pullEvents().map((e) => e.type)).toEqual(['notifications.rescheduled']);
  });

  it('marks missed with a reason', () => {
    const d = scheduled();
    d.markMissed(at(1), 'too-late');
    expect(d.snapshot()).toMatchObject({ status: 'missed', missedReason: 'too-late', dueAt: null });
    expect(d.pullEvents()).toEqual([
      expect.objectContaining({
        type: 'notifications.missed',
        payload: expect.objectContaining({ reason: 'too-late' }) as unknown,
      }),
    ]);
  });
});
