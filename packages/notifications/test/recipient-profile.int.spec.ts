import { CommandValidationError } from '@tickler/core';
import { GetRecipientProfile, UpdateRecipientProfile } from '../src';
import { createNotificationsTestApp, send } from '../src/testing';

function update(fields: Partial<UpdateRecipientProfile>): UpdateRecipientProfile {
  return Object.assign(new UpdateRecipientProfile(), { recipientId: 'alice', ...fields });
}

describe('recipient profiles on the real database (SQLite, or PostgreSQL via test-postgres)', () => {
  it('stores, reads back, partially changes and clears a profile', async () => {
    const { app, db } = await createNotificationsTestApp({ start: false });
    const get = () =>
      app.dispatch(Object.assign(new GetRecipientProfile(), { recipientId: 'alice' }));
    expect((await get()).updatedAt).toBeNull();
    await app.dispatch(
      update({
        timeZone: 'Europe/Berlin',
        quietHours: { start: '22:00', end: '07:00', days: ['FR', 'SA'] },
        inboxOnTime: true,
        defaultLead: '10m',
        digest: { mode: 'daily', at: '08:00' },
      }),
    );
    expect(await get()).toMatchObject({
      timeZone: 'Europe/Berlin',
      quietHours: { start: '22:00', end: '07:00', days: ['FR', 'SA'] },
      inboxOnTime: true,
      defaultLead: '10m',
      digest: { mode: 'daily', at: '08:00' },
    });
    await app.dispatch(update({ quietHours: null, digest: { mode: 'tick' } }));
    expect(await get()).toMatchObject({
      timeZone: 'Europe/Berlin',
      quietHours: null,
      digest: { mode: 'tick' },
      defaultLead: '10m',
    });
    const rows = await db.selectFrom('notification_recipient_profiles').selectAll().execute();
    expect(rows).toEqual([
      expect.objectContaining({ recipient_id: 'alice', quiet_start: null, digest_at: null }),
    ]);
    await app.stop();
  });

  it('refuses an unknown zone at the bus, naming timeZone, and stores nothing', async () => {
    const { app, db } = await createNotificationsTestApp({ start: false });
    const error = await app
      .dispatch(update({ timeZone: 'Europe/Atlantis' }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommandValidationError);
    expect((error as CommandValidationError).fields.map((f) => f.path)).toEqual(['timeZone']);
    expect(await db.selectFrom('notification_recipient_profiles').selectAll().execute()).toEqual(
      [],
    );
    await app.stop();
  });

  it('uses the stored default lead for a reminder given only eventAt', async () => {
    const { app } = await createNotificationsTestApp({ start: false });
    await app.dispatch(update({ defaultLead: '30m' }));
    const { delivery } = await send(app, { eventAt: '2026-12-01T12:00:00Z' });
    expect(delivery.scheduledAt).toBe('2026-12-01T11:30:00.000Z');
    await app.stop();
  });
});
