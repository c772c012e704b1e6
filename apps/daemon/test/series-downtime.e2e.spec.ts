import { type NotificationJson, type OccurrencesView } from '@tickler/notifications';
import { Api, changeDaemonDatabase, DaemonProcess, eventually } from '@tickler/testing';
import { wakeDeliverDueAt } from './support/deliver-due-wake-up';

const HOUR = 3_600_000;

describe('a series after downtime longer than the grace window (real process)', () => {
  it('records the missed occurrence and schedules the next future one, sending nothing late', async () => {
    const dir = DaemonProcess.tempDir();
    const env = { TICKLER_GRACE: '2s' };
    const first = await new DaemonProcess(dir, env).start();
    const api1 = new Api(first.url, first.adminToken);
    const created = await api1.post<NotificationJson>('/v1/users/nap/notifications', {
      title: 'daily',
      message: '',
      scheduledAt: new Date(Date.now() + HOUR).toISOString(),
      repeat: { rule: 'FREQ=DAILY', timeZone: 'Europe/Berlin' },
    });
    expect(created.status).toBe(201);
    expect(await first.terminate()).toEqual({ code: 0, signal: null });

    // Downtime the test cannot wait for, written while the daemon is down (issue 30: no
    // real-time margin): occurrence 1 fell due ten minutes ago, far past the 2 s grace.
    const fellDue = new Date(Date.now() - 10 * 60_000).toISOString();
    const id = created.body.id;
    const writes: [string, ...unknown[]][] = [
      [
        'update notification_deliveries set scheduled_at = ?, due_at = ?, sort_at = ? where id = ?',
        fellDue,
        fellDue,
        fellDue,
        id,
      ],
      [
        'update notification_series set start_at = ?, current_instant = ? where current_delivery_id = ?',
        fellDue,
        fellDue,
        id,
      ],
      ['update notification_series_occurrences set instant = ? where delivery_id = ?', fellDue, id],
    ];
    const changed = [];
    for (const [statement, ...params] of writes) {
      changed.push(await changeDaemonDatabase(first.dbFile, statement, ...params));
    }
    expect(changed).toEqual([1, 1, 1]);
    await wakeDeliverDueAt(first.dbFile, fellDue);

    const second = await new DaemonProcess(dir, env).start();
    const api2 = new Api(second.url, second.adminToken);
    try {
      const view = await eventually(async () => {
        const o = await api2.get<OccurrencesView>(
          `/v1/users/nap/notifications/${created.body.id}/occurrences?count=2`,
        );
        return o.body.recorded.length === 2 ? o.body : undefined;
      });
      expect(view.recorded.map((r) => [r.number, r.outcome, r.reason])).toEqual([
        [1, 'missed', 'too-late'],
        [2, 'scheduled', null],
      ]);
      expect(Date.parse(view.recorded[1]!.instant)).toBeGreaterThan(Date.now());
      // Nothing late went out: the inbox holds only the catch-up's notice (issue 15 finding 2).
      const inbox = await api2.get<{ items: { title: string }[] }>('/v1/users/nap/inbox');
      expect(inbox.body.items.map((i) => i.title)).toEqual([
        '1 reminder was missed while Tickler was off',
      ]);
    } finally {
      expect(await second.terminate()).toEqual({ code: 0, signal: null });
    }
  });
});
