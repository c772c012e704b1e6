import { Api, changeDaemonDatabase, DaemonProcess, eventually } from '@tickler/testing';

// Issue 13 item 4, kernel half, through the real daemon: the repeatable job's occurrences are
// on /metrics. Downtime the test cannot wait for is stood for by moving the stopped daemon's
// job row ten minutes back; the job (every 1m, onMissed run-once, grace 1m) then runs ONCE,
// late, and records the occurrences in between as collapsed.

const JOB = 'job:notifications:notifications.check-due';
const MINUTE = 60_000;

/** The value of one `tickler_job_occurrences` sample of the job, or 0 when absent. */
function occurrences(metrics: string, outcome: string, reason: string): number {
  const line = metrics
    .split('\n')
    .find((l) =>
      l.startsWith(`tickler_job_occurrences{job="${JOB}",outcome="${outcome}",reason="${reason}"}`),
    );
  return line === undefined ? 0 : Number(line.split(' ').at(-1));
}

async function metricsOf(daemon: DaemonProcess): Promise<string> {
  const res = await new Api(daemon.url, daemon.adminToken).get<string>('/metrics');
  expect(res.status).toBe(200);
  return res.body;
}

describe('the repeatable jobs’ occurrence ledger on /metrics (real process)', () => {
  it('shows the run at start on time, then after downtime one late run and the rest collapsed', async () => {
    const dir = DaemonProcess.tempDir();
    const first = await new DaemonProcess(dir).start();
    const atStart = await eventually(async () => {
      const text = await metricsOf(first);
      return occurrences(text, 'ran', 'on-time') >= 1 ? text : undefined;
    });
    expect(atStart).toContain(
      '# HELP tickler_job_occurrences Occurrences of each repeatable job among its last 100 recorded',
    );
    expect(atStart).toMatch(
      new RegExp(
        `tickler_job_last_occurrence_timestamp_seconds\\{job="${JOB}",outcome="ran"\\} \\d+`,
      ),
    );
    expect(await first.terminate()).toEqual({ code: 0, signal: null });

    const missedFrom = Date.now() - 10 * MINUTE;
    const at = new Date(missedFrom).toISOString();
    expect(
      await changeDaemonDatabase(
        first.dbFile,
        'update shared_scheduled_commands set run_at = ?, scheduled_for = ? where key = ?',
        at,
        at,
        JOB,
      ),
    ).toBe(1);
    const restartedAt = Date.now();
    const second = await new DaemonProcess(dir).start();
    try {
      const after = await eventually(async () => {
        const text = await metricsOf(second);
        return occurrences(text, 'ran', 'late') === 1 ? text : undefined;
      });
      const readAt = Date.now();
      // Every minute after the missed instant up to the late run is collapsed into it.
      const collapsed = occurrences(after, 'skipped', 'collapsed');
      expect(collapsed).toBeGreaterThanOrEqual(Math.floor((restartedAt - missedFrom) / MINUTE));
      expect(collapsed).toBeLessThanOrEqual(Math.floor((readAt - missedFrom) / MINUTE));
      expect(occurrences(after, 'skipped', 'too-late')).toBe(0);
      expect(occurrences(after, 'ran', 'on-time')).toBeGreaterThanOrEqual(1);
    } finally {
      expect(await second.terminate()).toEqual({ code: 0, signal: null });
    }
  });
});
