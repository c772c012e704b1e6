import { CommandValidationError, InvalidArgumentError } from '@tickler/core';
import { createNotificationsTestApp, deliveryRows, sendCommand } from '../../testing';
import { ListOccurrences } from '../../series/application/list-occurrences/list-occurrences.command';
import { type NotificationView } from '../../shared/application/notification.view';
import { resolveWhen } from '@tickler/time';
import { SendNotifications } from './send-notifications/send-notifications.command';
import { RescheduleNotification } from './reschedule-notification/reschedule-notification.command';
import { UpdateRecipientProfile } from '../../profile/application/update-recipient-profile/update-recipient-profile.command';

const NOW = '2026-12-02T14:20:00.000Z'; // Wednesday, 15:20 in Berlin (CET), 09:20 in New York

async function appAtNow() {
  const test = await createNotificationsTestApp({ at: NOW, start: false });
  const send = async (fields: Record<string, unknown>) =>
    (await test.app.dispatch(sendCommand(fields))).delivery;
  const edit = (id: string, fields: Record<string, unknown>) =>
    test.app.dispatch(
      Object.assign(new RescheduleNotification(), { recipientId: 'alice', id, ...fields }),
    );
  const setZone = (timeZone: string) =>
    test.app.dispatch(
      Object.assign(new UpdateRecipientProfile(), { recipientId: 'alice', timeZone }),
    );
  const occurrences = (id: string, count = 3) =>
    test.app.dispatch(Object.assign(new ListOccurrences(), { recipientId: 'alice', id, count }));
  const rows = () => deliveryRows(test.db).execute();
  return { ...test, send, edit, setZone, occurrences, rows };
}

/** The field paths a rejected dispatch names. */
async function refusedFields(attempt: Promise<unknown>): Promise<string[]> {
  const error: unknown = await attempt.catch((e: unknown) => e);
  if (error instanceof CommandValidationError) {
    return error.fields.map((f) => f.path);
  }
  if (error instanceof InvalidArgumentError) {
    return [error.field];
  }
  throw new Error(`expected a 400-class error, got ${String(error)}`);
}

describe('`when` on create and edit (the CLI rule on the server)', () => {
  it('schedules at the instant the text means in timeZone, and answers what it resolved', async () => {
    const { app, send } = await appAtNow();
    const tomorrow = await send({ when: 'tomorrow 9am', timeZone: 'Europe/Berlin' });
    expect(tomorrow).toMatchObject({
      status: 'scheduled',
      scheduledAt: '2026-12-03T08:00:00.000Z',
    });
    // The answer is exactly what the shared rule (and POST /v1/time/parse) says.
    expect(tomorrow.resolvedWhen).toEqual(
      resolveWhen('tomorrow 9am', { timeZone: 'Europe/Berlin', now: NOW }),
    );
    expect(tomorrow.resolvedWhen?.local).toBe('2026-12-03T09:00:00');
    const friday = await send({ when: 'next friday 17:00', timeZone: 'America/New_York' });
    expect(friday.scheduledAt).toBe('2026-12-11T22:00:00.000Z');
    const later = await send({ when: 'in 2 hours', timeZone: 'Asia/Kathmandu' });
    expect(later.scheduledAt).toBe('2026-12-02T16:20:00.000Z');
    expect(later.resolvedWhen).toMatchObject({ readAs: 'from-now', offset: '+05:45' });
    await app.stop();
  });

  it('reads a when without timeZone in the profile’s zone (UTC without a profile)', async () => {
    const { app, send, setZone } = await appAtNow();
    expect((await send({ when: 'tomorrow 9am' })).scheduledAt).toBe('2026-12-03T09:00:00.000Z');
    await setZone('America/New_York');
    const nine = await send({ when: 'tomorrow 9am' });
    expect(nine.scheduledAt).toBe('2026-12-03T14:00:00.000Z');
    expect(nine.resolvedWhen?.timeZone).toBe('America/New_York');
    await app.stop();
  });

  it('replays an idempotency key by the text sent, not by the instant it resolved to', async () => {
    const { app, clock, send } = await appAtNow();
    const body = { when: 'in 2 hours', timeZone: 'UTC', idempotencyKey: 'k1' };
    const first = await app.dispatch(sendCommand(body));
    await clock.advance(60_000);
    const again = await app.dispatch(sendCommand(body));
    expect(again).toMatchObject({ created: false, delivery: { id: first.delivery.id } });
    expect(again.delivery.scheduledAt).toBe(first.delivery.scheduledAt);
    await expect(send({ ...body, when: 'in 3 hours' })).rejects.toMatchObject({
      code: 'IDEMPOTENCY.KEY_REUSED',
    });
    await app.stop();
  });

  it('refuses what is ambiguous or only partly understood, naming the fields, storing nothing', async () => {
    const { app, send, rows } = await appAtNow();
    const at = '2026-12-03T08:00:00Z';
    expect(await refusedFields(send({ when: 'tomorrow 9am', scheduledAt: at }))).toEqual([
      'when',
      'scheduledAt',
    ]);
    expect(await refusedFields(send({ scheduledAt: at, timeZone: 'Europe/Berlin' }))).toEqual([
      'timeZone',
    ]);
    for (const when of ['tomorrow at noon blah', '5', 'yesterday 9am', '']) {
      expect(await refusedFields(send({ when, timeZone: 'Europe/Berlin' }))).toEqual(['when']);
    }
    expect(await refusedFields(send({ when: 'tomorrow', timeZone: '+01:00' }))).toEqual([
      'timeZone',
    ]);
    expect(await refusedFields(send({ when: 'x'.repeat(201) }))).toEqual(['when']);
    const batch = Object.assign(new SendNotifications(), {
      items: [sendCommand({ when: 'tomorrow 9am' })],
    });
    expect(await refusedFields(app.dispatch(batch))).toEqual(['items.0.when']);
    expect(await rows()).toEqual([]);
    await app.stop();
  });

  it('starts a repeat at when’s instant, in when’s zone unless repeat names one', async () => {
    const { app, send, occurrences } = await appAtNow();
    const weekly = await send({
      when: 'friday 18:00',
      timeZone: 'Europe/Berlin',
      repeat: { rule: 'FREQ=WEEKLY' },
    });
    expect(weekly.scheduledAt).toBe('2026-12-04T17:00:00.000Z');
    expect(weekly.repeat).toMatchObject({ timeZone: 'Europe/Berlin' });
    const view = await occurrences(weekly.id, 2);
    expect(view.upcoming.map((o) => o.local)).toEqual([
      '2026-12-04T18:00:00',
      '2026-12-11T18:00:00',
    ]);
    await app.stop();
  });

  it('edits a row and a series by when, with the same refusals', async () => {
    const { app, send, edit, rows } = await appAtNow();
    const one: NotificationView = await send({ scheduledAt: '2026-12-05T10:00:00Z' });
    const moved = await edit(one.id, { when: 'in 3 hours', timeZone: 'UTC' });
    expect(moved.scheduledAt).toBe('2026-12-02T17:20:00.000Z');
    expect(moved.resolvedWhen?.readAs).toBe('from-now');
    const daily = await send({
      scheduledAt: '2026-12-03T08:00:00Z',
      repeat: { rule: 'FREQ=DAILY', timeZone: 'Europe/Berlin' },
    });
    // The series itself moves only when asked for (an occurrence alone is the default scope).
    const restarted = await edit(daily.id, {
      when: 'saturday 07:30',
      timeZone: 'Europe/Berlin',
      scope: 'series',
    });
    expect(restarted.scheduledAt).toBe('2026-12-05T06:30:00.000Z');
    expect(restarted.repeat?.timeZone).toBe('Europe/Berlin');
    expect(await refusedFields(edit(one.id, { when: 'tomorrow', scheduledAt: NOW }))).toEqual([
      'when',
      'scheduledAt',
    ]);
    expect(await refusedFields(edit(one.id, { timeZone: 'UTC', title: 't' }))).toEqual([
      'timeZone',
    ]);
    expect(await refusedFields(edit(one.id, { when: 'in 3 hours please' }))).toEqual(['when']);
    expect((await rows()).find((r) => r.id === one.id)?.scheduled_at).toBe(
      '2026-12-02T17:20:00.000Z',
    );
    await app.stop();
  });
});

describe('a series’ zone defaults to the recipient profile’s (issue 13 item 2)', () => {
  it('profile Europe/Berlin, a daily repeat without timeZone: the preview is 09:00 Berlin across DST', async () => {
    const { app, send, setZone, occurrences } = await appAtNow();
    await setZone('Europe/Berlin');
    const daily = await send({
      scheduledAt: '2027-03-27T08:00:00Z', // 09:00 CET, the day before the clocks go forward
      repeat: { rule: 'FREQ=DAILY' },
    });
    expect(daily.repeat).toMatchObject({ timeZone: 'Europe/Berlin' });
    const view = await occurrences(daily.id, 3);
    expect(view.upcoming.map((o) => [o.instant, o.local, o.offset])).toEqual([
      ['2027-03-27T08:00:00.000Z', '2027-03-27T09:00:00', '+01:00'],
      ['2027-03-28T07:00:00.000Z', '2027-03-28T09:00:00', '+02:00'],
      ['2027-03-29T07:00:00.000Z', '2027-03-29T09:00:00', '+02:00'],
    ]);
    await app.stop();
  });
});
