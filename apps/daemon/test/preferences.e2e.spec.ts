import { type NotificationJson } from '@tickler/notifications';
import { daemonPerFile, type ErrorBody } from '@tickler/testing';

// Issue 33 item 1: GET/PUT /v1/users/{userId}/preferences on the real daemon, applied at firing.

interface PreferencesJson {
  userId: string;
  defaultEnabled: boolean;
  personSource: string;
  preferences: { source: string; channel: string; enabled: boolean; updatedAt: string }[];
}

const shared = daemonPerFile();

describe('channel preferences over HTTP', () => {
  it('answers everything on, takes switches from the user, and settles a reminder with every channel off as missed', async () => {
    const issued = await shared.api.post<{ token: string }>('/v1/users/pia/tokens');
    const pia = shared.api.as(issued.body.token);
    const first = await pia.get<PreferencesJson>('/v1/users/pia/preferences');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      userId: 'pia',
      defaultEnabled: true,
      personSource: '@person',
      preferences: [],
    });
    const put = await pia.put<PreferencesJson>('/v1/users/pia/preferences', {
      preferences: [
        { source: '@person', channel: 'inbox', enabled: false },
        { source: 'calendar', channel: 'push', enabled: false },
      ],
    });
    expect(put.status).toBe(200);
    expect(
      put.body.preferences.map(({ source, channel, enabled }) => [source, channel, enabled]),
    ).toEqual([
      ['@person', 'inbox', false],
      ['calendar', 'push', false],
    ]);
    expect((await pia.get<PreferencesJson>('/v1/users/pia/preferences')).body).toEqual(put.body);

    // Made by hand, inbox only, inbox off for @person: settled at once, never sent, never lost.
    const muted = await pia.post<NotificationJson>('/v1/users/pia/notifications', {
      title: 'Stretch',
      message: '',
      channels: ['inbox'],
    });
    expect(muted.status).toBe(201);
    expect(muted.body).toMatchObject({
      status: 'missed',
      missedReason: 'preferences',
      sentAt: null,
    });
    const seen = await pia.get<NotificationJson>(`/v1/users/pia/notifications/${muted.body.id}`);
    expect(seen.body).toMatchObject({ status: 'missed', missedReason: 'preferences' });
    const inbox = await pia.get<{ items: unknown[] }>('/v1/users/pia/inbox');
    expect(inbox.body.items).toEqual([]);

    // Back on: the next one goes to the inbox.
    await pia.put('/v1/users/pia/preferences', {
      preferences: [{ source: '@person', channel: 'inbox', enabled: true }],
    });
    const sent = await pia.post<NotificationJson>('/v1/users/pia/notifications', {
      title: 'Stretch again',
      message: '',
    });
    expect(sent.body).toMatchObject({ status: 'sent', missedReason: null });
  });

  it("refuses another user's token on both routes (403) and leaves the preferences alone", async () => {
    const olaf = shared.api.as(
      (await shared.api.post<{ token: string }>('/v1/users/olaf/tokens')).body.token,
    );
    expect((await olaf.get('/v1/users/ida/preferences')).status).toBe(403);
    const put = await olaf.put<ErrorBody>('/v1/users/ida/preferences', {
      preferences: [{ source: '@person', channel: 'inbox', enabled: false }],
    });
    expect(put.status).toBe(403);
    expect(put.body.error.code).toBe('AUTH.FORBIDDEN');
    expect(
      (await shared.api.get<PreferencesJson>('/v1/users/ida/preferences')).body.preferences,
    ).toEqual([]);
  });

  const entry = { source: 'calendar', channel: 'push', enabled: false };
  it.each([
    ['preferences', {}],
    ['preferences', { preferences: [] }],
    ['preferences', { preferences: 'off' }],
    ['preferences', { preferences: new Array<typeof entry>(101).fill(entry) }],
    ['preferences.0.channel', { preferences: [{ ...entry, channel: 'fax' }] }],
    ['preferences.0.source', { preferences: [{ ...entry, source: '' }] }],
    ['preferences.0.source', { preferences: [{ ...entry, source: 'x'.repeat(101) }] }],
    ['preferences.0.source', { preferences: [{ ...entry, source: 'bad\u0007app' }] }],
    ['preferences.1.enabled', { preferences: [entry, { ...entry, enabled: 'no' }] }],
    ['preferences.0.colour', { preferences: [{ ...entry, colour: 'blue' }] }],
    ['colour', { preferences: [entry], colour: 'blue' }],
  ])('refuses a bad body with a 400 naming %s (case %#)', async (field, body) => {
    const res = await shared.api.put<ErrorBody>('/v1/users/pia/preferences', body);
    expect(res.status).toBe(400);
    const named = [
      ...(res.body.error.fields ?? []).map((f) => f.path),
      res.body.error.message.split(':')[0],
    ];
    expect(named).toContain(field);
  });
});
