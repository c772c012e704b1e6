import { type NotificationJson } from '@tickler/notifications';
import { notificationDetail, notificationTable } from './notification-text';

/** A scheduled reminder as the daemon answers it, with `over` changed. */
function reminder(over: Partial<NotificationJson>): NotificationJson {
  return {
    id: '019ad7f2-3c41-7e10-8a55-1b2c3d7f3a2c',
    userId: 'sam',
    status: 'scheduled',
    channels: [],
    requestedChannels: null,
    title: 'stretch',
    message: '',
    url: null,
    scheduledAt: '2026-12-04T07:00:00.000Z',
    sentAt: null,
    attempts: 0,
    lastError: null,
    missedReason: null,
    eventAt: null,
    expiresAt: '2026-12-05T07:00:00.000Z',
    source: null,
    createdAt: '2026-12-03T07:00:00.000Z',
    updatedAt: '2026-12-03T07:00:00.000Z',
    deferredFrom: null,
    ...over,
  } as NotificationJson;
}

describe('what show and list print (issue 31)', () => {
  it('show says when the profile held a reminder, and from when', () => {
    const held = notificationDetail(reminder({ deferredFrom: '2026-12-03T22:30:00.000Z' }));
    expect(held).toMatch(/^movedFrom\s+.*2026-12-03T22:30:00\.000Z \(your profile held it\)$/m);
    expect(notificationDetail(reminder({}))).not.toMatch(/movedFrom/);
  });

  it('never shows expiresAt (seed 004)', () => {
    expect(notificationDetail(reminder({}))).not.toMatch(/expires|2026-12-05/);
  });

  it('adds a REPEATS column only when a reminder repeats', () => {
    expect(notificationTable([reminder({})]).split('\n')[0]).toMatch(/TITLE$/);
    const repeating = reminder({
      repeat: { description: 'every weekday at 09:00' } as NotificationJson['repeat'],
    });
    expect(notificationTable([repeating, reminder({})])).toMatch(
      /stretch\s+every weekday at 09:00/,
    );
  });
});
