import { NotificationDelivery, type NewNotificationDelivery } from './notification-delivery.entity';
import { type DuePolicy } from './delivery-policy';
import { type RetryPolicy } from './webhook-retry-policy';

const NOW = '2026-09-10T08:30:00.000Z';
const at = (ms: number): string => new Date(Date.parse(NOW) + ms).toISOString();
const LIVE: DuePolicy = { graceMs: 12 * 3_600_000, dryRun: false };
const RETRY: RetryPolicy = {
  maxAttempts: 3,
  backoffBaseMs: 1000,
  backoffMaxMs: 10_000,
  onAbandoned: 'retry',
};

function create(
  props: Partial<NewNotificationDelivery> = {},
  policy: DuePolicy = LIVE,
): NotificationDelivery {
  return NotificationDelivery.create(
    { recipientId: 'alice', channel: 'inbox', title: 't', message: 'm', ...props },
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

  it('sends an immediate inbox delivery at once with inbox id = delivery id', () => {
    const d = create();
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
      payload: { deliveryId: 'd1', inboxId: 'd1' },
    });
  });

  it('treats a send instant of exactly now as immediate', () => {
    expect(create({ scheduledAt: NOW }).status).toBe('sent');
  });

  it('queues an immediate webhook due now instead of sending inside the request', () => {
    const d = create({ channel: 'webhook' });
    expect(d.snapshot()).toMatchObject({ status: 'scheduled', scheduledAt: NOW, dueAt: NOW });
  });

  it('sends a past instant at once (an explicit request is not a late dispatcher)', () => {
    expect(create({ scheduledAt: at(-13 * 3_600_000) }).snapshot()).toMatchObject({
      status: 'sent',
      sentAt: NOW,
    });
    expect(
      create({ scheduledAt: at(-13 * 3_600_000), channel: 'webhook' }).snapshot(),
    ).toMatchObject({
      status: 'scheduled',
      scheduledAt: NOW,
      dueAt: NOW,
    });
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
    expect(codeOf(() => sent.cancel(at(1)))).toBe('NOTIFICATIONS.ALREADY_SENT');
    expect(codeOf(() => sent.markSent(at(1), 'd1'))).toBe('NOTIFICATIONS.ALREADY_SENT');
  });

  it('reschedules content and instant, moving dueAt', () => {
    const d = scheduled();
    d.reschedule({ title: 'new', scheduledAt: at(5_000) }, at(1));
    expect(d.snapshot()).toMatchObject({
      title: 'new',
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

  it('claims a webhook with a lease, retries after backoff, and fails when the budget is spent', () => {
    const d = scheduled({ channel: 'webhook' });
    d.claimForSending(at(1), at(100_000), 'tok');
    expect(d.snapshot()).toMatchObject({
      status: 'sending',
      attempts: 1,
      dueAt: at(100_000),
      leaseToken: 'tok',
    });
    d.recordFailedAttempt(at(2), 'HTTP 500', RETRY);
    expect(d.snapshot()).toMatchObject({
      status: 'scheduled',
      dueAt: at(1_002),
      lastError: 'HTTP 500',
      leaseToken: null,
    });
    d.claimForSending(at(1_002), at(100_000), 'tok2');
    d.recordFailedAttempt(at(1_003), 'HTTP 500', RETRY);
    expect(d.dueAt).toBe(at(3_003));
    d.claimForSending(at(3_003), at(100_000), 'tok3');
    d.recordFailedAttempt(at(3_004), 'HTTP 502', RETRY);
    expect(d.snapshot()).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastError: 'HTTP 502',
      dueAt: null,
    });
    const events = d.pullEvents();
    expect(events.map((e) => e.type)).toEqual([
      'notifications.attempt-failed',
      'notifications.attempt-failed',
      'notifications.failed',
    ]);
    expect(events[0]).toMatchObject({
      eventId: 'd1:attempt-failed:1',
      payload: { attempt: 1, error: 'HTTP 500', retryAt: at(1_002) },
    });
  });

  it('sends a claimed webhook without an inbox row', () => {
    const d = scheduled({ channel: 'webhook' });
    d.claimForSending(at(1), at(100_000), 'tok');
    d.markSent(at(2), null);
    expect(d.snapshot()).toMatchObject({
      status: 'sent',
      attempts: 1,
      inboxId: null,
      leaseToken: null,
      dueAt: null,
    });
  });

  it('recovers an abandoned claim per policy: retry (at-least-once) or fail (at-most-once)', () => {
    const retry = scheduled({ channel: 'webhook' });
    retry.claimForSending(at(1), at(10), 'dead');
    retry.recoverAbandonedClaim(at(20), at(100), 'new', RETRY);
    expect(retry.snapshot()).toMatchObject({ status: 'sending', attempts: 2, leaseToken: 'new' });

    const fail = scheduled({ channel: 'webhook' });
    fail.claimForSending(at(1), at(10), 'dead');
    fail.recoverAbandonedClaim(at(20), at(100), 'new', { ...RETRY, onAbandoned: 'fail' });
    expect(fail.snapshot()).toMatchObject({
      status: 'failed',
      lastError: expect.stringContaining('abandoned') as string,
    });
  });

  it('fails rather than "misses" a row that was already tried', () => {
    const d = scheduled({ channel: 'webhook' });
    d.claimForSending(at(1), at(10), 'tok');
    d.recordFailedAttempt(at(2), 'HTTP 500', RETRY);
    d.markMissed(at(3), 'too-late');
    expect(d.snapshot()).toMatchObject({
      status: 'failed',
      lastError: 'HTTP 500; not retried: too-late',
    });
  });
});
