import { NotificationDelivery } from './notification-delivery.entity';
import { type NotificationDeliveryState } from './notification-delivery.state';
import {
  NOTIFICATION_STATUSES,
  type NotificationStatus,
} from '../../shared/domain/notification-status';
import {
  canTransition,
  type DeliveryVerb,
  INITIAL_STATUS,
  isSettled,
  TRANSITIONS,
} from './notification-transitions';

const NOW = '2026-09-10T08:30:00.000Z';
const LATER = '2026-09-10T08:31:00.000Z';

/** A delivery in `status` (a `sending` one fired with only external channels). */
function inStatus(status: NotificationStatus): NotificationDelivery {
  const state: NotificationDeliveryState = {
    id: 'd1',
    recipientId: 'alice',
    channels: ['webhook'],
    title: 't',
    message: 'm',
    url: null,
    scheduledAt: NOW,
    status,
    attempts: 0,
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
    dueAt: status === 'scheduled' ? NOW : null,
    snoozedFrom: null,
    priority: 'normal',
    deferredFrom: null,
    digestId: null,
    escalation: null,
    fallback: null,
  };
  return NotificationDelivery.rehydrate(state);
}

/** Each verb called the way its callers call it. */
const CALL: Record<DeliveryVerb, (d: NotificationDelivery) => void> = {
  // From scheduled, firing with the inbox; from sending, the first external success.
  send: (d) =>
    d.status === 'sending'
      ? d.channelSucceeded(LATER, 'webhook') || d.fire(LATER, { inbox: true, external: 0 })
      : d.fire(LATER, { inbox: true, external: 0 }),
  miss: (d) => d.markMissed(LATER, 'too-late'),
  cancel: (d) => d.cancel(LATER),
  edit: (d) => d.reschedule({ title: 'new' }, LATER),
  dispatch: (d) => d.fire(LATER, { inbox: false, external: 1 }),
  fail: (d) => d.markFailed(LATER, 'gave up'),
  defer: (d) => d.defer('2026-12-31T00:00:00.000Z', LATER, 'quiet-hours'),
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
    expect(VERBS.filter((v) => TRANSITIONS[v].event === null)).toEqual(['dispatch']);
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

    // Cancel of a canceled row is not a refusal by design: a no-op (below). Firing checks the
    // dispatch row first, so `send` from a settled row is refused like `dispatch`.
    const refused = NOTIFICATION_STATUSES.filter(
      (s) => !transition.from.includes(s) && !(verb === 'cancel' && s === 'canceled'),
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

  // The table-driven cases above read the table they test; these state the rules themselves,
  // so a changed row fails here until it is meant.
  it.each<[DeliveryVerb, NotificationStatus, NotificationStatus]>([
    ['send', 'scheduled', 'sent'],
    ['send', 'sending', 'sent'],
    ['miss', 'scheduled', 'missed'],
    ['cancel', 'scheduled', 'canceled'],
    ['edit', 'scheduled', 'scheduled'],
    ['dispatch', 'scheduled', 'sending'],
    ['fail', 'scheduled', 'failed'],
    ['fail', 'sending', 'failed'],
    ['defer', 'scheduled', 'scheduled'],
  ])('%s takes a %s delivery to %s', (verb, from, to) => {
    const d = inStatus(from);
    CALL[verb](d);
    expect(d.status).toBe(to);
    expect(canTransition(from, to)).toBe(true);
  });

  it('knows the moves no verb makes', () => {
    expect(canTransition('scheduled', 'scheduled')).toBe(true);
    expect(canTransition('sending', 'scheduled')).toBe(false);
    expect(canTransition('sending', 'canceled')).toBe(false);
    expect(canTransition('scheduled', 'failed')).toBe(true);
    expect(canTransition('failed', 'scheduled')).toBe(false);
  });

  it.each<[DeliveryVerb, NotificationStatus, string]>([
    ['send', 'canceled', 'is canceled; cannot send'],
    ['send', 'sent', 'was already sent; cannot send'],
    ['miss', 'sending', 'is sending; cannot settle as missed'],
    ['cancel', 'sending', 'is sending; cannot cancel'],
    ['edit', 'missed', 'is missed; cannot edit'],
    ['dispatch', 'failed', 'is failed; cannot send'],
    ['fail', 'canceled', 'is canceled; cannot fail'],
    ['defer', 'sending', 'is sending; cannot defer'],
  ])('refusing %s of a %s delivery says what cannot be done', (verb, from, says) => {
    expect(() => CALL[verb](inStatus(from))).toThrow(`notification d1 ${says}`);
  });

  it('treats cancel of a canceled delivery as done: no change, no event, no error', () => {
    const d = inStatus('canceled');
    expect(d.cancel(LATER)).toBe(false);
    expect(d.pullEvents()).toEqual([]);
  });

  describe('what a sending notification learns from its channel sends', () => {
    it('the first success sends it; later ones change nothing', () => {
      const d = inStatus('sending');
      expect(d.channelSucceeded(LATER, 'webhook')).toBe(true);
      expect(d.pullEvents().map((e) => [e.type, e.payload.channel])).toEqual([
        ['notifications.sent', 'webhook'],
      ]);
      expect(d.channelSucceeded(LATER, 'push')).toBe(false);
      expect(d.channelsFailed(LATER, 'timeout')).toBe(false);
      expect(d.pullEvents()).toEqual([]);
    });

    it('all channels failing fails it with the last error class, through the fail row', () => {
      const d = inStatus('sending');
      expect(d.channelsFailed(LATER, 'http-5xx')).toBe(true);
      expect(d.snapshot()).toMatchObject({ status: TRANSITIONS.fail.to, lastError: 'http-5xx' });
      expect(d.pullEvents().map((e) => e.type)).toEqual([TRANSITIONS.fail.event]);
    });

    it('firing with no target at all fails it as no-target', () => {
      const d = inStatus('scheduled');
      d.fire(LATER, { inbox: false, external: 0 });
      expect(d.snapshot()).toMatchObject({ status: 'failed', lastError: 'no-target' });
    });
  });
});
