import { type NotificationJson } from '@tickler/notifications';
import { daemonPerFile, type ErrorBody } from '@tickler/testing';

// Issue 13 item 1: GET/PUT /v1/users/{userId}/profile on the real daemon.

interface ProfileJson {
  userId: string;
  timeZone: string | null;
  quietHours: { start: string; end: string; days: string[] | null } | null;
  inboxOnTime: boolean;
  defaultLead: string | null;
  digest: { mode: string; at?: string } | null;
  updatedAt: string | null;
}

const shared = daemonPerFile();

describe('the recipient profile over HTTP', () => {
  it('answers the defaults, takes a partial PUT from the user, clears with null', async () => {
    const issued = await shared.api.post<{ token: string }>('/v1/users/pia/tokens');
    const pia = shared.api.as(issued.body.token);
    const first = await pia.get<ProfileJson>('/v1/users/pia/profile');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      userId: 'pia',
      timeZone: null,
      quietHours: null,
      inboxOnTime: false,
      defaultLead: null,
      digest: null,
      updatedAt: null,
    });
    const put = await pia.put<ProfileJson>('/v1/users/pia/profile', {
      timeZone: 'Europe/Berlin',
      quietHours: { start: '22:00', end: '07:00', days: ['MO', 'TU'] },
      inboxOnTime: true,
      defaultLead: '15m',
      digest: { mode: 'daily', at: '08:00' },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      userId: 'pia',
      timeZone: 'Europe/Berlin',
      quietHours: { start: '22:00', end: '07:00', days: ['MO', 'TU'] },
      inboxOnTime: true,
      defaultLead: '15m',
      digest: { mode: 'daily', at: '08:00' },
    });
    const cleared = await pia.put<ProfileJson>('/v1/users/pia/profile', {
      quietHours: null,
      digest: { mode: 'tick' },
    });
    expect(cleared.body).toMatchObject({
      timeZone: 'Europe/Berlin',
      quietHours: null,
      digest: { mode: 'tick' },
    });
    expect((await shared.api.get<ProfileJson>('/v1/users/pia/profile')).body).toEqual(cleared.body);
    // Another user's token does not reach pia's profile.
    const other = shared.api.as(
      (await shared.api.post<{ token: string }>('/v1/users/olaf/tokens')).body.token,
    );
    expect((await other.put('/v1/users/pia/profile', { timeZone: 'UTC' })).status).toBe(403);
  });

  it.each([
    [{ timeZone: 'Europe/Atlantis' }, 'timeZone'],
    [{ timeZone: '+02:00' }, 'timeZone'],
    [{ quietHours: { start: '22:00', end: '25:00' } }, 'quietHours.end'],
    [{ quietHours: { start: '22:00', end: '22:00' } }, 'quietHours.end'],
    [{ defaultLead: '15' }, 'defaultLead'],
    [{ digest: { mode: 'daily' } }, 'digest.at'],
    [{ colour: 'blue' }, 'colour'],
  ])('refuses %j with a 400 naming %s', async (body, field) => {
    const res = await shared.api.put<ErrorBody>('/v1/users/pia/profile', body);
    expect(res.status).toBe(400);
    const named = [
      ...(res.body.error.fields ?? []).map((f) => f.path),
      res.body.error.message.split(':')[0],
    ];
    expect(named).toContain(field);
  });

  it('schedules a reminder given only eventAt by the default lead', async () => {
    await shared.api.put('/v1/users/lea/profile', { defaultLead: '1h' });
    const eventAt = new Date(Date.now() + 3 * 3_600_000).toISOString();
    const res = await shared.api.post<NotificationJson>('/v1/users/lea/notifications', {
      title: 'Dentist',
      message: '',
      eventAt,
    });
    expect(res.status).toBe(201);
    expect(res.body.scheduledAt).toBe(new Date(Date.parse(eventAt) - 3_600_000).toISOString());
  });
});
