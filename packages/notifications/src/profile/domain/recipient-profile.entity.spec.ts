import { invalidArgumentFrom } from '@tickler/core/testing';
import { RecipientProfile } from './recipient-profile.entity';

const T0 = '2026-12-21T09:00:00.000Z';
const T1 = '2026-12-21T09:05:00.000Z';

function blank(): RecipientProfile {
  return RecipientProfile.blank('alice', T0);
}

describe('RecipientProfile', () => {
  it('starts from the defaults: no zone, no quiet hours, inbox waits, no lead, no digest', () => {
    expect(blank().snapshot()).toEqual({
      recipientId: 'alice',
      timeZone: null,
      quietHours: null,
      inboxOnTime: false,
      defaultLead: null,
      digest: null,
      createdAt: T0,
      updatedAt: T0,
    });
  });

  it('normalises each field and raises one event naming what changed', () => {
    const profile = blank();
    const changed = profile.update(
      {
        timeZone: 'europe/berlin',
        quietHours: { start: '22:00', end: '7:00', days: ['SU', 'MO'] },
        inboxOnTime: true,
        defaultLead: ' 15m ',
        digest: { mode: 'daily', at: '8:00' },
      },
      T1,
      'e1',
    );
    expect(changed).toEqual(['timeZone', 'quietHours', 'inboxOnTime', 'defaultLead', 'digest']);
    expect(profile.snapshot()).toMatchObject({
      timeZone: 'Europe/Berlin',
      quietHours: { start: '22:00', end: '07:00', days: ['MO', 'SU'] },
      inboxOnTime: true,
      defaultLead: '15m',
      digest: { mode: 'daily', at: '08:00' },
      updatedAt: T1,
    });
    const events = profile.pullEvents();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      eventId: 'e1',
      type: 'notifications.profile-updated',
      aggregateId: 'alice',
      occurredAt: T1,
      payload: { changed, profile: { timeZone: 'Europe/Berlin' } },
    });
  });

  it('leaves absent fields alone, clears a field given null, and raises nothing when nothing changed', () => {
    const profile = blank();
    profile.update({ timeZone: 'UTC', inboxOnTime: true, digest: { mode: 'tick' } }, T1, 'e1');
    profile.pullEvents();
    expect(profile.update({ timeZone: 'UTC' }, T1, 'e2')).toEqual([]);
    expect(profile.pullEvents()).toEqual([]);
    expect(profile.update({ inboxOnTime: null, digest: null }, T1, 'e3')).toEqual([
      'inboxOnTime',
      'digest',
    ]);
    expect(profile.snapshot()).toMatchObject({ timeZone: 'UTC', inboxOnTime: false, digest: null });
  });

  it.each([
    [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
    [{ timeZone: '+02:00' }, 'timeZone'],
    [{ quietHours: { start: '22:00', end: '22:00' } }, 'quietHours.end'],
    [{ quietHours: { start: '24:00', end: '07:00' } }, 'quietHours.start'],
    [{ quietHours: { start: '22:00', end: '07:00', days: [] } }, 'quietHours.days'],
    [{ quietHours: { start: '22:00', end: '07:00', days: ['MO', 'MO'] } }, 'quietHours.days'],
    [{ quietHours: { start: '22:00', end: '07:00', days: ['monday'] } }, 'quietHours.days'],
    [{ defaultLead: '15' }, 'defaultLead'],
    [{ defaultLead: '1500ms' }, 'defaultLead'],
    [{ defaultLead: '400d' }, 'defaultLead'],
    [{ digest: { mode: 'daily' } }, 'digest.at'],
    [{ digest: { mode: 'tick', at: '08:00' } }, 'digest.at'],
    [{ digest: { mode: 'hourly' } }, 'digest.mode'],
  ])('refuses %j naming %s, and changes nothing', (changes, field) => {
    const profile = blank();
    expect(invalidArgumentFrom(() => profile.update(changes, T1, 'e')).field).toBe(field);
    expect(profile.snapshot()).toEqual(blank().snapshot());
    expect(profile.pullEvents()).toEqual([]);
  });

  it('says an offset is not a time zone', () => {
    expect(
      invalidArgumentFrom(() => blank().update({ timeZone: '+02:00' }, T1, 'e')).message,
    ).toMatch(/UTC offset, not a time zone/);
  });
});
