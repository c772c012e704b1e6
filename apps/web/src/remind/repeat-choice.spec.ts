import { type Subscription } from '../api/subscriptions';
import { channelsBody, defaultChannels, offeredChannels, repeatBody } from './repeat-choice';

const sub = (kind: Subscription['kind'], extra: Partial<Subscription> = {}): Subscription => ({
  id: kind,
  userId: 'alice',
  kind,
  guarantee: 'at-least-once',
  default: false,
  active: true,
  deactivatedAt: null,
  deactivatedReason: null,
  pausedAt: null,
  pausedReason: null,
  createdAt: '2026-12-03T09:00:00.000Z',
  updatedAt: '2026-12-03T09:00:00.000Z',
  ...extra,
});

describe('repeatBody', () => {
  it('maps each choice to its rule in the given zone; none is a one-off; custom is sent as typed', () => {
    expect(repeatBody('none', '', 'Europe/Berlin')).toBeUndefined();
    expect(repeatBody('daily', '', 'Europe/Berlin')).toEqual({
      rule: 'FREQ=DAILY',
      timeZone: 'Europe/Berlin',
    });
    expect(repeatBody('weekdays', '', 'Asia/Tokyo')?.rule).toBe('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');
    expect(repeatBody('weekly', '', 'UTC')?.rule).toBe('FREQ=WEEKLY');
    expect(repeatBody('monthly', '', 'UTC')?.rule).toBe('FREQ=MONTHLY');
    expect(repeatBody('custom', ' FREQ=YEARLY ', 'UTC')?.rule).toBe('FREQ=YEARLY');
  });
});

describe('channels', () => {
  it('offers no choice without push or email, and leaves out inactive or paused ones', () => {
    expect(offeredChannels([])).toEqual([]);
    expect(offeredChannels([sub('webhook', { default: true })])).toEqual([]);
    expect(offeredChannels([sub('push', { active: false })])).toEqual([]);
    expect(offeredChannels([sub('email', { pausedAt: '2026-01-01T00:00:00Z' })])).toEqual([]);
    expect(offeredChannels([sub('email'), sub('push')])).toEqual(['inbox', 'push', 'email']);
  });

  it('starts from the daemon’s default set: inbox, push, and email only when marked default', () => {
    expect(defaultChannels([sub('push'), sub('email')])).toEqual(['inbox', 'push']);
    expect(defaultChannels([sub('email', { default: true })])).toEqual(['inbox', 'email']);
  });

  it('sends nothing while untouched, the picked ones otherwise, keeping a default webhook', () => {
    expect(channelsBody(null, [sub('push')])).toBeUndefined();
    expect(channelsBody(['email'], [sub('email')])).toEqual(['email']);
    expect(channelsBody(['inbox'], [sub('push'), sub('webhook', { default: true })])).toEqual([
      'inbox',
      'webhook',
    ]);
  });
});
