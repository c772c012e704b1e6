import { DaemonProcess, queryDaemonDatabase, runToExit } from '@tickler/testing';

// Issue 33 item 3 through the daemon: TICKLER_RETENTION reaches the context, whose hourly
// prune job is in the queue; an unreadable value stops the start naming it. What the job
// removes is tested in-process with a manual clock (packages/notifications/test/retention.int.spec.ts).
describe('retention through the daemon (real process)', () => {
  it('registers the hourly prune job', async () => {
    const daemon = await new DaemonProcess(DaemonProcess.tempDir(), {
      TICKLER_RETENTION: '30d',
    }).start();
    try {
      const rows = await queryDaemonDatabase<{ repeat_every_ms: number | string }>(
        daemon.dbFile,
        'select repeat_every_ms from shared_scheduled_commands where key = ?',
        'job:notifications:notifications.prune-expired',
      );
      expect(rows.map((r) => Number(r.repeat_every_ms))).toEqual([3_600_000]);
    } finally {
      await daemon.terminate();
    }
  });

  it.each(['90', '10m', 'forever'])(
    'TICKLER_RETENTION=%s stops the start, naming the setting',
    async (value) => {
      const { code, stderr } = await runToExit({
        TICKLER_DB: `${DaemonProcess.tempDir()}/tickler.db`,
        TICKLER_PORT: '0',
        TICKLER_RETENTION: value,
      });
      expect(code).toBe(1);
      expect(stderr).toContain('TICKLER_RETENTION');
    },
  );
});
