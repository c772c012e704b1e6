import { type NotificationJson, type Page } from '@tickler/notifications';
import { Api, DaemonProcess, eventually, queryDaemonDatabase } from '@tickler/testing';

const TOTAL = 1_000;
const USER = 'bulk';

/** POSTs with `concurrency` in flight until `count` are acknowledged or the daemon dies. */
async function createScheduled(
  api: Api,
  count: number,
  scheduledAt: string,
  onAck: (id: string) => void,
  stopAfter?: number,
): Promise<void> {
  let next = 0;
  let acked = 0;
  let dead = false;
  const worker = async (): Promise<void> => {
    while (!dead && next < count && (stopAfter === undefined || acked < stopAfter)) {
      const n = next++;
      try {
        const res = await api.post<NotificationJson>(`/v1/users/${USER}/notifications`, {
          title: `bulk ${n}`,
          message: '',
          scheduledAt,
        });
        if (res.status === 201) {
          acked++;
          onAck(res.body.id);
        }
      } catch {
        dead = true; // connection refused/reset: the daemon was killed
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

describe('kill -9 (real process)', () => {
  it('loses no acknowledged write and delivers every one of 1,000 due notifications exactly once across crashes', async () => {
    const dir = DaemonProcess.tempDir();
    const acked = new Set<string>();
    const scheduledAt = new Date(Date.now() + 6_000).toISOString();

    // 1. Crash in the middle of the writes: every 2xx must survive.
    const first = await new DaemonProcess(dir).start();
    const api1 = new Api(first.url, first.adminToken);
    const killAt = TOTAL / 2;
    await createScheduled(api1, TOTAL, scheduledAt, (id) => acked.add(id), killAt);
    await first.kill9();
    expect(acked.size).toBeGreaterThanOrEqual(killAt);

    const second = await new DaemonProcess(dir).start();
    const api2 = new Api(second.url, second.adminToken);
    for (const id of acked) {
      expect((await api2.get(`/v1/users/${USER}/notifications/${id}`)).status).toBe(200);
    }
    await createScheduled(api2, TOTAL - acked.size, scheduledAt, (id) => acked.add(id));
    expect(acked.size).toBe(TOTAL);

    // 2. Crash in the middle of the delivery run: the first inbox rows appear, then kill -9.
    const seenAtKill = await eventually(
      async () => {
        const rows = await queryDaemonDatabase<{ n: number }>(
          second.dbFile,
          'select count(*) as n from notification_inbox',
        );
        const n = rows[0]?.n ?? 0;
        return n > 0 ? n : undefined;
      },
      30_000,
      5,
    );
    await second.kill9();
    const afterKill =
      (
        await queryDaemonDatabase<{ n: number }>(
          second.dbFile,
          'select count(*) as n from notification_inbox',
        )
      )[0]?.n ?? 0;
    // Recorded for the report, not asserted: how far the run had got when it was killed.
    process.stdout.write(
      `crash e2e: inbox rows when the kill was decided ${seenAtKill}, after the kill ${afterKill} of ${TOTAL}\n`,
    );

    // 3. Restart: the rest goes out, nothing twice.
    const restartedAt = Date.now();
    const third = await new DaemonProcess(dir).start();
    const api3 = new Api(third.url, third.adminToken);
    await eventually(async () => {
      const page = await api3.get<Page<NotificationJson>>(
        `/v1/users/${USER}/notifications?status=scheduled&limit=1`,
      );
      return page.body.items.length === 0 ? true : undefined;
    }, 30_000);
    process.stdout.write(
      `crash e2e: the rest was delivered ${Date.now() - restartedAt} ms after the restart\n`,
    );
    await third.terminate();

    const inbox = await queryDaemonDatabase<{ notification_id: string }>(
      third.dbFile,
      'select notification_id from notification_inbox where recipient_id = ?',
      USER,
    );
    expect(inbox).toHaveLength(TOTAL);
    expect(new Set(inbox.map((r) => r.notification_id))).toEqual(acked);
    const statuses = await queryDaemonDatabase<{ status: string; n: number }>(
      third.dbFile,
      'select status, count(*) as n from notification_deliveries group by status',
    );
    expect(statuses).toEqual([{ status: 'sent', n: TOTAL }]);
    // Three daemon starts and 1,000 deliveries: past 60 s on a 2-core machine under load.
  }, 180_000);
});
