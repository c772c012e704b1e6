import { type NotificationJson, type OccurrencesView } from '@tickler/notifications';
import { daemonPerFile, type ErrorBody } from '@tickler/testing';

// Issue 13 item 8 (`when` on create and edit) and item 2's zone default, on the real daemon.
// The daemon runs on the real clock: text relative to now is checked against the instant the
// answer says it resolved to, and day-named text by its local wall-clock time.

const shared = daemonPerFile();
const BASE = '/v1/users/wes/notifications';

/** POSTs a reminder for wes: `fields` over an untitled one. */
const create = <T = NotificationJson>(fields: Record<string, unknown>) =>
  shared.api.post<T>(BASE, { title: 'x', message: '', ...fields });

const fieldsOf = (body: unknown): string[] =>
  ((body as ErrorBody).error.fields ?? []).map((f) => f.path);

describe('`when` over HTTP', () => {
  it('creates at the resolved instant and answers it as resolvedWhen', async () => {
    const res = await create({
      title: 'call the dentist',
      when: 'tomorrow 9am',
      timeZone: 'Europe/Berlin',
    });
    expect(res.status).toBe(201);
    expect(res.body.resolvedWhen).toMatchObject({
      timeZone: 'Europe/Berlin',
      readAs: 'local',
      instant: res.body.scheduledAt,
    });
    expect(res.body.resolvedWhen?.local).toMatch(/T09:00:00$/);
    const stored = await shared.api.get<NotificationJson>(`${BASE}/${res.body.id}`);
    expect(stored.body.scheduledAt).toBe(res.body.scheduledAt);
    expect(stored.body).not.toHaveProperty('resolvedWhen');
  });

  it('edits by when (from now, exact elapsed time)', async () => {
    const made = await create({
      title: 'stretch',
      when: 'next friday 17:00',
      timeZone: 'America/New_York',
    });
    expect(made.body.resolvedWhen?.local).toMatch(/T17:00:00$/);
    const before = Date.now();
    const edited = await shared.api.patch<NotificationJson>(`${BASE}/${made.body.id}`, {
      when: 'in 2 hours',
      timeZone: 'UTC',
    });
    const after = Date.now();
    expect(edited.status).toBe(200);
    expect(edited.body.resolvedWhen?.readAs).toBe('from-now');
    // Two hours from the daemon's now, which lies between the request and its answer.
    const at = Date.parse(edited.body.scheduledAt!);
    expect(at).toBeGreaterThanOrEqual(before + 2 * 3_600_000);
    expect(at).toBeLessThanOrEqual(after + 2 * 3_600_000);
  });

  it('400 naming the fields: when with scheduledAt, timeZone alone, partly understood text', async () => {
    const both = await create<ErrorBody>({
      when: 'tomorrow 9am',
      scheduledAt: '2099-01-01T00:00:00Z',
    });
    expect([both.status, fieldsOf(both.body)]).toEqual([400, ['when', 'scheduledAt']]);
    const zoneOnly = await create<ErrorBody>({ timeZone: 'Europe/Berlin' });
    expect([zoneOnly.status, fieldsOf(zoneOnly.body)]).toEqual([400, ['timeZone']]);
    const partly = await create<ErrorBody>({
      when: 'tomorrow at noon blah',
      timeZone: 'Europe/Berlin',
    });
    expect(partly.status).toBe(400);
    expect(partly.body.error.message).toMatch(/understood only "tomorrow at noon"/);
    expect(fieldsOf(partly.body)).toEqual(['when']);
    const list = await shared.api.get<{ items: NotificationJson[] }>(BASE);
    expect(list.body.items.map((n) => n.title)).not.toContain('x');
  });

  it('a daily repeat without timeZone follows the profile’s zone (Europe/Berlin)', async () => {
    const profile = await shared.api.put('/v1/users/wes/profile', { timeZone: 'Europe/Berlin' });
    expect(profile.status).toBe(200);
    const res = await create({
      title: 'vitamins',
      scheduledAt: '2027-03-27T08:00:00Z',
      repeat: { rule: 'FREQ=DAILY' },
    });
    expect(res.status).toBe(201);
    expect(res.body.repeat).toMatchObject({ timeZone: 'Europe/Berlin' });
    const o = await shared.api.get<OccurrencesView>(`${BASE}/${res.body.id}/occurrences?count=2`);
    expect(o.body.upcoming.map((u) => [u.instant, u.local])).toEqual([
      ['2027-03-27T08:00:00.000Z', '2027-03-27T09:00:00'],
      ['2027-03-28T07:00:00.000Z', '2027-03-28T09:00:00'],
    ]);
  });
});
