import { ManualClock } from '@tickler/core';
import {
  FakeUnitOfWork,
  InMemoryRecipientProfileRepository,
  SequentialIds,
} from '../../../testing';
import { GetRecipientProfile } from '../get-recipient-profile/get-recipient-profile.command';
import { GetRecipientProfileHandler } from '../get-recipient-profile/get-recipient-profile.handler';
import { UpdateRecipientProfile } from './update-recipient-profile.command';
import { UpdateRecipientProfileHandler } from './update-recipient-profile.handler';

const T0 = '2026-12-21T09:00:00.000Z';

function setup() {
  const uow = new FakeUnitOfWork();
  const clock = new ManualClock(T0);
  const profiles = new InMemoryRecipientProfileRepository();
  const update = new UpdateRecipientProfileHandler(uow, clock, new SequentialIds(), profiles);
  const get = new GetRecipientProfileHandler(uow, clock, profiles);
  const put = (fields: Partial<UpdateRecipientProfile>) =>
    update.execute(
      Object.assign(new UpdateRecipientProfile(), { recipientId: 'alice', ...fields }),
    );
  const read = () =>
    get.execute(Object.assign(new GetRecipientProfile(), { recipientId: 'alice' }));
  return { uow, clock, profiles, put, read };
}

describe('profile handlers (manual clock)', () => {
  it('answers the defaults for a person who set nothing, without storing anything', async () => {
    const t = setup();
    expect(await t.read()).toEqual({
      recipientId: 'alice',
      timeZone: null,
      quietHours: null,
      inboxOnTime: false,
      defaultLead: null,
      digest: null,
      updatedAt: null,
    });
    expect(t.profiles.rows.size).toBe(0);
  });

  it('stores a partial change, keeps the other fields on the next one, and publishes one event per change', async () => {
    const t = setup();
    await t.put({ timeZone: 'Europe/Berlin', quietHours: { start: '22:00', end: '07:00' } });
    await t.clock.advance(60_000);
    const after = await t.put({ digest: { mode: 'tick' } });
    expect(after).toMatchObject({
      timeZone: 'Europe/Berlin',
      quietHours: { start: '22:00', end: '07:00', days: null },
      digest: { mode: 'tick' },
      updatedAt: '2026-12-21T09:01:00.000Z',
    });
    expect(await t.read()).toEqual(after);
    expect(t.uow.published.map((e) => (e.payload as { changed: string[] }).changed)).toEqual([
      ['timeZone', 'quietHours'],
      ['digest'],
    ]);
  });

  it('clears a field sent as null and publishes nothing for a change to the same values', async () => {
    const t = setup();
    await t.put({ timeZone: 'Europe/Berlin', inboxOnTime: true });
    await t.put({ timeZone: 'Europe/Berlin' });
    expect(t.uow.published).toHaveLength(1);
    expect(await t.put({ timeZone: null, inboxOnTime: null })).toMatchObject({
      timeZone: null,
      inboxOnTime: false,
    });
    expect(t.uow.published).toHaveLength(2);
  });
});
