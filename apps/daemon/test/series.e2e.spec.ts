import { type NotificationJson, type OccurrencesView } from '@tickler/notifications';
import { inMs } from './support/fixtures';
import { Api, DaemonProcess, type ErrorBody, eventually } from '@tickler/testing';

let daemon: DaemonProcess;
let api: Api;

beforeAll(async () => {
  daemon = await new DaemonProcess(DaemonProcess.tempDir()).start();
  api = new Api(daemon.url, daemon.adminToken);
});

afterAll(async () => {
  expect(await daemon.terminate()).toEqual({ code: 0, signal: null });
});

const WEEKDAYS = { rule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', timeZone: 'Europe/Berlin' };

describe('recurring reminders over HTTP', () => {
  it('a series whose first occurrence is due fires it and schedules the next in the same commit', async () => {
    const res = await api.post<NotificationJson>('/v1/users/sam/notifications', {
      title: 'water the plants',
      message: '',
      scheduledAt: inMs(-1_000),
      repeat: { rule: 'FREQ=DAILY', timeZone: 'Asia/Kathmandu' },
    });
    expect(res.status).toBe(201);
    expect(res.body.repeat).toMatchObject({ seriesId: res.body.id, rule: 'FREQ=DAILY' });
    const view = await eventually(async () => {
      const o = await api.get<OccurrencesView>(
        `/v1/users/sam/notifications/${res.body.id}/occurrences?count=3`,
      );
      return o.body.recorded.length === 2 ? o.body : undefined;
    });
    expect(view.recorded.map((r) => [r.number, r.outcome])).toEqual([
      [1, 'sent'],
      [2, 'scheduled'],
    ]);
    const second = view.recorded[1]!;
    expect(Date.parse(second.instant) - Date.parse(res.body.scheduledAt!)).toBe(86_400_000);
    expect(view.upcoming).toHaveLength(3);
    expect(view.upcoming[0]).toMatchObject({ instant: second.instant, offset: '+05:45' });
    const next = await api.get<NotificationJson>(
      `/v1/users/sam/notifications/${second.notificationId!}`,
    );
    expect(next.body).toMatchObject({ status: 'scheduled', title: 'water the plants' });
    // A list answers each row's repeat as a single read does (the page's "Repeats" line).
    const list = await api.get<{ items: NotificationJson[] }>(
      '/v1/users/sam/notifications?status=scheduled',
    );
    expect(list.body.items.find((i) => i.id === second.notificationId)?.repeat).toMatchObject({
      seriesId: res.body.id,
      rule: 'FREQ=DAILY',
    });
  });

  it('previews DST: every weekday at 09:00 Berlin keeps 09:00 local across the change', async () => {
    const res = await api.post<NotificationJson>('/v1/users/sam/notifications', {
      title: 'stand-up',
      message: '',
      scheduledAt: '2027-03-26T09:00:00+01:00',
      repeat: WEEKDAYS,
    });
    expect(res.status).toBe(201);
    const o = await api.get<OccurrencesView>(
      `/v1/users/sam/notifications/${res.body.id}/occurrences?count=2`,
    );
    expect(o.body.upcoming).toEqual([
      expect.objectContaining({
        instant: '2027-03-26T08:00:00.000Z',
        local: '2027-03-26T09:00:00',
        offset: '+01:00',
      }),
      expect.objectContaining({
        instant: '2027-03-29T07:00:00.000Z',
        local: '2027-03-29T09:00:00',
        offset: '+02:00',
      }),
    ]);
    expect(o.body.repeat.description).toBe('every weekday at 09:00');
  });

  it('refuses a bad rule naming repeat.rule and the part, and count over 100 before any work', async () => {
    const bad = await api.post<ErrorBody>('/v1/users/sam/notifications', {
      title: 'x',
      message: '',
      scheduledAt: inMs(3_600_000),
      repeat: { rule: 'FREQ=HOURLY', timeZone: 'Europe/Berlin' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('repeat.rule');
    expect(JSON.stringify(bad.body)).toContain('HOURLY');
    const zone = await api.post<ErrorBody>('/v1/users/sam/notifications', {
      title: 'x',
      message: '',
      repeat: { rule: 'FREQ=DAILY', timeZone: '+02:00' },
    });
    expect(zone.status).toBe(400);
    expect(JSON.stringify(zone.body)).toContain('repeat.timeZone');
    const one = await api.post<NotificationJson>('/v1/users/sam/notifications', {
      title: 'one-off',
      message: '',
      scheduledAt: inMs(3_600_000),
    });
    const tooMany = await api.get<ErrorBody>(
      `/v1/users/sam/notifications/${one.body.id}/occurrences?count=101`,
    );
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain('count');
    const oneOff = await api.get<ErrorBody>(
      `/v1/users/sam/notifications/${one.body.id}/occurrences`,
    );
    expect(oneOff.status).toBe(409);
    expect(oneOff.body.error.code).toBe('NOTIFICATIONS.NOT_RECURRING');
  });

  it('edits "this one" or "the series"; cancel defaults to this one, scope "series" ends it', async () => {
    const res = await api.post<NotificationJson>('/v1/users/kim/notifications', {
      title: 'stand-up',
      message: '',
      scheduledAt: '2027-01-04T09:00:00+01:00',
      repeat: WEEKDAYS,
    });
    const id = res.body.id;
    const thisOne = await api.patch<NotificationJson>(`/v1/users/kim/notifications/${id}`, {
      title: 'stand-up (room 2)',
      scope: 'this',
    });
    expect(thisOne.body).toMatchObject({ title: 'stand-up (room 2)' });
    const series = await api.patch<NotificationJson>(`/v1/users/kim/notifications/${id}`, {
      repeat: { rule: 'FREQ=WEEKLY;BYDAY=MO,WE', timeZone: 'Europe/Berlin' },
      scheduledAt: '2027-01-04T10:00:00+01:00',
    });
    expect(series.status).toBe(200);
    expect(series.body.repeat).toMatchObject({ rule: 'FREQ=WEEKLY;BYDAY=MO,WE' });
    expect(series.body.scheduledAt).toBe('2027-01-04T09:00:00.000Z');
    const o = await api.get<OccurrencesView>(
      `/v1/users/kim/notifications/${id}/occurrences?count=3`,
    );
    expect(o.body.upcoming.map((u) => u.local)).toEqual([
      '2027-01-04T10:00:00',
      '2027-01-06T10:00:00',
      '2027-01-11T10:00:00',
    ]);
    // No scope: "this one" (issue 31) — the occurrence is canceled, the series goes on.
    const thisCanceled = await api.post<NotificationJson>(
      `/v1/users/kim/notifications/${id}/cancel`,
      {},
    );
    expect(thisCanceled.status).toBe(200);
    expect(thisCanceled.body).toMatchObject({ status: 'canceled', repeat: { status: 'active' } });
    const next = await api.get<OccurrencesView>(`/v1/users/kim/notifications/${id}/occurrences`);
    expect(next.body.upcoming[0]?.local).toBe('2027-01-06T10:00:00');
    const nextId = next.body.recorded.find((r) => r.outcome === 'scheduled')?.notificationId;
    expect(nextId).toEqual(expect.any(String));
    const canceled = await api.post<NotificationJson>(
      `/v1/users/kim/notifications/${nextId!}/cancel`,
      { scope: 'series' },
    );
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ status: 'canceled', repeat: { status: 'canceled' } });
    const after = await api.get<OccurrencesView>(`/v1/users/kim/notifications/${id}/occurrences`);
    expect(after.body.upcoming).toEqual([]);
    expect(after.body.recorded.map((r) => [r.outcome, r.reason])).toEqual([
      ['canceled', 'requested'],
      ['canceled', 'requested'],
    ]);
  });

  it('POST /v1/time/parse answers a when text for any valid token, scheduling nothing', async () => {
    const res = await api.post<{ instant: string; readAs: string }>('/v1/time/parse', {
      when: '2027-01-04T09:00:00Z',
      timeZone: 'Europe/Berlin',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ instant: '2027-01-04T09:00:00.000Z', readAs: 'instant' });
    const half = await api.post<ErrorBody>('/v1/time/parse', {
      when: 'tomorrow at noon blah',
      timeZone: 'Europe/Berlin',
    });
    expect(half.status).toBe(400);
    expect(JSON.stringify(half.body)).toContain('when');
    const anonymous = await api.as(undefined).post<ErrorBody>('/v1/time/parse', {
      when: 'tomorrow',
      timeZone: 'UTC',
    });
    expect(anonymous.status).toBe(401);
  });
});
