import { NotificationDelivery } from './notification-delivery.entity';
import { type NotificationDeliveryState } from './notification-delivery.state';
import { NOTIFICATION_STATUSES, type NotificationStatus } from './notification-status';
import {
  canTransition,
  type DeliveryVerb,
  INITIAL_STATUS,
  isSettled,
  TRANSITIONS,
} from './notification-transitions';
import { type RetryPolicy } from './webhook-retry-policy';

const NOW = '2026-09-10T08:30:00.000Z';
const LATER = '2026-09-10T08:31:00.000Z';
/** Budget left and take-over on abandon: every verb takes its ordinary path, not a fallback. */
const RETRY: RetryPolicy = {
  maxAttempts: 5,
  backoffBaseMs: 1000,
  backoffMaxMs: 10_000,
  onAbandoned: 'retry',
};

/** A webhook delivery in `status` (one attempt made, so `sending` rows hold a lease). */
function inStatus(status: NotificationStatus): NotificationDelivery {
  const state: NotificationDeliveryState = {
    id: 'd1',
    recipientId: 'alice',
    channel: 'webhook',
    title: 't',
    message: 'm',
    url: null,
    scheduledAt: NOW,
    status,
    attempts: status === 'sending' ? 1 : 0,
    lastError: null,
    sentAt: null,
    inboxId: null,
    source: null,
    idempotencyKey: null,
    eventAt: null,
    expiresAt: null,
    missedReason: null,
    createdAt: NOW,
    updatedAt: NOW,
    dueAt: status === 'scheduled' || status === 'sending' ? NOW : null,
    leaseToken: status === 'sending' ? 'tok' : null,
    claimedBy: status === 'sending' ? 'instance-1' : null,
  };
  return NotificationDelivery.rehydrate(state);
}

/** Each verb called the way its callers call it. */
const CALL: Record<DeliveryVerb, (d: NotificationDelivery) => void> = {
  send: (d) => d.markSent(LATER, null),
  miss: (d) => d.markMissed(LATER, 'too-late'),
  cancel: (d) => d.cancel(LATER),
  edit: (d) => d.reschedule({ title: 'new' }, LATER),
  expedite: (d) => d.expedite(LATER),
  claim: (d) => d.claimForSending(LATER, '2026-09-10T08:32:00.000Z', 'tok2'),
  retry: (d) => d.recordFailedAttempt(LATER, 'HTTP 500', RETRY),
  recover: (d) => d.recoverAbandonedClaim(LATER, '2026-09-10T08:32:00.000Z', 'tok2', RETRY),
  fail: (d) => d.markFailed(LATER, 'gave up'),
};

const VERBS = Object.keys(TRANSITIONS) as DeliveryVerb[];

describe('the transition table', () => {
  it('reaches every status from the initial one', () => {
    const reached = new Set<NotificationStatus>([INITIAL_STATUS]);
    for (let grew = true; grew;) {
      grew = false;
      for (const t of Object.values(TRANSITIONS)) {
        if (t.from.some((s) => reached.has(s)) && !reached.has(t.to)) {
          reached.add(t.to);
          grew = true;
        }
      }
    }
    expect([...reached].sort()).toEqual([...NOTIFICATION_STATUSES].sort());
  });

  it('leaves no settled status: sent, canceled, missed and failed are terminal', () => {
    expect(NOTIFICATION_STATUSES.filter(isSettled)).toEqual([
      'sent',
      'canceled',
      'missed',
      'failed',
    ]);
    for (const settled of ['sent', 'canceled', 'missed', 'failed'] as const) {
      expect(NOTIFICATION_STATUSES.filter((to) => canTransition(settled, to))).toEqual([]);
    }
  });

  it('gives a reason wherever a verb raises no event', () => {
    for (const verb of VERBS) {
      const t = TRANSITIONS[verb];
      if (t.event === null) {
        expect(t.noEventBecause.length).toBeGreaterThan(20);
      }
    }
    expect(VERBS.filter((v) => TRANSITIONS[v].event === null)).toEqual(['claim', 'recover']);
  });

  describe.each(VERBS)('verb %s', (verb) => {
    const transition = TRANSITIONS[verb];

    it.each(transition.from)(
      'moves a %s delivery to the table’s status and raises its event',
      (from) => {
        const d = inStatus(from);
        CALL[verb](d);
        expect(d.status).toBe(transition.to);
        expect(d.pullEvents().map((e) => e.type)).toEqual(
          transition.event === null ? [] : [transition.event],
        );
      },
    );

    // Two refusals are not refusals by design: cancel of a canceled row is a no-op (below), and
    // markMissed of a tried row (a `sending` one) takes `fail` instead (below).
    const refused = NOTIFICATION_STATUSES.filter(
      (s) =>
        !transition.from.includes(s) &&
        !(verb === 'cancel' && s === 'canceled') &&
        !(verb === 'miss' && s === 'sending'),
    );
    it.each(refused)('refuses a %s delivery with a typed error and changes nothing', (from) => {
      const d = inStatus(from);
      const before = d.snapshot();
      let code: string | undefined;
      try {
        CALL[verb](d);
      } catch (error) {
        code = (error as { code?: string }).code;
      }
      expect(code).toBe(
        from === 'sent' ? 'NOTIFICATIONS.ALREADY_SENT' : 'NOTIFICATIONS.NOT_SCHEDULED',
      );
      expect(d.snapshot()).toEqual(before);
      expect(d.pullEvents()).toEqual([]);
    });
  });

  it('treats cancel of a canceled delivery as done: no change, no event, no error', () => {
    const d = inStatus('canceled');
    expect(d.cancel(LATER)).toBe(false);
    expect(d.pullEvents()).toEqual([]);
  });

  describe('verbs that fall back to fail, through the table’s fail row', () => {
    const failedFrom = (d: NotificationDelivery, act: () => void) => {
      const from = d.status;
      act();
      expect(TRANSITIONS.fail.from).toContain(from);
      expect(d.status).toBe(TRANSITIONS.fail.to);
      expect(d.pullEvents().map((e) => e.type)).toEqual([TRANSITIONS.fail.event]);
    };

    it('markMissed of a tried row (its claim abandoned) fails it: it was tried, not missed', () => {
      const d = inStatus('sending');
      failedFrom(d, () => d.markMissed(LATER, 'too-late'));
    });

    it('a failed attempt with the budget spent fails the delivery', () => {
      const d = inStatus('sending');
      failedFrom(d, () => d.recordFailedAttempt(LATER, 'HTTP 500', { ...RETRY, maxAttempts: 1 }));
    });

    it('an abandoned claim under at-most-once fails the delivery', () => {
      const d = inStatus('sending');
      failedFrom(d, () =>
        d.recoverAbandonedClaim(LATER, LATER, 'tok2', { ...RETRY, onAbandoned: 'fail' }),
      );
    });
  });
});
