import { NotificationDelivery } from './notification-delivery.entity';
import { UNCANCEL_WINDOW_MS } from './notification-transitions';

const NOW = '2026-09-10T08:30:00.000Z';
const at = (ms: number): string => new Date(Date.parse(NOW) + ms).toISOString();
const LIVE = { graceMs: 12 * 3_600_000, dryRun: false };

/** A reminder for NOW + 1 h, canceled at NOW. */
function canceledAtNow(): NotificationDelivery {
  const d = NotificationDelivery.create(
    { recipientId: 'alice', title: 't', message: 'm', scheduledAt: at(3_600_000) },
    at(-60_000),
    'd1',
    LIVE,
  );
  d.cancel(NOW);
  d.pullEvents();
  return d;
}

function codeOf(act: () => unknown): string | undefined {
  try {
    act();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
}

describe('NotificationDelivery.uncancel (issue 31: undo a cancel)', () => {
  it('schedules a canceled row again at its instant, with a rescheduled event', () => {
    const d = canceledAtNow();
    d.uncancel(at(UNCANCEL_WINDOW_MS));
    expect(d.snapshot()).toMatchObject({ status: 'scheduled', dueAt: at(3_600_000) });
    expect(d.pullEvents().map((e) => e.type)).toEqual(['notifications.rescheduled']);
  });

  it('makes a row whose instant passed while canceled due at once', () => {
    const d = NotificationDelivery.create(
      { recipientId: 'alice', title: 't', message: 'm', scheduledAt: at(60_000) },
      NOW,
      'd1',
      LIVE,
    );
    d.cancel(at(30_000));
    d.uncancel(at(120_000));
    expect(d.snapshot().dueAt).toBe(at(120_000));
    expect(d.isDue(at(120_000))).toBe(true);
  });

  it('refuses after the 10-minute window, and a row that is not canceled', () => {
    expect(UNCANCEL_WINDOW_MS).toBe(600_000);
    expect(codeOf(() => canceledAtNow().uncancel(at(UNCANCEL_WINDOW_MS + 1)))).toBe(
      'NOTIFICATIONS.UNDO_EXPIRED',
    );
    const live = canceledAtNow();
    live.uncancel(at(1));
    expect(codeOf(() => live.uncancel(at(2)))).toBe('NOTIFICATIONS.NOT_SCHEDULED');
  });
});
